"""Solo high scores: the score of every one-seat table played to its end.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "solo_scores",
        sa.Column(
            "table_id",
            sa.Integer,
            sa.ForeignKey("game_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("solo_scores_by_game", "solo_scores", ["game", "score"])
    op.create_index("solo_scores_by_user", "solo_scores", ["user_id", "game", "score"])


def downgrade() -> None:
    op.drop_table("solo_scores")
