"""Alembic's migrations of the schema (``navcomp.store.db.migrate`` runs them)."""
