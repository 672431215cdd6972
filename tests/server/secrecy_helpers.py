"""The no-leak check: what every kind of recipient may receive, compared with the truth.

The truth is rebuilt from the database at each version a message names: the state then,
and the log entry that made it, read as each viewer may read it.  A message passes if
its seat is the recipient's own (None for anyone not seated, bots' seats included), its
view and legal actions are exactly those of that seat, its texts are those the engine
gives that seat, and it holds no seed or other secret field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import anyio
from sqlalchemy import create_engine, select
from starlette.testclient import TestClient, WebSocketTestSession

from navcomp.core.protocol import GameState
from navcomp.core.registry import get_game
from navcomp.domain.model import Entry
from navcomp.service.games import walk_log
from navcomp.store import tables
from navcomp.store.schema import game_tables

SECRET_FIELDS = ('"seed"', '"draw_order"', '"real"', '"rng"', '"hands"', '"secrets"')
RECEIVE_SECONDS = 30.0


@dataclass
class Truth:
    """A table as the database holds it: setup, log, and the states along the log."""

    database_url: str
    table_id: int
    seed: int = 0
    row: Any = None
    entries: list[Entry] = field(default_factory=list)

    def refresh(self) -> Truth:
        engine = create_engine(self.database_url)
        try:
            with engine.connect() as conn:
                query = select(game_tables).where(game_tables.c.id == self.table_id)
                self.row = conn.execute(query).one()
                self.entries = tables.log(conn, self.table_id)
        finally:
            engine.dispose()
        self.seed = self.row.seed
        return self

    @property
    def version(self) -> int:
        return int(self.row.version)

    def initial(self) -> GameState:
        game = get_game(self.row.game)
        state: GameState = game.new_initial_state(
            self.row.num_seats, self.row.seed, self.row.options
        )
        return state

    def at(self, version: int) -> tuple[GameState, Entry | None, GameState | None]:
        """The state at ``version``, the entry that made it and the state it was taken in."""
        if version > self.version:
            self.refresh()
        walked = list(walk_log(self.initial(), self.entries[:version]))
        if not walked:
            return self.initial(), None, None
        entry, before, state = walked[-1]
        return state, entry, before

    def text_for(self, entry: Entry, before: GameState, viewer: int | None) -> str:
        if entry.action is None:
            return before.public_undo_text(viewer)
        return before.public_action_text(entry.action, viewer)

    def detail_for(self, entry: Entry, before: GameState) -> Any:
        """What the log adds to the entry, the same for everybody (None for an undo)."""
        return None if entry.action is None else before.public_action_detail(entry.action)


def receive(ws: WebSocketTestSession, seconds: float = RECEIVE_SECONDS) -> dict[str, Any]:
    """The next message on ``ws``, failing (not hanging) if none comes in ``seconds``."""

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await ws._send_rx.receive()

    message = ws.portal.call(next_message)
    ws._raise_on_close(message)
    data: dict[str, Any] = json.loads(message["text"])
    return data


def check_no_secret_text(body: Any, truth: Truth) -> None:
    text = json.dumps(body)
    assert str(truth.seed) not in text, "the seed left the server"
    for name in SECRET_FIELDS:
        assert name not in text, f"a field {name} left the server"


MESSAGE_FIELDS = {"type", "version", "seat", "table", "view", "legal", "can_undo", "last"}
CHAT_FIELDS = {"id", "table", "channel", "author", "text", "at"}


def check_chat(message: dict[str, Any], seat: int | None, truth: Truth) -> None:
    """A chat message (pushed, or in a history) read by the holder of ``seat``: its own
    fields only, no secret, and never the spectators' chat to a player during the game."""
    check_no_secret_text(message, truth)
    assert set(message) == CHAT_FIELDS, f"chat fields {set(message)}"
    assert message["table"] == truth.table_id
    if seat is not None and truth.refresh().row.status != "over":
        assert message["channel"] != "spectators", "the spectators' chat reached a player"


def check_message(message: dict[str, Any], seat: int | None, truth: Truth) -> None:
    """A push or a table answer, received by the holder of ``seat`` (None: not seated)."""
    check_no_secret_text(message, truth)
    assert set(message) <= MESSAGE_FIELDS, f"unexpected fields {set(message) - MESSAGE_FIELDS}"
    assert message.get("seat") == seat, f"a recipient of seat {seat} got seat {message['seat']}"
    if "view" not in message:
        return
    version = message["version"] if "version" in message else message["table"]["version"]
    state, entry, before = truth.at(version)
    assert message["view"] == state.view(seat), f"the view at {version} is not seat {seat}'s"
    if seat is not None and state.current_player == seat:
        assert [a["id"] for a in message["legal"]] == state.legal_actions()
    else:
        assert message["legal"] is None, f"seat {seat} got legal actions not its own"
        assert message.get("can_undo") is False
    last = message.get("last")
    if last is not None:
        assert entry is not None and before is not None
        assert last == {
            "seat": entry.seat,
            "text": truth.text_for(entry, before, seat),
            "detail": truth.detail_for(entry, before),
        }
    if entry is not None and before is not None:
        check_rule_secrets(message, seat, entry, before)


def check_rule_secrets(body: Any, seat: int | None, entry: Entry, before: GameState) -> None:
    """The rules' own secrets in what ``seat`` received right after ``entry``, whatever the
    engine's texts say (shared rule decisions 9 and 15).

    A card chosen for a Top up is the chooser's until the draw: nobody else may read it.
    Under the printed-rules option a reserved tile is hidden from its owner too: the
    owner reads the reservation as everyone else does.
    """
    if before.game.info.name != "space-mission":
        return
    if entry.action is None:
        check_take_back_unseen(seat, entry, before)
        return
    text = before.game.action_to_text(entry.action)
    if text.startswith("discard ") and seat != entry.seat:
        card = text.removeprefix("discard ")
        assert card not in json.dumps(body), f"seat {seat} learnt the Top up card {card}"
    looking = before.view(None)["looking_at"]
    reserving = text.startswith("pick ") and looking is not None and looking["for"] == "scan"
    if reserving and before.view(None)["options"]["hide_reserved"]:
        spectators = before.public_action_text(entry.action, None)
        assert before.public_action_text(entry.action, seat) == spectators, (
            f"seat {seat} reads which tile was reserved under the printed rules"
        )


def check_log(body: dict[str, Any], seat: int | None, truth: Truth) -> None:
    check_no_secret_text(body, truth)
    if body["version"] > truth.version:  # a bot moved since the truth was read
        truth.refresh()
    state = truth.initial()
    expected = [
        {
            "seq": entry.seq,
            "seat": entry.seat,
            "text": truth.text_for(entry, before, seat),
            "detail": truth.detail_for(entry, before),
        }
        for entry, before, _ in walk_log(state, truth.entries[: body["version"]])
    ]
    assert body["entries"] == expected, f"the log for seat {seat} is not as it may read it"
    for line, (entry, before, _) in zip(
        body["entries"], walk_log(state, truth.entries[: body["version"]]), strict=True
    ):
        check_rule_secrets(line, seat, entry, before)  # later lines may name a card drawn


@dataclass
class Recipient:
    """Someone who reads the table: seated, watching signed in, or anonymous."""

    label: str
    headers: dict[str, str]
    seat: int | None
    socket: WebSocketTestSession | None = None
    context: Any = None
    chats: list[dict[str, Any]] | None = None  # the chat messages pushed to it

    def connect(self, client: TestClient, table_id: int) -> dict[str, Any]:
        self.context = client.websocket_connect(
            f"/api/tables/{table_id}/live", headers=self.headers
        )
        self.socket = self.context.__enter__()
        return receive(self.socket)

    def disconnect(self) -> None:
        if self.context is not None:
            self.context.__exit__(None, None, None)
        self.context = self.socket = None

    def check_http(self, client: TestClient, truth: Truth) -> None:
        table_id = truth.table_id
        answer = client.get(f"/api/tables/{table_id}", headers=self.headers)
        assert answer.status_code == 200, answer.text
        check_message(answer.json(), self.seat, truth)
        log = client.get(f"/api/tables/{table_id}/log", headers=self.headers)
        assert log.status_code == 200, log.text
        check_log(log.json(), self.seat, truth)
        chat = client.get(f"/api/tables/{table_id}/chat", headers=self.headers)
        assert chat.status_code == 200, chat.text
        for said in chat.json()["messages"]:
            check_chat(said, self.seat, truth)
        replay = client.get(f"/api/tables/{table_id}/replay", headers=self.headers)
        if truth.row.status == "over":
            assert replay.status_code == 200
        else:
            assert replay.status_code == 409, "the replay of a running game opened"
            check_no_secret_text(replay.json(), truth)

    def check_export(self, client: TestClient, truth: Truth) -> None:
        """My data's export holds the table as my seat may read it now, nothing more."""
        answer = client.get("/api/account/export", headers=self.headers)
        if "Authorization" not in self.headers:  # anonymous (the socket adds its headers)
            assert answer.status_code == 401
            return
        assert answer.status_code == 200, answer.text
        data = answer.json()
        check_no_secret_text(data, truth)
        found = [g for g in data["games"] if g["table"]["id"] == truth.table_id]
        if self.seat is None:
            assert found == [], f"{self.label} exported a table it does not sit at"
            return
        [entry] = found
        version = entry["table"]["version"]
        check_log({"version": version, "entries": entry["log"]}, self.seat, truth)
        if entry["table"]["status"] == "playing":
            state, _, _ = truth.at(version)
            assert entry["view"] == state.view(self.seat), f"{self.label} exported another view"

    def drain_to(self, version: int, truth: Truth) -> None:
        """Read and check pushes until one at ``version`` or later (a relay may skip)."""
        assert self.socket is not None
        while True:
            message = self._next(truth)
            if message["type"] != "chat" and message.get("version", -1) >= version:
                return

    def drain_to_chat(self, text: str, truth: Truth) -> None:
        """Read and check pushes until the chat message ``text``."""
        while True:
            message = self._next(truth)
            if message["type"] == "chat" and message["message"]["text"] == text:
                return

    def _next(self, truth: Truth) -> dict[str, Any]:
        assert self.socket is not None
        message = receive(self.socket)
        if message["type"] == "chat":
            assert set(message) == {"type", "message"}
            check_chat(message["message"], self.seat, truth)
            self.chats = [*(self.chats or []), message["message"]]
        else:
            check_message(message, self.seat, truth)
        return message


def check_take_back_unseen(seat: int | None, entry: Entry, before: GameState) -> None:
    """During a Top up a take-back puts a chosen card back: to anyone but the chooser it
    must read as one more choice, so that nobody can count the cards chosen."""
    if seat == entry.seat or before.view(None)["phase"] != "top-up":
        return
    choices = [
        a for a in before.legal_actions() if before.game.action_to_text(a).startswith("discard")
    ]
    if choices:
        assert before.public_undo_text(seat) == before.public_action_text(choices[0], seat), (
            f"seat {seat} can tell a card put back from one chosen in a Top up"
        )


def check_profiles(client: TestClient, truth: Truth, names: list[str]) -> None:
    """A running game shows in nobody's profile: not its table, nothing of its state."""
    for name in names:
        answer = client.get(f"/api/players/{name}/profile")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        check_no_secret_text(body, truth)
        listed = {game["table"] for game in body["recent"]}
        if truth.row.status != "over":
            assert truth.table_id not in listed, f"{name}'s profile shows a running game"
            assert body["games"] == [], f"{name}'s profile counts a running game"
