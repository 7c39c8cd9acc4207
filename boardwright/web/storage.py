"""Where tables live between requests and across restarts: SQLAlchemy 2 over SQLite or PostgreSQL.

A table is stored as its setup (game, players, options, seed), its seats (a hash of each seat's
token, never the token) and its **action log**: one row per change, numbered by the table's
``version``. The primary key ``(table_id, version)`` is what makes concurrent moves safe: two
servers that try to write the same version cannot both succeed, so exactly one move wins.
Every few versions a row in ``snapshots`` keeps a digest of the whole state, so a restart that
replays the log can prove it reached the same game. With PostgreSQL every committed change is
announced with ``NOTIFY`` so that other server processes push it to their clients; a listener that
loses its connection says so in the log, listens again, and has every live table read again.

An SQLite file is checked before a change is acknowledged (:mod:`.sqlitefile`): once it has been
deleted or replaced under the server, nothing more is stored (:class:`DatabaseGone`, a 503).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

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
    cast,
    create_engine,
    delete,
    event,
    func,
    insert,
    literal,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DisconnectionError, IntegrityError

from .protocol import HUMAN, BadRequest
from .sqlitefile import create_private, identity, sqlite_path

log = logging.getLogger("boardwright.web")

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

#: seats looked at for your-turn mail at most in one look (the oldest waits first; the rest at the next)
MAIL_BATCH = 100
#: the channel on which PostgreSQL announces committed changes: payload "<table> <version>"
CHANNEL = "boardwright"
#: PostgreSQL's clock now, in epoch seconds (the bot leases' time)
_NOW = "CAST(extract(epoch from clock_timestamp()) AS double precision)"


class Conflict(Exception):
    """Another move was stored under the same version first."""


class DatabaseGone(BadRequest):
    """The SQLite file was deleted or replaced while the server ran: a change stored now would
    be lost at the next restart, so none is (503). What is in memory can still be read."""

    def __init__(self) -> None:
        super().__init__(503, "the server's database file was deleted or replaced while it ran; nothing can "
                              "be stored until its operator restarts it")


@dataclass
class Row:
    """One stored change of a table: an action (``kind == "act"``; ``"timeout"``: taken by a bot
    for a person whose turn timer ran out) or an undo."""
    version: int
    seat: int
    kind: str
    text: str


@dataclass(kw_only=True, eq=False)
class Place:
    """A table's place among players (migration 0003): whether it is listed in the lobby
    (``visibility`` "private" or "open") and has started, why it stopped early (``closed``), whether
    a person's seat was handed to a bot after the start (``handed``: not rated), its rematch and
    the table it is the rematch of, the account that created it, and whether its players may ask
    for hints (migration 0004). Stored and live tables both carry it."""
    visibility: str = "private"
    started: bool = True
    closed: str | None = None
    handed: bool = False
    rematch: str | None = None
    rematch_of: str | None = None
    creator_account: int | None = None
    hints: bool = True

    def place(self) -> dict[str, Any]:
        """These fields by name (a live table is made with a stored one's)."""
        return {field.name: getattr(self, field.name) for field in fields(Place)}


@dataclass
class Stored(Place):
    """A table as stored: its setup, seats, changes and snapshot digests."""
    id: str
    game: str
    game_version: str
    players: int
    options: dict[str, Any]
    seed: int
    creator: str
    timer: int | None
    finished: bool
    expired: bool
    address: str | None
    seats: list[dict[str, Any]]
    rows: list[Row]
    snapshots: dict[int, str]
    #: whether its end was rated
    rated: bool = False


def engine_url(url: str) -> str:
    """SQLAlchemy's URL for a database URL as users write it (``postgresql://`` uses psycopg 3)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


@dataclass(frozen=True)
class Statements:
    """The statements of :meth:`Storage.append`, in the driver's own placeholders."""
    append: str
    snapshot: str
    finish: str
    announce: str

    @classmethod
    def written(cls, mark: str) -> Statements:
        """The statements with ``mark`` as their placeholder (``%s`` for psycopg, ``?`` for sqlite3)."""
        return cls(
            append=f"INSERT INTO actions (table_id, version, seat, kind, text, created) "
                   f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark})",
            snapshot=f"INSERT INTO snapshots (table_id, version, digest) VALUES ({mark}, {mark}, {mark})",
            finish=f"UPDATE tables SET finished = {mark} WHERE id = {mark}",
            announce=f"SELECT pg_notify({mark}, {mark})")


class Storage:
    """The database of tables. Its methods block; the server calls them from worker threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_postgres = engine_url(url).startswith("postgresql")
        #: the SQLite file (``None`` for PostgreSQL or memory), its identity when opened, and
        #: whether it has been found deleted or replaced since
        self.path = sqlite_path(url)
        if self.path is not None:
            create_private(self.path)
            url = make_url(url).set(database=str(self.path)).render_as_string(hide_password=False)
        self._opened = identity(self.path) if self.path is not None else None
        self.gone = False
        self._noticing = threading.Lock()
        kwargs: dict[str, Any] = {"future": True}
        if self.is_postgres:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        else:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(engine_url(url), **kwargs)
        self.sql = Statements.written("%s" if self.is_postgres else "?")
        #: the connections that store moves (:meth:`append`): with PostgreSQL a pool of their own,
        #: whose connections in steady use are not pinged before every move (see :func:`_ping_if_idle`)
        self.writer = self.engine
        if self.is_postgres:
            self.writer = create_engine(engine_url(url), future=True, pool_size=5, max_overflow=15)
            event.listen(self.writer, "checkin", _note_checkin)
            event.listen(self.writer, "checkout", _ping_if_idle)
        else:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()

    # ------------------------------------------------------------------ schema
    def migrate(self) -> None:
        """Bring the schema to the newest migration (Alembic), once even with several servers."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            if self.is_postgres:  # two servers starting together migrate one after the other
                connection.execute(text("SELECT pg_advisory_xact_lock(4242)"))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        if self.writer is not self.engine:  # the first move finds a connection ready to store it
            with self.writer.connect():
                pass

    # ------------------------------------------------------------------ writing
    def create(self, table: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        with self._writing() as connection:
            connection.execute(insert(tables).values(dict(table, options=json.dumps(table["options"]),
                                                          seed=str(table["seed"]), created=time.time(),
                                                          finished=False)))
            connection.execute(insert(seats), [dict(row, table_id=table["id"]) for row in seat_rows])

    def append(self, table_id: str, row: Row, digest: str | None, finished: bool) -> None:
        """Store one change; raises :class:`Conflict` when its version is taken already. The
        change is committed when this returns (a move is acknowledged only after that).

        Every move of every table comes here, so it speaks to the database driver directly, with
        statements written once (:class:`Statements`): through SQLAlchemy's connections and
        statements a change cost three times the CPU. A pooled connection found dead (the database
        restarted, its backend was ended) is dropped and the change tried once more on a new one:
        if the first try was committed after all, the second finds its version taken, and the hub
        recognises its own change."""
        if self.gone:
            raise DatabaseGone()
        dbapi = self.writer.dialect.loaded_dbapi
        for attempt in (1, 2):
            connection = self.writer.raw_connection()  # from the pool; given back by close()
            try:
                self._store(connection.cursor(), table_id, row, digest, finished)
                connection.commit()
                return
            except dbapi.IntegrityError:
                connection.rollback()
                raise Conflict(f"version {row.version} of table {table_id} is taken") from None
            except dbapi.OperationalError:
                connection.invalidate()
                if attempt == 2 or not self.is_postgres:
                    raise
            except BaseException:
                connection.rollback()
                raise
            finally:
                connection.close()
                self._check_file()

    def _store(self, cursor: Any, table_id: str, row: Row, digest: str | None, finished: bool) -> None:
        sql = self.sql
        cursor.execute(sql.append, (table_id, row.version, row.seat, row.kind, row.text, time.time()))
        if digest is not None:
            cursor.execute(sql.snapshot, (table_id, row.version, digest))
        if finished:
            cursor.execute(sql.finish, (True, table_id))
        if self.is_postgres:
            cursor.execute(sql.announce, (CHANNEL, f"{table_id} {row.version}"))

    def set_bot(self, table_id: str, seat: int, bot: str | None) -> None:
        with self._writing() as connection:
            connection.execute(update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat))
                               .values(bot=bot))
            self._announce(connection, f"{table_id} seats")

    def _announce(self, connection: Any, payload: str) -> None:
        if self.is_postgres:
            connection.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """A transaction that counts as stored only if the database file is still the server's
        once it is committed (:class:`DatabaseGone` otherwise, whatever the transaction did)."""
        if self.gone:
            raise DatabaseGone()
        try:
            with self.engine.begin() as connection:
                yield connection
        finally:
            self._check_file()

    def _check_file(self) -> None:
        """Raise :class:`DatabaseGone` once the file at the SQLite database's path is not the file
        this server opened (deleted, or replaced by another); the log says so the first time."""
        if self.gone:
            raise DatabaseGone()
        if self.path is None or self._opened is None or identity(self.path) == self._opened:
            return
        with self._noticing:
            if not self.gone:
                self.gone = True
                log.error("the database file %s was deleted or replaced while the server ran: every change is "
                          "refused from now on (503) until the server is restarted; tables in memory can still "
                          "be read", self.path)
        raise DatabaseGone()

    # ------------------------------------------------------------------ reading
    def load(self, table_id: str) -> Stored | None:
        self._check_file()
        with self.engine.connect() as connection:
            head = connection.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
            if head is None:
                return None
            seat_rows = connection.execute(select(seats).where(seats.c.table_id == table_id)
                                           .order_by(seats.c.seat)).mappings().all()
            rows = connection.execute(select(actions.c.version, actions.c.seat, actions.c.kind, actions.c.text)
                                      .where(actions.c.table_id == table_id).order_by(actions.c.version)).all()
            digests = connection.execute(select(snapshots.c.version, snapshots.c.digest)
                                         .where(snapshots.c.table_id == table_id)).all()
        return Stored(
            id=head["id"], game=head["game"], game_version=head["game_version"], players=head["players"],
            options=json.loads(head["options"]), seed=int(head["seed"]), creator=head["creator"],
            timer=head["timer"], finished=bool(head["finished"]), expired=bool(head["expired"]),
            address=head["address"],
            seats=[dict(row) for row in seat_rows],
            rows=[Row(*row) for row in rows],
            snapshots={version: text for version, text in digests},
            visibility=head["visibility"], started=bool(head["started"]), closed=head["closed"],
            handed=bool(head["handed"]), rematch=head["rematch"], rematch_of=head["rematch_of"],
            creator_account=head["creator_account"], rated=bool(head["rated"]), hints=bool(head["hints"]),
        )

    def rows_after(self, table_id: str, version: int) -> list[Row]:
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(select(actions.c.version, actions.c.seat, actions.c.kind, actions.c.text)
                                       .where((actions.c.table_id == table_id) & (actions.c.version > version))
                                       .order_by(actions.c.version)).all()
        return [Row(*row) for row in found]

    def seats_of(self, table_id: str) -> list[dict[str, Any]]:
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(select(seats).where(seats.c.table_id == table_id)
                                       .order_by(seats.c.seat)).mappings().all()
        return [dict(row) for row in found]

    def bots_of(self, address: str) -> list[str]:
        """The spec of every bot that plays a seat (its own, or one its human handed it to) at the
        unfinished tables that ``address`` created."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(seats.c.kind, seats.c.bot).join(tables, tables.c.id == seats.c.table_id)
                .where((tables.c.address == address) & tables.c.finished.is_(False) & tables.c.expired.is_(False)
                       & tables.c.closed.is_(None))
            ).all()
        return [bot or kind for kind, bot in found if (bot or kind) != "human"]

    def unfinished(self) -> list[str]:
        """The tables whose game goes on (a restarted server resumes them)."""
        self._check_file()
        with self.engine.connect() as connection:
            return list(connection.execute(select(tables.c.id).where(tables.c.finished.is_(False)
                                                                     & tables.c.expired.is_(False)
                                                                     & tables.c.closed.is_(None))).scalars())

    def recent(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables, for the lobby: no seed, no tokens."""
        self._check_file()
        with self.engine.connect() as connection:
            heads = connection.execute(select(tables.c.id, tables.c.game, tables.c.players, tables.c.created,
                                              tables.c.finished).order_by(tables.c.created.desc())
                                       .limit(limit)).mappings().all()
        return [dict(row) for row in heads]

    def open_tables(self, address: str | None) -> tuple[int, int]:
        """How many tables are open (unfinished, not closed, not expired): in all, and created by ``address``."""
        self._check_file()
        is_open = tables.c.finished.is_(False) & tables.c.expired.is_(False) & tables.c.closed.is_(None)
        with self.engine.connect() as connection:
            every = connection.execute(select(func.count()).select_from(tables).where(is_open)).scalar_one()
            mine = 0 if address is None else connection.execute(
                select(func.count()).select_from(tables).where(is_open & (tables.c.address == address))).scalar_one()
        return every, mine

    def expire(self, cutoff: float) -> list[str]:
        """Mark expired every open table created before ``cutoff`` (epoch seconds) with no change
        since; the ids of those marked."""
        moved = select(actions.c.table_id).where((actions.c.table_id == tables.c.id) & (actions.c.created >= cutoff))
        with self._writing() as connection:
            return list(connection.execute(
                update(tables).where(tables.c.finished.is_(False) & tables.c.expired.is_(False)
                                     & (tables.c.created < cutoff) & ~moved.exists())
                .values(expired=True).returning(tables.c.id)).scalars())

    def heads(self, table_ids: list[str]) -> dict[str, tuple[int, list[str | None]]]:
        """For each of ``table_ids`` that is stored: its version (how many changes it has) and the
        bot that plays each seat for its human (``None`` where nobody replaced the human).
        One query for the versions and one for the seats, per 500 tables."""
        self._check_file()
        found: dict[str, tuple[int, list[str | None]]] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(table_ids), 500):
                chunk = table_ids[start:start + 500]
                versions = dict(connection.execute(
                    select(actions.c.table_id, func.max(actions.c.version))
                    .where(actions.c.table_id.in_(chunk)).group_by(actions.c.table_id)).all())
                bots: dict[str, list[str | None]] = {}
                for table_id, bot in connection.execute(select(seats.c.table_id, seats.c.bot)
                                                        .where(seats.c.table_id.in_(chunk))
                                                        .order_by(seats.c.table_id, seats.c.seat)):
                    bots.setdefault(table_id, []).append(bot)
                for table_id, seat_bots in bots.items():
                    found[table_id] = (versions.get(table_id, 0), seat_bots)
        return found

    # ------------------------------------------------------------------ bot leases (PostgreSQL)
    def take_lease(self, table_id: str, holder: str, seconds: float) -> float | None:
        """Hold the bot lease of ``table_id`` for ``seconds`` when it is free, run out, or
        ``holder``'s already: ``None`` then; else the seconds the other holder's lease still runs.
        Times are the database's clock, which every server shares."""
        with self.engine.begin() as connection:
            taken = connection.execute(text(
                f"INSERT INTO bot_leases (table_id, holder, expires) VALUES (:table, :holder, {_NOW} + :seconds) "
                f"ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires "
                f"WHERE bot_leases.holder = excluded.holder OR bot_leases.expires < {_NOW} RETURNING holder"),
                {"table": table_id, "holder": holder, "seconds": seconds}).first()
            if taken is not None:
                return None
            left = connection.execute(text(f"SELECT expires - {_NOW} FROM bot_leases WHERE table_id = :table"),
                                      {"table": table_id}).scalar()
        return max(0.0, float(left or 0.0))

    def renew_leases(self, holder: str, table_ids: list[str], seconds: float) -> set[str]:
        """Extend ``holder``'s leases of ``table_ids`` by ``seconds`` from now: the tables it still holds."""
        if not table_ids:
            return set()
        with self.engine.begin() as connection:
            kept = connection.execute(
                update(bot_leases).where((bot_leases.c.holder == holder) & bot_leases.c.table_id.in_(table_ids))
                .values(expires=text(f"{_NOW} + :seconds")).returning(bot_leases.c.table_id),
                {"seconds": seconds}).scalars()
            return set(kept)

    def release_leases(self, holder: str, table_ids: list[str] | None = None) -> None:
        """Give up ``holder``'s leases of ``table_ids`` (``None``: all of them)."""
        condition = bot_leases.c.holder == holder
        if table_ids is not None:
            condition = condition & bot_leases.c.table_id.in_(table_ids)
        with self.engine.begin() as connection:
            connection.execute(delete(bot_leases).where(condition))

    # ------------------------------------------------------------------ PostgreSQL announcements
    def listen(self, callback: Callable[[str], None], regained: Callable[[], None]) -> None:
        """Call ``callback(payload)`` (from a thread) for every change any server commits. When the
        listening connection is lost (the database restarted, its backend terminated) the log
        says so once; the listener connects again every second, and once it listens again it
        calls ``regained()``: what was announced in between was heard by nobody here."""
        if not self.is_postgres or self._listener is not None:
            return
        import psycopg

        dsn = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        # its name in pg_stat_activity, so that an operator can tell which server it serves
        name = f"boardwright-listen {os.getpid()}"
        ready = threading.Event()

        def run() -> None:
            lost_at: float | None = None
            while not self._stop.is_set():
                try:
                    with psycopg.connect(dsn, autocommit=True, application_name=name) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        ready.set()
                        if lost_at is not None:
                            log.warning("the PostgreSQL listener is back after %.1f s; every live table is read "
                                        "again", time.monotonic() - lost_at)
                            lost_at = None
                            regained()
                        while not self._stop.is_set():
                            for note in connection.notifies(timeout=0.5):
                                callback(note.payload)
                except psycopg.Error as error:
                    if lost_at is None and not self._stop.is_set():
                        lost_at = time.monotonic()
                        log.warning("lost the PostgreSQL listener (%s): moves made through other servers are "
                                    "not heard until it is back; connecting again every second",
                                    " ".join(str(error).split()))
                    self._stop.wait(1.0)

        self._listener = threading.Thread(target=run, name="boardwright-listen", daemon=True)
        self._listener.start()
        ready.wait(10)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=2)
        self.engine.dispose()
        self.writer.dispose()

    # ---- notices (your-turn mail)
    def mail_due(self, cutoff: float, most: int = MAIL_BATCH) -> list[dict[str, Any]]:
        """The seats to look at for your-turn mail, oldest wait first (at most ``most``): a person's
        seat, of an account with an address that is not disabled, at a started table that goes on,
        whose last change (its creation, before any) is older than ``cutoff`` (epoch seconds), and
        not looked at since that change (``seats.mailed`` below the table's version). Each as
        ``{table_id, seat, game, email, version, since}``. One query."""
        last = actions.alias("last")
        version = func.coalesce(select(func.max(last.c.version)).where(last.c.table_id == tables.c.id)
                                .scalar_subquery(), 0)
        since = func.coalesce(select(last.c.created).where(last.c.table_id == tables.c.id)
                              .order_by(last.c.version.desc()).limit(1).scalar_subquery(), tables.c.created)
        query = (
            select(seats.c.table_id, seats.c.seat, tables.c.game, accounts.c.email, version.label("version"),
                   since.label("since"))
            .select_from(seats.join(tables, tables.c.id == seats.c.table_id)
                         .join(accounts, accounts.c.id == seats.c.account_id))
            .where(accounts.c.email.is_not(None) & accounts.c.disabled.is_(False)
                   & tables.c.finished.is_(False) & tables.c.expired.is_(False) & tables.c.started.is_(True)
                   & tables.c.closed.is_(None) & (seats.c.kind == HUMAN) & seats.c.bot.is_(None)
                   & (since < cutoff) & (seats.c.mailed.is_(None) | (seats.c.mailed < version)))
            .order_by(since).limit(most))
        self._check_file()
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def claim_mail(self, table_id: str, seat: int, version: int) -> bool:
        """Mark the wait of ``seat`` at ``version`` dealt with, unless it already is (a compare and
        set: of two servers that try at once, exactly one is told ``True``)."""
        with self._writing() as connection:
            claimed = connection.execute(
                update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat)
                                    & (seats.c.mailed.is_(None) | (seats.c.mailed < version)))
                .values(mailed=version))
        return claimed.rowcount == 1

    def set_email(self, account_id: int, email: str | None) -> bool:
        """Give account ``account_id`` the address its your-turn mail goes to (``None``: no mail);
        whether there is such an account."""
        with self._writing() as connection:
            changed = connection.execute(update(accounts).where(accounts.c.id == account_id).values(email=email))
        return changed.rowcount == 1

    # ---- ratings (issue 29: ratings, leaderboards, profiles)
    def mark_handed(self, table_id: str) -> None:
        """Note that a person's seat at ``table_id`` was handed to a bot once play had begun: the
        table's end is not rated."""
        with self._writing() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id).values(handed=True))

    def keep_places(self, table_id: str, places: list[int]) -> None:
        """Store each seat's place in the result of the finished game at ``table_id``."""
        with self._writing() as connection:
            for seat, place in enumerate(places):
                connection.execute(update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat))
                                   .values(place=place))

    def rate_table(self, table_id: str, game: str, players: int, subjects: list[str],
                   rate: Callable[[dict[str, tuple[float, float]]], dict[str, tuple[float, float, bool]]],
                   ) -> dict[str, tuple[float, float, bool]] | None:
        """Rate the finished game at ``table_id`` once: in one transaction, claim the table (its
        ``rated`` flag, set only if it is finished, not rated yet and no seat was handed to a bot),
        read the current ratings of ``subjects`` in the group (game, players) (locked on
        PostgreSQL, in subject order), have ``rate(current)`` compute each subject's new
        ``(mu, sigma, won)``, and store them with a line of history each. ``None`` (nothing
        changed) when the table was rated already or may not be. A claim that two servers make at
        once is made by one: the other waits on the table's row and then finds it rated. A new
        subject's first rating written by two tables at once fails one of them, which tries again."""
        group = (ratings.c.game == game) & (ratings.c.players == players)
        for attempt in range(3):
            try:
                with self._writing() as connection:
                    claimed = connection.execute(
                        update(tables).where((tables.c.id == table_id) & tables.c.finished.is_(True)
                                             & tables.c.rated.is_(False) & tables.c.handed.is_(False))
                        .values(rated=True)).rowcount
                    if claimed != 1:
                        return None
                    query = (select(ratings.c.subject, ratings.c.mu, ratings.c.sigma)
                             .where(group & ratings.c.subject.in_(subjects)).order_by(ratings.c.subject))
                    if self.is_postgres:
                        query = query.with_for_update()
                    current = {subject: (mu, sigma) for subject, mu, sigma in connection.execute(query)}
                    rated = rate(current)
                    now = time.time()
                    for subject, (mu, sigma, won) in sorted(rated.items()):
                        if subject in current:
                            connection.execute(update(ratings).where(group & (ratings.c.subject == subject)).values(
                                mu=mu, sigma=sigma, games=ratings.c.games + 1, wins=ratings.c.wins + int(won),
                                updated=now))
                        else:
                            connection.execute(insert(ratings).values(
                                subject=subject, game=game, players=players, mu=mu, sigma=sigma, games=1,
                                wins=int(won), updated=now))
                    connection.execute(insert(rating_history), [
                        {"subject": subject, "game": game, "players": players, "table_id": table_id, "mu": mu,
                         "sigma": sigma, "won": won, "created": now}
                        for subject, (mu, sigma, won) in sorted(rated.items())])
                return rated
            except IntegrityError:
                if attempt == 2:
                    raise
        return None

    def leaderboard(self, game: str, players: int, limit: int) -> list[dict[str, Any]]:
        """The best ``limit`` ratings of the group (game, players), highest ordinal (mu - 3 sigma)
        first, then more games, then by subject (a stable order); each with the username of its
        account (``None`` for a bot). Disabled accounts are left out."""
        account = ratings.c.subject == literal("account:", String) + cast(accounts.c.id, String)
        query = (select(ratings.c.subject, ratings.c.mu, ratings.c.sigma, ratings.c.games, ratings.c.wins,
                        accounts.c.username)
                 .select_from(ratings.outerjoin(accounts, account))
                 .where((ratings.c.game == game) & (ratings.c.players == players)
                        & (ratings.c.subject.like("bot:%") | accounts.c.disabled.is_(False)))
                 .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), ratings.c.games.desc(), ratings.c.subject)
                 .limit(limit))
        self._check_file()
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def account_named(self, username_key: str) -> dict[str, Any] | None:
        """The account (id, username, created) whose case-folded username is ``username_key``,
        unless it is disabled."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(select(accounts.c.id, accounts.c.username, accounts.c.created).where(
                (accounts.c.username_key == username_key) & accounts.c.disabled.is_(False))).mappings().first()
        return None if found is None else dict(found)

    def ratings_of(self, subject: str, history: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Every rating of ``subject`` (one per game and player count), and the newest ``history``
        lines of its rating history, oldest first."""
        self._check_file()
        with self.engine.connect() as connection:
            groups = connection.execute(select(ratings).where(ratings.c.subject == subject)
                                        .order_by(ratings.c.game, ratings.c.players)).mappings().all()
            lines = connection.execute(select(rating_history).where(rating_history.c.subject == subject)
                                       .order_by(rating_history.c.id.desc()).limit(history)).mappings().all()
        return [dict(row) for row in groups], [dict(row) for row in reversed(lines)]

    def finished_tables_of(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """The newest ``limit`` finished games with a seat of ``account_id``: the table, game,
        player count, when it was created, whether it was rated, and the account's seat and place."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(
                select(tables.c.id, tables.c.game, tables.c.players, tables.c.created, tables.c.rated,
                       seats.c.seat, seats.c.place)
                .join(seats, seats.c.table_id == tables.c.id)
                .where((seats.c.account_id == account_id) & tables.c.finished.is_(True))
                .order_by(tables.c.created.desc(), tables.c.id, seats.c.seat).limit(limit)).mappings().all()
        return [dict(row) for row in found]

    # ---- chat
    def add_chat(self, table_id: str, channel: str, seat: int | None, name: str, text: str,
                 most: int) -> dict[str, Any] | None:
        """Store a chat line of ``table_id`` (announced to the other servers); the stored row, or
        ``None`` when the table holds ``most`` lines already (0: no cap). The line is written before
        the lines are counted, so that the count is taken under the write lock (SQLite); PostgreSQL
        locks the table's row first, so that two servers cannot both store the last line allowed."""
        row = {"table_id": table_id, "channel": channel, "seat": seat, "name": name, "text": text,
               "created": time.time()}
        try:
            with self._writing() as connection:
                if most and self.is_postgres:
                    connection.execute(select(tables.c.id).where(tables.c.id == table_id).with_for_update())
                stored = connection.execute(insert(chat).values(row))
                if most and connection.execute(select(func.count()).select_from(chat)
                                               .where(chat.c.table_id == table_id)).scalar_one() > most:
                    raise _ChatFull  # the line is rolled back
                self._announce(connection, f"{table_id} chat")
        except _ChatFull:
            return None
        key = stored.inserted_primary_key
        assert key is not None
        return dict(row, id=key[0])

    def chat_of(self, table_id: str, newest: int) -> tuple[int, list[dict[str, Any]]]:
        """How many chat lines ``table_id`` holds, and the ``newest`` lines of each of its channels."""
        self._check_file()
        with self.engine.connect() as connection:
            count = connection.execute(select(func.count()).select_from(chat)
                                       .where(chat.c.table_id == table_id)).scalar_one()
            rows: list[Any] = []
            for channel in connection.execute(select(chat.c.channel).where(chat.c.table_id == table_id)
                                              .distinct()).scalars():
                rows += connection.execute(select(chat).where((chat.c.table_id == table_id)
                                                              & (chat.c.channel == channel))
                                           .order_by(chat.c.id.desc()).limit(newest)).mappings().all()
        return count, [dict(row) for row in rows]

    # ---- lobby
    def take_seat(self, table_id: str, seat: int, token: str, name: str | None, account_id: int | None) -> bool:
        """Give a free (or kept) seat its token, name and account: whether it was still free (of two
        takers, the one stored first has it)."""
        with self._writing() as connection:
            taken = connection.execute(
                update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat) & seats.c.token.is_(None))
                .values(token=token, name=name, account_id=account_id, claim=None)).rowcount == 1
            if taken:
                self._announce(connection, f"{table_id} lobby")
                rematch_of = connection.execute(select(tables.c.rematch_of).where(tables.c.id == table_id)).scalar()
                if rematch_of is not None:
                    self._announce(connection, f"{rematch_of} lobby")
        return taken

    def start_table(self, table_id: str, bots: dict[int, str]) -> None:
        """Seat ``bots`` (seat -> spec) in the free seats of a table, and mark it started."""
        with self._writing() as connection:
            for seat, spec in bots.items():
                connection.execute(update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat))
                                   .values(kind=spec))
            connection.execute(update(tables).where(tables.c.id == table_id).values(started=True))
            self._announce(connection, f"{table_id} lobby")

    def close_table(self, table_id: str, reason: str) -> None:
        """Close a table before its game ends, for ``reason``."""
        with self._writing() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id).values(closed=reason[:200]))
            self._announce(connection, f"{table_id} lobby")

    def set_rematch(self, table_id: str, rematch: str) -> str:
        """Make ``rematch`` the rematch of a table unless it has one already: the one it has now."""
        with self._writing() as connection:
            connection.execute(update(tables).where((tables.c.id == table_id) & tables.c.rematch.is_(None))
                               .values(rematch=rematch))
            self._announce(connection, f"{table_id} lobby")
            return str(connection.execute(select(tables.c.rematch).where(tables.c.id == table_id)).scalar_one())

    def lobby_of(self, table_id: str) -> dict[str, Any] | None:
        """A table's place in the lobby as stored: started, closed, rematch, its seats, and the
        seats of its rematch that were taken back (``accepted``)."""
        self._check_file()
        with self.engine.connect() as connection:
            head = connection.execute(select(tables.c.started, tables.c.closed, tables.c.rematch)
                                      .where(tables.c.id == table_id)).mappings().first()
            if head is None:
                return None
            seat_rows = connection.execute(select(seats).where(seats.c.table_id == table_id)
                                           .order_by(seats.c.seat)).mappings().all()
        found = dict(head, started=bool(head["started"]), seats=[dict(row) for row in seat_rows])
        found["accepted"] = self.accepted(head["rematch"]) if head["rematch"] else []
        return found

    def accepted(self, rematch: str) -> list[int]:
        """The persons' seats of a rematch taken back so far."""
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(seats.c.seat).where((seats.c.table_id == rematch) & (seats.c.kind == "human")
                                           & seats.c.token.is_not(None)).order_by(seats.c.seat)).scalars())

    def waiting(self, limit: int) -> list[dict[str, Any]]:
        """The open tables waiting for players, newest first, each with its seats (kind, name,
        whether free): no seed, no token, no account."""
        self._check_file()
        with self.engine.connect() as connection:
            heads = connection.execute(
                select(tables.c.id, tables.c.game, tables.c.players, tables.c.options, tables.c.timer,
                       tables.c.created)
                .where((tables.c.visibility == "open") & tables.c.started.is_(False) & tables.c.closed.is_(None)
                       & tables.c.finished.is_(False) & tables.c.expired.is_(False))
                .order_by(tables.c.created.desc()).limit(limit)).mappings().all()
            ids = [head["id"] for head in heads]
            by_table: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in ids}
            for row in connection.execute(select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.name,
                                                 seats.c.token, seats.c.claim)
                                          .where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)).mappings():
                by_table[row["table_id"]].append({
                    "seat": row["seat"], "kind": row["kind"], "name": row["name"],
                    "free": row["kind"] == "human" and row["token"] is None and row["claim"] is None})
        return [dict(head, options=json.loads(head["options"]), seats=by_table[head["id"]]) for head in heads]

    # ---- the operator's commands (boardwright admin) and the closed tables a server stops serving
    def listed_tables(self, which: str | None = None, limit: int = 50,
                      table_id: str | None = None) -> list[dict[str, Any]]:
        """The newest tables, each with its seats (``seats``: the rows of ``seats``): all of them,
        or (``which``) the ``"open"`` ones (unfinished, not expired) or the ``"finished"`` ones
        (over, or ended before the end); or the table ``table_id`` alone."""
        self._check_file()
        query = select(tables.c.id, tables.c.game, tables.c.players, tables.c.created, tables.c.finished,
                       tables.c.expired, tables.c.started, tables.c.closed, tables.c.visibility)
        if which == "open":
            query = query.where(tables.c.finished.is_(False) & tables.c.expired.is_(False))
        elif which == "finished":
            query = query.where(tables.c.finished.is_(True))
        if table_id is not None:
            query = query.where(tables.c.id == table_id)
        with self.engine.connect() as connection:
            heads = [dict(row) for row in connection.execute(
                query.order_by(tables.c.created.desc()).limit(limit)).mappings()]
            found: dict[str, list[dict[str, Any]]] = {head["id"]: [] for head in heads}
            if found:
                for row in connection.execute(select(seats).where(seats.c.table_id.in_(list(found)))
                                              .order_by(seats.c.table_id, seats.c.seat)).mappings():
                    found[row["table_id"]].append(dict(row))
        return [dict(head, seats=found[head["id"]]) for head in heads]

    def listed_accounts(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest accounts (never their password hash), each with how many sessions it has."""
        self._check_file()
        live = select(func.count()).where(sessions.c.account_id == accounts.c.id).scalar_subquery()
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(
                select(accounts.c.id, accounts.c.username, accounts.c.created, accounts.c.disabled,
                       live.label("sessions")).order_by(accounts.c.created.desc()).limit(limit)).mappings()]

    def end_table(self, table_id: str, reason: str) -> None:
        """Close the unfinished table ``table_id`` (``closed`` set to ``reason``, and finished: it is
        not resumed); announced, so that every server stops serving it. A ``LookupError`` when
        there is no such table, a ``ValueError`` when it is over already."""
        with self._writing() as connection:
            head = connection.execute(select(tables.c.finished, tables.c.closed)
                                      .where(tables.c.id == table_id)).first()
            if head is None:
                raise LookupError(f"there is no table {table_id[:40]!r}")
            if head.closed is not None:
                raise ValueError(f"table {table_id} was ended already: {head.closed}")
            if head.finished:
                raise ValueError(f"table {table_id} is over already: its game ended")
            connection.execute(update(tables).where(tables.c.id == table_id).values(closed=reason, finished=True))
            self._announce(connection, f"{table_id} closed")

    def delete_table(self, table_id: str) -> None:
        """Delete the table ``table_id`` with its seats, changes, snapshots and chat; announced as
        closed. A ``LookupError`` when there is no such table."""
        with self._writing() as connection:
            for child in (seats, actions, snapshots, bot_leases, chat):  # whatever the foreign keys do
                connection.execute(delete(child).where(child.c.table_id == table_id))
            if not connection.execute(delete(tables).where(tables.c.id == table_id)).rowcount:
                raise LookupError(f"there is no table {table_id[:40]!r}")
            self._announce(connection, f"{table_id} closed")

    def _account_id(self, connection: Connection, username: str) -> int:
        """The id of the account ``username`` (compared case-folded); a ``LookupError`` if none."""
        found = connection.execute(select(accounts.c.id).where(accounts.c.username_key == username.casefold())).scalar()
        if found is None:
            raise LookupError(f"there is no account {username[:40]!r}")
        return int(found)

    def set_disabled(self, username: str, disabled: bool) -> None:
        """Disable the account ``username`` (its sessions end; signing in is refused) or enable it."""
        with self._writing() as connection:
            account = self._account_id(connection, username)
            connection.execute(update(accounts).where(accounts.c.id == account).values(disabled=disabled))
            if disabled:
                connection.execute(delete(sessions).where(sessions.c.account_id == account))

    def set_password(self, username: str, password_hash: str) -> None:
        """Store ``password_hash`` as the account's password and end its sessions."""
        with self._writing() as connection:
            account = self._account_id(connection, username)
            connection.execute(update(accounts).where(accounts.c.id == account).values(password=password_hash))
            connection.execute(delete(sessions).where(sessions.c.account_id == account))

    def closed_among(self, table_ids: list[str]) -> dict[str, str]:
        """Which of ``table_ids`` were closed (their reason) or deleted (``"deleted"``) since they
        were read: primary-key lookups, 500 tables a query."""
        self._check_file()
        found: dict[str, str] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(table_ids), 500):
                chunk = table_ids[start:start + 500]
                heads = dict(connection.execute(select(tables.c.id, tables.c.closed)
                                                .where(tables.c.id.in_(chunk))).all())
                found.update({table_id: "deleted" for table_id in chunk if table_id not in heads})
                found.update({table_id: closed for table_id, closed in heads.items() if closed is not None})
        return found

    # ---- accounts and my games
    def create_account(self, username: str, key: str, password: str) -> int | None:
        """Store a new account; its id, or ``None`` when ``key`` (the case-folded username) is taken."""
        try:
            with self._writing() as connection:
                return int(connection.execute(insert(accounts).values(
                    username=username, username_key=key, password=password, created=time.time(), disabled=False)
                    .returning(accounts.c.id)).scalar_one())
        except IntegrityError:
            return None

    def account(self, key: str) -> dict[str, Any] | None:
        """The account whose case-folded username is ``key``: id, username, password (its hash), disabled."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(select(accounts.c.id, accounts.c.username, accounts.c.password,
                                              accounts.c.disabled).where(accounts.c.username_key == key)
                                       ).mappings().first()
        return dict(found) if found is not None else None

    def set_account_password(self, account_id: int, password: str) -> None:
        with self._writing() as connection:
            connection.execute(update(accounts).where(accounts.c.id == account_id).values(password=password))

    def create_session(self, session_id: str, account_id: int, csrf: str) -> None:
        now = time.time()
        with self._writing() as connection:
            connection.execute(insert(sessions).values(id=session_id, account_id=account_id, csrf=csrf,
                                                       created=now, seen=now))

    def session(self, session_id: str, idle_after: float) -> dict[str, Any] | None:
        """The live session stored as ``session_id``: account_id, username, csrf, seen. A session
        unused since ``idle_after`` (epoch seconds), or whose account is disabled, is none."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(
                select(sessions.c.account_id, accounts.c.username, sessions.c.csrf, sessions.c.seen)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where((sessions.c.id == session_id) & (sessions.c.seen >= idle_after)
                       & accounts.c.disabled.is_(False))).mappings().first()
        return dict(found) if found is not None else None

    def touch_session(self, session_id: str) -> None:
        with self._writing() as connection:
            connection.execute(update(sessions).where(sessions.c.id == session_id).values(seen=time.time()))

    def end_sessions(self, account_id: int | None = None, session_id: str | None = None,
                     keep: str | None = None, idle_before: float | None = None) -> None:
        """Delete the session ``session_id``, or every session of ``account_id`` but ``keep``, or
        (``idle_before``) every session unused since then."""
        if session_id is not None:
            condition = sessions.c.id == session_id
        elif account_id is not None:
            condition = (sessions.c.account_id == account_id) & (sessions.c.id != (keep or ""))
        elif idle_before is not None:
            condition = sessions.c.seen < idle_before
        else:
            raise ValueError("end_sessions needs a session, an account or a time")
        with self._writing() as connection:
            connection.execute(delete(sessions).where(condition))

    def tables_of(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """The newest ``limit`` tables where ``account_id`` has a seat: id, game, finished, expired,
        closed, winners, and ``seats`` (every seat's row: seat, kind, bot, name, account_id)."""
        self._check_file()
        with self.engine.connect() as connection:
            heads = connection.execute(
                select(tables.c.id, tables.c.game, tables.c.created, tables.c.finished, tables.c.expired,
                       tables.c.closed, tables.c.winners)
                .where(tables.c.id.in_(select(seats.c.table_id).where(seats.c.account_id == account_id)))
                .order_by(tables.c.created.desc()).limit(limit)).mappings().all()
            found = {row["id"]: dict(row, seats=[]) for row in heads}
            if found:
                for row in connection.execute(
                        select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.bot, seats.c.name,
                               seats.c.account_id).where(seats.c.table_id.in_(list(found)))
                        .order_by(seats.c.table_id, seats.c.seat)).mappings():
                    found[row["table_id"]]["seats"].append(dict(row))
        return list(found.values())

    def set_winners(self, table_id: str, winners: list[int]) -> None:
        with self._writing() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id)
                               .values(winners=",".join(str(seat) for seat in winners)))


class _ChatFull(Exception):
    """A table's chat holds all the lines it may (its new line is not stored)."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


#: a pooled PostgreSQL connection idle this long (seconds) is pinged before it is used again
PING_AFTER = 5.0


def _note_checkin(_connection: Any, record: Any) -> None:
    record.info["idle_since"] = time.monotonic()


def _ping_if_idle(connection: Any, record: Any, _proxy: Any) -> None:
    """Before a pooled connection that has been idle a while is used, make sure it still works
    (the database may have restarted meanwhile): a dead one is replaced. A connection in steady use
    is not pinged: that was a round trip to the database for every move."""
    if time.monotonic() - record.info.get("idle_since", 0.0) < PING_AFTER:
        return
    try:
        with contextlib.closing(connection.cursor()) as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:
        raise DisconnectionError(f"a pooled connection is dead: {error}") from error
