"""Account names of any script: each name's case-folded key and look-alike key.

``users.name_key`` (the name case-folded) and ``users.name_skeleton`` (what the name
reads as, ``navcomp.server.names``) each have a unique index, so that neither ``ANN``
beside ``Ann`` nor a Cyrillic ``Аnn`` can be registered.  Existing names get their keys
here; where two existing names share a key (``Bob`` and ``bob`` from before), the later
account's key gets ``#`` and its id, which no name can hold: that account keeps its name,
and logs in under it spelled as the earlier one is not.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from navcomp.server import names

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    with op.batch_alter_table("users") as table:
        table.add_column(sa.Column("name_key", sa.Text(), nullable=True))
        table.add_column(sa.Column("name_skeleton", sa.Text(), nullable=True))
    users = sa.table(
        "users",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_key", sa.Text),
        sa.column("name_skeleton", sa.Text),
    )
    conn = op.get_bind()
    keys: set[str] = set()
    skeletons: set[str] = set()
    for user_id, name in conn.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)):
        key, skeleton = names.fold_key(name), names.skeleton(name)
        if key in keys:
            key = f"{key}#{user_id}"
        if skeleton in skeletons:
            skeleton = f"{skeleton}#{user_id}"
        keys.add(key)
        skeletons.add(skeleton)
        conn.execute(
            sa.update(users)
            .where(users.c.id == user_id)
            .values(name_key=key, name_skeleton=skeleton)
        )
    op.create_index("users_by_name_key", "users", ["name_key"], unique=True)
    op.create_index("users_by_name_skeleton", "users", ["name_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("users_by_name_skeleton", "users")
    op.drop_index("users_by_name_key", "users")
    with op.batch_alter_table("users") as table:
        table.drop_column("name_skeleton")
        table.drop_column("name_key")
