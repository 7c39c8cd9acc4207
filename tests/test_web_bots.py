"""The server's bots over loopback: seat kinds checked with the game's own bot at creation, a bot
that fails or overruns (a seeded random move, one log line, its worker killed and replaced),
workers that never outlive the server, quotas on search seats and bot CPU, fair turns between
addresses, moves that ship only what a worker lacks, and one server at a time thinking a
table's bots when several share PostgreSQL.

Two bots that no real agent is are registered in the server and its workers by a
``sitecustomize`` module on their path (:func:`plugin_path`): ``failing`` raises on every move,
and ``stubborn`` thinks forever, whatever time it is given.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from services import ROOT, Server
from test_web_protocol import one_line_error
from webplay import NO_EVENTS, client, create, get, tokens, wait_until

import boardwright as bw
from boardwright.engine.rng import Stream, derive_seed

sys.path.insert(0, str(ROOT / "benchmarks"))
from server_load import cpu_seconds, group_members

#: the server's flags for most tests here: no request limit, one bot worker
ONE_WORKER = ("--rate-limit", "0", "--workers", "1")

PLUGIN = '''
from boardwright import agents
from boardwright.agents.base import Agent


class Failing(Agent):
    name = "failing"

    def choose(self, state, seat):
        raise RuntimeError("this bot always fails")


class Stubborn(Agent):
    name = "stubborn"

    def __init__(self, seed=None, time=None):
        super().__init__(seed)
        self.time = time  # a clock it is given, and ignores

    def choose(self, state, seat):
        while True:
            pass


agents.register("failing", Failing)
agents.register("stubborn", Stubborn)
'''


@pytest.fixture
def plugin_path(tmp_path: Path) -> dict[str, str]:
    """The environment of a server (and so of its workers) that knows the two test bots."""
    folder = tmp_path / "plugin"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(PLUGIN)
    return {"PYTHONPATH": os.pathsep.join([str(ROOT), str(folder)])}


def new_table(http: httpx.Client, game: str, seats: list[str]) -> httpx.Response:
    return http.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats})


def workers_of(server: Server) -> list[int]:
    """The server's other processes (its bot workers): those of its process group but itself."""
    assert server.process is not None
    return [pid for pid in group_members(server.process.pid) if pid != server.process.pid]


def hand(http: httpx.Client, created: dict[str, Any], seat: int, kind: str) -> httpx.Response:
    return http.post(f"/api/tables/{created['table']}/seats/{seat}",
                     json={"token": created["creator_token"], "kind": kind})


def idle_within(server: Server, seconds: float, what: str) -> None:
    """The workers' CPU time stops growing (less than 0.1 s in a second) within ``seconds``."""
    def idle() -> bool:
        before = cpu_seconds(workers_of(server))
        time.sleep(1.0)
        return cpu_seconds(workers_of(server)) - before < 0.1
    wait_until(idle, seconds, what, pause=0)


# ---------------------------------------------------------------------------------------- seat kinds
@pytest.mark.parametrize("kind", ["heuristic:x=1", "heuristic:depth=3", "random:x=1", "ismcts:width=3"])
def test_a_seat_kind_the_agent_or_the_games_bot_refuses_is_a_422(shared_server, kind):
    with client(shared_server) as http:
        before = http.get("/api/tables").json()
        parameter = kind.split(":")[1].split("=")[0]
        one_line_error(new_table(http, "gadgeteers", ["human", kind]), 422, parameter)
        assert http.get("/api/tables").json() == before, "a refused table was stored"
        created = create(http, "gadgeteers", ["human", "human"])
        one_line_error(hand(http, created, 0, kind), 422, parameter)
        assert get(http, created["table"])["seats"][0]["played_by"] == "human"


def test_a_search_whose_iterations_cannot_fit_in_a_move_is_refused_with_its_bound(shared_server):
    with client(shared_server) as http:
        refused = new_table(http, "the-game-makers", ["human", "ismcts:iterations=20000,depth=0,rollout=heuristic"])
        one_line_error(refused, 422, "at most 35 iterations", "heuristic rollouts to the end", "10 s")
        answer = new_table(http, "the-game-makers", ["human", "ismcts:iterations=35,depth=0,rollout=heuristic"])
        assert answer.status_code == 201, answer.text  # the largest it admits
        answer = new_table(http, "the-game-makers", ["human", "ismcts:time=2,iterations=20000,depth=0"])
        assert answer.status_code == 201, answer.text  # a 'time' bounds it


# ---------------------------------------------------------------------------------------- failures
def test_a_failing_bot_plays_its_seeded_random_move_and_logs_one_line_a_failure(start_server, plugin_path):
    server = start_server(args=ONE_WORKER, env=plugin_path)
    with client(server) as http:
        table = create(http, "the-game-makers", ["failing"], options={"max_turns": 1})["table"]
        final = wait_until(lambda: (message := get(http, table, since=NO_EVENTS))["is_over"] and message, 30,
                           "the failing bot's game to end")
        record = http.get(f"/api/tables/{table}/record").json()
    moves = len(record["actions"])
    assert moves == final["version"] > 3
    # every move was the fallback: a random legal move drawn from that move's own seed
    state = bw.replay(dict(record, actions=[]))
    for version, (seat, text) in enumerate(record["actions"]):
        legal = state.legal_actions(seat)
        expected = Stream.named(derive_seed(record["seed"], f"bot/{seat}/{version}"), "fallback").choice(legal)
        assert text == str(expected), f"move {version + 1} is not the seeded fallback"
        state.apply(seat, text)
    time.sleep(2.5)  # the clock's tick would try a failed bot again: it must not
    log = server.log()
    failures = [line for line in log.splitlines() if f"table {table}: the failing bot of seat 0 failed" in line]
    assert len(failures) == moves, f"{len(failures)} failure lines for {moves} moves"
    assert all("RuntimeError: this bot always fails" in line and "random legal move" in line for line in failures)
    assert log.count("Traceback") == 1, "the traceback is logged once for the table"


def test_a_runaway_bot_is_killed_at_its_deadline_and_its_worker_replaced(start_server, plugin_path):
    """``stubborn`` ignores its clock: its worker is killed when the move's time and the grace
    have passed, the seat plays its fallback, the CPU is idle again, and a new worker serves the
    next bot."""
    server = start_server(args=ONE_WORKER, env=plugin_path)
    with client(server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
        table = created["table"]
        seat = get(http, table)["to_act"][0]
        assert hand(http, created, seat, "stubborn:time=1").status_code == 200
        started = time.monotonic()
        wait_until(lambda: get(http, table, since=NO_EVENTS)["version"] == 1, 20, "the stubborn seat's fallback")
        waited = time.monotonic() - started
        assert 1.0 <= waited < 8, waited  # its 1 s, the 3 s of grace, a new worker's start
        assert hand(http, created, seat, "human").status_code == 200
        idle_within(server, 10, "the stubborn worker to be stopped")
        assert "the stubborn:time=1 bot of seat" in server.log() and "overran 1.0 s" in server.log()
        now = get(http, table, since=NO_EVENTS)
        mover = now["to_act"][0]
        assert hand(http, created, mover, "random").status_code == 200
        wait_until(lambda: get(http, table, since=NO_EVENTS)["version"] > now["version"], 20, "a new worker's move")


def test_a_search_without_a_time_stops_at_the_servers_cap(start_server):
    """A search given iterations that would take far longer than ``--bot-time`` (35 heuristic
    rollouts to the end of a 6-player game) stops itself at the cap: no worker is killed."""
    server = start_server(args=(*ONE_WORKER, "--bot-time", "1"))
    with client(server) as http:
        created = create(http, "the-game-makers", ["human"] * 6)
        table = created["table"]
        before = get(http, table, since=NO_EVENTS)
        seat = before["to_act"][0]
        assert len(get(http, table, tokens(created)[seat])["legal_actions"]) > 1  # the search searches
        assert hand(http, created, seat, "ismcts:iterations=35,depth=0,rollout=heuristic").status_code == 200
        started = time.monotonic()
        wait_until(lambda: get(http, table, since=NO_EVENTS)["version"] > before["version"], 15, "the search's move")
        assert time.monotonic() - started < 4
        assert hand(http, created, seat, "human").status_code == 200
        assert "overran" not in server.log()


# ---------------------------------------------------------------------------------------- workers and signals
def thinking_server(start_server: Callable[..., Server]) -> Server:
    """A server whose one worker is in the middle of a 10 s search."""
    server = start_server(args=ONE_WORKER)
    with client(server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
        seat = get(http, created["table"])["to_act"][0]
        assert hand(http, created, seat, "ismcts:time=10").status_code == 200

    def searching() -> bool:
        before = cpu_seconds(workers_of(server))
        time.sleep(0.5)
        return cpu_seconds(workers_of(server)) - before > 0.1
    wait_until(searching, 15, "a worker to search", pause=0)
    return server


def nothing_left(server: Server, seconds: float) -> None:
    assert server.process is not None
    pgid = server.process.pid
    wait_until(lambda: not group_members(pgid), seconds, "the server's processes to be gone")


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT to the group (Ctrl-C)"])
def test_stopping_the_server_stops_its_workers(start_server, how):
    server = thinking_server(start_server)
    assert server.process is not None
    sent = signal.SIGTERM if how == "SIGTERM" else signal.SIGINT
    if sent == signal.SIGTERM:
        os.kill(server.process.pid, sent)
    else:
        os.killpg(server.process.pid, sent)  # what a terminal does: every process of the group
    # uvicorn shuts down, then ends by the signal it caught (its exit status says which)
    assert server.process.wait(8) in (0, -sent)
    nothing_left(server, 3)
    assert "Traceback" not in server.log()


def test_the_workers_of_a_killed_server_exit_by_themselves(start_server):
    server = thinking_server(start_server)
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGKILL)  # the main process alone: no shutdown code runs
    server.process.wait(5)
    nothing_left(server, 3)  # within 3 s of the 10 s its search had left


# ---------------------------------------------------------------------------------------- quotas
def test_search_seats_of_one_address_are_capped(start_server):
    server = start_server(args=ONE_WORKER)
    cheap = "ismcts:iterations=1,depth=1"
    with client(server) as http:
        first = create(http, "gadgeteers", ["human", cheap, cheap, cheap])
        create(http, "gadgeteers", ["human", cheap, cheap, cheap])
        create(http, "gadgeteers", ["human", cheap, cheap])  # 8 search seats: the default cap
        one_line_error(new_table(http, "gadgeteers", ["human", cheap]), 429, "8 search-bot seats", "at most 8")
        one_line_error(hand(http, first, 0, cheap), 429, "at most 8")
        assert create(http, "gadgeteers", ["human", "heuristic"])  # light bots are not counted
        assert hand(http, first, 0, "random").status_code == 200


def test_a_tables_bots_get_their_share_of_a_core(start_server):
    """Two searches playing each other as fast as they may, at a table allowed 0.1 of a core with
    1 s saved up: over 8 s their worker spends at most about 1 + 0.8 s of CPU."""
    server = start_server(args=(*ONE_WORKER, "--bot-cpu-table", "0.1", "--bot-cpu-burst", "1"))
    with client(server) as http:
        table = create(http, "gadgeteers", ["ismcts:time=0.5", "ismcts:time=0.5"])["table"]
        wait_until(lambda: get(http, table, since=NO_EVENTS)["version"] >= 1, 15, "the first move")
        before, version = cpu_seconds(workers_of(server)), get(http, table, since=NO_EVENTS)["version"]
        time.sleep(8)
        spent = cpu_seconds(workers_of(server)) - before
        moved = get(http, table, since=NO_EVENTS)["version"] - version
    assert spent < 1 + 0.8 + 0.6, spent
    assert moved >= 2, "the table's bots still move, at their share"


def local(server: Server, address: str) -> httpx.Client:
    """A client whose requests come from ``address`` (another loopback address: another client)."""
    return httpx.Client(base_url=server.url, trust_env=False, timeout=15,
                        transport=httpx.HTTPTransport(local_address=address))


def test_one_addresss_waiting_moves_do_not_starve_anothers(start_server):
    """One worker; at eight tables of 127.0.0.2 a search of 0.5 s a move plays a random bot. A
    bot handed a seat at a table of 127.0.0.3 moves after at most one of their moves is done
    (turns go address by address), not after all eight."""
    server = start_server(args=ONE_WORKER)
    with local(server, "127.0.0.2") as busy, local(server, "127.0.0.3") as other:
        for _ in range(8):
            create(busy, "gadgeteers", ["ismcts:time=0.5", "random"])
        created = create(other, "gadgeteers", ["human", "human"])
        table = created["table"]
        time.sleep(2)  # every busy table has a move waiting
        waits = []
        for _ in range(3):
            version = get(other, table, since=NO_EVENTS)["version"]
            mover = get(other, table)["to_act"][0]
            started = time.monotonic()
            assert hand(other, created, mover, "random").status_code == 200
            wait_until(lambda version=version: get(other, table, since=NO_EVENTS)["version"] > version, 20,
                       "the other address's bot")
            waits.append(time.monotonic() - started)
            assert hand(other, created, mover, "human").status_code == 200
    assert max(waits) < 1.6, waits


def test_an_addresss_bots_share_its_budget(start_server):
    """Two workers; at three tables of 127.0.0.2 two searches of 0.5 s a move play each other,
    no table limited, the address allowed 0.1 of a core with 1 s saved up: over 10 s the workers
    spend at most about 1 + 1 s of CPU (and the overshoot of two moves started at once), where the
    tables alone would keep both workers busy. Then a search of 0.8 s handed a seat at a table of
    127.0.0.3 moves at once: that address's budget is its own (127.0.0.2's moves, which need less
    credit, would take every bit of a shared one)."""
    server = start_server(args=("--rate-limit", "0", "--workers", "2", "--bot-cpu-table", "0",
                                "--bot-cpu-address", "0.1", "--bot-cpu-burst", "1"))
    with local(server, "127.0.0.2") as busy, local(server, "127.0.0.3") as other:
        tables = [create(busy, "gadgeteers", ["ismcts:time=0.5", "ismcts:time=0.5"])["table"] for _ in range(3)]

        def versions() -> int:
            return sum(get(busy, table, since=NO_EVENTS)["version"] for table in tables)
        wait_until(lambda: versions() >= 2 and len(workers_of(server)) == 2, 20, "both workers to move")
        before, version = cpu_seconds(workers_of(server)), versions()
        time.sleep(10)
        spent = cpu_seconds(workers_of(server)) - before
        moved = versions() - version
        assert spent < 1 + 0.1 * 10 + 1.0, spent
        assert moved >= 2, "the address's bots still move, at its share"
        created = create(other, "gadgeteers", ["human", "human"])
        table = created["table"]
        version = get(other, table, since=NO_EVENTS)["version"]
        asked = time.monotonic()
        assert hand(other, created, get(other, table)["to_act"][0], "ismcts:time=0.8").status_code == 200
        wait_until(lambda: get(other, table, since=NO_EVENTS)["version"] > version, 5, "the other address's search")
        waited = time.monotonic() - asked
    assert waited < 2, waited  # its 0.8 s, and a worker to finish a move of 127.0.0.2's


# ---------------------------------------------------------------------------------------- long logs
def long_table(db: str, actions: int) -> str:
    """A stored Makers of Universe table of ``actions`` random moves, every seat a random bot."""
    from sqlalchemy import insert

    from boardwright.web.schema import actions as stored_actions
    from boardwright.web.storage import Storage

    storage = Storage(db)
    storage.migrate()
    game = bw.load("makers-of-universe")
    options = {"max_rounds": 500, "target": 60}
    state = game.new(5, 7, options)
    storage.create({"id": "long", "game": game.id, "game_version": game.version, "players": 5, "options": options,
                    "seed": 7, "creator": "0" * 64, "timer": None, "address": "127.0.0.1"},
                   [{"seat": seat, "kind": "random", "token": None, "bot": None} for seat in range(5)])
    rng = Stream(3)
    rows = []
    for version in range(1, actions + 1):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        rows.append({"table_id": "long", "version": version, "seat": seat, "kind": "act",
                     "text": str(state.log[-1][1]), "created": 0.0})
    with storage.engine.begin() as connection:  # one transaction, not one a move
        connection.execute(insert(stored_actions), rows)
    storage.close()
    return "long"


def test_a_bot_move_at_a_long_table_ships_only_what_the_worker_lacks(start_server, tmp_path):
    """At a 10,000-action table the worker's CPU per bot move is that of a short table's: it is
    not sent the whole log each move (which cost it several milliseconds a move)."""
    db = f"sqlite:///{tmp_path / 'long.db'}"
    table = long_table(db, 10_000)
    server = start_server(db=db, args=ONE_WORKER)
    with client(server) as http:
        wait_until(lambda: get(http, table, since=NO_EVENTS)["version"] >= 10_050, 60, "the bots to play on")
        before_cpu, before = cpu_seconds(workers_of(server)), get(http, table, since=NO_EVENTS)["version"]
        time.sleep(3)
        spent = cpu_seconds(workers_of(server)) - before_cpu
        moved = get(http, table, since=NO_EVENTS)["version"] - before
    assert moved >= 20, moved
    assert spent / moved < 0.002, f"{spent / moved * 1000:.2f} ms of worker CPU a move"


# ---------------------------------------------------------------------------------------- PostgreSQL
def test_one_server_of_two_thinks_a_tables_bots_and_the_other_takes_over(postgres_db, start_server):
    """Searches of 2.2 s a move: long enough for the second server's clock to find the table idle
    and try its bots (which, without the lease, it would think too)."""
    a = start_server(db=postgres_db, args=ONE_WORKER)
    b = start_server(db=postgres_db, args=ONE_WORKER)
    with client(a) as on_a, client(b) as on_b:
        table = create(on_a, "game-development", ["ismcts:time=2.2", "ismcts:time=2.2"])["table"]
        get(on_b, table)  # b has the table too, and follows its moves
        wait_until(lambda: get(on_b, table, since=NO_EVENTS)["version"] >= 3, 30, "the bots to play through a")
        assert workers_of(a) and not workers_of(b), "b started bot workers for a table whose bots a plays"
        version = get(on_b, table, since=NO_EVENTS)["version"]
        a.kill()
        wait_until(lambda: get(on_b, table, since=NO_EVENTS)["version"] >= version + 2, 40, "b to take the bots over")
        assert workers_of(b)
