"""Profiles (private or not), deleted accounts.

Revision ID: 0011
"""

from __future__ import annotations

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
