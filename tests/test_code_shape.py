"""Modules small enough to read in one sitting, functions short enough to hold in mind.

Every Python and JavaScript module under ``src/`` stays within ``MAX_MODULE_LINES`` and
every Python function (methods and nested functions too) within ``MAX_FUNCTION_LINES``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import navcomp

PACKAGE = Path(navcomp.__file__).parent
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _modules() -> list[Path]:
    return sorted([*PACKAGE.rglob("*.py"), *(PACKAGE / "web").rglob("*.js")])


def long_functions(source: str) -> list[tuple[str, int]]:
    """Each function of ``source`` longer than the limit, with its length in lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MAX_FUNCTION_LINES:
                found.append((node.name, length))
    return found


def test_no_module_is_over_the_limit() -> None:
    over = {
        str(path.relative_to(PACKAGE)): lines
        for path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert over == {}


def test_no_function_is_over_the_limit() -> None:
    over = {
        f"{path.relative_to(PACKAGE)}:{name}": length
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, length in long_functions(path.read_text(encoding="utf-8"))
    }
    assert over == {}


def test_the_measure_counts_a_long_function_and_its_decorators() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES - 2))
    at_limit = f"@decorator\ndef f():\n{body}\n"
    assert long_functions(at_limit) == []
    one_more = f"@decorator\ndef f():\n{body}\n    return x0\n"
    assert long_functions(one_more) == [("f", MAX_FUNCTION_LINES + 1)]


WALL_CLOCK_READS = frozenset(
    {
        "datetime.now",
        "datetime.utcnow",
        "datetime.today",
        "date.today",
        "time.time",
        "time.time_ns",
        "func.now",  # SQL's NOW(): the database's clock
    }
)
ONE_CLOCK = "server/runtime/context.py"
"""``Settings.now``'s default, ``utc_now``: the one place the server reads the wall clock."""
WALL_CLOCK_ALLOWED = {
    ONE_CLOCK: "the one clock: Settings.now",
    "server/runtime/throttle.py": "the limits package stamps its windows with time.time():"
    " a Retry-After is that stamp less the same clock",
}


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (inner := _dotted(node.value)) is not None:
        return f"{inner}.{node.attr}"
    return None


def wall_clock_reads(source: str) -> list[tuple[str, int]]:
    """Each read of the wall clock in ``source`` (``datetime.now``, ``time.time``, ``date.today``
    and the like, however the module is imported), with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and (dotted := _dotted(node)) is not None:
            if any(dotted == read or dotted.endswith("." + read) for read in WALL_CLOCK_READS):
                found.append((dotted, node.lineno))
        elif isinstance(node, ast.ImportFrom) and node.module == "time":
            found += [
                (f"time.{a.name}", node.lineno) for a in node.names if a.name.startswith("time")
            ]
    return found


def test_the_wall_clock_is_read_in_one_place() -> None:
    """Time is passed in from ``Settings.now``, so that tests can set it and every stamp of one
    request agrees; monotonic timers (durations) are not the wall clock."""
    found = {
        f"{path.relative_to(PACKAGE)}:{line}": read
        for path in sorted(PACKAGE.rglob("*.py"))
        if str(path.relative_to(PACKAGE)) not in WALL_CLOCK_ALLOWED
        for read, line in wall_clock_reads(path.read_text(encoding="utf-8"))
    }
    assert found == {}


def test_the_measure_finds_the_wall_clock_however_it_is_imported() -> None:
    source = (
        "import datetime as dt\nimport time\nfrom time import time as t, monotonic\n"
        "dt.datetime.now(dt.UTC)\ndatetime.utcnow()\ndate.today()\ntime.time()\n"
        "time.monotonic()\ntime.perf_counter()\n"
    )
    assert wall_clock_reads(source) == [
        ("time.time", 3),
        ("dt.datetime.now", 4),
        ("datetime.utcnow", 5),
        ("date.today", 6),
        ("time.time", 7),
    ]


# --- the model's fields say what they hold ----------------------------------------------------

MODEL_MODULES = tuple(sorted((PACKAGE / "domain").rglob("*.py")))
FREE_FORM = {
    "Table.options": "a game's own options: each game names and checks its own",
    "Notice.about": "what a notice is about, for a page to word it (by whom, which game...)",
    "OutboxMail.about": "what a mail says, as its kind renders it",
}
"""The dataclass fields that may hold ``dict[str, Any]``, and why."""
ENUM_WORDS = frozenset({"status", "stage", "kind", "end", "ended", "reason", "visibility"})
"""Words of a field's name that say it holds one of the domain's enums."""


def untyped_fields(source: str) -> list[str]:
    """The dataclass fields of ``source`` typed ``dict[str, Any]``, or ``str`` where their
    name says they hold an enum, as ``Class.field: annotation``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef) or not any(
            "dataclass" in ast.unparse(d) for d in node.decorator_list
        ):
            continue
        for field in node.body:
            if not isinstance(field, ast.AnnAssign) or not isinstance(field.target, ast.Name):
                continue
            name, annotation = field.target.id, ast.unparse(field.annotation)
            free = "dict[str, Any]" in annotation.replace("'", "")
            words = set(name.split("_"))
            enum_as_text = annotation in ("str", "str | None") and bool(words & ENUM_WORDS)
            if free or enum_as_text:
                found.append(f"{node.name}.{name}: {annotation}")
    return found


def test_model_fields_are_typed_values_not_dicts_or_strings() -> None:
    found = {
        entry
        for path in MODEL_MODULES
        for entry in untyped_fields(path.read_text(encoding="utf-8"))
    }
    assert {entry.split(":")[0] for entry in found} - set(FREE_FORM) == set()
    assert {f"{name}: dict[str, Any]" for name in FREE_FORM} <= {
        entry.replace(" | None", "") for entry in found
    }  # each allowed field still is free-form (else it leaves the list)


def test_the_model_check_finds_a_dict_and_an_enum_held_as_text() -> None:
    source = (
        "@dataclass(frozen=True)\nclass T:\n"
        "    pace: dict[str, Any] | None\n    end_reason: str | None\n"
        "    name: str\n    clock: Clock | None\n"
    )
    assert untyped_fields(source) == ["T.pace: dict[str, Any] | None", "T.end_reason: str | None"]
    assert untyped_fields(source.replace("@dataclass(frozen=True)\n", "")) == []


DISPATCHER = "server/runtime/dispatch.py"
AFTER_COMMIT_CALLS = {
    "publish",  # the hub: pushes to this process's clients
    "publish_table",
    "publish_closed",
    "publish_chat",
    "announce",  # the fan-out: to other processes
    "announce_chat",
    "announce_logout",
    "wake",  # the mail sender
    "send",  # webhooks
    "schedule",  # the bot runner
    "drop_digest",  # the session cache
}
"""What follows a committed change: carried out by the one dispatcher."""

CARRIERS = {"server/runtime/fanout.py": "sends the announcements: Redis's own publish"}
"""Modules that implement a carrier, not call it after a change."""


def _after_commit_calls(source: str) -> list[str]:
    """Each call of a method named in AFTER_COMMIT_CALLS on some object other than self."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        owner = node.func.value
        if node.func.attr in AFTER_COMMIT_CALLS and not (
            isinstance(owner, ast.Name) and owner.id == "self"
        ):
            found.append(f"{node.func.attr} (line {node.lineno})")
    return found


def test_what_follows_a_commit_is_carried_out_by_one_dispatcher() -> None:
    outside = {
        str(path.relative_to(PACKAGE)): calls
        for path in sorted((PACKAGE / "server").rglob("*.py"))
        + sorted((PACKAGE / "service").rglob("*.py"))
        if str(path.relative_to(PACKAGE)) not in {DISPATCHER, *CARRIERS}
        and (calls := _after_commit_calls(path.read_text()))
    }
    assert outside == {}


def test_the_dispatcher_check_finds_a_push_made_elsewhere() -> None:
    route = "async def route(server):\n    server.hub.publish(table, live)\n    self.wake()\n"
    assert _after_commit_calls(route) == ["publish (line 2)"]
