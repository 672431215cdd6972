"""``navcomp moderation reports`` prints what players wrote (a message, a reason) escaped:
no C1 control or direction override reaches the host's terminal.  On both databases."""

from __future__ import annotations

import re

import pytest

from navcomp.commands.cli import main
from server_helpers import Player, new_game, running

# C0 and C1 controls, DEL, and the direction overrides and isolates.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
TRICKS = "\u202eevil\u202c \x9b31m red \x85 next \x1b"  # no C0 in a body: ESC is refused


def test_a_report_s_reason_and_message_are_printed_escaped(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        said = ben.post(f"/api/tables/{table_id}/chat", {"text": f"hi {TRICKS[:-1]}"})
        assert said.status_code == 201, said.text
        reason = TRICKS[:-1]
        reported = ann.post(f"/api/chat/{said.json()['id']}/report", {"reason": reason})
        assert reported.status_code == 200, reported.text
    for flags in ([], ["--json"]):
        assert main(["moderation", "reports", "--database-url", database_url, *flags]) == 0
        printed = capsys.readouterr().out
        assert "ann reported message" in printed or '"reporter": "ann"' in printed
        assert RAW.search(printed) is None, repr(printed)
        if not flags:  # the message lost its overrides when written (chat.clean)
            assert printed.count("\\u202e") == 1 and printed.count("\\x9b") == 2
