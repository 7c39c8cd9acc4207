"""Live tables: the games a server is running, their seats, their clients and their bots.

Every change to a table goes through :meth:`Hub.change`: under the table's lock it is tried on a
copy of the state, stored (committed) under the next version, and only then becomes the table's
state and is acknowledged and pushed. A restarted server rebuilds each table by replaying its
stored log, checking the stored snapshot digests on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
import traceback
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread

import boardwright as bw
from boardwright.engine.rng import derive_seed
from boardwright.engine.state import State

from .bots import Bots, Move, time_limit
from .botworker import apply_change
from .leases import Leases
from .limits import Limits
from .protocol import HUMAN, BadRequest, is_search_bot, seat_message
from .storage import Conflict, Row, Storage, Stored

log = logging.getLogger("boardwright.web")

#: a snapshot digest is stored every this many versions, and at the end of the game
SNAPSHOT_EVERY = 10
#: the bot that plays for a seat whose turn timer ran out
TIMER_BOT = "heuristic"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


_ADDRESS = re.compile(r" (?:object )?at 0x[0-9a-f]+")


def digest(state: State) -> str:
    """A digest of the whole state, hidden parts included, equal in any process for equal states."""
    parts = (state.fingerprint(only_game=True), state.streams.fingerprint(), state.to_act, state.is_over,
             [(seat, str(action)) for seat, action in state.log])
    return hashlib.sha256(_ADDRESS.sub("", repr(parts)).encode()).hexdigest()


@dataclass(eq=False)
class Subscriber:
    """One WebSocket client of a table: its seat and how many of that seat's events it has."""
    send: Callable[[str], Any]
    seat: int | None
    sent: int = 0
    wake: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(eq=False)
class Live:
    """A table in this server's memory."""
    id: str
    state: State
    version: int
    rows: list[Row]
    seats: list[dict[str, Any]]
    creator: str
    timer: int | None
    #: the address of the client that created the table (per-address caps and quotas), if known
    address: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    changed_at: float = field(default_factory=time.monotonic)
    thinking: set[tuple[int, int]] = field(default_factory=set)
    broken: str | None = None
    replayed: State | None = None

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), or ``None``."""
        presented = token_hash(token)
        found = None
        for row in self.seats:
            if row["token"] is not None and hmac.compare_digest(presented, row["token"]):
                found = row["seat"]
        return found

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: ``"human"`` or the spec of the bot that plays it."""
        row = self.seats[seat]
        return row["bot"] or row["kind"]

    def public_seats(self) -> list[dict[str, Any]]:
        connected = {sub.seat for sub in self.subscribers}
        return [{"seat": row["seat"], "kind": row["kind"], "played_by": self.controller(row["seat"]),
                 "connected": row["seat"] in connected} for row in self.seats]

    def replay(self, step: int, seat: int | None) -> dict[str, Any]:
        """A finished game as ``seat`` saw it after its first ``step`` actions (for the replay
        page): the message of that moment, with ``step``, ``steps`` and how many of the events
        the last action told (``fresh``). Steps forward from the last one shown when it can."""
        record = self.state.record()
        steps = len(record["actions"])
        if not 0 <= step <= steps:
            raise BadRequest(422, f"'step' is 0 to {steps}, not {step}")
        cached = self.replayed
        if cached is None or len(cached.log) > step:
            cached = bw.replay(record, until=max(0, step - 1))
        while len(cached.log) < step - 1:
            actor, text = record["actions"][len(cached.log)]
            cached.apply(actor, text)
        before = len(cached.events(seat))
        if step:
            actor, text = record["actions"][step - 1]
            cached.apply(actor, text)
        self.replayed = cached
        message = seat_message(cached, self.id, step, seat, 0, {"seats": self.public_seats(), "timer": None})
        message.update(step=step, steps=steps, fresh=len(message["events"]) - before if step else 0,
                       can_undo=False, legal_actions=message["legal_actions"])
        return message

    def message(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        extra: dict[str, Any] = {"seats": self.public_seats(), "timer": self.timer}
        if self.timer is not None and not self.state.is_over:
            extra["deadline"] = time.time() + max(0.0, self.timer - (time.monotonic() - self.changed_at))
        return seat_message(self.state, self.id, self.version, seat, since, extra)


def apply_row(state: State, row: Row) -> None:
    """Carry out one stored change on ``state`` (as a bot worker does on its copy)."""
    apply_change(state, row.seat, row.kind, row.text)


class Hub:
    """All tables this server serves, their storage and their bots."""

    def __init__(self, storage: Storage, bots: Bots, base_url: str = "", limits: Limits | None = None) -> None:
        self.storage = storage
        self.bots = bots
        self.base_url = base_url
        self.limits = limits or Limits()
        self.leases = Leases(storage)
        #: held while the search-bot seats of an address are counted and new ones stored
        self._seats_lock = asyncio.Lock()
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        await anyio.to_thread.run_sync(self.storage.migrate)
        await anyio.to_thread.run_sync(self.storage.listen, self._notified)
        for table_id in await anyio.to_thread.run_sync(self.storage.unfinished):
            try:
                live = await self.table(table_id)
            except BadRequest as error:
                log.error("table %s was not resumed: %s", table_id, error)
                continue
            self.schedule_bots(live)
        self._spawn(self._tick())
        self._spawn(self.leases.keep(self._plays_bots))

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.bots.close()
        await self.leases.release()
        await anyio.to_thread.run_sync(self.storage.close)

    def _spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ tables
    async def create(self, request: dict[str, Any], address: str | None = None) -> dict[str, Any]:
        game = bw.load(request["game"])
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbits(62)
        state = game.new(request["players"], seed, request["options"])
        creator = secrets.token_urlsafe(24)
        seats, answer = [], []
        for seat, kind in enumerate(request["seats"]):
            token = secrets.token_urlsafe(24) if kind == HUMAN else None
            seats.append({"seat": seat, "kind": kind, "token": token and token_hash(token), "bot": None})
            answer.append({"seat": seat, "kind": kind, "token": token,
                           "url": token and f"{self.base_url}/t/{table_id}#token={token}"})
        async with self.search_seats(address, request["seats"]):
            await anyio.to_thread.run_sync(self.storage.create, {
                "id": table_id, "game": game.id, "game_version": game.version, "players": state.players,
                "options": request["options"], "seed": seed, "creator": token_hash(creator),
                "timer": request["timer"], "address": address,
            }, seats)
        live = Live(table_id, state, 0, [], seats, token_hash(creator), request["timer"], address)
        self.live[table_id] = live
        self.schedule_bots(live)
        return {"table": table_id, "seats": answer, "creator_token": creator,
                "url": f"{self.base_url}/t/{table_id}"}

    async def table(self, table_id: str) -> Live:
        """The live table, rebuilt from storage if this server has not got it in memory."""
        live = self.live.get(table_id)
        if live is None:
            lock = self._loading.setdefault(table_id, asyncio.Lock())
            try:
                async with lock:
                    live = self.live.get(table_id)
                    if live is None:
                        stored = await anyio.to_thread.run_sync(self.storage.load, table_id)
                        if stored is None:
                            raise BadRequest(404, f"there is no table {table_id[:40]!r}")
                        live = self._rebuild(stored)
                        self.live[table_id] = live
                        if self.storage.is_postgres and not live.broken:
                            # a change another server committed while this one read the log was
                            # announced before the table was here to follow it: look once more
                            self._spawn(self._follow(live, live.version + 1))
            finally:  # an unknown table leaves nothing behind (a flood of made-up ids would grow this)
                self._loading.pop(table_id, None)
        if live.broken:
            raise BadRequest(500, live.broken)
        return live

    def _rebuild(self, stored: Stored) -> Live:
        """Replay a stored table and check it against its snapshots."""
        game = bw.load(stored.game)
        state = game.new(stored.players, stored.seed, stored.options)
        live = Live(stored.id, state, 0, [], stored.seats, stored.creator, stored.timer, stored.address)
        try:
            for row in stored.rows:
                if row.version != live.version + 1:
                    raise ValueError(f"its log jumps from version {live.version} to {row.version}")
                try:
                    apply_row(state, row)
                except (ValueError, bw.BoardwrightError) as error:
                    raise ValueError(f"its change at version {row.version} fails: {error}") from None
                live.version = row.version
                live.rows.append(row)
                expected = stored.snapshots.get(row.version)
                if expected is not None and expected != digest(state):
                    raise ValueError(f"its replay differs from the snapshot stored at version {row.version}")
        except (ValueError, bw.BoardwrightError) as error:
            live.broken = f"table {stored.id} could not be restored: {' '.join(str(error).split())}"
            log.error("%s", live.broken)
        return live

    # ------------------------------------------------------------------ changes
    async def change(self, live: Live, seat: int, kind: str, text: str, version: int,
                     check: Callable[[], None] | None = None) -> None:
        """Try, store and publish one change made at ``version``; raise :class:`BadRequest`
        (409 stale, 422 illegal) and change nothing when it cannot be made. ``check``, if given,
        runs under the table's lock and raises :class:`BadRequest` when the change is no longer
        the mover's to make (the seat was handed over meanwhile)."""
        async with live.lock:
            if check is not None:
                check()
            if version > live.version:
                await self._catch_up(live)
            if version != live.version:
                raise self._stale(live, version)
            trial = live.state.clone()
            try:
                apply_row(trial, Row(version + 1, seat, kind, text))
            except bw.IllegalAction as error:
                raise BadRequest(422, " ".join(str(error).split())) from None
            row = Row(version + 1, seat, kind, str(trial.log[-1][1]) if kind == "act" else "")
            snapshot = digest(trial) if trial.is_over or row.version % SNAPSHOT_EVERY == 0 else None
            try:
                await anyio.to_thread.run_sync(self.storage.append, live.id, row, snapshot, trial.is_over)
            except Conflict:
                await self._catch_up(live)
                raise self._stale(live, version) from None
            self._advance(live, trial, row)
        self._publish(live)

    def matches(self, live: Live, seat: int, kind: str, text: str, version: int) -> bool:
        """Whether the change made at ``version`` was this very one (a retried request)."""
        if not 0 <= version < len(live.rows):
            return False
        row = live.rows[version]
        return row.seat == seat and row.kind == kind and (kind != "act" or row.text == text)

    def _stale(self, live: Live, version: int) -> BadRequest:
        return BadRequest(409, f"the table is at version {live.version}, not {version}: someone moved first; "
                               f"fetch the table again")

    def _advance(self, live: Live, state: State, row: Row) -> None:
        live.state = state
        live.version = row.version
        live.rows.append(row)
        live.changed_at = time.monotonic()

    def _publish(self, live: Live) -> None:
        for subscriber in live.subscribers:
            subscriber.wake.set()
        self.schedule_bots(live)

    async def _catch_up(self, live: Live) -> None:
        """Apply the changes another server stored since this one's version (lock held)."""
        rows = await anyio.to_thread.run_sync(self.storage.rows_after, live.id, live.version)
        for row in rows:
            if row.version != live.version + 1:
                break
            state = live.state.clone()
            try:
                apply_row(state, row)
            except (ValueError, bw.BoardwrightError) as error:
                live.broken = (f"table {live.id} could not follow its stored change {row.version}: "
                               f"{' '.join(str(error).split())}")
                log.error("%s", live.broken)
                raise BadRequest(500, live.broken) from None
            self._advance(live, state, row)

    def _notified(self, payload: str) -> None:
        """(From the listener thread) a server, this one included, committed a change to a table."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._on_notice, payload)

    def _on_notice(self, payload: str) -> None:
        table_id, _, what = payload.partition(" ")
        live = self.live.get(table_id)
        if live is None:
            return
        if what == "seats":
            self._spawn(self._reload_seats(live))
        elif what.isascii() and what.isdigit() and int(what) > live.version:
            self._spawn(self._follow(live, int(what)))

    async def _follow(self, live: Live, announced: int) -> None:
        """Catch up with a change announced at version ``announced``. This server hears its own
        changes announced too, often before it has applied them itself (the listener is quicker
        than the loop): once the lock is ours, such a change is in, and nothing is read."""
        async with live.lock:
            if live.version >= announced:
                return
            before = live.version
            await self._catch_up(live)
        if live.version != before:
            for subscriber in live.subscribers:
                subscriber.wake.set()
            self.schedule_bots(live)  # the server that holds the table's bots answers at once

    async def _reload_seats(self, live: Live) -> None:
        live.seats = await anyio.to_thread.run_sync(self.storage.seats_of, live.id)
        for subscriber in live.subscribers:
            subscriber.wake.set()

    # ------------------------------------------------------------------ seats
    async def replace(self, live: Live, creator_token: str, seat: int, kind: str) -> None:
        """The creator hands ``seat`` to a bot (``kind`` a bot spec) or back to its human."""
        if not hmac.compare_digest(token_hash(creator_token), live.creator):
            raise BadRequest(403, "only the table's creator (with the creator token) may replace a seat")
        if not 0 <= seat < len(live.seats):
            raise BadRequest(422, f"there is no seat {seat} (seats are 0 to {len(live.seats) - 1})")
        if live.seats[seat]["kind"] != HUMAN:
            raise BadRequest(422, f"seat {seat} is a bot's seat; only a human's seat can be handed over")
        bot = None if kind == HUMAN else kind
        adds = [] if is_search_bot(live.controller(seat)) else [kind]  # a search handed to another takes no place
        async with self.search_seats(live.address, adds), live.lock:
            # between two changes: a move being made is made before the hand-over
            await anyio.to_thread.run_sync(self.storage.set_bot, live.id, seat, bot)
            live.seats[seat] = dict(live.seats[seat], bot=bot)
        self._publish(live)

    # ------------------------------------------------------------------ bots and the clock
    def schedule_bots(self, live: Live) -> None:
        """Start a move for every bot-played seat that must decide now and is not thinking yet."""
        state = live.state
        if state.is_over or live.broken:
            return
        for seat in state.to_act:
            spec = live.controller(seat)
            if spec != HUMAN:
                self._think(live, seat, spec)

    def _think(self, live: Live, seat: int, spec: str, timer: bool = False) -> None:
        """Have ``spec`` choose ``seat``'s move now: as the bot that plays the seat, or (``timer``)
        once for its human, whose time ran out."""
        key = (seat, live.version)
        if key in live.thinking:
            return
        live.thinking.add(key)
        self._spawn(self._bot_turn(live, seat, spec, key, timer))

    async def _bot_turn(self, live: Live, seat: int, spec: str, key: tuple[int, int], timer: bool = False) -> None:
        """Think the move and make it, if the decision is still open then. A server that shares
        its database thinks only for the tables whose bot lease it holds; a bot that fails or
        overruns plays a seeded random legal move (:class:`.bots.Bots`), so a table never waits
        on a broken bot."""
        version = key[1]

        def owed() -> bool:
            """The decision is still open, and the seat still played by this bot (for the
            timer's move: still by its human): a seat handed over meanwhile drops the move."""
            return (live.version == version and seat in live.state.to_act
                    and live.controller(seat) == (HUMAN if timer else spec))

        def still_owed() -> None:
            if not owed():
                raise BadRequest(409, f"seat {seat} changed hands or moved while its bot thought")
        try:
            state = live.state
            if state.seed is None or not await self.leases.hold(live.id):
                return
            if timer:
                log.info("table %s: seat %d ran out of time; the %s bot moves for it", live.id, seat, spec)
            text = await self.bots.move(Move(
                live.id, live.address or "", state, live.rows, version, seat, spec,
                derive_seed(state.seed, f"bot/{seat}/{version}"), time_limit(spec, self.limits.bot_time), owed))
            if text is None:
                raise BadRequest(409, f"seat {seat} changed hands or moved before its bot thought")
            still_owed()
            await self.change(live, seat, "act", text, version, check=still_owed)
        except BadRequest as error:
            if error.status == 409:
                log.info("table %s: the %s move for seat %d is dropped: %s", live.id, spec, seat, error)
            else:
                log.error("table %s: the %s bot of seat %d was refused: %s", live.id, spec, seat, error)
        except Exception:
            self.bots.failures.log(live.id, f"table {live.id}: the {spec} move of seat {seat} could not be made",
                                   traceback.format_exc())
        finally:
            live.thinking.discard(key)

    def _plays_bots(self, table_id: str) -> bool:
        """Whether a bot may have to move at this table (the lease of a table that needs none is
        given up)."""
        live = self.live.get(table_id)
        return live is not None and not live.state.is_over and not live.broken and (
            live.timer is not None or any(live.controller(row["seat"]) != HUMAN for row in live.seats))

    @contextlib.asynccontextmanager
    async def search_seats(self, address: str | None, kinds: Sequence[str]) -> AsyncIterator[None]:
        """Around storing new seats: refuse (429) search-bot seats past ``--search-seats`` for the
        address that created the table (counted at its unfinished tables, the new ones with them);
        one store at a time, so that two requests cannot both take the last place."""
        cap, asked = self.limits.search_seats, sum(1 for kind in kinds if is_search_bot(kind))
        if not asked or not cap or address is None:
            yield
            return
        async with self._seats_lock:
            held = sum(1 for spec in await anyio.to_thread.run_sync(self.storage.bots_of, address)
                       if is_search_bot(spec))
            if held + asked > cap:
                raise BadRequest(429, f"the unfinished tables this address created have {held} search-bot seats "
                                      f"(at most {cap}); finish one first, or seat random or heuristic bots")
            yield

    async def _tick(self) -> None:
        """Once a second: turn timers, and bots that should be thinking but are not (after
        another server's move, or when this server takes over the bots of a server that died)."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for live in list(self.live.values()):
                if live.state.is_over or live.broken:
                    continue
                if live.timer is not None and now - live.changed_at >= live.timer:
                    for seat in live.state.to_act:
                        if live.controller(seat) == HUMAN:
                            self._think(live, seat, TIMER_BOT, timer=True)
                if now - live.changed_at >= 2.0:
                    self.schedule_bots(live)

    # ------------------------------------------------------------------ clients
    async def subscribe(self, live: Live, subscriber: Subscriber) -> None:
        """Send ``subscriber`` the table now and after every change until it goes away."""
        live.subscribers.add(subscriber)
        for other in live.subscribers:
            other.wake.set()  # everyone's seat list shows who is connected
        try:
            while True:
                await subscriber.wake.wait()
                subscriber.wake.clear()
                message = live.message(subscriber.seat, subscriber.sent)
                subscriber.sent += len(message["events"])
                await subscriber.send(json.dumps(message))
        except Exception as failure:  # the client went away while it was being sent to
            log.debug("a push to table %s stopped: %s", live.id, failure)
        finally:
            live.subscribers.discard(subscriber)
            for other in live.subscribers:
                other.wake.set()

    def close_all(self) -> None:
        for live in self.live.values():
            live.subscribers.clear()


def seat_for(live: Live, token: str | None) -> int | None:
    """The seat a request's token names; ``None`` without a token (a spectator); 403 for a wrong one."""
    if token is None:
        return None
    seat = live.seat_of(token)
    if seat is None:
        raise BadRequest(403, "this token is not a seat's token at this table")
    return seat

