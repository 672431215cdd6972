"""Friends, table visibility and spectators, rematches.

Revision ID: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table(
        "friends",
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column(
            "friend_id",
            sa.Integer,
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("friends_by_friend", "friends", ["friend_id"])
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("last_seen", sa.DateTime(timezone=True)))
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(
            sa.Column("visibility", sa.String(8), nullable=False, server_default="public")
        )
        batch.add_column(
            sa.Column("spectators", sa.Boolean, nullable=False, server_default=sa.true())
        )
        batch.add_column(sa.Column("rematch_id", sa.Integer))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("pending", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("pending")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rematch_id")
        batch.drop_column("spectators")
        batch.drop_column("visibility")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("last_seen")
    op.drop_index("friends_by_friend", "friends")
    op.drop_table("friends")
