"""The server's database tables (SQLAlchemy Core), as the migrations (``migrations/versions``) make
them: the tables and their seats, action logs, snapshot digests and bot leases; the accounts and
their sessions; each table's chat; the ratings and their history; the reviews of finished games."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("game_version", String(20), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(40), nullable=False),
    Column("creator", String(64), nullable=False),
    Column("timer", Integer, nullable=True),
    Column("created", Float, nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("address", String(64), nullable=True),
    Column("expired", Boolean, nullable=False, default=False),
    #: "private" (reached by its links only) or "open" (listed in the lobby; anyone named or
    #: signed in may take a free seat)
    Column("visibility", String(8), nullable=False, default="private"),
    #: whether play has begun: an open table waits for its seats to be taken (or its creator to start it)
    Column("started", Boolean, nullable=False, default=True),
    #: why the table stopped before its game ended (cancelled by its creator, ended by an admin)
    Column("closed", String(200), nullable=True),
    #: whether a person's seat was handed to a bot after the start (such a table is not rated)
    Column("handed", Boolean, nullable=False, default=False),
    #: the table of its rematch, once one was offered; and the table this one is the rematch of
    Column("rematch", String(32), nullable=True),
    Column("rematch_of", String(32), nullable=True),
    #: the account that created the table (it has the creator's controls when signed in)
    Column("creator_account", Integer, nullable=True),
    #: whether its end was rated (every person at it signed in, no seat handed to a bot)
    Column("rated", Boolean, nullable=False, default=False),
    #: the winning seats once the game is over, comma-separated ("my games" lists finished tables
    #: from the database without replaying them)
    Column("winners", String(100), nullable=True),
    #: whether its players may ask the search for hints (migration 0004; never at a rated table)
    Column("hints", Boolean, nullable=False, default=True),
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(100), nullable=False),
    Column("token", String(64), nullable=True),
    Column("bot", String(100), nullable=True),
    #: the display name of the person at the seat, as they gave it (``None``: not named)
    Column("name", String(40), nullable=True),
    #: the account the seat belongs to (taken while signed in), if any
    Column("account_id", Integer, nullable=True),
    #: a seat kept for someone (a rematch): the hash of the token that may take it
    Column("claim", String(64), nullable=True),
    #: the version whose wait was last looked at for a your-turn mail to this seat (mailed then if
    #: the seat was deciding): one mail per wait
    Column("mailed", Integer, nullable=True),
    #: the seat's place in the result once the game is over (1: a winner; then by score, equal
    #: scores sharing a place); ``None`` while it goes on, or for a game that ended before places were kept
    Column("place", Integer, nullable=True),
)

accounts = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(32), nullable=False),
    #: the username as it is compared (case-folded): unique
    Column("username_key", String(32), nullable=False, unique=True),
    #: the Argon2id hash of the password (its encoded form, with its parameters and salt)
    Column("password", String(200), nullable=False),
    Column("created", Float, nullable=False),
    Column("disabled", Boolean, nullable=False, default=False),
    #: where your-turn mail goes, if the person gave an address
    Column("email", String(254), nullable=True),
)

sessions = Table(
    "sessions", metadata,
    #: the SHA-256 of the session cookie's value (never the value itself)
    Column("id", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    #: the session's CSRF token, sent back in the X-CSRF-Token header of every state-changing request
    Column("csrf", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
)

chat = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    #: "players" (the seats) or "spectators"
    Column("channel", String(10), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(40), nullable=False),
    Column("text", String(500), nullable=False),
    Column("created", Float, nullable=False),
)

ratings = Table(
    "ratings", metadata,
    #: "account:<id>" or "bot:<spec>"
    Column("subject", String(120), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("players", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),
    Column("wins", Integer, nullable=False, default=0),
    Column("updated", Float, nullable=False),
)

rating_history = Table(
    "rating_history", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("subject", String(120), nullable=False),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("created", Float, nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("text", String(400), nullable=False),
    Column("created", Float, nullable=False),
)

snapshots = Table(
    "snapshots", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("digest", String(64), nullable=False),
)

bot_leases = Table(
    "bot_leases", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("holder", String(64), nullable=False),
    Column("expires", Float, nullable=False),
)

reviews = Table(
    "reviews", metadata,
    #: the review of one seat's play in a finished table's game (migration 0005), thought once
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    #: the review as the server sends it (JSON, at most ``reviews.REVIEW_BYTES``)
    Column("review", Text, nullable=False),
    Column("created", Float, nullable=False),
)
