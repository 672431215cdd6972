"""Every ``navcomp serve`` option from its ``NAVCOMP_`` variable, the command line winning."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from navcomp.commands.cli import build_parser
from navcomp.commands.environment import read_environment


def serve_args(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], *argv: str
) -> argparse.Namespace:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return build_parser().parse_args(["serve", *argv])


def test_options_take_their_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    args = serve_args(
        monkeypatch,
        {
            "NAVCOMP_BOT_WORKERS": "3",
            "NAVCOMP_SWEEP_SECONDS": "2.5",
            "NAVCOMP_DATA_DIR": "/srv/table",
            "NAVCOMP_LOG_FORMAT": "json",
            "NAVCOMP_WEBHOOK_ALLOW_INTERNAL": "yes",
            "NAVCOMP_ACCESS_LOG": "1",
            "NAVCOMP_SMTP_STARTTLS": "false",
            "NAVCOMP_MAIL_FROM": "Table <table@example.org>",
            "NAVCOMP_SMTP_URL": "",
        },
    )
    assert args.bot_workers == 3
    assert args.sweep_seconds == 2.5
    assert args.data_dir == Path("/srv/table")
    assert args.log_format == "json"
    assert args.webhook_allow_internal is True and args.access_log is True
    assert args.smtp_starttls is False
    assert args.mail_from == "Table <table@example.org>"
    assert args.port == 8000  # no variable: the option's own default
    assert args.smtp_url is None  # a variable set to nothing is not set


def test_the_command_line_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"NAVCOMP_BOT_WORKERS": "3", "NAVCOMP_PORT": "not a port", "NAVCOMP_LOG_FORMAT": "xml"}
    args = serve_args(
        monkeypatch, env, "--bot-workers", "2", "--port", "9000", "--log-format", "text"
    )
    assert (args.bot_workers, args.port, args.log_format) == (2, 9000, "text")


def test_the_database_and_redis_urls_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {
        "NAVCOMP_DATABASE_URL": "postgresql://table@db:5432/navcomp",
        "NAVCOMP_REDIS_URL": "redis://cache:6379/0",
    }
    args = serve_args(monkeypatch, env)
    assert args.database_url == "postgresql://table@db:5432/navcomp"
    assert args.redis_url == "redis://cache:6379/0"


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("NAVCOMP_BOT_WORKERS", "0", "no whole number from 1 up"),
        ("NAVCOMP_SWEEP_SECONDS", "-1", "no number of seconds"),
        ("NAVCOMP_LOG_FORMAT", "xml", "not one of text, json"),
        ("NAVCOMP_WEBHOOK_ALLOW_INTERNAL", "maybe", "a flag is 1, true or yes"),
        ("NAVCOMP_SMTP_URL", "http://mail", "an SMTP URL is"),
        ("NAVCOMP_METRICS_FROM", "127.0.0.1,nonsense", "'nonsense' does not appear to be"),
        ("NAVCOMP_TRUSTED_PROXIES", "10.0.0.0/33", "'10.0.0.0/33' does not appear to be"),
    ],
)
def test_a_bad_value_names_its_variable(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    variable: str,
    value: str,
    said: str,
) -> None:
    with pytest.raises(SystemExit) as stopped:
        serve_args(monkeypatch, {variable: value})
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert f"{variable}={value!r}" in error and said in error


def test_a_bad_variable_of_serve_stops_no_other_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAVCOMP_BOT_WORKERS", "none")
    args = build_parser().parse_args(["tournament", "--bots", "random,random"])
    assert args.command == "tournament"


def test_help_names_each_variable(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for variable in (
        "NAVCOMP_BOT_WORKERS",
        "NAVCOMP_DATABASE_URL",
        "NAVCOMP_REDIS_URL",
        "NAVCOMP_LOGINS_PER_NAME",
        "NAVCOMP_SMTP_URL",
        "NAVCOMP_METRICS_FROM",
        "NAVCOMP_WEBHOOK_ALLOW_INTERNAL",
    ):
        assert f"[{variable}]" in shown
    assert "NAVCOMP_HELP" not in shown


def test_any_parser_takes_it() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--queue-name", default="jobs")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-color", dest="color", action="store_false")
    parser.add_argument("folder")
    read_environment(
        parser, {"NAVCOMP_QUEUE_NAME": "mail", "NAVCOMP_DRY_RUN": "on", "NAVCOMP_NO_COLOR": "1"}
    )
    args = parser.parse_args(["here"])
    assert (args.queue_name, args.dry_run, args.color, args.folder) == ("mail", True, False, "here")
