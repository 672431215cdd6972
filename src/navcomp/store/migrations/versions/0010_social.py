"""Friends, table visibility and spectators, rematches.

Revision ID: 0010
"""

from __future__ import annotations

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
