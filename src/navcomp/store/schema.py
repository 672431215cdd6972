"""The tables.  The truth about a game is ``game_tables`` (setup) plus ``moves`` (log);
``solo_scores`` keeps the score of every one-seat table that ended, for the high scores."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("password_hash", String(200)),  # None for guests
    Column("is_guest", Boolean, nullable=False, default=False),
    Column("webhook_url", String(500)),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),  # sha256 of the token, never the token
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

game_tables = Table(
    "game_tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("game", String(40), nullable=False),
    Column("num_seats", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),  # secret until the game is over
    Column("status", String(10), nullable=False),  # open | playing | over
    Column("creator_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("version", Integer, nullable=False, default=0),  # = number of log entries
    Column("to_move", Integer),  # seat on turn, None unless playing
    Column("turn_since", DateTime(timezone=True)),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("result", JSON),
    # a tutorial's name at a tutorial table: its seed is the script's, public
    Column("tutorial", String(40)),
    Column("pace", JSON),  # server/clocks.py; None: no clock and never stalled
    Column("clock", JSON),  # each seat's bank, the stage of the turn, the abort votes
    Column("deadline", DateTime(timezone=True)),  # the sweeper acts on it (server/sweeper.py)
    Column("end_reason", String(12)),  # a TableEnd once over
    Column("events", Integer, nullable=False, server_default="0"),  # rows of table_events
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id")),
    Column("bot_level", String(20)),
    Column("ended", String(12)),  # a SeatEnd
    Column("former_user_id", Integer, ForeignKey("users.id")),  # before a bot took it over
)

table_events = Table(
    "table_events",
    metadata,
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, ...: the table's events count after it
    Column("kind", String(16), nullable=False),  # server/endings.py EventKind
    Column("seat", Integer),
    Column("version", Integer, nullable=False),  # the table's version (moves) at the time
    Column("created_at", DateTime(timezone=True), nullable=False),
)

invites = Table(
    "invites",
    metadata,
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
)

moves = Table(
    "moves",
    metadata,
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, ...: the table's version after it
    Column("seat", Integer, nullable=False),
    Column("action", Integer),  # None: an undo of the seat's last action
    Column("created_at", DateTime(timezone=True), nullable=False),
)

notifications = Table(
    "notifications",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE")),
    Column("text", Text, nullable=False),
    Column("read", Boolean, nullable=False, default=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("kind", String(16), nullable=False, server_default="note"),
    Column("about", JSON, nullable=True),
)

solo_scores = Table(
    "solo_scores",
    metadata,
    # one score per table: the final move is committed once, so it cannot count twice
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("score", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),  # when the game ended
)

Index("seats_by_user", seats.c.user_id)
Index("notifications_by_user", notifications.c.user_id, notifications.c.id)
Index("tables_by_status", game_tables.c.status)
Index("tables_by_deadline", game_tables.c.deadline)
Index("solo_scores_by_game", solo_scores.c.game, solo_scores.c.score)
Index("solo_scores_by_user", solo_scores.c.user_id, solo_scores.c.game, solo_scores.c.score)
