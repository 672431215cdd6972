"""Persistence: accounts, sessions, tables and seats, and the append-only move log.

SQLAlchemy Core over SQLite (the embedded default) or PostgreSQL; the schema
is created and upgraded by Alembic migrations (``migrations/``).
"""
