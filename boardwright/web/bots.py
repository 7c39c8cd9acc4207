"""Bots that play seats on the server: worker processes that think their moves, each move within a
deadline, dispatched fairly between the addresses that created the tables, within CPU budgets.

- **Workers** (:mod:`.botworker`) are plain processes of the server's process group, started as
  moves need them, up to ``--workers``, and spoken to in JSON lines over their stdin and stdout.
  Each keeps the state of the tables it served: a move ships only the changes that worker has
  not got (the server remembers what it sent each worker; a worker that lacks them says so).
- **Deadline**: a move may think its ``time`` (the seat kind's own, at most ``--bot-time``); a
  search checks that clock itself. A worker still busy :data:`GRACE` seconds past it is killed
  (SIGKILL) and replaced. A review (ask ``review``) thinks ``time`` per decision: its worker says
  how many decisions there are with its first progress line, and the whole review must be done
  within :data:`REVIEW_SLACK` times ``time`` for each of them, and the grace (its first decision,
  the replay before it included, within that and the grace). A move that overruns, or whose bot
  fails, or whose worker dies, is a random legal move drawn from the move's own seed, and the log
  says so in one line (a table's first failure with its traceback).
- **Budgets**: every table, and every address that created tables, has a bucket of CPU seconds
  (:class:`Budgets`): it holds up to ``--bot-cpu-burst`` and fills at a share of a core
  (``--bot-cpu-table``, ``--bot-cpu-address``); each move's CPU, as its worker measured it, is
  taken from both. A move waits until both hold enough for it: half its time for a bot with a
  clock (it then thinks at most what they hold), :data:`LEAST_CREDIT` for one without.
- **Fairness**: waiting moves queue per address, and a free worker takes the next move of the
  next address in turn, so one address's many moves cannot starve another's.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import math
import os
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boardwright as bw
from boardwright import agents
from boardwright.engine import Game
from boardwright.engine.rng import Stream
from boardwright.engine.state import State

from .botworker import KEEP
from .buckets import Buckets
from .limits import Limits
from .storage import Row

log = logging.getLogger("boardwright.web")

#: seconds a worker may go on past a move's time before it is killed (the changes it replays first,
#: and a last call to the game's bot that the search's clock cannot interrupt, fit in it)
GRACE = 3.0
#: seconds a new worker has to import the games and say it is ready
START_TIMEOUT = 60.0
#: the CPU seconds a table and its address must hold before a move of a bot without a clock starts
LEAST_CREDIT = 0.05
#: the longest line a worker may answer (an answer with a traceback is a few kilobytes)
ANSWER_BYTES = 1 << 20
#: the ``ask`` of a question whether a seat may take back its last action, and the seconds its
#: worker has to answer (the engine's test takes some milliseconds)
UNDO = "undo"
UNDO_TIME = 2.0
#: the ``ask`` of a hint for the seat (:func:`boardwright.agents.hint`), and the spec it is charged
#: as: a search, which keeps to its time (its CPU is taken from the budgets like a search bot's move)
HINT = "hint"
HINT_SPEC = "ismcts"
#: the ``ask`` of the review of a seat's play in a finished game (:func:`boardwright.agents.review`),
#: charged as a search too (its ``time`` is per decision)
REVIEW = "review"
#: a review's decision may take this many times its ``time`` before the review overruns: the
#: search keeps to its time, and the copies of the game and the why around it take a little more
#: (measured: 3% more on average, half as much again at most, more on a loaded machine)
REVIEW_SLACK = 2.0


class WorkerGone(Exception):
    """A worker exited, or did not start, before it answered."""


class Worker:
    """One worker process, and the version of each table it keeps, as far as the server knows."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.tables: OrderedDict[str, int] = OrderedDict()

    @classmethod
    async def start(cls) -> Worker:
        """A new worker, once it has imported the games."""
        env = dict(os.environ)  # the worker runs this very package, wherever the server found it
        root = str(Path(__file__).resolve().parents[2])
        if root not in {os.path.abspath(entry) for entry in sys.path}:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "boardwright.web.botworker", stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, env=env, limit=ANSWER_BYTES)
        worker = cls(process)
        assert process.stdout is not None
        try:
            ready = await asyncio.wait_for(process.stdout.readline(), START_TIMEOUT)
        except TimeoutError:
            ready = b""
        except BaseException:  # the server is stopping
            worker.kill()
            raise
        if ready.strip() != b'{"ready": true}':
            worker.kill()
            raise WorkerGone(f"a bot worker did not start (it said {ready[:80]!r})")
        return worker

    async def ask(self, request: dict[str, Any],
                  progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
        """Send one request and read its answer; the progress lines before it (a review's) go to
        ``progress``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(request).encode() + b"\n")
            await self.process.stdin.drain()
            while True:
                line = await self.process.stdout.readline()
                if not line:
                    raise WorkerGone(f"it exited with status {await self.process.wait()}")
                answer: dict[str, Any] = json.loads(line)
                told = answer.get("progress")
                if told is None:
                    return answer
                if progress is not None:
                    progress(int(told[0]), int(told[1]))
        except (ConnectionError, ValueError, TypeError, IndexError) as error:  # a broken pipe, a garbled answer
            raise WorkerGone(f"{type(error).__name__}: {error}") from None

    def kept(self, table: str, version: int | None) -> None:
        """Remember that the worker keeps ``table`` at ``version`` (``None``: it may not)."""
        self.tables.pop(table, None)
        if version is not None:
            self.tables[table] = version
            while len(self.tables) > KEEP:
                self.tables.popitem(last=False)

    def kill(self) -> None:
        if self.process.returncode is None:
            self.process.kill()


@dataclass(eq=False)
class Move:
    """A bot move to think: ``seat`` of table ``table`` at ``version``, by the agent ``spec``."""
    table: str
    #: the address that created the table (its budget and its turn); "" when unknown
    address: str
    #: the table at ``version`` (its setup, and the legal actions of the fallback)
    state: State
    #: the table's stored changes: the first ``version`` of them lead to ``state``
    changes: Sequence[Row]
    version: int
    seat: int
    spec: str
    agent_seed: int
    #: the most seconds the move may think
    time: float
    #: whether the move is still owed; one no longer owed when a worker is free for it is dropped
    owed: Callable[[], bool] = lambda: True
    #: what is asked: the bot's move, (``UNDO``) whether ``seat`` may take back its last action,
    #: (``HINT``) the search's advice to ``seat``, or (``REVIEW``) the review of ``seat``'s play
    ask: str = "move"
    #: a review's simulations per decision instead of its ``time`` (``None``: by time)
    iterations: int | None = None
    #: hears a review's progress: ``(decisions done, decisions in all)``
    progress: Callable[[int, int], None] | None = field(default=None, repr=False)
    answer: asyncio.Future[Any] | None = field(default=None, repr=False)

    def fallback(self) -> str | bool | None:
        """The answer when the worker cannot give one: for a move, the random legal move drawn
        from its seed (the same for the same move); for an undo question, no; for a hint or a
        review, none."""
        if self.ask == UNDO:
            return False
        if self.ask in (HINT, REVIEW):
            return None
        return str(Stream.named(self.agent_seed, "fallback").choice(self.state.legal_actions(self.seat)))


class Budgets:
    """CPU seconds for bots, a bucket per table and one per address (:class:`.buckets.Buckets`):
    each holds at most ``burst`` and fills at its ``share`` of a core (0: no limit). A move's CPU
    is taken after it is spent, into debt if need be."""

    def __init__(self, table_share: float, address_share: float, burst: float) -> None:
        self.tables = Buckets(table_share, burst)
        self.addresses = Buckets(address_share, burst)

    def credit(self, table: str, address: str, now: float) -> float:
        """The CPU seconds both the table and its address hold now."""
        return min(self.tables.level(table, now), self.addresses.level(address, now))

    def wait(self, need: float, table: str, address: str, now: float) -> float:
        """Seconds until both hold ``need`` (0: they do now; never more than the burst needs)."""
        return max(self.tables.wait(table, need, now), self.addresses.wait(address, need, now))

    def charge(self, table: str, address: str, seconds: float, now: float) -> None:
        """Take ``seconds`` of CPU from the table's bucket and its address's."""
        self.tables.take(table, seconds, now)
        self.addresses.take(address, seconds, now)


class FailureLog:
    """Logs the failures of tables' bots, one line each, and the first of each table with its
    traceback: a table whose bot keeps failing cannot flood the log."""

    #: tables remembered before they are forgotten (and may log a traceback again)
    FORGET_AT = 10_000

    def __init__(self) -> None:
        self.traced: set[str] = set()

    def log(self, table: str, line: str, trace: str) -> None:
        if table in self.traced:
            log.error("%s", line)
            return
        if len(self.traced) >= self.FORGET_AT:
            self.traced.clear()
        self.traced.add(table)
        log.error("%s\n%s", line, trace.rstrip())


@functools.lru_cache(maxsize=256)
def has_clock(spec: str, game: str) -> bool:
    """Whether the agent of ``spec`` keeps to a time of its own in game ``game`` (a search does; a
    level as the agent it plays that game with)."""
    try:
        return hasattr(agents.make(agents.resolve(spec, bw.load(game)), seed=0), "time")
    except ValueError:  # a spec that cannot be built fails in its worker, and is logged there
        return False


class Bots:
    """The bot workers, the moves waiting for them, and the budgets (see the module's docstring)."""

    def __init__(self, workers: int | None = None, limits: Limits | None = None, grace: float = GRACE) -> None:
        limits = limits or Limits()
        self.size = workers or limits.workers or max(1, os.cpu_count() or 1)
        self.grace = grace
        self.budgets = Budgets(limits.bot_cpu_table, limits.bot_cpu_address, limits.bot_cpu_burst)
        #: every live worker, and those free for a move
        self.workers: set[Worker] = set()
        self.idle: list[Worker] = []
        #: moves being thought (each holds one worker)
        self.thinking = 0
        #: the moves waiting for a worker or for credit, per address, the next address to serve first
        self.waiting: OrderedDict[str, deque[Move]] = OrderedDict()
        self._wake: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.failures = FailureLog()
        self.closed = False

    async def move(self, move: Move) -> Any:
        """The action text the bot chooses (a random legal one when it fails or overruns), for
        an ``undo`` question whether the seat may take back its last action (no, when the worker
        fails), for a hint or a review its dict (``None`` when the worker fails or overruns); ``None``
        when the move was no longer owed by the time a worker was free for it."""
        move.answer = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(move.address, deque()).append(move)
        self._dispatch()
        return await move.answer

    # ------------------------------------------------------------------ dispatch
    def _dispatch(self) -> None:
        """Start the next moves while workers are free."""
        while self.thinking < self.size and not self.closed:
            move = self._next()
            if move is None:
                return
            self.thinking += 1
            task = asyncio.ensure_future(self._think(move))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _need(self, move: Move) -> float:
        return move.time / 2 if move.ask != UNDO and has_clock(move.spec, move.state.game.id) else LEAST_CREDIT

    def _next(self) -> Move | None:
        """The first move, address by address in turn, whose table and address have credit for
        it; moves no longer owed are dropped on the way. With none, the dispatch runs again when
        the first of them will have credit."""
        now = time.monotonic()
        soonest = math.inf
        for address in list(self.waiting):
            queue = self.waiting[address]
            chosen = None
            for move in list(queue):
                assert move.answer is not None
                if move.answer.done() or not move.owed():
                    queue.remove(move)
                    if not move.answer.done():
                        move.answer.set_result(None)
                    continue
                wait = self.budgets.wait(self._need(move), move.table, address, now)
                if wait <= 0:
                    chosen = move
                    queue.remove(move)
                    break
                soonest = min(soonest, wait)
            if not queue:
                del self.waiting[address]
            elif chosen is not None:
                self.waiting.move_to_end(address)  # this address is served last next time
            if chosen is not None:
                return chosen
        if soonest < math.inf and self._wake is None:
            def wake() -> None:
                self._wake = None
                self._dispatch()
            self._wake = asyncio.get_running_loop().call_later(soonest, wake)
        return None

    async def _think(self, move: Move) -> None:
        try:
            text = await self._run(move)
            assert move.answer is not None
            if not move.answer.done():
                move.answer.set_result(text)
        finally:
            self.thinking -= 1
            self._dispatch()

    # ------------------------------------------------------------------ one move on one worker
    def _worker_for(self, table: str) -> Worker | None:
        """A free worker, one that keeps ``table`` if there is one."""
        for worker in self.idle:
            if table in worker.tables:
                self.idle.remove(worker)
                return worker
        return self.idle.pop() if self.idle else None

    async def _run(self, move: Move) -> Any:
        """The move's action (or undo answer, or hint), or its fallback (logged) when its bot or its
        worker fails."""
        now = time.monotonic()
        seconds = move.time
        if move.ask != UNDO and has_clock(move.spec, move.state.game.id):
            seconds = min(seconds, self.budgets.credit(move.table, move.address, now))
        started = now
        worker = self._worker_for(move.table)
        try:
            if worker is None:
                worker = await Worker.start()
                self.workers.add(worker)
                started = time.monotonic()
            first = REVIEW_SLACK * seconds if move.ask == REVIEW else seconds
            async with asyncio.timeout(first + self.grace) as limit:
                answer = await self._ask(worker, move, seconds, self._heard(move, seconds, limit))
        except Exception as failure:  # the worker overran, died, or cannot be trusted any more
            self.budgets.charge(move.table, move.address, time.monotonic() - started, time.monotonic())
            if worker is not None:
                worker.kill()
                self.workers.discard(worker)
            if self.closed:
                pass  # the server is stopping: its workers are being stopped
            elif isinstance(failure, TimeoutError) and move.ask in (HINT, REVIEW):
                overran = f"{seconds:.1f} s" if move.ask != REVIEW else f"its deadline ({seconds:g} s a decision)"
                log.warning("table %s: a %s for seat %d overran %s; its worker is stopped", move.table, move.ask,
                            move.seat, overran)
            elif isinstance(failure, TimeoutError):
                log.warning("table %s: the %s bot of seat %d overran %.1f s; its worker is stopped and a random "
                            "legal move is played", move.table, move.spec, move.seat, seconds)
            else:
                then = f"no {move.ask}" if move.ask in (HINT, REVIEW) else "a random legal move is played"
                log.error("table %s: the bot worker thinking for seat %d stopped (%s); %s", move.table, move.seat,
                          " ".join(str(failure).split())[:200], then)
            return move.fallback()
        self.budgets.charge(move.table, move.address, float(answer.get("cpu", 0.0)), time.monotonic())
        self.idle.append(worker)
        if "action" in answer:
            return str(answer["action"])
        if "can_undo" in answer:
            return bool(answer["can_undo"])
        if "hint" in answer:
            return answer["hint"]
        if "review" in answer:
            return answer["review"]
        if move.ask in (HINT, REVIEW):
            self.failures.log(move.table, f"table {move.table}: a {move.ask} for seat {move.seat} failed "
                                          f"({answer.get('error')})", str(answer.get("trace", "")))
            return None
        self.failures.log(move.table, f"table {move.table}: the {move.spec} bot of seat {move.seat} failed "
                                      f"({answer.get('error')}); a random legal move is played",
                          str(answer.get("trace", "")))
        return move.fallback()

    def _heard(self, move: Move, seconds: float, limit: asyncio.Timeout) -> Callable[[int, int], None] | None:
        """What hears a review's progress: it moves the review's deadline to the end of its
        decisions' time (and the grace), counted from the ask, and tells the move's ``progress``."""
        if move.ask != REVIEW:
            return None
        asked = asyncio.get_running_loop().time()

        def heard(done: int, total: int) -> None:
            limit.reschedule(asked + max(total, 1) * REVIEW_SLACK * seconds + self.grace)
            if move.progress is not None:
                move.progress(done, total)
        return heard

    async def _ask(self, worker: Worker, move: Move, seconds: float,
                   progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
        """Have ``worker`` think ``move``, sending the changes it has not got (all of them when it
        says it lacks what the server thought it had). The answer's ``cpu`` covers both asks."""
        start = worker.tables.get(move.table, 0)
        cpu = 0.0
        for _ in range(2):
            if start > move.version:
                start = 0
            state = move.state
            request = {
                "table": move.table, "game": state.game.id, "players": state.players, "seed": state.seed,
                "options": dict(state.options), "from": start,
                "changes": [(row.seat, row.kind, row.text) for row in move.changes[start:move.version]],
                "seat": move.seat, "spec": move.spec, "agent_seed": move.agent_seed, "time": seconds,
                "ask": move.ask,
            }
            if move.iterations is not None:
                request["iterations"] = move.iterations
            answer = await worker.ask(request, progress)
            cpu += float(answer.get("cpu", 0.0))
            if "lacks" not in answer:
                break
            start = int(answer["lacks"])
        worker.kept(move.table, move.version if {"action", "can_undo", "hint", "review"} & answer.keys() else None)
        if "lacks" in answer:
            answer = {"error": f"the worker could not follow the table (it lacks version {answer['lacks']})"}
        answer["cpu"] = cpu
        return answer

    # ------------------------------------------------------------------ shutdown
    async def close(self) -> None:
        """Stop every worker (a move being thought is abandoned) and drop the waiting moves."""
        self.closed = True
        if self._wake is not None:
            self._wake.cancel()
        for queue in self.waiting.values():
            for move in queue:
                if move.answer is not None and not move.answer.done():
                    move.answer.set_result(None)
        self.waiting.clear()
        for task in list(self._tasks):
            task.cancel()
        workers = list(self.workers)
        for worker in workers:
            worker.kill()
        for worker in workers:
            try:
                await asyncio.wait_for(worker.process.wait(), 5)
            except TimeoutError:
                log.error("bot worker %d did not stop", worker.process.pid)
        self.workers.clear()
        self.idle.clear()


def time_limit(spec: str, maximum: float, game: Game) -> float:
    """How long a bot of ``spec`` may think per move in ``game``: its own ``time`` (a level's, the
    one it has in that game) up to ``maximum``, else ``maximum``."""
    think = agents.parse_spec(agents.resolve(spec, game))[1].get("time")
    if isinstance(think, (int, float)) and not isinstance(think, bool):
        return min(float(think), maximum)
    return maximum
