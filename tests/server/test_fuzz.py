"""Schemathesis against the served OpenAPI schema: every operation, valid and invalid
requests, from a signed-in player, on SQLite and PostgreSQL.

Each answer must be no 5xx, with a status code, content type, headers and body the
schema documents for the operation; a request the schema calls invalid must get a 4xx.
The examples are derandomized (the same requests each run) and bounded, so the whole
run takes a minute or two.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import make_url

from server_helpers import Player, new_game, running

EXAMPLES = {"sqlite": 25, "postgresql": 10}
"""Requests per operation and generation mode (valid, invalid), by database: the logic is
fuzzed on SQLite, PostgreSQL's run looks for what only its driver and types refuse."""

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def _fuzz(
    operation: Any,
    strategy: Any,
    headers: Callable[[], dict[str, str]],
    negative: bool,
    examples: int,
) -> tuple[int, list[str]]:
    """Run ``strategy``'s examples; the requests sent and the failures, as text."""
    sent = 0
    failures: list[str] = []
    checks = CHECKS + ([negative_data_rejection] if negative else [])

    @given(strategy)
    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        nonlocal sent
        sent_headers = headers()
        sent += 1
        try:  # the app's own exceptions (its 500s) come out of ``call``
            response = case.call(headers=sent_headers)
            case.validate_response(response, checks=checks, headers=sent_headers)
        except (Exception, FailureGroup) as failure:  # collected: one run shows every finding
            failures.append(f"{operation.label}: {failure}"[:2000])

    try:
        run()
    except Unsatisfiable:  # nothing in the operation can be invalid (no parameters, no body)
        assert negative
    return sent, failures


def _strategies(operation: Any, table_ids: list[int], negative: bool) -> Any:
    mode = GenerationMode.NEGATIVE if negative else GenerationMode.POSITIVE
    strategies = [operation.as_strategy(generation_mode=mode)]
    if "{table_id}" in operation.path and not negative:  # tables that exist, too
        strategies += [
            operation.as_strategy(generation_mode=mode, path_parameters={"table_id": table_id})
            for table_id in table_ids
        ]
    return st.one_of(strategies)


def test_the_api_answers_as_its_schema_says(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "fuzzer"), Player(client, "ben")
        table_ids = [
            ann.post("/api/tables", {"game": "space-mission", "seats": 3}).json()["id"],
            new_game(ann, [ben]),
            new_game(ann, [], bots={1: "easy"}, game="space-pioneers"),
        ]
        schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
        started = time.monotonic()
        total, failures = 0, []
        for result in schema.get_all_operations():
            operation = result.ok()
            headers: Callable[[], dict[str, str]] = lambda: ann.headers  # noqa: E731
            if operation.path == "/api/accounts/logout":  # each logout ends a session of its own
                headers = lambda: Player(client).headers  # noqa: E731
            for negative in (False, True):
                strategy = _strategies(operation, table_ids, negative)
                examples = EXAMPLES[make_url(database_url).get_backend_name()]
                sent, found = _fuzz(operation, strategy, headers, negative, examples)
                total += sent
                failures += found
        seconds = time.monotonic() - started
        print(f"schemathesis: {total} requests in {seconds:.1f} s, {len(failures)} failures")
        assert failures == [], "\n\n".join(failures[:20])
        assert ann.get("/api/me").json()["name"] == "fuzzer"  # still signed in


def test_the_schema_states_our_error_body_and_who_may_call(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    error = {"$ref": "#/components/schemas/ErrorBody"}
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            answers = operation["responses"]
            success = [s for s in answers if s.startswith("2")]
            assert len(success) == 1, (method, path)
            assert "$ref" in str(answers[success[0]]["content"]), (method, path)
            for status, answer in answers.items():
                if not status.startswith("2"):
                    assert answer["content"]["application/json"]["schema"] == error
            needs_session = "401" in answers and path != "/api/accounts/login"
            assert (operation.get("security") == [{"bearer": []}, {"session_cookie": []}]) == (
                needs_session
            ), (method, path)
    table_id = spec["paths"]["/api/tables/{table_id}"]["get"]["parameters"][0]["schema"]
    assert (table_id["minimum"], table_id["maximum"]) == (1, 2**31 - 1)
