"""An account the server's host disabled (``navcomp admin disable``): it cannot sign in.

Revision ID: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    with op.batch_alter_table("users") as table:
        table.add_column(sa.Column("disabled_at", sa.DateTime(timezone=True)))


def downgrade() -> None:
    with op.batch_alter_table("users") as table:
        table.drop_column("disabled_at")
