"""The hub of changes: the tables a server is running (:class:`.live.Live`), their seats, their
clients and their bots.

Every change to a table goes through :meth:`Hub.change`: under the table's lock it is tried on a
copy of the state, stored (committed) under the next version, and only then becomes the table's
state and is acknowledged and pushed. A restarted server rebuilds each table by replaying its
stored log, checking the stored snapshot digests on the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import re
import secrets
import time
import traceback
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import anyio.to_thread

import boardwright as bw
from boardwright.engine.rng import derive_seed
from boardwright.engine.state import State

from .accounts import Account
from .bots import UNDO, UNDO_TIME, Bots, Move, time_limit
from .botworker import TIMED_OUT
from .costs import Costs
from .leases import Leases
from .limits import Limits
from .live import Live, Subscriber, apply_row, timed, token_hash
from .mail import Mailer
from .protocol import HUMAN, BadRequest, is_search_bot, to_json
from .replays import Replay
from .smtp import SmtpServer
from .storage import Conflict, Row, Storage, Stored

log = logging.getLogger("boardwright.web")

#: a snapshot digest is stored every this many versions, and at the end of the game (a digest
#: costs about a millisecond: a table's copy of the whole state, written out)
SNAPSHOT_EVERY = 50
#: the bot that plays for a seat whose turn timer ran out
TIMER_BOT = "heuristic"
#: the shape of every table id: ``secrets.token_urlsafe`` letters, at most the width of the stored id
#: (a NUL, which PostgreSQL cannot even compare, or a newline is refused before storage is asked)
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


#: events not yet written out for a seat beyond which they are written in a worker thread
WRITE_IN_THREAD = 500
#: an answer longer than this (bytes) is charged to its client: sending it costs the event loop time
LONG_ANSWER = 64 * 1024
#: the CPU seconds charged per byte of a long answer (writing and compressing it)
SEND_COST = 2e-8
#: the CPU seconds a client address may spend at once on costly requests, in seconds of its rate
COST_BURST = 20
#: replays of finished games kept (their checkpoints) for the next step someone asks for
REPLAYS_KEPT = 8
#: seconds between sweeps for expired tables, and how long an unasked-for finished table stays
SWEEP_EVERY = 60.0
KEEP_FINISHED = 600.0
#: seconds between looks for live tables that ``boardwright admin`` ended or deleted (PostgreSQL
#: announces them at once; this look is for SQLite, and for an announcement missed)
CLOSED_EVERY = 5.0



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
        #: what costly requests cost each client address (replays, loading tables, long histories)
        self.costs = Costs(self.limits.request_cpu, self.limits.request_cpu * COST_BURST)
        #: the replays of finished games asked for lately, newest last
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self._creating = asyncio.Lock()
        self.live: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        #: called once when a table's game ends, by the server that stored its last change (the
        #: ratings, the rematch offer...): each is awaited in a task of its own, its failure logged
        self.end_hooks: list[Callable[[Live], Awaitable[None]]] = []
        #: called when a socket starts following a table (the chat's newest lines), each in a task of its own
        self.subscribe_hooks: list[Callable[[Live, Subscriber], Awaitable[None]]] = []
        #: what a server announces about a table beyond its changes and seats: the word after the
        #: table's id (``"<table> chat"``) -> what a server that has the table live does then
        self.announced: dict[str, Callable[[Live], Awaitable[None]]] = {}
        #: your-turn mail (:mod:`.mail`), when the operator named an SMTP server
        self.mailer = (Mailer(self, SmtpServer.parse(self.limits.smtp), self.limits.smtp_from, self.limits.mail_after)
                       if self.limits.smtp else None)

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        await anyio.to_thread.run_sync(self.storage.migrate)
        await anyio.to_thread.run_sync(self.storage.listen, self._notified, self._listening_again)
        await self.expire()  # an abandoned table is not resumed
        for table_id in await anyio.to_thread.run_sync(self.storage.unfinished):
            try:
                live = await self.table(table_id)
            except BadRequest as error:
                log.error("table %s was not resumed: %s", table_id, error)
                continue
            self.schedule_bots(live)
        self._spawn(self._tick())
        self._spawn(self._sweep())
        self._spawn(self._watch_closed())
        self._spawn(self.leases.keep(self._plays_bots))
        if self.mailer is not None:
            self._spawn(self.mailer.run())

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
        """Create a table as ``request`` (checked by :func:`.protocol.parse_create`) asks, for the
        client at ``address``; 429 when that address, or the server, has as many open tables as
        the limits allow."""
        async with self._creating:  # counted and created one at a time, so a burst cannot pass a cap
            await self._check_room(address)
            return await self._create(request, address)

    async def _check_room(self, address: str | None) -> None:
        every, mine = self.limits.max_tables, self.limits.max_tables_per_address
        if not every and not mine:
            return
        in_all, by_address = await anyio.to_thread.run_sync(self.storage.open_tables, address)
        if every and in_all >= every:
            raise BadRequest(503, f"this server has {every} open tables, its limit; try again when some have "
                                  f"ended", retry_after=60)
        if mine and address is not None and by_address >= mine:
            raise BadRequest(429, f"this address has {mine} open tables, the most it may have; finish or leave "
                                  f"one first (an abandoned table expires after "
                                  f"{self.limits.table_expiry:g} days without a move)")

    async def _create(self, request: dict[str, Any], address: str | None) -> dict[str, Any]:
        game = bw.load(request["game"])
        table_id = new_table_id()
        seed = secrets.randbits(62)
        state = game.new(request["players"], seed, request["options"])
        seats, answer = self._seat_rows(table_id, request)
        creator = secrets.token_urlsafe(24)
        creator_hash = request.get("creator") or token_hash(creator)  # a rematch keeps its table's creator
        started = not any(row["kind"] == HUMAN and row["token"] is None for row in seats)
        head = {"visibility": request.get("visibility", "private"), "started": started,
                "hints": request.get("hints", True),
                "creator_account": request.get("creator_account"), "rematch_of": request.get("rematch_of")}
        async with self.search_seats(address, request["seats"]):
            await anyio.to_thread.run_sync(self.storage.create, {
                "id": table_id, "game": game.id, "game_version": game.version, "players": state.players,
                "options": request["options"], "seed": seed, "creator": creator_hash,
                "timer": request["timer"], "address": address, **head,
            }, seats)
        live = Live(table_id, state, 0, [], seats, creator_hash, request["timer"], address, **head)
        self.live[table_id] = live
        self.schedule_bots(live)
        return {"table": table_id, "seats": answer, "creator_token": None if request.get("creator") else creator,
                "url": f"{self.base_url}/t/{table_id}", "visibility": live.visibility, "started": started}

    def _seat_rows(self, table_id: str, request: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The stored rows of a new table's seats and what its creator is told of them. A person's
        seat gets its token now, but a free seat of an open table (nobody named it) and a seat a
        rematch keeps for its player (``claims``: the hash of the token that may take it), which
        get theirs when they are taken (:mod:`.lobby`)."""
        players = len(request["seats"])
        names = request.get("names") or [None] * players
        claims = request.get("claims") or [None] * players
        accounts = request.get("accounts") or [None] * players
        if request.get("creator_seat") is not None:
            accounts = [request.get("creator_account") if seat == request["creator_seat"] else held
                        for seat, held in enumerate(accounts)]
        is_open = request.get("visibility") == "open"
        seats, answer = [], []
        for seat, kind in enumerate(request["seats"]):
            waits = claims[seat] is not None or (is_open and names[seat] is None)
            token = secrets.token_urlsafe(24) if kind == HUMAN and not waits else None
            seats.append({"seat": seat, "kind": kind, "token": token and token_hash(token), "bot": None,
                          "name": names[seat], "account_id": accounts[seat], "claim": claims[seat]})
            answer.append({"seat": seat, "kind": kind, "name": names[seat], "token": token,
                           "free": kind == HUMAN and token is None and claims[seat] is None,
                           "url": token and f"{self.base_url}/t/{table_id}#token={token}"})
        return seats, answer

    async def table(self, table_id: str, address: str | None = None) -> Live:
        """The live table, rebuilt from storage if this server has not got it in memory (in a
        worker thread, its cost charged to the client at ``address`` that asked). An id of a
        shape no table has (see :data:`TABLE_ID`) is unknown without asking the database."""
        live = self.live.get(table_id)
        if live is None:
            if not TABLE_ID.fullmatch(table_id):
                raise BadRequest(404, f"there is no table {table_id[:40]!r}")
            if address is not None:
                self.costs.check(address)
            lock = self._loading.setdefault(table_id, asyncio.Lock())
            try:
                async with lock:
                    live = self.live.get(table_id)
                    if live is None:
                        stored, spent = await anyio.to_thread.run_sync(timed, self.storage.load, table_id)
                        if stored is None:
                            raise BadRequest(404, f"there is no table {table_id[:40]!r}")
                        if stored.closed is not None:
                            raise BadRequest(410, f"table {table_id} was ended: {stored.closed}")
                        if stored.expired:
                            raise BadRequest(410, f"table {table_id} expired: nobody moved for "
                                                  f"{self.limits.table_expiry:g} days")
                        rebuilt, work = await anyio.to_thread.run_sync(timed, self._rebuild, stored)
                        if address is not None:
                            self.costs.charge(address, spent + work)
                        self.live[table_id] = live = rebuilt
                        if self.storage.is_postgres and not rebuilt.broken:
                            # a change another server committed while this one read the log was
                            # announced before the table was here to follow it: look once more
                            self._spawn(self._follow(rebuilt, rebuilt.version + 1))
            finally:  # an unknown table leaves nothing behind (a flood of made-up ids would grow this)
                self._loading.pop(table_id, None)
        assert live is not None
        if live.broken:
            raise BadRequest(500, live.broken)
        live.touched = time.monotonic()
        return live

    def _rebuild(self, stored: Stored) -> Live:
        """Replay a stored table and check it against its snapshots."""
        game = bw.load(stored.game)
        state = game.new(stored.players, stored.seed, stored.options)
        live = Live(stored.id, state, 0, [], stored.seats, stored.creator, stored.timer, stored.address,
                    **stored.place(), rematch_accepted=self.storage.accepted(stored.rematch) if stored.rematch else [])
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
                live.undos += row.kind == "undo"
                expected = stored.snapshots.get(row.version)
                if expected is not None and expected != live.digest(state):
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
            live.check_playing()
            if version > live.version:
                await self._catch_up(live)
            if version != live.version:
                raise self._stale(live, version)
            most = self.limits.max_undos
            if kind == "undo" and most and live.undos >= most:
                raise BadRequest(422, f"Undo: this table has taken back {most} actions, the most a table may (each "
                                      f"is a replay of the game when the server reads the table back)")
            trial = live.state.clone()
            try:
                if kind == "undo":  # the engine tests the action and replays the game: off the event loop
                    await anyio.to_thread.run_sync(apply_row, trial, Row(version + 1, seat, kind, text))
                else:
                    apply_row(trial, Row(version + 1, seat, kind, text))
            except bw.IllegalAction as error:
                raise BadRequest(422, " ".join(str(error).split())) from None
            row = Row(version + 1, seat, kind, str(trial.log[-1][1]) if kind != "undo" else "")
            snapshot = live.digest(trial) if trial.is_over or row.version % SNAPSHOT_EVERY == 0 else None
            try:
                await anyio.to_thread.run_sync(self.storage.append, live.id, row, snapshot, trial.is_over)
            except Conflict:
                await self._catch_up(live)
                raise self._stale(live, version) from None
            self._advance(live, trial, row)
        self._publish(live)
        if live.state.is_over:
            for hook in self.end_hooks:
                self._spawn(self._ended(live, hook))

    async def _ended(self, live: Live, hook: Callable[[Live], Awaitable[None]]) -> None:
        try:
            await hook(live)
        except Exception:
            log.exception("table %s: what follows the end of its game failed (%s)", live.id,
                          getattr(hook, "__qualname__", hook))

    def matches(self, live: Live, seat: int, kind: str, text: str, version: int) -> bool:
        """Whether the change made at ``version`` was this very one (a retried request), the
        action known by what it means, not how it was spelt (the game's own text lookup)."""
        if not 0 <= version < len(live.rows):
            return False
        row = live.rows[version]
        if row.seat != seat or row.kind != kind:
            return False
        meant = live.state.table.get(text) if kind == "act" else None
        return kind != "act" or (meant is not None and row.text == str(meant))

    def _stale(self, live: Live, version: int) -> BadRequest:
        return BadRequest(409, f"the table is at version {live.version}, not {version}: someone moved first; "
                               f"fetch the table again")

    def _advance(self, live: Live, state: State, row: Row) -> None:
        live.state = state
        live.version = row.version
        live.rows.append(row)
        live.undos += row.kind == "undo"
        live.changed_at = time.monotonic()

    def _publish(self, live: Live) -> None:
        """A change is in: push it to the table's sockets, and start the bots that must move."""
        self._wake(live)
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
        elif what == "lobby":
            self._spawn(self._reload_lobby(live))
        elif what == "closed":
            self._spawn(self.stop_closed([live]))
        elif what in self.announced:
            self._spawn(self.announced[what](live))
        elif what.isascii() and what.isdigit() and int(what) > live.version:
            self._spawn(self._follow(live, int(what)))

    def _listening_again(self) -> None:
        """(From the listener thread) the listener was lost and listens again: the changes other
        servers announced meanwhile were heard by nobody here."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._spawn_catch_up)

    def _spawn_catch_up(self) -> None:
        self._spawn(self.catch_up_everything())

    async def catch_up_everything(self) -> None:
        """Read the version of every live unfinished table, and who plays each of its seats, at
        once, and follow the tables that changed (their clients are pushed the change)."""
        following = {table_id: live for table_id, live in self.live.items()
                     if not live.broken and not live.state.is_over}
        if not following:
            return
        try:
            heads = await anyio.to_thread.run_sync(self.storage.heads, list(following))
        except Exception:
            log.exception("the live tables could not be read again; each follows at its next change")
            return
        for table_id, (version, bots) in heads.items():
            live = following[table_id]
            if version > live.version:
                self._spawn(self._follow(live, version))
            if bots != [row["bot"] for row in live.seats]:
                self._spawn(self._reload_seats(live))

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
            self._publish(live)  # the server that holds the table's bots answers at once

    async def _reload_seats(self, live: Live) -> None:
        live.seats = await anyio.to_thread.run_sync(self.storage.seats_of, live.id)
        self._wake(live)

    async def _reload_lobby(self, live: Live) -> None:
        """Read again what another server changed of a table's place in the lobby (:mod:`.lobby`)."""
        found = await anyio.to_thread.run_sync(self.storage.lobby_of, live.id)
        if found is None:
            return
        if found["started"] and not live.started:
            live.changed_at = time.monotonic()
        live.seats, live.started, live.closed = found["seats"], found["started"], found["closed"]
        live.rematch, live.rematch_accepted = found["rematch"], found["accepted"]
        self._publish(live)

    # ------------------------------------------------------------------ seats
    async def replace(self, live: Live, creator_token: str | None, seat: int, kind: str,
                      account_id: int | None = None) -> None:
        """The creator (by the creator token, or signed in as the account that created the table)
        hands ``seat`` to a bot (``kind`` a bot spec) or back to its human."""
        by_account = account_id is not None and account_id == live.creator_account
        if not by_account and not (creator_token is not None
                                   and hmac.compare_digest(token_hash(creator_token), live.creator)):
            raise BadRequest(403, "only the table's creator (with the creator token) may replace a seat")
        if not 0 <= seat < len(live.seats):
            raise BadRequest(422, f"there is no seat {seat} (seats are 0 to {len(live.seats) - 1})")
        if live.seats[seat]["kind"] != HUMAN:
            raise BadRequest(422, f"seat {seat} is a bot's seat; only a human's seat can be handed over")
        bot = None if kind == HUMAN else kind
        adds = [] if is_search_bot(live.controller(seat)) else [kind]  # a search handed to another takes no place
        async with self.search_seats(live.address, adds), live.lock:
            # between two changes: a move being made is made before the hand-over
            if bot is not None and live.started and not live.handed:  # a table handed over is not rated
                await anyio.to_thread.run_sync(self.storage.mark_handed, live.id)
                live.handed = True
            await anyio.to_thread.run_sync(self.storage.set_bot, live.id, seat, bot)
            live.seats[seat] = dict(live.seats[seat], bot=bot)
        self._publish(live)

    # ------------------------------------------------------------------ what a server keeps
    async def expire(self) -> None:
        """Mark expired the unfinished tables nobody has moved at for the limit's days, and stop
        serving them: their sockets are closed, and a restart does not resume them."""
        days = self.limits.table_expiry
        if not days:
            return
        for table_id in await anyio.to_thread.run_sync(self.storage.expire, time.time() - days * 86400):
            log.info("table %s expired: nobody moved for %g days", table_id, days)
            live = self.live.pop(table_id, None)
            if live is not None:
                live.gone = f"the table expired: nobody moved for {days:g} days"
                self._wake(live)

    async def _sweep(self) -> None:
        """Every little while: expire abandoned tables, and let finished tables nobody has asked
        for lately leave memory (they are read again from the database when asked for)."""
        expiry = self.limits.table_expiry * 86400
        while True:
            await asyncio.sleep(min(SWEEP_EVERY, max(1.0, expiry / 4)) if expiry else SWEEP_EVERY)
            await self.expire()
            now = time.monotonic()
            for live in list(self.live.values()):
                if live.state.is_over and not live.subscribers and now - live.touched > KEEP_FINISHED:
                    del self.live[live.id]

    async def stop_closed(self, lives: list[Live]) -> None:
        """Stop serving those of ``lives`` that were ended or deleted meanwhile (``boardwright
        admin``): they leave memory, their sockets are closed with the reason, and a request for
        one is answered as the database has it (410 ended, 404 deleted)."""
        closed = await anyio.to_thread.run_sync(self.storage.closed_among, [live.id for live in lives])
        for live in lives:
            reason = closed.get(live.id)
            if reason is None or self.live.get(live.id) is not live:
                continue
            log.info("table %s is no longer served: %s", live.id, reason)
            del self.live[live.id]
            live.closed = reason
            live.gone = f"the table was {reason}" if reason == "deleted" else f"the table was ended: {reason}"
            self._wake(live)

    async def _watch_closed(self) -> None:
        """Every few seconds, a look (one query per 500 tables) for live unfinished tables that
        were ended or deleted behind this server's back."""
        while True:
            await asyncio.sleep(CLOSED_EVERY)
            lives = [live for live in self.live.values() if not live.state.is_over and not live.broken]
            if not lives or self.storage.gone:
                continue
            try:
                await self.stop_closed(lives)
            except Exception as error:
                log.warning("the look for tables ended by an operator failed: %s", " ".join(str(error).split()))

    # ------------------------------------------------------------------ bots and the clock
    def schedule_bots(self, live: Live) -> None:
        """Start a move for every bot-played seat that must decide now and is not thinking yet
        (none once the database is gone: the move could not be stored)."""
        state = live.state
        if state.is_over or live.broken or self.storage.gone or not live.started or live.closed:
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
                derive_seed(state.seed, f"bot/{seat}/{version}"),
                time_limit(spec, self.limits.bot_time, state.game), owed))
            if text is None:
                raise BadRequest(409, f"seat {seat} changed hands or moved before its bot thought")
            still_owed()
            await self.change(live, seat, TIMED_OUT if timer else "act", text, version, check=still_owed)
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
        return live is not None and not live.state.is_over and not live.broken and not live.closed and (
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
                if live.state.is_over or live.broken or not live.started or live.closed:
                    continue
                if live.timer is not None and now - live.changed_at >= live.timer:
                    for seat in live.state.to_act:
                        if live.controller(seat) == HUMAN:
                            self._think(live, seat, TIMER_BOT, timer=True)
                if now - live.changed_at >= 2.0:
                    self.schedule_bots(live)

    # ------------------------------------------------------------------ clients
    async def tell(self, live: Live, seat: int | None, since: int = 0, address: str | None = None) -> str:
        """:meth:`Live.message`, with what makes it costly kept off the event loop: when many of
        the seat's events have not been written out yet (a long game loaded from the database),
        they are written in a worker thread first, and the time that takes and the size of a long
        answer are charged to the client at ``address``."""
        told = live.told.setdefault(seat, [])
        start = len(told)
        if live.version - live.told_at.get(seat, -WRITE_IN_THREAD) >= WRITE_IN_THREAD and (
                live.state.event_count(seat) - start > WRITE_IN_THREAD):  # (an action tells a few events)
            if address is not None:
                self.costs.check(address)
            copy = live.state.clone()  # the thread reads its own copy: reading fills a state's caches
            written, spent = await anyio.to_thread.run_sync(timed, lambda: [to_json(event) for event in
                                                                             copy.events(seat, start)])
            told.extend(written[len(told) - start:])  # another request may have written some meanwhile
            if address is not None:
                self.costs.charge(address, spent)
        if live.may_undo(seat) is None and seat is not None and seat not in live.testing:
            self.test_undo(live, seat)
        text = live.message(seat, since)
        if address is not None and len(text) > LONG_ANSWER:
            self.costs.charge(address, len(text) * SEND_COST)
        return text

    def test_undo(self, live: Live, seat: int) -> None:
        """Have a bot worker test whether ``seat`` may take back its last action (the engine's
        test replays and samples the game: milliseconds the event loop does not spend), and push
        the answer to the seat's sockets. A test the table moves on from is dropped unasked."""
        version = live.version
        live.testing.add(seat)

        async def test() -> None:
            try:
                answer = await self.bots.move(Move(
                    live.id, live.address or "", live.state, live.rows, version, seat, UNDO, 0, UNDO_TIME,
                    lambda: live.version == version, ask=UNDO))
            finally:
                live.testing.discard(seat)
            if answer is None or live.version != version:
                return
            live.undoable[seat] = (version, bool(answer))
            for subscriber in live.subscribers:
                if subscriber.seat == seat:
                    subscriber.wake.set()
        self._spawn(test())

    async def replay(self, live: Live, step: int, seat: int | None, since: int, address: str) -> str:
        """A finished game after ``step`` actions as ``seat`` saw it (see :class:`.replays.Replay`),
        built in a worker thread and charged to the client at ``address``."""
        self.costs.check(address)
        replay = self.replays.get(live.id)
        if replay is None:
            replay = self.replays[live.id] = Replay(live.id, live.state.record())
            while len(self.replays) > REPLAYS_KEPT:
                self.replays.popitem(last=False)
        self.replays.move_to_end(live.id)
        message, spent = await anyio.to_thread.run_sync(timed, replay.moment, step, seat, since, live.public_seats())
        self.costs.charge(address, spent)
        return message

    def room_for(self, live: Live, seat: int | None) -> None:
        """Refuse (429) a spectator's socket at a table that has as many as the limits allow."""
        most = self.limits.max_spectators
        if seat is None and most and live.sockets[None] >= most:
            raise BadRequest(429, f"this table has {most} spectators, the most it takes; try again later")

    async def subscribe(self, live: Live, subscriber: Subscriber) -> str | None:
        """Send ``subscriber`` the table now and after every change until it goes away (or the
        table does: then the reason is returned). Who is connected is part of every seat's
        message, so a seat's first socket and its last wake the table's other sockets; a
        spectator, or a seat's second socket, wakes nobody."""
        seat = subscriber.seat
        live.subscribers.add(subscriber)
        live.sockets[seat] += 1
        if seat is not None and live.sockets[seat] == 1:
            self._wake(live)
        for hook in self.subscribe_hooks:
            self._spawn(hook(live, subscriber))
        try:
            while live.gone is None:
                await subscriber.wake.wait()
                subscriber.wake.clear()
                if live.gone is not None:
                    break
                message = await self.tell(live, seat, subscriber.sent, subscriber.address)
                subscriber.sent = len(live.told[seat])
                async with subscriber.sending:
                    await subscriber.send(message)
        except Exception as failure:  # the client went away while it was being sent to
            log.debug("a push to table %s stopped: %s", live.id, failure)
        finally:
            live.subscribers.discard(subscriber)
            live.sockets[seat] -= 1
            if seat is not None and not live.sockets[seat]:
                self._wake(live)
        return live.gone

    def _wake(self, live: Live) -> None:
        for subscriber in live.subscribers:
            subscriber.wake.set()


def new_table_id() -> str:
    """A new table's id: 12 random URL-safe letters, the first a letter or digit (an id that
    starts with "-" reads as an option on a command line: ``boardwright admin end ID``)."""
    while True:
        table_id = secrets.token_urlsafe(9)
        if table_id[0].isalnum():
            return table_id


def seat_for(live: Live, token: str | None, account: Account | None = None, wanted: Any = None) -> int | None:
    """The seat a request's token names; 403 for a wrong token. Without a token: the seat of the
    signed-in ``account`` at this table (``wanted`` of its seats when it has several, else the
    first), or ``None`` (a spectator)."""
    if token is None:
        mine = [] if account is None else [row["seat"] for row in live.seats if row.get("account_id") == account.id]
        if not mine:
            return None
        return wanted if isinstance(wanted, int) and not isinstance(wanted, bool) and wanted in mine else mine[0]
    seat = live.seat_of(token)
    if seat is None:
        raise BadRequest(403, "this token is not a seat's token at this table")
    return seat

