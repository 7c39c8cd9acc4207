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
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DisconnectionError, IntegrityError

from .playerstore import PlayerStore
from .protocol import BadRequest
from .schema import actions, bot_leases, reviews, seats, snapshots, tables
from .sqlitefile import create_private, identity, sqlite_path

log = logging.getLogger("boardwright.web")
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


class Storage(PlayerStore):
    """The database of tables (its players' part: :class:`.playerstore.PlayerStore`). Its methods
    block; the server calls them from worker threads."""

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

    def keep_review(self, table_id: str, seat: int, review: str) -> None:
        """Store the review (its JSON text) of ``seat`` at the finished table ``table_id``; one
        another server stored first is kept (the same table and seat, the same review)."""
        try:
            with self._writing() as connection:
                connection.execute(insert(reviews).values(table_id=table_id, seat=seat, review=review,
                                                          created=time.time()))
        except IntegrityError:
            pass

    # ------------------------------------------------------------------ reading
    def review_of(self, table_id: str, seat: int) -> str | None:
        """The stored review (JSON text) of ``seat`` at table ``table_id``, if one was thought."""
        self._check_file()
        with self.engine.connect() as connection:
            return connection.execute(select(reviews.c.review).where(
                (reviews.c.table_id == table_id) & (reviews.c.seat == seat))).scalar()

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
