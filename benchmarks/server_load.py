"""Server load: many tables of bot-vs-bot games played over HTTP and WebSockets against a real server.

    python benchmarks/server_load.py                          # 200 tables for 60 s; PostgreSQL started here
    python benchmarks/server_load.py --tables 50 --duration 20 --games gadgeteers --games the-game-makers
    python benchmarks/server_load.py --tables 20 --games-per-table 1 --db sqlite:////tmp/load.db
    python benchmarks/server_load.py --against bb77e31                 # that revision's server, then this one

It starts a throwaway PostgreSQL cluster (tests/pgcluster.py; or uses ``--db``) and ``boardwright
serve --rate-limit 0`` (no per-address bound) on a free loopback port, then this one process plays
every seat of every table. The server sees only people: every seat is ``"human"``, and every move is a
``POST /api/tables/{t}/actions`` chosen here (uniformly at random, seeded per table, from the
``legal_actions`` of the latest object the seat was sent). Each seat keeps its own WebSocket, as a
browser would, and acts when a push (or the answer to its own move) says it decides now; in a
sealed decision several seats of a table post at the same version and all but one get the
expected 409, then choose again from the next push. A table whose game ends is replaced by a new
one of the same game; tables are spread round-robin over ``--games`` and ``--players``.

Measured from the moment every table is created and every socket connected until the end:

- actions applied (answered 200) and their rate over wall time;
- the latency of a move's POST as this client sees it, and of the push that carries the move to
  each socket of its table (counted from the POST's start, once per socket);
- WebSocket messages received, the 409s of sealed decisions, and every error: other refusals,
  exceptions, sockets the server dropped, tables that stopped moving;
- the CPU time of the server (its process group: bot workers too), of PostgreSQL when started
  here, and of this client, from /proc. Server, database and client share the machine's cores,
  so the figures are those of the whole arrangement, not of the server alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's code, as the server it starts runs
import pgcluster  # noqa: E402  (standard library only; starts and stops a throwaway cluster)

import boardwright as bw  # noqa: E402
from boardwright.web.server import KEEP_ALIVE as SERVER_KEEP_ALIVE  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
#: seconds an idle HTTP connection of the load client is kept: less than the server keeps it
KEEP_ALIVE = SERVER_KEEP_ALIVE - 10
#: ``boardwright serve`` with its event loop's thread under cProfile, timed by that thread's CPU time
#: (so other load on the machine does not count): SIGUSR1 starts the profile, SIGUSR2 stops it and
#: writes the statistics
CPROFILED = """
import cProfile, runpy, signal, sys, time
out = sys.argv[1]
sys.argv = ["boardwright", *sys.argv[2:]]
profiler = cProfile.Profile(time.thread_time)

def stop(*_):
    profiler.disable()
    profiler.dump_stats(out)

signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
signal.signal(signal.SIGUSR2, stop)
runpy.run_module("boardwright", run_name="__main__")
"""


# -- processes: the server and its CPU time ---------------------------------------------------------

def _stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (index 0 is field 3, the state)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of these processes, in seconds (0 for those gone)."""
    total = 0
    for pid in pids:
        fields = _stat(pid)
        if fields is not None:
            total += int(fields[11]) + int(fields[12])
    return total / CLOCK_TICKS


def machine_busy() -> float:
    """CPU seconds the whole machine has spent busy (every core, every process) since boot."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(value) for value in fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS


def postgres_transactions(db: str) -> tuple[int, int] | None:
    """(commits, rollbacks) PostgreSQL has counted in the server's database, or None (not PostgreSQL)."""
    if not db.startswith(("postgresql://", "postgres://")):
        return None
    import psycopg  # the server's own driver (the web extra)

    with psycopg.connect(db, autocommit=True) as connection:
        row = connection.execute("SELECT xact_commit, xact_rollback FROM pg_stat_database "
                                 "WHERE datname = current_database()").fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


def load_average() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def group_members(pgid: int) -> list[int]:
    """The processes of process group ``pgid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(entry)
            if fields is not None and int(fields[2]) == pgid:
                found.append(int(entry))
    return found


def children_of(parent: int) -> list[int]:
    """``parent`` and the processes whose parent it is."""
    found = [parent]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(entry)
            if fields is not None and int(fields[1]) == parent:
                found.append(int(entry))
    return found


class ServerProcess:
    """``python -m boardwright serve --rate-limit 0`` (no per-address bounds) on a free loopback
    port, in its own process group, running this checkout's code; its output goes to ``log``."""

    def __init__(self, db: str, workers: int, workdir: Path, cprofile: str | None = None, root: Path = ROOT) -> None:
        self.db = db
        self.root = root
        self.cprofile = cprofile
        self.workers = workers
        self.workdir = workdir
        self.log = workdir / "server.log"
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(self.root), env.get("PYTHONPATH")]))
        unbounded = unbounded_flags(self.root, env)
        for _ in range(3):
            self.port = pgcluster.free_port()
            serve = ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db, *unbounded,
                     "--workers", str(self.workers)]
            command = [sys.executable, "-m", "boardwright", *serve] if self.cprofile is None else [
                sys.executable, "-c", CPROFILED, str(Path(self.cprofile).resolve()), *serve]
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(command, cwd=self.workdir, env=env, stdin=subprocess.DEVNULL,
                                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            deadline = time.monotonic() + timeout
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            while self.process.poll() is None and time.monotonic() < deadline:
                try:
                    with opener.open(f"{self.url}/api/games", timeout=2) as answer:
                        if answer.status == 200:
                            return
                except OSError:
                    time.sleep(0.1)
            output = self.log.read_text(errors="replace")
            self.stop()
            if "address already in use" not in output.lower():
                raise RuntimeError(f"the server did not start:\n{output[-3000:]}")
        raise RuntimeError("the server could not bind a free port three times")

    def cpu(self) -> tuple[float, float]:
        """(CPU seconds of the whole process group, of the main process alone)."""
        assert self.process is not None
        pid = self.process.pid
        return cpu_seconds(group_members(pid)), cpu_seconds([pid])

    def signal(self, number: int) -> None:
        """Send a signal to the server's main process alone."""
        if self.process is not None:
            os.kill(self.process.pid, number)

    def stop(self) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


#: the server's bounds that a load from one address on loopback would hit, off for the run (those a
#: server's version has: an older server, for --against, knows fewer of them); the client's sockets
#: only listen, so they are not closed for silence either
UNBOUNDED = {"--rate-limit": "0", "--request-cpu": "0", "--max-tables": "0", "--max-tables-per-address": "0",
             "--max-connections-per-address": "0", "--websocket-idle-timeout": "0"}


def unbounded_flags(root: Path, env: dict[str, str]) -> list[str]:
    """The flags of :data:`UNBOUNDED` that the server at ``root`` takes, with their values."""
    usage = subprocess.run([sys.executable, "-m", "boardwright", "serve", "--help"], cwd=root, env=env,
                           capture_output=True, text=True, check=True).stdout
    return [part for flag, value in UNBOUNDED.items() if flag in usage for part in (flag, value)]


def pin(main: int | None) -> None:
    """With ``main``, the server's main process: it alone on the first core, every other process of
    its group (bot workers) on the others. Without: this process (and what it starts from now on)
    on the cores but the first."""
    cores = sorted(os.sched_getaffinity(0) | {0})
    rest = set(cores[1:]) or {cores[0]}
    if main is None:
        os.sched_setaffinity(0, rest)
        return
    os.sched_setaffinity(main, {cores[0]})
    for pid in group_members(main):
        if pid != main:
            with contextlib.suppress(OSError):
                os.sched_setaffinity(pid, rest)


async def keep_pinned(server: ServerProcess) -> None:
    """The server's main process on its own core, whatever workers it starts meanwhile."""
    assert server.process is not None
    while True:
        pin(server.process.pid)
        await asyncio.sleep(1.0)


def postgres_pids(cluster: Path) -> list[int]:
    """The postmaster of a cluster started here and its children (backends, writers)."""
    try:
        postmaster = int((cluster / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return []
    return children_of(postmaster)


# -- the load -----------------------------------------------------------------------------------------

@dataclass
class Stats:
    """What the run measured (only between ``go`` and the end)."""
    measuring: bool = False
    actions: int = 0
    conflicts: int = 0
    games_finished: Counter[str] = field(default_factory=Counter)
    ws_messages: int = 0
    ws_bytes: int = 0
    post_bytes: int = 0
    post_latency: list[float] = field(default_factory=list)
    push_latency: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    samples: dict[str, str] = field(default_factory=dict)

    def error(self, kind: str, detail: str = "") -> None:
        self.errors[kind] += 1
        if detail:
            self.samples.setdefault(kind, " ".join(detail.split())[:200])


@dataclass(eq=False)
class Seat:
    """One seat of a table as this client plays it: its socket and the newest object it was sent."""
    seat: int
    token: str
    socket: ClientConnection | None = None
    latest: dict[str, Any] | None = None
    tried: int = -1  # the version this seat last posted a move at
    heard: int = -1  # the newest version pushed to this seat's socket
    events: int = 0  # the events pushed so far (``since`` for a reconnection)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, message: dict[str, Any]) -> None:
        if self.latest is None or message["version"] > self.latest["version"]:
            self.latest = message
            self.changed.set()


class Table:
    """One table being played: its seats, and the timing of its moves for the push latency."""

    def __init__(self, run: Load, game: str, players: int, rng: random.Random) -> None:
        self.run = run
        self.game = game
        self.players = players
        self.rng = rng
        self.pace = random.Random(rng.random())  # think times: the moves chosen are the same with or without
        self.id = ""
        self.seats: list[Seat] = []
        self.started: dict[int, float] = {}  # version -> when the POST that made it started
        self.early: dict[int, list[float]] = {}  # version -> pushes that arrived before its POST answered
        self.over = asyncio.Event()
        self.moved_at = time.monotonic()
        self.closing = False
        # Each table has its own HTTP client, with a connection per seat, as each player's browser
        # would (one pool for every table costs the client a scan of all its connections per request).
        # It lets an idle connection go before the server does: a request sent on a connection the
        # server is closing at that moment fails without an answer.
        self.http = httpx.AsyncClient(base_url=run.base_url, trust_env=False, verify=run.tls,
                                      timeout=httpx.Timeout(60.0),
                                      limits=httpx.Limits(max_connections=players, keepalive_expiry=KEEP_ALIVE))

    async def open(self) -> None:
        answer = await self.http.post("/api/tables", json={
            "game": self.game, "players": self.players, "seats": ["human"] * self.players})
        if answer.status_code != 201:
            raise RuntimeError(f"creating a {self.game} table: {answer.status_code} {answer.text[:200]}")
        made = answer.json()
        self.id = made["table"]
        self.seats = [Seat(row["seat"], row["token"]) for row in made["seats"]]
        await asyncio.gather(*(self.connect(seat) for seat in self.seats))

    async def connect(self, seat: Seat) -> None:
        url = f"{self.run.ws_url}/ws/tables/{self.id}?token={seat.token}&since={seat.events}"
        seat.socket = await connect(url, proxy=None, max_size=None, open_timeout=60, close_timeout=2,
                                    compression=self.run.compression)

    async def play(self) -> None:
        """Play the game to its end (or until the run stops or the table stalls)."""
        self.moved_at = time.monotonic()
        tasks = [asyncio.ensure_future(job) for seat in self.seats for job in (self.listen(seat), self.act(seat))]
        try:
            while not self.over.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.over.wait(), 1.0)
                if not self.over.is_set() and time.monotonic() - self.moved_at > self.run.stall:
                    self.run.stats.error("stalled tables", await self.stalled())
                    break
            final = max(seat.heard for seat in self.seats)
            for _ in range(50):  # the last push to every socket counts too
                if all(seat.heard >= final for seat in self.seats) or not self.over.is_set():
                    break
                await asyncio.sleep(0.1)
        finally:
            self.closing = True
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.gather(*(seat.socket.close() for seat in self.seats if seat.socket is not None),
                                 return_exceptions=True)
            await self.http.aclose()

    async def stalled(self) -> str:
        """What a table that stopped moving looks like, from the server and from its seats here."""
        try:
            answer = await self.http.get(f"/api/tables/{self.id}")
            told = answer.json()
            server = f"the server has version {told['version']}, to act {told['to_act']}"
        except (httpx.HTTPError, ValueError, KeyError) as failure:
            server = f"the server did not say ({failure!r})"
        seats = "; ".join(f"seat {seat.seat}: pushed {seat.heard}, newest {seat.latest and seat.latest['version']}, "
                          f"tried {seat.tried}" for seat in self.seats)
        return f"{self.game} table {self.id} did not move for {self.run.stall:g} s: {server}; {seats}"

    async def listen(self, seat: Seat) -> None:
        """Read the seat's pushes; reconnect (counted) when the server drops the socket."""
        stats = self.run.stats
        while True:
            assert seat.socket is not None
            try:
                async for raw in seat.socket:
                    now = time.perf_counter()
                    message = json.loads(raw)
                    version = message["version"]
                    if stats.measuring:
                        stats.ws_messages += 1
                        stats.ws_bytes += len(raw)
                        if seat.heard >= 0:
                            for made in range(seat.heard + 1, version + 1):
                                self.pushed(made, now)
                    seat.heard = max(seat.heard, version)
                    seat.events += len(message["events"])
                    seat.offer(message)
                    if message["is_over"] and not self.over.is_set():
                        if stats.measuring:
                            stats.games_finished[self.game] += 1
                        self.over.set()
                reason = "the server closed it"
            except ConnectionClosed as closed:
                reason = str(closed)
            if self.closing:
                return
            stats.error("dropped sockets", f"table {self.id} seat {seat.seat}: {reason}")
            await asyncio.sleep(0.25)
            try:
                await self.connect(seat)
            except (OSError, ConnectionClosed, TimeoutError) as failure:
                stats.error("reconnections failed", f"table {self.id} seat {seat.seat}: {failure!r}")
                await asyncio.sleep(1.0)

    def pushed(self, version: int, now: float) -> None:
        started = self.started.get(version)
        if started is not None:
            self.run.stats.push_latency.append(now - started)
        else:
            self.early.setdefault(version, []).append(now)

    async def act(self, seat: Seat) -> None:
        """Move whenever the newest object says this seat decides now and it has not tried there yet."""
        stats = self.run.stats
        retry: tuple[int, str] | None = None  # a move whose answer was lost: sent again as it was
        while True:
            await seat.changed.wait()
            seat.changed.clear()
            message = seat.latest
            if (message is None or message["is_over"] or seat.seat not in message["to_act"]
                    or not message["legal_actions"] or message["version"] == seat.tried):
                continue
            version = message["version"]
            seat.tried = version
            if retry is not None and retry[0] == version:
                action = retry[1]
            else:
                action = self.rng.choice(message["legal_actions"])
            retry = None
            if self.run.args.think:
                await asyncio.sleep(self.pace.uniform(0.5, 1.5) * self.run.args.think)
            started = time.perf_counter()
            try:
                answer = await self.http.post(f"/api/tables/{self.id}/actions",
                                                  json={"token": seat.token, "action": action, "version": version,
                                                        "since": seat.events})
            except httpx.HTTPError as failure:
                stats.error("request exceptions", f"{type(failure).__name__}: {failure or '(no message)'} "
                                                  f"(a move at version {version}; sent again as it was)")
                retry = (version, action)  # if it was applied, the same move is answered 200, not applied twice
                await self.again(seat)
                continue
            elapsed = time.perf_counter() - started
            if answer.status_code == 200:
                self.moved_at = time.monotonic()
                if stats.measuring:
                    stats.actions += 1
                    stats.post_latency.append(elapsed)
                    stats.post_bytes += len(answer.content)
                    self.started[version + 1] = started
                    for arrived in self.early.pop(version + 1, []):
                        stats.push_latency.append(arrived - started)
                seat.offer(answer.json())
            elif answer.status_code == 409:
                if stats.measuring:
                    stats.conflicts += 1  # expected in a sealed decision: choose again from the next push
            else:
                stats.error(f"HTTP {answer.status_code}", f"{self.game} table {self.id} seat {seat.seat} "
                                                          f"{action!r}: {answer.text}")
                await self.again(seat)

    async def again(self, seat: Seat) -> None:
        """After a failed move: a moment's pause, then decide again at the same version."""
        await asyncio.sleep(0.5)
        seat.tried = -1
        seat.changed.set()


class Load:
    """The run: the HTTP client, the tables and what is measured."""

    def __init__(self, base_url: str, args: argparse.Namespace) -> None:
        self.base_url = base_url
        self.ws_url = "ws" + base_url[len("http"):]
        self.args = args
        self.stall = args.stall
        self.compression = None if args.compression == "none" else "deflate"
        self.stats = Stats()
        self.go = asyncio.Event()
        self.stop = asyncio.Event()
        self.tls = ssl.create_default_context()  # made once: every table's client would build its own
        self.ready = 0
        self.gate = asyncio.Semaphore(20)  # tables being set up at once

    def plan(self) -> list[tuple[str, int]]:
        """The game and player count of each table: round-robin over the games, then over the counts."""
        games = self.args.games or bw.games()
        counts = self.args.players or [2, 3]
        tables = []
        for index in range(self.args.tables):
            game = bw.load(games[index % len(games)])
            players = counts[(index // len(games)) % len(counts)]
            tables.append((game.id, min(max(players, game.min_players), game.max_players)))
        return tables

    async def slot(self, index: int, game: str, players: int) -> None:
        """One table after another at this slot until the run stops (or its games are played)."""
        played = 0
        first = True
        while not self.stop.is_set():
            table = Table(self, game, players, random.Random(f"{self.args.seed}/{index}/{played}"))
            try:
                async with self.gate:
                    await table.open()
            except (OSError, httpx.HTTPError, ConnectionClosed, RuntimeError, TimeoutError) as failure:
                self.stats.error("table set-up failures", f"{game}: {failure!r}")
                await table.http.aclose()
                if first:
                    self.ready += 1
                    first = False
                await asyncio.sleep(1.0)
                continue
            if first:
                self.ready += 1
                first = False
                await self.go.wait()
            await table.play()
            played += 1
            if self.args.games_per_table and played >= self.args.games_per_table:
                return

    async def prepare(self) -> dict[str, Any]:
        """Create every table and connect its sockets; the tables wait for ``go``."""
        plan = self.plan()
        setup_started = time.perf_counter()
        slots = [asyncio.ensure_future(self.slot(index, game, players)) for index, (game, players) in enumerate(plan)]
        while self.ready < len(plan):
            await asyncio.sleep(0.05)
            for slot in slots:
                if slot.done() and slot.exception() is not None:
                    raise slot.exception()  # type: ignore[misc]
        setup = time.perf_counter() - setup_started
        return {"plan": plan, "setup": setup, "slots": slots}

    async def measure(self, slots: list[asyncio.Future[None]], on_start: Any, on_end: Any) -> float:
        """Let every table play; return the wall time measured."""
        on_start()
        self.stats.measuring = True
        started = time.perf_counter()
        self.go.set()
        duration = self.args.duration
        if self.args.games_per_table:
            await asyncio.wait(slots, timeout=duration)
        else:
            await asyncio.sleep(duration)
        self.stats.measuring = False
        elapsed = time.perf_counter() - started
        on_end()
        self.stop.set()
        for slot in slots:
            slot.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
        return elapsed


# -- the report ---------------------------------------------------------------------------------------

def percentiles(values: list[float]) -> str:
    if not values:
        return "none measured"
    return (f"p50 {quantile(values, 0.50):7.1f} ms   p95 {quantile(values, 0.95):7.1f} ms   "
            f"p99 {quantile(values, 0.99):7.1f} ms   max {max(values) * 1000:7.1f} ms   (n={len(values):,})")


def report(args: argparse.Namespace, plan: list[tuple[str, int]], setup: float, elapsed: float, stats: Stats,
           cpu: dict[str, tuple[float, float] | float], db_label: str) -> None:
    sockets = sum(players for _, players in plan)
    mix = Counter(f"{game} {players}p" for game, players in plan)
    print(f"server load: {len(plan)} tables, one WebSocket per seat ({sockets} sockets), {db_label}, "
          f"deflate {'on' if args.compression != 'none' else 'off'}")
    print(f"  mix: {', '.join(f'{count} x {name}' for name, count in sorted(mix.items()))}")
    print(f"  set-up: {len(plan)} tables created and their sockets connected in {setup:.1f} s")
    print(f"  machine: {os.cpu_count()} cores, shared by the server, the database and this client")
    print(f"tables               {len(plan)}")
    finished = sum(stats.games_finished.values())
    by_game = ", ".join(f"{game} {count}" for game, count in sorted(stats.games_finished.items()))
    print(f"measured for         {elapsed:.1f} s wall")
    print(f"games finished       {finished}" + (f"  ({by_game})" if by_game else ""))
    print(f"actions applied      {stats.actions:,}")
    print(f"actions per second   {stats.actions / elapsed:,.1f} (wall)")
    print(f"action POST latency  {percentiles(stats.post_latency)}")
    print(f"  its answer         {stats.post_bytes / max(stats.actions, 1) / 1000:.1f} kB of JSON on average")
    print(f"push latency         {percentiles(stats.push_latency)}  (from the POST's start, every socket)")
    print(f"WS messages          {stats.ws_messages:,}  ({stats.ws_messages / elapsed:,.1f}/s, "
          f"{stats.ws_bytes / max(stats.ws_messages, 1) / 1000:.1f} kB of JSON on average)")
    print(f"expected 409s        {stats.conflicts:,}  (sealed decisions: several seats posted at one version)")
    errors = sum(stats.errors.values())
    print(f"errors               {errors}" + ("" if not errors else "  (" + ", ".join(
        f"{kind} {count}" for kind, count in sorted(stats.errors.items())) + ")"))
    for kind, sample in sorted(stats.samples.items()):
        print(f"  e.g. {kind}: {sample}")
    for name, value in cpu.items():
        if isinstance(value, tuple):
            whole, main = value
            print(f"{name:20s} {whole:6.1f} s  ({whole / elapsed:.2f} cores; its main process {main:.1f} s, "
                  f"{main / max(stats.actions, 1) * 1000:.1f} ms per action)")
        else:
            print(f"{name:20s} {value:6.1f} s  ({value / elapsed:.2f} cores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="tables played at once (default 200)")
    parser.add_argument("--games", action="append", help="game id (repeatable; default: all four, round-robin)")
    parser.add_argument("--players", type=int, action="append",
                        help="player count (repeatable; default 2 and 3, kept within each game's range)")
    parser.add_argument("--duration", type=float, help="seconds to measure (default 60; with --games-per-table "
                                                       "an upper bound, default 600)")
    parser.add_argument("--games-per-table", type=int, default=0,
                        help="play this many games at each table, then stop (instead of a fixed duration)")
    parser.add_argument("--workers", type=int, default=1,
                        help="the server's bot worker processes (default 1: no bot plays here)")
    parser.add_argument("--db", help="the server's database URL (default: a PostgreSQL cluster started here)")
    parser.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                        help="WebSocket compression (default deflate, as browsers ask)")
    parser.add_argument("--stall", type=float, default=30.0,
                        help="a table that does not move for this many seconds is an error (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the moves chosen (default 1)")
    parser.add_argument("--pin", action="store_true",
                        help="give the server's main process the first core to itself: it runs there, and this "
                             "client, the database and the server's bot workers on the others (what the server "
                             "does on a free core)")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="a seat waits about this long (0.5 to 1.5 times it) before each move, as a quick "
                             "player would (default 0: it moves at once, and the server runs flat out)")
    parser.add_argument("--py-spy", metavar="FILE",
                        help="record the server's main process with py-spy (if installed) while measuring, "
                             "as collapsed stacks in FILE")
    parser.add_argument("--cprofile", metavar="FILE",
                        help="run the server's event loop under cProfile (CPU time of that thread; it slows the "
                             "server down) and write its statistics to FILE (pstats) when it stops")
    parser.add_argument("--keep-log", action="store_true", help="print the server's log at the end")
    parser.add_argument("--against", metavar="REV",
                        help="first run the same load against the server of git revision REV (checked out in a "
                             "temporary worktree; its own database), then this checkout's, and print both side "
                             "by side")
    args = parser.parse_args()
    if args.duration is None:
        args.duration = 600.0 if args.games_per_table else 60.0
    for game_id in args.games or []:
        if game_id not in bw.games():
            parser.error(f"there is no game {game_id!r} (games: {', '.join(bw.games())})")

    if args.against and args.db:
        parser.error("--against runs each server on a database of its own: leave out --db")
    if args.pin:
        if len(os.sched_getaffinity(0)) < 2:
            parser.error("--pin needs two cores or more")
        pin(None)  # this client and the database it starts: off the server's core
    workdir = Path(tempfile.mkdtemp(prefix="bw-load-"))
    cluster = None
    db = args.db
    runs: list[tuple[str, Path]] = [("this checkout", ROOT)]
    try:
        if args.against:
            runs.insert(0, (f"{args.against} ({checkout(args.against, workdir / 'against')})", workdir / "against"))
        if db is None:
            reason = pgcluster.unavailable_reason()
            if reason:
                parser.error(f"cannot start PostgreSQL here ({reason}); pass --db (sqlite:///FILE works too)")
            cluster = Path(tempfile.mkdtemp(prefix="bw-load-pg-"))  # pgcluster hands it to the postgres user
            db = pgcluster.start(cluster)
            db_label = "PostgreSQL (a throwaway cluster started here, fsync off)"
        else:
            db_label = f"database {db.split('://', 1)[0]} (given)"
        results = []
        for index, (name, root) in enumerate(runs):
            if len(runs) > 1:
                print(f"=== {name} ===")
            run_db = db if len(runs) == 1 else new_database(db, f"load_{index}")
            run_dir = workdir / f"run{index}"
            run_dir.mkdir()
            server = ServerProcess(run_db, args.workers, run_dir, args.cprofile and f"{args.cprofile}.{index}"
                                   if len(runs) > 1 else args.cprofile, root)
            server.start()
            try:
                results.append((name, asyncio.run(drive(args, server, cluster, db_label))))
            finally:
                server.stop()
                if args.keep_log:
                    print(f"--- the server's log ---\n{server.log.read_text(errors='replace')}")
        if len(results) > 1:
            compare(results)
    finally:
        if cluster is not None:
            pgcluster.stop(cluster)
        if args.against:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(workdir / "against")],
                           capture_output=True)
        with contextlib.suppress(OSError):
            for path in sorted(workdir.rglob("*"), reverse=True):
                path.unlink() if path.is_file() or path.is_symlink() else path.rmdir()
            workdir.rmdir()


def checkout(revision: str, where: Path) -> str:
    """Check ``revision`` out at ``where`` (a detached git worktree of this checkout); its short hash."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), revision],
                   check=True, capture_output=True)
    return subprocess.run(["git", "-C", str(where), "rev-parse", "--short", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()


def new_database(url: str, name: str) -> str:
    """A new, empty database ``name`` beside the one ``url`` names (PostgreSQL), or a file beside it
    (SQLite); its URL."""
    if url.startswith("sqlite:///"):
        return f"{url}.{name}"
    import psycopg  # the server's own driver (the web extra)

    parts = urllib.parse.urlsplit(url)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


def compare(results: list[tuple[str, dict[str, float]]]) -> None:
    """The figures of each run side by side."""
    rows = [("actions per second (wall)", "actions/s", "{:,.1f}"),
            ("server main process, per action", "main_ms", "{:.2f} ms"),
            ("whole server, per action", "server_ms", "{:.2f} ms"),
            ("action POST latency p50", "post_p50", "{:.1f} ms"),
            ("action POST latency p99", "post_p99", "{:.1f} ms"),
            ("push latency p99", "push_p99", "{:.1f} ms"),
            ("answer to a move, average", "answer_kb", "{:.1f} kB"),
            ("errors", "errors", "{:.0f}")]
    width = max(len(name) for name, _ in results) + 2
    print("\n=== side by side ===")
    print(" " * 34 + "".join(f"{name:>{width}}" for name, _ in results))
    for label, key, form in rows:
        print(f"{label:34s}" + "".join(f"{form.format(figures[key]):>{width}}" for _, figures in results))


def start_profile(server: ServerProcess, out: str, duration: float) -> subprocess.Popen[bytes] | None:
    """py-spy sampling the server's main process (not its bot workers), or None without py-spy."""
    spy = shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))
    if spy is None or server.process is None:
        print("--py-spy: py-spy is not installed (pip install py-spy); not profiled", file=sys.stderr)
        return None
    return subprocess.Popen([spy, "record", "--pid", str(server.process.pid), "--format", "raw", "--rate", "200",
                             "--duration", str(int(duration) + 5), "--output", out, "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def drive(args: argparse.Namespace, server: ServerProcess, cluster: Path | None,
                db_label: str) -> dict[str, float]:
    load = Load(server.url, args)
    prepared = await load.prepare()
    before: dict[str, Any] = {}

    def on_start() -> None:
        if args.py_spy:
            before["py-spy"] = start_profile(server, args.py_spy, args.duration)
        if args.cprofile:
            server.signal(signal.SIGUSR1)
        before["server"] = server.cpu()
        before["client"] = time.process_time()
        before["machine"] = machine_busy()
        before["load"] = load_average()
        before["transactions"] = postgres_transactions(server.db)
        if cluster is not None:
            before["pids"] = postgres_pids(cluster)
            before["postgres"] = cpu_seconds(before["pids"])

    after: dict[str, Any] = {}

    def on_end() -> None:
        after["server"] = server.cpu()
        after["client"] = time.process_time()
        after["machine"] = machine_busy()
        after["transactions"] = postgres_transactions(server.db)
        if cluster is not None:
            after["postgres"] = cpu_seconds(before["pids"])
        if args.cprofile:
            server.signal(signal.SIGUSR2)

    pinning = asyncio.ensure_future(keep_pinned(server)) if args.pin else None
    elapsed = await load.measure(prepared["slots"], on_start, on_end)
    if pinning is not None:
        pinning.cancel()
    if before.get("py-spy") is not None:
        before["py-spy"].send_signal(signal.SIGINT)  # py-spy writes what it has and exits
        await asyncio.to_thread(before["py-spy"].wait)
    cpu: dict[str, tuple[float, float] | float] = {
        "server CPU": (after["server"][0] - before["server"][0], after["server"][1] - before["server"][1])}
    if cluster is not None:
        cpu["PostgreSQL CPU"] = after["postgres"] - before["postgres"]
    cpu["load client CPU"] = after["client"] - before["client"]
    ours = sum(value[0] if isinstance(value, tuple) else value for value in cpu.values())
    cpu["other processes"] = max(0.0, after["machine"] - before["machine"] - ours)
    report(args, prepared["plan"], prepared["setup"], elapsed, load.stats, cpu, db_label)
    if before["transactions"] is not None and after["transactions"] is not None:
        commits, rollbacks = (late - early for late, early in zip(after["transactions"], before["transactions"],
                                                                  strict=True))
        actions = max(load.stats.actions, 1)
        print(f"PostgreSQL           {commits / actions:.2f} commits and {rollbacks / actions:.2f} rollbacks per "
              f"action (pg_stat_database; read-only transactions end in a rollback)")
    print(f"  (load average {before['load']} at the start, {load_average()} at the end; 'other processes' is "
          f"what the rest of the machine took from its {os.cpu_count()} cores meanwhile)")
    stats, actions = load.stats, max(load.stats.actions, 1)
    whole, main = cpu["server CPU"]  # type: ignore[misc]
    return {"actions/s": stats.actions / elapsed, "main_ms": main / actions * 1000, "server_ms": whole / actions * 1000,
            "post_p50": quantile(stats.post_latency, 0.50), "post_p99": quantile(stats.post_latency, 0.99),
            "push_p99": quantile(stats.push_latency, 0.99), "answer_kb": stats.post_bytes / actions / 1000,
            "errors": sum(stats.errors.values())}


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (seconds) in milliseconds, as the report writes them."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


if __name__ == "__main__":
    main()
