"""Profiles (private or not), deleted accounts.

``users.profile_private``: the player's profile and rating history are shown to the
player alone.  ``users.deleted_at``: the account was deleted then; its row stays (a
tombstone: its games keep their seats) under a name no one can register, while its name
keys keep the name reserved until the hold period has passed (``server/api/deletion.py``).

Revision ID: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    with op.batch_alter_table("users") as table:
        table.add_column(
            sa.Column("profile_private", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        table.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("seats_by_former_user", "seats", ["former_user_id"])


def downgrade() -> None:
    op.drop_index("seats_by_former_user", "seats")
    with op.batch_alter_table("users") as table:
        table.drop_column("deleted_at")
        table.drop_column("profile_private")
