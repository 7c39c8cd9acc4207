"""What a table may make the server spend, over a real server on loopback (docs/server.md, "Running
it on the internet"): answers carry only the events asked for, a retried move is known by what it
means, sockets coming and going wake only whom it concerns, spectators, open tables and taken-back
actions are capped, abandoned tables expire, games are no longer than they need to be, and replaying
or reading back a long game never stalls the other clients."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_protocol import one_line_error
from webplay import NO_EVENTS, Follower, answered, client, create, execute, get, tokens, wait_until
from websockets.exceptions import ConnectionClosed

import boardwright as bw
from boardwright.web.live import token_hash


def play_until(http: httpx.Client, table: str, seat_tokens: dict[int, str], rng: random.Random,
               done: Any, limit: int = 600) -> dict[str, Any]:
    """Random moves for the human seats until ``done(the acting seat's message)``; that message."""
    for _ in range(limit):
        spectator = get(http, table, since=NO_EVENTS)
        assert not spectator["is_over"], "the game ended first"
        seat = spectator["to_act"][0]
        mine = answered(http, table, seat_tokens[seat], since=NO_EVENTS)
        if done(mine):
            return mine
        answer = http.post(f"/api/tables/{table}/actions", json={
            "token": seat_tokens[seat], "action": rng.choice(mine["legal_actions"]), "version": mine["version"],
            "since": NO_EVENTS})
        assert answer.status_code == 200, answer.text
    raise AssertionError(f"not reached in {limit} moves")


# ---------------------------------------------------------------------------------------------- answers
def test_a_move_answers_with_the_seats_events_from_since(shared_server):
    with client(shared_server) as http:
        made = create(http, "gadgeteers", ["human", "human"])
        table, seats = made["table"], tokens(made)
        play_until(http, table, seats, random.Random(1), lambda message: message["version"] >= 6)
        now = get(http, table, since=NO_EVENTS)
        seat = now["to_act"][0]
        history = get(http, table, seats[seat])["events"]
        mine = get(http, table, seats[seat], since=NO_EVENTS)
        body = {"token": seats[seat], "action": mine["legal_actions"][0], "version": mine["version"],
                "since": len(history)}
        answer = http.post(f"/api/tables/{table}/actions", json=body)
        assert answer.status_code == 200, answer.text
        told = answer.json()["events"]
        assert told and [event["seq"] for event in told] == list(range(len(history), len(history) + len(told)))
        assert told == get(http, table, seats[seat])["events"][len(history):]
        # without `since`, the answer has the whole history, as the protocol says
        other = answer.json()["to_act"][0]
        theirs = get(http, table, seats[other], since=NO_EVENTS)
        whole = http.post(f"/api/tables/{table}/actions", json={
            "token": seats[other], "action": theirs["legal_actions"][0], "version": theirs["version"]})
        assert whole.status_code == 200 and whole.json()["events"][0]["seq"] == 0


def test_an_undo_answers_with_the_seats_events_from_since(shared_server):
    with client(shared_server) as http:
        made = create(http, "gadgeteers", ["human", "human"])
        table, seats = made["table"], tokens(made)
        mine = play_until(http, table, seats, random.Random(2),
                          lambda message: message["version"] >= 4 and message["can_undo"])
        seat, version = mine["seat"], mine["version"]
        history = get(http, table, seats[seat])["events"]
        body = {"token": seats[seat], "version": version}
        # a `since` that is not a count of events is refused in one line, and nothing is taken back
        for bad in (-1, 1 << 31, "3", 2.5, True):
            one_line_error(http.post(f"/api/tables/{table}/undo", json=dict(body, since=bad)), 422, "since")
        assert get(http, table, seats[seat])["events"] == history
        assert answered(http, table, seats[seat], since=NO_EVENTS)["version"] == version
        answer = http.post(f"/api/tables/{table}/undo", json=dict(body, since=len(history)))
        assert answer.status_code == 200, answer.text
        told = answer.json()["events"]
        assert answer.json()["version"] == version + 1
        assert told and told[-1]["kind"] == "undone" and told[-1]["seat"] == seat
        assert [event["seq"] for event in told] == list(range(len(history), len(history) + len(told)))
        assert told == get(http, table, seats[seat])["events"][len(history):]


def test_a_retried_move_is_known_by_the_action_it_means(shared_server):
    with client(shared_server) as http:
        made = create(http, "gadgeteers", ["human", "human"])
        table, seats = made["table"], tokens(made)
        now = get(http, table, since=NO_EVENTS)
        seat = now["to_act"][0]
        action, another = get(http, table, seats[seat], since=NO_EVENTS)["legal_actions"][:2]
        spelt = "  " + action.upper().replace(" ", "   ") + " "
        body = {"token": seats[seat], "action": spelt, "version": now["version"], "since": NO_EVENTS}
        first = http.post(f"/api/tables/{table}/actions", json=body)
        assert first.status_code == 200, first.text
        again = http.post(f"/api/tables/{table}/actions", json=body)  # the same request, sent again
        assert again.status_code == 200, again.text
        assert first.json()["version"] == again.json()["version"] == now["version"] + 1
        acted = [event for event in get(http, table, seats[seat])["events"] if event["kind"] == "acted"]
        assert [event["action"] for event in acted] == [action]  # stored once, in the game's own spelling
        # another move chosen at that version is still refused: someone moved first
        one_line_error(http.post(f"/api/tables/{table}/actions", json=dict(body, action=another)), 409, "version")


# ---------------------------------------------------------------------------------------------- sockets
def quiet_socket(follower: Follower) -> list[dict[str, Any]]:
    """Whatever ``follower`` is pushed until it has heard nothing for a while."""
    return list(follower.drain(quiet_for=0.5))


def test_spectators_coming_and_going_wake_nobody(shared_server):
    with client(shared_server) as http:
        made = create(http, "game-development", ["human", "human"])
        table, seats = made["table"], tokens(made)
        player = Follower(shared_server, table, seats[0])
        player.connect()
        player.receive()
        quiet_socket(player)
        crowd = []
        for _ in range(30):
            spectator = Follower(shared_server, table)
            spectator.connect()
            spectator.receive()
            crowd.append(spectator)
        second = Follower(shared_server, table, seats[0])  # the same seat again, on another device
        second.connect()
        second.receive()
        for spectator in crowd:
            spectator.close()
        second.close()
        assert quiet_socket(player) == [], "spectators, or the seat's own second socket, woke the seat's socket"
        other = Follower(shared_server, table, seats[1])  # the other seat connects: everyone sees it
        other.connect()
        other.receive()
        pushed = quiet_socket(player)
        assert len(pushed) == 1 and pushed[0]["seats"][1]["connected"], pushed
        other.close()
        pushed = quiet_socket(player)
        assert len(pushed) == 1 and not pushed[0]["seats"][1]["connected"], pushed
        player.close()


def test_spectators_per_table_are_capped(start_server):
    server = start_server(args=("--max-spectators", "2", "--workers", "1"))
    with client(server) as http:
        made = create(http, "gadgeteers", ["human", "human"])
        table, seats = made["table"], tokens(made)
        watching = [Follower(server, table) for _ in range(2)]
        for spectator in watching:
            spectator.connect()
            spectator.receive()
        one_more = Follower(server, table)
        one_more.connect()
        with pytest.raises(ConnectionClosed) as closed:
            one_more.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429, closed.value
        assert "spectators" in closed.value.rcvd.reason
        player = Follower(server, table, seats[1])  # a seat is never kept out by spectators
        player.connect()
        assert player.receive()["seat"] == 1
        watching[0].close()
        wait_until(lambda: try_spectating(server, table), 5, "a spectator's place to free up")
        for follower in [*watching, player]:
            follower.close()


def try_spectating(server: Any, table: str) -> bool:
    spectator = Follower(server, table)
    try:
        spectator.connect()
        spectator.receive(timeout=2)
        return True
    except ConnectionClosed:
        return False
    finally:
        spectator.close()


# ---------------------------------------------------------------------------------------------- tables
def from_address(server: Any, address: str) -> httpx.Client:
    """A client whose requests come from ``address`` (any of 127/8 reaches loopback on Linux)."""
    return httpx.Client(base_url=server.url, trust_env=False, timeout=15,
                        transport=httpx.HTTPTransport(local_address=address))


def new_table(http: httpx.Client, seats: list[str] | None = None) -> httpx.Response:
    seats = seats or ["human", "human"]
    return http.post("/api/tables", json={"game": "game-development", "players": len(seats), "seats": seats})


def test_open_tables_are_capped_per_address_and_in_all(start_server):
    server = start_server(args=("--max-tables-per-address", "2", "--max-tables", "3", "--workers", "1"))
    with from_address(server, "127.0.0.1") as first, from_address(server, "127.0.0.2") as second, \
            from_address(server, "127.0.0.3") as third:
        bots = new_table(first, ["random", "random"])  # plays itself to the end: then it is not open
        assert bots.status_code == 201, bots.text
        assert new_table(first).status_code == 201
        one_line_error(new_table(first), 429, "2 open tables")
        assert new_table(second).status_code == 201
        one_line_error(new_table(third), 503, "3 open tables")
        table = bots.json()["table"]
        wait_until(lambda: get(first, table, since=NO_EVENTS)["is_over"], 60, "the bots' game to end")
        assert new_table(third).status_code == 201  # a finished game leaves room
        one_line_error(new_table(first), 503, "3 open tables")


def test_an_abandoned_table_expires_and_is_not_resumed(start_server):
    expiry_days = 3 / 86400  # three seconds
    server = start_server(args=("--table-expiry", repr(expiry_days), "--workers", "1"))
    with client(server) as http:
        abandoned = create(http, "gadgeteers", ["human", "human"])
        finished = create(http, "game-development", ["random", "random"])
        table = abandoned["table"]
        watcher = Follower(server, table, tokens(abandoned)[0])
        watcher.connect()
        watcher.receive()
        wait_until(lambda: get(http, finished["table"], since=NO_EVENTS)["is_over"], 60, "the bots' game to end")
        with pytest.raises(ConnectionClosed) as closed:
            watcher.until(lambda _: False, timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410, closed.value
        one_line_error(http.get(f"/api/tables/{table}"), 410, "expired")
        one_line_error(http.post(f"/api/tables/{table}/actions", json={"token": tokens(abandoned)[0], "action": "x",
                                                                "version": 0}), 410, "expired")
        assert http.get(f"/api/tables/{finished['table']}/record").status_code == 200  # a finished game stays
    server.stop()
    server.restart()
    with client(server) as http:
        one_line_error(http.get(f"/api/tables/{table}"), 410, "expired")
        assert http.get(f"/api/tables/{finished['table']}/record").status_code == 200
    log = server.log()
    assert log.count(f"table {table} expired") == 1, "the expiry is logged once, and a restart does not resume it"
    assert f"table {table} was not resumed" not in log


def test_a_game_is_no_longer_than_it_needs_to_be(shared_server):
    with client(shared_server) as http:
        body = {"game": "makers-of-universe", "players": 5, "seats": ["human"] * 5}
        one_line_error(http.post("/api/tables", json=dict(body, options={"max_rounds": 500})), 422, "max_rounds", "60")
        assert http.post("/api/tables", json=dict(body, options={"max_rounds": 60})).status_code == 201
        body = {"game": "the-game-makers", "players": 2, "seats": ["human"] * 2}
        one_line_error(http.post("/api/tables", json=dict(body, options={"max_turns": 1000})), 422, "max_turns", "300")
        listed = {game["id"]: game for game in http.get("/api/games").json()}
        rounds = next(option for option in listed["makers-of-universe"]["options"] if option["name"] == "max_rounds")
        assert rounds["maximum"] == 60 and rounds["type"] == "int"


def test_a_table_takes_back_at_most_its_limit(start_server):
    server = start_server(args=("--max-undos", "1", "--workers", "1", "--rate-limit", "0"))
    with client(server) as http:
        made = create(http, "gadgeteers", ["human", "human"])
        table, seats = made["table"], tokens(made)
        rng = random.Random(3)
        mine = play_until(http, table, seats, rng, lambda message: message["can_undo"])
        seat = mine["seat"]
        undone = http.post(f"/api/tables/{table}/undo", json={"token": seats[seat], "version": mine["version"]})
        assert undone.status_code == 200, undone.text
        mine = play_until(http, table, seats, rng, lambda message: message["can_undo"])
        version = mine["version"]
        one_line_error(http.post(f"/api/tables/{table}/undo", json={"token": seats[mine["seat"]], "version": version}),
                422, "Undo:", "taken back 1")
        assert get(http, table, since=NO_EVENTS)["version"] == version


# ---------------------------------------------------------------------------------------------- long games
LONG_GAME = ("makers-of-universe", 5, {"target": 60, "max_rounds": 500})


def long_game(actions: int) -> bw.State:
    """A finished game of at least ``actions`` actions (random play with the safety bound raised, as
    a table made before the server capped it could hold)."""
    game_id, players, options = LONG_GAME
    for seed in range(20):
        state = bw.load(game_id).new(players, seed=seed, options=options, events=False)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(state.log) >= actions:
            return state
    raise AssertionError(f"no random game of {actions} actions")


def store_finished(db_file: Path, state: bw.State, table: str) -> None:
    """Write ``state``'s game into the server's database as a finished table, as if played there."""
    url = f"sqlite:///{db_file}"
    execute(url, "INSERT INTO tables (id, game, game_version, players, options, seed, creator, timer, created, "
                 "finished, expired) VALUES (:id, :game, :version, :players, :options, :seed, :creator, NULL, "
                 ":created, 1, 0)", id=table, game=state.game.id, version=state.game.version, players=state.players,
            options=json.dumps(dict(state.options)), seed=str(state.seed), creator=token_hash("c"), created=time.time())
    for seat in range(state.players):
        execute(url, "INSERT INTO seats (table_id, seat, kind, token, bot) VALUES (:t, :s, 'human', :h, NULL)",
                t=table, s=seat, h=token_hash(f"seat {seat}"))
    import sqlalchemy

    engine = sqlalchemy.create_engine(url)
    rows = [{"t": table, "v": index + 1, "s": seat, "a": str(action)} for index, (seat, action) in enumerate(state.log)]
    insert = "INSERT INTO actions (table_id, version, seat, kind, text, created) VALUES (:t, :v, :s, 'act', :a, 0)"
    with engine.begin() as connection:
        connection.execute(sqlalchemy.text(insert), rows)
    engine.dispose()


class Stopwatch(threading.Thread):
    """Another client: a small request every 20 ms, each answer's wait kept."""

    def __init__(self, server: Any, table: str) -> None:
        super().__init__(daemon=True)
        self.http = from_address(server, "127.0.0.9")
        self.table = table
        self.waits: list[float] = []
        self.failures: list[str] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            started = time.perf_counter()
            answer = self.http.get(f"/api/tables/{self.table}", params={"since": NO_EVENTS})
            self.waits.append(time.perf_counter() - started)
            if answer.status_code != 200:
                self.failures.append(answer.text)
            time.sleep(0.02)

    def __enter__(self) -> Stopwatch:
        self.start()
        time.sleep(0.3)
        return self

    def __exit__(self, *_: Any) -> None:
        self.stop.set()
        self.join(10)
        self.http.close()


def test_replaying_and_reading_back_a_long_game_never_stalls_the_others(start_server, tmp_path):
    state = long_game(8000)
    server = start_server(args=("--workers", "1", "--rate-limit", "0", "--request-cpu", "0.05"))
    store_finished(Path(server.db[len("sqlite:///"):]), state, "longgame0001")
    steps = len(state.log)
    with client(server) as http:
        small = create(http, "gadgeteers", ["human", "human"])["table"]
        with Stopwatch(server, small) as other, from_address(server, "127.0.0.5") as heavy:
            answers = [heavy.get("/api/tables/longgame0001")]  # read back from the database: the whole log
            for step in (steps, steps - 1, 1, steps // 2, steps - 250):
                answers.append(heavy.get("/api/tables/longgame0001/replay", params={"step": step, "seat": 2}))
                answers.append(heavy.get("/api/tables/longgame0001", params={"token": "seat 3"}))
        assert answers[0].status_code == 200 and len(answers[0].json()["events"]) > 5000
        costly = [answer for answer in answers if answer.status_code == 429]
        assert costly, "replaying a long game again and again was never refused: its cost is not counted"
        assert all(answer.status_code in (200, 429) for answer in answers), [a.text[:200] for a in answers]
        assert "Retry-After" in costly[0].headers and "replays" in costly[0].json()["error"]
        assert len(other.waits) > 20 and not other.failures, other.failures[:1]
        assert max(other.waits) < 0.2, f"another client waited {max(other.waits) * 1000:.0f} ms while one " \
                                       f"replayed a long game"
        # the same step asked twice answers the same (a reload, two viewers), to a client with time left
        again = [http.get("/api/tables/longgame0001/replay", params={"step": steps - 1, "seat": 2, "since": 0})
                 for _ in range(2)]
        assert [answer.status_code for answer in again] == [200, 200], again[0].text
        first, second = (answer.json() for answer in again)
        assert first == second and first["step"] == steps - 1 and first["fresh"] >= 1
        truth = bw.replay(state.record() | {"seed": state.seed}, until=steps - 1)
        assert first["view"] == truth.view(2) and first["events"] == truth.events(2)
