"""Every numeric ``navcomp serve`` option refuses what makes no sense (a negative count,
seconds below zero or not finite, a port outside 0..65535) at parse time, naming itself,
and takes what does (0 keeps its documented meaning: off for the limits)."""

from __future__ import annotations

import pytest

from navcomp.commands.cli import build_parser

LIMITS = (
    "--logins-per-name",
    "--logins-per-address",
    "--registrations-per-address",
    "--guests-per-address",
    "--sockets-per-address",
    "--socket-opens-per-address",
    "--chat-messages-per-person",
    "--mails-per-account",
    "--mails-per-address",
    "--resets-per-address",
    "--open-tables-per-account",
    "--tables-per-account",
    "--invitations-per-account",
    "--invitations-per-pair",
    "--invitations-per-invitee",
)

# option -> (refused values, taken values); each taken value parses to its number.
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "--port": (("-1", "65536", "1.5", "http"), ("0", "8000", "65535")),
    "--bot-workers": (("0", "-1", "two", "1.5"), ("1", "4")),
    "--bot-seconds": (("0", "-0.5", "nan", "inf", "-inf", "fast"), ("0.05", "2")),
    "--sweep-seconds": (("-1", "nan", "inf", "often"), ("0", "0.5", "5")),
    "--bot-stall-seconds": (("-1", "nan", "inf", "soon"), ("0", "2", "30")),
    "--name-hold-days": (("-1", "nan", "1.5"), ("0", "30")),
    "--header-timeout": (("0", "-10", "nan", "inf"), ("0.5", "10")),
    "--body-timeout": (("0", "-30", "nan", "inf"), ("0.5", "30")),
    "--keep-alive-timeout": (("-1", "nan", "1.5"), ("0", "30")),
    "--limit-concurrency": (("0", "-1", "many"), ("1", "2000")),
    "--mail-retry-max": (("0", "-1", "nan", "inf"), ("0.5", "900")),
    "--turn-mail-grace": (("-1", "nan", "-inf", "soon"), ("0", "120")),
    "--open-table-hours": (("-1", "nan", "inf", "long"), ("0", "0.5", "12")),
    **{limit: (("-1", "-10", "nan", "1.5", "some"), ("0", "1", "10")) for limit in LIMITS},
}


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, (refused, _) in CASES.items() for value in refused],
)
def test_a_bad_value_is_refused_naming_its_option(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args(["serve", f"{option}={value}"])
    assert refused.value.code == 2
    said = capsys.readouterr().err
    assert f"argument {option}:" in said and repr(value) in said


@pytest.mark.parametrize(
    ("option", "value"),
    [(option, value) for option, (_, taken) in CASES.items() for value in taken],
)
def test_a_good_value_is_taken(option: str, value: str) -> None:
    args = build_parser().parse_args(["serve", f"{option}={value}"])
    assert getattr(args, option[2:].replace("-", "_")) == float(value)


def test_every_numeric_serve_option_is_checked() -> None:
    parser = build_parser()
    serve = parser._subparsers._group_actions[0].choices["serve"]  # type: ignore[union-attr]
    numeric = {
        action.option_strings[-1]
        for action in serve._actions
        if action.option_strings
        and isinstance(action.default, int | float)
        and not isinstance(action.default, bool)
    }
    assert numeric <= set(CASES)
