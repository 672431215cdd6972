"""Account names of any script: each name's case-folded key and look-alike key.

``users.name_key`` (the name case-folded) and ``users.name_skeleton`` (what the name
reads as) each have a unique index, so that neither ``ANN``
beside ``Ann`` nor a Cyrillic ``Аnn`` can be registered.  Existing names get their keys
here; where two existing names share a key (``Bob`` and ``bob`` from before), the later
account's key gets ``#`` and its id, which no name can hold: that account keeps its name,
and logs in under it spelled as the earlier one is not.

The two keys are computed by this migration's own copy of the rule of 2026-12
(``navcomp.domain.names`` then): a migration is frozen, so it keeps the rule it applied
even when the live one changes.

Revision ID: 0007
"""

from __future__ import annotations

import functools
import unicodedata

import sqlalchemy as sa
from alembic import op
from confusable_homoglyphs.confusables import confusables_data

revision = "0007"
down_revision = "0006"

_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


def _fold_key(name: str) -> str:
    """The name NFKC-normalised and case-folded."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and what it reads as (UTS #39): the package lists a
    character that reads as another with that one alone, and where two list only each
    other, the one listed first is the source."""
    order = {char: index for index, char in enumerate(confusables_data)}
    mapping: dict[str, str] = {}
    for char, entries in confusables_data.items():
        source = char.translate(_DIRECTION_MARKS)
        if len(entries) != 1 or len(source) != 1:
            continue
        target = entries[0]["c"]
        back = [entry["c"] for entry in confusables_data.get(target, [])]
        if back == [char] and order.get(target, len(order)) < order[char]:
            continue
        mapping[source] = target.translate(_DIRECTION_MARKS)
    return mapping


def _skeleton(name: str) -> str:
    """Each character replaced by its prototype, case-folded, until nothing changes."""
    prototypes = _prototypes()
    current = unicodedata.normalize("NFKC", name)
    for _ in range(4):
        mapped = "".join(prototypes.get(char, char) for char in current)
        following = unicodedata.normalize("NFKC", mapped.casefold())
        if following == current:
            break
        current = following
    return current


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
        key, skeleton = _fold_key(name), _skeleton(name)
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
