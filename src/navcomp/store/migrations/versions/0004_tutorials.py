"""Tutorial tables: a table set up from a tutorial's script says which tutorial it is.

``game_tables.tutorial`` holds the tutorial's name (None at every other table): such a
table is never listed among the open tables or my games and counts for no solo score.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("tutorial", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("tutorial")
