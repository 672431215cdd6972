"""Accounts, sessions, tables, seats, invites, the move log and notifications.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    _accounts()
    _tables()
    _log_and_notices()
    op.create_index("seats_by_user", "seats", ["user_id"])
    op.create_index("notifications_by_user", "notifications", ["user_id", "id"])
    op.create_index("tables_by_status", "game_tables", ["status"])


def _accounts() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200)),
        sa.Column("is_guest", sa.Boolean, nullable=False),
        sa.Column("webhook_url", sa.String(500)),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
    )


def _tables() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("num_seats", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("creator_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("to_move", sa.Integer),
        sa.Column("turn_since", WHEN),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("result", sa.JSON),
    )
    table_fk = sa.ForeignKey("game_tables.id", ondelete="CASCADE")
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, table_fk, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("bot_level", sa.String(20)),
    )
    op.create_table(
        "invites",
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
    )


def _log_and_notices() -> None:
    op.create_table(
        "moves",
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id", ondelete="CASCADE")),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("read", sa.Boolean, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )


def downgrade() -> None:
    for name in ("notifications", "moves", "invites", "seats", "game_tables", "sessions"):
        op.drop_table(name)
    op.drop_table("users")
