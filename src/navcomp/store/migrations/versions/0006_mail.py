"""E-mail: each account's address and mail settings, the outbox, and the server's secret.

``mail_settings`` holds an account's address (verified or not), the language of its
mail and which mail it wants; ``mail_outbox`` every mail not yet sent (a row goes
when the SMTP server accepted it); ``server_secrets`` the key that signs the links
in mail (verification, password reset, unsubscribe), made here once per database.

Revision ID: 0006
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "mail_settings",
        sa.Column(
            "user_id",
            sa.Integer,
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("address", sa.String(254)),
        sa.Column("verified", sa.Boolean, nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("turn", sa.String(8), nullable=False),
        sa.Column("digest_hours", sa.Integer, nullable=False),
        sa.Column("invites", sa.Boolean, nullable=False),
        sa.Column("time_low", sa.Boolean, nullable=False),
        sa.Column("game_over", sa.Boolean, nullable=False),
        sa.Column("last_digest_at", sa.DateTime(timezone=True)),
    )
    op.create_index("mail_settings_by_address", "mail_settings", ["address"])
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("about", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("claim", sa.String(32)),
        sa.Column("claimed_until", sa.DateTime(timezone=True)),
        sa.Column("last_error", sa.String(200)),
    )
    op.create_index("mail_outbox_due", "mail_outbox", ["due_at"])
    op.create_index("mail_outbox_by_user", "mail_outbox", ["user_id", "kind"])
    keys = op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(keys, [{"name": "mail_links", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_index("mail_outbox_by_user", "mail_outbox")
    op.drop_index("mail_outbox_due", "mail_outbox")
    op.drop_table("mail_outbox")
    op.drop_index("mail_settings_by_address", "mail_settings")
    op.drop_table("mail_settings")
