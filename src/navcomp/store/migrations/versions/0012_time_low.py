"""When the mover of a turn-based game is told its time runs low.

Revision ID: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("warn_at", sa.DateTime(timezone=True)))
    op.create_index("tables_by_warn_at", "game_tables", ["warn_at"])


def downgrade() -> None:
    op.drop_index("tables_by_warn_at", "game_tables")
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("warn_at")
