"""Account names: what a name may hold, its stored form, and the two keys that keep names apart.

A name is 3 to 24 letters of any script (with their combining marks), decimal digits,
``_`` and ``-``, after Unicode NFKC normalisation (so a full-width ``Ａ`` is an ``A``).
Emoji, spaces, punctuation and control or format characters (bidirectional overrides,
zero-width joiners) are refused.

Two keys decide whether a new name is free, each kept in a unique column:

- ``fold_key``: the name case-folded, so ``Ann`` and ``ANN`` are one name (log-in and
  invitations look names up by it);
- ``skeleton``: the name with every character replaced by the one it is confusable with
  (Unicode's confusables, UTS #39, as the ``confusable_homoglyphs`` package ships them),
  then case-folded, so ``Bob`` written with a Cyrillic ``о``, or ``BiII`` with capital
  ``I`` for ``l``, cannot pose as ``Bob`` or ``Bill``.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs.confusables import confusables_data

MIN_LENGTH = 3
MAX_LENGTH = 24
GUEST_PREFIX = "guest-"
_SYMBOLS = frozenset("_-")
_DIRECTION_MARKS = str.maketrans("", "", "\u200e\u200f")


def normal(name: str) -> str:
    """The form a name is stored and shown in."""
    return unicodedata.normalize("NFKC", name)


def _allowed_char(char: str) -> bool:
    kind = unicodedata.category(char)
    return kind[0] in "LM" or kind == "Nd" or char in _SYMBOLS


def well_formed(name: str) -> bool:
    """Whether ``name`` (normalised) is 3 to 24 allowed characters, not starting with a mark."""
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        return False
    if unicodedata.category(name[0])[0] == "M":
        return False
    return all(_allowed_char(char) for char in name)


def fold_key(name: str) -> str:
    """Case-insensitive identity: ``Zoë`` and ``ZOË`` are one name."""
    return unicodedata.normalize("NFKC", normal(name).casefold())


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and what it reads as (its prototype in UTS #39).

    The package keeps the confusables both ways: a character that reads as another lists
    that one alone; a prototype lists every character that reads as it.  Where two
    characters list only each other, the one listed first is the source (the package
    writes a source before its prototype)."""
    order = {char: index for index, char in enumerate(confusables_data)}
    mapping: dict[str, str] = {}
    for char, entries in confusables_data.items():
        source = char.translate(_DIRECTION_MARKS)
        if len(entries) != 1 or len(source) != 1:
            continue
        target = entries[0]["c"]
        back = [entry["c"] for entry in confusables_data.get(target, [])]
        if back == [char] and order.get(target, len(order)) < order[char]:
            continue  # the pair's prototype: its source came first
        mapping[source] = target.translate(_DIRECTION_MARKS)
    return mapping


def skeleton(name: str) -> str:
    """The look-alike key: equal for names that read the same."""
    prototypes = _prototypes()
    current = normal(name)
    for _ in range(4):  # until nothing changes (a prototype may fold into another)
        mapped = "".join(prototypes.get(char, char) for char in current)
        following = unicodedata.normalize("NFKC", mapped.casefold())
        if following == current:
            break
        current = following
    return current


def guest_like(name: str) -> bool:
    """Whether a name reads like a guest's (``guest-…``, which only guests are given)."""
    return fold_key(name).startswith(GUEST_PREFIX) or skeleton(name).startswith(
        skeleton(GUEST_PREFIX)
    )


FORMER_PREFIX = "former#"
"""A deleted account's name is this and its id: no name can hold ``#``."""


def former_name(user_id: int) -> str:
    return f"{FORMER_PREFIX}{user_id}"


def is_former(name: str) -> bool:
    return name.startswith(FORMER_PREFIX)
