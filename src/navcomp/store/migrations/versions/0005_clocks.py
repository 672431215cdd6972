"""Clocks and endings: a table's pace, clocks and deadline, how it and each seat ended,
and its events besides moves (time up, a seat taken over, a resignation...).

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("pace", sa.JSON, nullable=True))
        table.add_column(sa.Column("clock", sa.JSON, nullable=True))
        table.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        table.add_column(sa.Column("end_reason", sa.String(12), nullable=True))
        table.add_column(sa.Column("events", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("seats") as table:
        table.add_column(sa.Column("ended", sa.String(12), nullable=True))
        table.add_column(
            sa.Column(
                "former_user_id",
                sa.Integer,
                sa.ForeignKey("users.id", name="seats_former_user"),
                nullable=True,
            )
        )
    op.create_index("tables_by_deadline", "game_tables", ["deadline"])
    op.create_table(
        "table_events",
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_events")
    op.drop_index("tables_by_deadline", "game_tables")
    with op.batch_alter_table("seats") as table:
        table.drop_column("former_user_id")
        table.drop_column("ended")
    with op.batch_alter_table("game_tables") as table:
        for column in ("events", "end_reason", "deadline", "clock", "pace"):
            table.drop_column(column)
