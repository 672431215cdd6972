"""Notices say what they are about, so the page can word them in its own language.

``kind`` is ``turn``, ``over``, ``invite`` or, for notices written before, ``note``
(only their English text); ``about`` holds an invite's inviter and game.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("notifications") as table:
        table.add_column(sa.Column("kind", sa.String(16), nullable=False, server_default="note"))
        table.add_column(sa.Column("about", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notifications") as table:
        table.drop_column("about")
        table.drop_column("kind")
