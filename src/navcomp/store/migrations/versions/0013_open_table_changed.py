"""When an open table last changed: the sweeper closes one nobody changed for a while.

Revision ID: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("changed_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("changed_at")
