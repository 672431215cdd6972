"""The registry of error codes is the one list: docs/server.md's table is the registry,
and the rules engines' refusals map to codes in it."""

from __future__ import annotations

import re
from pathlib import Path

from navcomp.core import errors as engine_errors
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal, RefusalKind, from_action_error
from navcomp.server.api.errors import STATUS, status_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"


def registry_table() -> list[str]:
    """The table's rows as the registry gives them: by status, each code with its meaning."""
    entries = sorted(refusals.REGISTRY.values(), key=lambda entry: status_of(entry))
    return [f"| {int(status_of(entry))} | `{entry.code}` | {entry.meaning} |" for entry in entries]


def documented_table() -> list[str]:
    text = DOCS.read_text()
    section = text[text.index("### Errors") : text.index("## Speed")]
    return [line for line in section.splitlines() if re.match(r"\| \d{3} \|", line)]


def test_the_docs_table_of_error_codes_is_the_registry() -> None:
    expected = registry_table()
    assert documented_table() == expected, "docs/server.md's rows should be:\n" + "\n".join(
        expected
    )


def test_every_refusal_of_the_engine_has_a_registered_code_and_status() -> None:
    engine_refusals = [
        value
        for value in vars(engine_errors).values()
        if isinstance(value, type) and issubclass(value, engine_errors.ActionError)
    ]
    assert len(engine_refusals) == 5
    for refusal in engine_refusals:
        error = from_action_error(refusal("refused"))
        assert isinstance(error, Refusal) and error.message == "refused"
        if refusal is engine_errors.ActionError:  # the base class, never raised itself
            assert error.kind is refusals.BAD_ACTION
        else:
            assert error.code == refusal.code
            assert refusals.REGISTRY[refusal.code] is error.kind
    statuses = {
        code: int(status_of(refusals.ENGINE[code]))
        for code in ("malformed_action", "not_your_turn", "game_over", "illegal_action")
    }
    assert statuses == {
        "malformed_action": 400,
        "not_your_turn": 409,
        "game_over": 409,
        "illegal_action": 422,
    }


def test_an_error_states_its_registered_code_and_status() -> None:
    error = Refusal(refusals.STALE_VERSION, "the table is at version 3, not 2: reload")
    assert (status_of(error.kind), error.code) == (409, "stale_version")
    assert error.body() == {
        "error": {"code": "stale_version", "message": "the table is at version 3, not 2: reload"}
    }
    assert all(re.fullmatch(r"[a-z_]+", code) for code in refusals.REGISTRY)


def test_every_kind_of_refusal_has_one_http_status() -> None:
    assert set(STATUS) == set(RefusalKind)
    assert {entry.kind for entry in refusals.REGISTRY.values()} == set(RefusalKind)
