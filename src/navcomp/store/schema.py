"""The tables.  The truth about a game is ``game_tables`` (setup) plus ``moves`` (log);
``solo_scores`` keeps the score of every one-seat table that ended, for the high scores."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
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
    # the name case-folded, and what it reads as (domain/names.py): one account each
    Column("name_key", Text),
    Column("name_skeleton", Text),
    # the profile and rating history are the player's alone (migration 0011)
    Column("profile_private", Boolean, nullable=False, server_default=false()),
    # a deleted account's tombstone: its name is FORMER_PREFIX + id, its keys hold the old
    # name until the hold period has passed (server/api/deletion.py)
    Column("deleted_at", DateTime(timezone=True)),
    Column("last_seen", DateTime(timezone=True)),  # at most a minute old while active: online
    # the host disabled the account (navcomp admin disable): no sign-in, no session
    Column("disabled_at", DateTime(timezone=True)),
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
    Column("rated", Boolean, nullable=False, server_default=false()),  # the host's choice
    Column("pace", JSON),  # domain/clocks.py; None: no clock and never stalled
    Column("clock", JSON),  # each seat's bank, the stage of the turn, the abort votes
    Column("deadline", DateTime(timezone=True)),  # the sweeper acts on it (runtime/sweeper.py)
    Column("warn_at", DateTime(timezone=True)),  # and on this: the mover's time runs low
    Column("end_reason", String(12)),  # a TableEnd once over
    Column("events", Integer, nullable=False, server_default="0"),  # rows of table_events
    Column("visibility", String(8), nullable=False, server_default="public"),  # Visibility
    Column("spectators", Boolean, nullable=False, server_default=true()),  # may others watch
    Column("rematch_id", Integer),  # once over: the table offered as its rematch
    # an open table: its last change (None: none since made); the sweeper closes it after
    # Settings.open_table_hours of none
    Column("changed_at", DateTime(timezone=True)),
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
    Column("pending", Boolean, nullable=False, server_default=false()),  # a rematch not accepted
)

table_events = Table(
    "table_events",
    metadata,
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1, 2, ...: the table's events count after it
    Column("kind", String(16), nullable=False),  # domain/tables.py EventKind
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

ratings = Table(
    "ratings",
    metadata,
    # one rating per player and game: a person's ("user:<id>") or a bot level's ("bot:<level>")
    Column("game", String(40), primary_key=True),
    Column("player", String(40), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE")),
    Column("bot_level", String(20)),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    # each rated game's change to each rating: a rating's history, and proof of it
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("player", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rank", Integer, nullable=False),
    Column("mu", Float, nullable=False),  # after the game
    Column("sigma", Float, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

blocks = Table(
    "blocks",
    metadata,
    # user_id blocked blocked_id: user_id no longer sees blocked_id's chat, blocked_id cannot
    # invite, befriend or offer a rematch to user_id
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("blocked_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True),
    # None: the lobby's chat; else the table's, in its channel
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE")),
    Column("channel", String(20), nullable=False),  # lobby, players or spectators
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("text", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

chat_reports = Table(
    "chat_reports",
    metadata,
    Column(
        "message_id",
        Integer,
        ForeignKey("chat_messages.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("reporter_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("reason", Text, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

chat_mutes = Table(
    "chat_mutes",
    metadata,
    # the table's creator muted user_id at table_id: their messages there are refused
    Column("table_id", Integer, ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

friends = Table(
    "friends",
    metadata,
    # user_id wants friend_id as a friend: friends once both ways, else a request
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("friend_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

mail_settings = Table(
    "mail_settings",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("address", String(254)),  # None: no address
    Column("verified", Boolean, nullable=False, default=False),
    Column("language", String(8), nullable=False, default="en"),
    Column("turn", String(8), nullable=False, default="every"),  # every | digest | never
    Column("digest_hours", Integer, nullable=False, default=24),
    Column("invites", Boolean, nullable=False, default=True),
    Column("time_low", Boolean, nullable=False, default=True),
    Column("game_over", Boolean, nullable=False, default=True),
    Column("last_digest_at", DateTime(timezone=True)),
)

mail_outbox = Table(
    "mail_outbox",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("address", String(254), nullable=False),
    Column("language", String(8), nullable=False),
    Column("about", JSON, nullable=False),  # what the mail says, rendered when it is sent
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("due_at", DateTime(timezone=True), nullable=False),  # not sent before
    Column("attempts", Integer, nullable=False, default=0),
    Column("claim", String(32)),  # the sender at work on it, until claimed_until
    Column("claimed_until", DateTime(timezone=True)),
    Column("last_error", String(200)),
)

server_secrets = Table(
    "server_secrets",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(128), nullable=False),
)

Index("users_by_name_key", users.c.name_key, unique=True)
Index("users_by_name_skeleton", users.c.name_skeleton, unique=True)
Index("blocks_by_blocked", blocks.c.blocked_id)
Index("chat_by_channel", chat_messages.c.table_id, chat_messages.c.channel, chat_messages.c.id)
Index("chat_by_user", chat_messages.c.user_id)
Index("friends_by_friend", friends.c.friend_id)
Index("seats_by_user", seats.c.user_id)
Index("seats_by_former_user", seats.c.former_user_id)
Index("notifications_by_user", notifications.c.user_id, notifications.c.id)
Index("tables_by_status", game_tables.c.status)
Index("ratings_by_game", ratings.c.game, ratings.c.mu)
Index("rating_changes_by_player", rating_changes.c.player, rating_changes.c.game)
Index("tables_by_deadline", game_tables.c.deadline)
Index("tables_by_warn_at", game_tables.c.warn_at)
Index("solo_scores_by_game", solo_scores.c.game, solo_scores.c.score)
Index("solo_scores_by_user", solo_scores.c.user_id, solo_scores.c.game, solo_scores.c.score)
Index("mail_settings_by_address", mail_settings.c.address)
Index("mail_outbox_due", mail_outbox.c.due_at)
Index("mail_outbox_by_user", mail_outbox.c.user_id, mail_outbox.c.kind)
