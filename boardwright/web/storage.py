"""Where tables live between requests and across restarts: SQLAlchemy 2 over SQLite or PostgreSQL.

A table is stored as its setup (game, players, options, seed), its seats (a hash of each seat's
token, never the token) and its **action log**: one row per change, numbered by the table's
``version``. The primary key ``(table_id, version)`` is what makes concurrent moves safe: two
servers that try to write the same version cannot both succeed, so exactly one move wins.
Every few versions a row in ``snapshots`` keeps a digest of the whole state, so a restart that
replays the log can prove it reached the same game. With PostgreSQL every committed change is
announced with ``NOTIFY`` so that other server processes push it to their clients.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
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
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

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
)

seats = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(100), nullable=False),
    Column("token", String(64), nullable=True),
    Column("bot", String(100), nullable=True),
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

#: the channel on which PostgreSQL announces committed changes: payload "<table> <version>"
CHANNEL = "boardwright"
#: PostgreSQL's clock now, in epoch seconds (the bot leases' time)
_NOW = "CAST(extract(epoch from clock_timestamp()) AS double precision)"


class Conflict(Exception):
    """Another move was stored under the same version first."""


@dataclass
class Row:
    """One stored change of a table: an action (``kind == "act"``) or an undo."""
    version: int
    seat: int
    kind: str
    text: str


@dataclass
class Stored:
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
    address: str | None
    seats: list[dict[str, Any]]
    rows: list[Row]
    snapshots: dict[int, str]


def engine_url(url: str) -> str:
    """SQLAlchemy's URL for a database URL as users write it (``postgresql://`` uses psycopg 3)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


class Storage:
    """The database of tables. Its methods block; the server calls them from worker threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_postgres = engine_url(url).startswith("postgresql")
        if url.startswith("sqlite:///") and url != "sqlite:///:memory:":
            Path(url[len("sqlite:///"):]).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {"future": True}
        if self.is_postgres:
            kwargs.update(pool_size=10, max_overflow=20, pool_pre_ping=True)
        else:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(engine_url(url), **kwargs)
        if not self.is_postgres:
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

    # ------------------------------------------------------------------ writing
    def create(self, table: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(tables).values(dict(table, options=json.dumps(table["options"]),
                                                          seed=str(table["seed"]), created=time.time(),
                                                          finished=False)))
            connection.execute(insert(seats), [dict(row, table_id=table["id"]) for row in seat_rows])

    def append(self, table_id: str, row: Row, digest: str | None, finished: bool) -> None:
        """Store one change; raises :class:`Conflict` when its version is taken already. The
        change is committed when this returns (a move is acknowledged only after that)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(actions).values(table_id=table_id, version=row.version, seat=row.seat,
                                                          kind=row.kind, text=row.text, created=time.time()))
                if digest is not None:
                    connection.execute(insert(snapshots).values(table_id=table_id, version=row.version,
                                                                digest=digest))
                if finished:
                    connection.execute(update(tables).where(tables.c.id == table_id).values(finished=True))
                self._announce(connection, f"{table_id} {row.version}")
        except IntegrityError:
            raise Conflict(f"version {row.version} of table {table_id} is taken") from None

    def set_bot(self, table_id: str, seat: int, bot: str | None) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat))
                               .values(bot=bot))
            self._announce(connection, f"{table_id} seats")

    def _announce(self, connection: Any, payload: str) -> None:
        if self.is_postgres:
            connection.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    # ------------------------------------------------------------------ reading
    def load(self, table_id: str) -> Stored | None:
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
            timer=head["timer"], finished=bool(head["finished"]), address=head["address"],
            seats=[dict(row) for row in seat_rows],
            rows=[Row(*row) for row in rows],
            snapshots={version: text for version, text in digests},
        )

    def rows_after(self, table_id: str, version: int) -> list[Row]:
        with self.engine.connect() as connection:
            found = connection.execute(select(actions.c.version, actions.c.seat, actions.c.kind, actions.c.text)
                                       .where((actions.c.table_id == table_id) & (actions.c.version > version))
                                       .order_by(actions.c.version)).all()
        return [Row(*row) for row in found]

    def seats_of(self, table_id: str) -> list[dict[str, Any]]:
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
                .where((tables.c.address == address) & tables.c.finished.is_(False) & tables.c.expired.is_(False))
            ).all()
        return [bot or kind for kind, bot in found if (bot or kind) != "human"]

    def unfinished(self) -> list[str]:
        """The tables whose game goes on (a restarted server resumes them)."""
        with self.engine.connect() as connection:
            return list(connection.execute(select(tables.c.id).where(tables.c.finished.is_(False)
                                                                     & tables.c.expired.is_(False))).scalars())

    def recent(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables, for the lobby: no seed, no tokens."""
        with self.engine.connect() as connection:
            heads = connection.execute(select(tables.c.id, tables.c.game, tables.c.players, tables.c.created,
                                              tables.c.finished).order_by(tables.c.created.desc())
                                       .limit(limit)).mappings().all()
        return [dict(row) for row in heads]

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
    def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(payload)`` (from a thread) for every change any server commits."""
        if not self.is_postgres or self._listener is not None:
            return
        import psycopg

        dsn = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        ready = threading.Event()

        def run() -> None:
            while not self._stop.is_set():
                try:
                    with psycopg.connect(dsn, autocommit=True) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        ready.set()
                        while not self._stop.is_set():
                            for note in connection.notifies(timeout=0.5):
                                callback(note.payload)
                except psycopg.Error:
                    self._stop.wait(1.0)  # the database went away: listen again when it is back

        self._listener = threading.Thread(target=run, name="boardwright-listen", daemon=True)
        self._listener.start()
        ready.wait(10)

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=2)
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()
