"""Hints over a real server (``GET /api/tables/{table}/hint``): the search's advice to the seat to
act, thought on a bot worker from what that seat may see, and only that; refused to spectators,
to seats not to act, at tables with hints off and at rated tables; the same hint for the same
moment; paced per seat; a hint that overruns its time has its worker killed and replaced.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from services import ROOT
from test_web_accounts import csrf, sign_up
from test_web_protocol import one_line_error
from webplay import NO_EVENTS, act, client, create, get, tokens, wait_until

GAME = "gadgeteers"
#: what a hint answer holds, and each of its moves: nothing else of what the worker computed
HINT_KEYS = {"table", "version", "seat", "time", "moves", "why"}
MOVE_KEYS = {"action", "win", "score", "visits"}


def ask(http: httpx.Client, table: str, token: str | None = None, **params: Any) -> httpx.Response:
    if token is not None:
        params["token"] = token
    return http.get(f"/api/tables/{table}/hint", params=params)


def two_people(http: httpx.Client, **fields: Any) -> tuple[str, dict[int, str], dict[str, Any]]:
    """A table of two people: its id, their tokens, and the message of the seat to act."""
    made = create(http, GAME, ["human", "human"], **fields)
    seat_tokens = tokens(made)
    first = get(http, made["table"], since=NO_EVENTS)["to_act"][0]
    return made["table"], seat_tokens, get(http, made["table"], seat_tokens[first], since=NO_EVENTS)


def test_the_seat_to_act_gets_a_hint_of_its_own_legal_actions_and_nothing_else(shared_server):
    with client(shared_server, timeout=30) as http:
        table, seat_tokens, mine = two_people(http)
        seat = mine["seat"]
        assert mine["hints"] is True  # a private table allows hints unless told otherwise
        answer = ask(http, table, seat_tokens[seat], version=mine["version"])
        assert answer.status_code == 200, answer.text
        hint = answer.json()
    assert set(hint) == HINT_KEYS, hint
    assert (hint["table"], hint["version"], hint["seat"], hint["time"]) == (table, mine["version"], seat, 1.0)
    assert 1 <= len(hint["moves"]) <= 5
    for move in hint["moves"]:
        assert set(move) == MOVE_KEYS, move
        assert move["action"] in mine["legal_actions"], move  # the seat's own choices, none of another's
        assert 0.0 <= move["win"] <= 1.0 and move["visits"] > 0
    visits = [move["visits"] for move in hint["moves"]]
    assert visits == sorted(visits, reverse=True), "best (most simulated) first"
    assert hint["why"] and "\n" not in hint["why"] and hint["moves"][0]["action"] in hint["why"]
    text = answer.text
    assert not any(token in text for token in seat_tokens.values()), "a token in a hint"
    assert "seed" not in text and "rows" not in text and "trace" not in text


def test_two_asks_at_one_moment_get_the_same_hint(shared_server):
    with client(shared_server, timeout=30) as http:
        table, seat_tokens, mine = two_people(http)
        token = seat_tokens[mine["seat"]]
        answers: list[httpx.Response] = []

        def asker() -> None:
            with client(shared_server, timeout=30) as own:
                answers.append(ask(own, table, token))
        threads = [threading.Thread(target=asker) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        again = ask(http, table, token)  # later, at the same version: the hint kept, not a new search (429)
    assert [answer.status_code for answer in answers] == [200, 200], [answer.text for answer in answers]
    assert answers[0].json() == answers[1].json() == again.json()


def test_spectators_seats_not_to_act_and_moments_past_are_refused(shared_server):
    with client(shared_server) as http:
        table, seat_tokens, mine = two_people(http)
        other = next(seat for seat in seat_tokens if seat != mine["seat"])
        before = get(http, table, since=NO_EVENTS)
        one_line_error(ask(http, table), 403, "spectator")
        one_line_error(ask(http, table, seat_tokens[other]), 403, f"seat {other} is not to act")
        one_line_error(ask(http, table, "not a token"), 403, "token")
        one_line_error(ask(http, table, seat_tokens[mine["seat"]], version=mine["version"] + 1), 409, "moved on")
        one_line_error(ask(http, table, seat_tokens[mine["seat"]], version="x"), 422, "version")
        one_line_error(ask(http, "nosuchtable", seat_tokens[mine["seat"]]), 404, "no table")
        assert get(http, table, since=NO_EVENTS) == before, "a refused ask changed the table"


def test_a_table_with_hints_off_refuses_them_and_open_tables_start_without(shared_server):
    with client(shared_server) as http:
        table, seat_tokens, mine = two_people(http, hints=False)
        assert mine["hints"] is False
        one_line_error(ask(http, table, seat_tokens[mine["seat"]]), 403, "hints are off at this table")
        listed = create(http, GAME, ["human", "heuristic"], visibility="open", name="Ada")
        assert get(http, listed["table"])["hints"] is False  # strangers meet at an open table
        asked_for = create(http, GAME, ["human", "heuristic"], visibility="open", name="Ada", hints=True)
        assert get(http, asked_for["table"])["hints"] is True
        one_line_error(http.post("/api/tables", json={"game": GAME, "players": 2, "hints": "yes"}), 422, "hints")


def test_a_rated_table_refuses_hints(shared_server):
    ada = sign_up(shared_server, f"hint_ada_{os.getpid()}")
    made = ada.post("/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "heuristic"]},
                    headers=csrf(ada))
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    message = ada.get(f"/api/tables/{table}").json()
    assert message["seat"] == 0 and message["hints"] is False  # every person signed in: rated
    one_line_error(ask(ada, table), 403, "hints are off at rated tables")
    one_line_error(ask(ada, table, made.json()["seats"][0]["token"]), 403, "rated")
    ada.close()


def test_a_seat_asks_for_a_new_hint_at_most_once_per_its_interval(start_server):
    server = start_server(args=("--rate-limit", "0", "--workers", "1", "--hint-every", "60", "--hint-time", "0.2"))
    with client(server, timeout=30) as http:
        table, seat_tokens, mine = two_people(http)
        seat = mine["seat"]
        assert ask(http, table, seat_tokens[seat]).status_code == 200
        assert ask(http, table, seat_tokens[seat]).status_code == 200  # the same moment: the hint kept
        message = mine
        while True:  # play on, the first legal action of whoever acts, until the seat decides again
            mover = message["to_act"][0]
            now = get(http, table, seat_tokens[mover], since=NO_EVENTS)
            assert act(http, table, seat_tokens[mover], now["legal_actions"][0], now["version"]).status_code == 200
            message = get(http, table, since=NO_EVENTS)
            if seat in message["to_act"]:
                break
        refused = ask(http, table, seat_tokens[seat])
        one_line_error(refused, 429, "once every 60 s", "try again in")
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        other = next(other for other in seat_tokens if other != seat)
        assert get(http, table, since=NO_EVENTS)["to_act"] == [seat]
        one_line_error(ask(http, table, seat_tokens[other]), 403, "not to act")  # the other's pace is its own


def test_a_huge_hint_time_is_refused_at_the_start(tmp_path: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "boardwright", "serve", "--db", f"sqlite:///{tmp_path}/x.db",
                           "--port", "1", "--hint-time", "1000"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--hint-time is 0.1 to 10, not 1000" in lines[0], done.stderr


STUBBORN_HINT = '''
from boardwright import agents


def stubborn_hint(state, seat, **budget):
    while True:  # thinks forever, whatever time it is given
        pass


agents.hint = stubborn_hint
'''


def test_a_hint_that_overruns_has_its_worker_killed_and_replaced(start_server, tmp_path):
    folder = tmp_path / "plugin"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(STUBBORN_HINT)
    server = start_server(args=("--rate-limit", "0", "--workers", "1", "--hint-time", "0.5"),
                          env={"PYTHONPATH": os.pathsep.join([str(ROOT), str(folder)])})
    with client(server, timeout=30) as http:
        table, seat_tokens, mine = two_people(http)
        started = time.monotonic()
        one_line_error(ask(http, table, seat_tokens[mine["seat"]]), 503, "could not be thought in its time")
        waited = time.monotonic() - started
        assert 3.5 <= waited < 20, waited  # its 0.5 s and the 3 s of grace (and a worker's start)
        wait_until(lambda: "a hint for seat" in server.log() and "overran 0.5 s" in server.log(), 5, "the log line")
        # the next bot move has a new worker
        bot = create(http, GAME, ["random", "random"], options={})
        wait_until(lambda: get(http, bot["table"], since=NO_EVENTS)["version"] > 0, 30, "a new worker's move")
