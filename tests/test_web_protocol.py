"""The server's public protocol over loopback (docs/server.md): the games list, retried and
simultaneous moves, bad input that gets one line and changes nothing (floods included), refused
WebSockets, a seat handed to a bot and back, and the turn timer. The record, published only after
the end, is checked around the whole games of test_web_leaks.py."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from webleaks import Table, wait_logged
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import boardwright as bw


def client(server: Any) -> httpx.Client:
    return httpx.Client(base_url=server.url, trust_env=False, timeout=30)


def wait_for(condition: Callable[[], Any], timeout: float, what: str, step: float = 0.05) -> Any:
    """Poll ``condition`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"{what}: not within {timeout:g} s"
        time.sleep(step)


def advance(table: Table, rng: random.Random, until: Callable[[dict[str, Any]], bool], limit: int = 400) -> dict:
    """Play an all-human table by HTTP with ``rng`` until ``until(spectator's message)``."""
    for _ in range(limit):
        now = table.get(None).json()
        if until(now):
            return now
        assert not now["is_over"], "the game ended first"
        seat = now["to_act"][0]
        mine = table.get(seat).json()
        answer = table.post(seat, rng.choice(mine["legal_actions"]), mine["version"])
        assert answer.status_code == 200, answer.text
    raise AssertionError(f"not reached in {limit} moves")


def acted(message: dict[str, Any], seat: int) -> list[str]:
    """The actions ``seat`` took among a message's events."""
    return [event["action"] for event in message["events"]
            if event["kind"] == "acted" and event.get("seat") == seat and "action" in event]


def snapshot(table: Table) -> list[Any]:
    """What every seat and a spectator are sent now, but who is connected and the clock."""
    shots = []
    for seat in [None, *table.humans]:
        data = table.get(seat).json()
        shots.append({key: value for key, value in data.items() if key not in ("seats", "deadline")})
    return shots


def one_line_error(answer: httpx.Response, status: int, *words: str) -> str:
    """A refusal: ``status``, and a short ``{"error": ...}`` line that has ``words`` in it."""
    assert answer.status_code == status, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert error and "\n" not in error and len(error) < 300, error
    for word in words:
        assert word in error, (word, error)
    return error


# ---------------------------------------------------------------------------------------------- games
def test_games_lists_every_game_with_counts_options_and_catalog(shared_server):
    with client(shared_server) as http:
        games = http.get("/api/games").json()
    assert [game["id"] for game in games] == bw.games() and len(games) == 4
    for listed in games:
        game = bw.load(listed["id"])
        assert (listed["min_players"], listed["max_players"]) == (game.min_players, game.max_players)
        names = [option["name"] for option in listed["options"]]
        assert names == [option.name for option in game.options if option.name != "content"]
        assert "content" not in names and all({"name", "doc", "default"} <= set(o) for o in listed["options"])
        assert listed["catalog"] and listed["catalog"] == bw.load(listed["id"]).catalog()
    # only Makers of Universe asks a seat to react or pass (its reaction windows, U6)
    assert {game["id"]: game["reactions"] for game in games} == {
        "gadgeteers": False, "game-development": False, "makers-of-universe": True, "the-game-makers": False}


def test_the_seat_asked_in_a_reaction_window_is_told_the_action_that_passes(shared_server):
    """A page may pass a reaction window for its player: the seat asked is sent the game's pass
    action; the other seats and a spectator are sent none, nor is anyone outside a window."""
    table = Table(shared_server, "makers-of-universe", ["human", "human", "human"])
    try:
        now = advance(table, random.Random(3), lambda message: message["view"]["window"] is not None)
        asked = now["to_act"][0]
        assert table.get(asked).json()["pass_action"] == "pass"
        assert [table.get(seat).json()["pass_action"] for seat in (None, *table.humans) if seat != asked] == \
            [None, None, None]
        table.post(asked, "pass", now["version"])
        later = advance(table, random.Random(4), lambda message: message["view"]["phase"] == "bid")
        assert [table.get(seat).json()["pass_action"] for seat in later["to_act"]] == [None] * len(later["to_act"])
    finally:
        table.close()


# ---------------------------------------------------------------------------------------------- retries and races
def test_a_retried_request_is_answered_and_applied_once(shared_server):
    table = Table(shared_server, "gadgeteers", ["human", "human"])
    try:
        before = table.get(None).json()
        seat = before["to_act"][0]
        mine = table.get(seat).json()
        action = mine["legal_actions"][0]
        first = table.post(seat, action, before["version"])
        second = table.post(seat, action, before["version"])
        assert first.status_code == second.status_code == 200, (first.text, second.text)
        assert first.json()["version"] == second.json()["version"] == before["version"] + 1
        after = table.get(seat, since=len(mine["events"])).json()
        assert after["version"] == before["version"] + 1 and acted(after, seat) == [action]
        other = next(text for text in mine["legal_actions"] if text != action)
        one_line_error(table.post(seat, other, before["version"]), 409, "version")
        # the other seat moves; the first move retried once more is still not applied again
        nxt = table.get(None).json()["to_act"][0]
        theirs = table.get(nxt).json()
        theirs_action = [text for text in theirs["legal_actions"] if text != action][-1]
        assert table.post(nxt, theirs_action, theirs["version"]).status_code == 200
        again = table.post(seat, action, before["version"])
        assert again.status_code == 200 and again.json()["version"] == before["version"] + 2
        assert acted(table.get(seat, since=len(mine["events"])).json(), seat).count(action) == 1
    finally:
        table.close()


def race(table: Table, posts: list[tuple[int, str, int]]) -> list[httpx.Response]:
    """Post ``posts`` (seat, action, version) at once, each from its own client and thread."""
    barrier = threading.Barrier(len(posts))
    answers: list[httpx.Response | None] = [None] * len(posts)
    clients = [client(table.server) for _ in posts]

    def send(index: int) -> None:
        seat, action, version = posts[index]
        body = {"token": table.tokens[seat], "action": action, "version": version}
        barrier.wait()
        answers[index] = clients[index].post(f"/api/tables/{table.id}/actions", json=body)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    for http in clients:
        http.close()
    assert all(answer is not None for answer in answers)
    return answers  # type: ignore[return-value]


def test_two_moves_of_one_seat_at_once_exactly_one_wins(shared_server):
    table = Table(shared_server, "gadgeteers", ["human", "human"])
    try:
        for _ in range(4):
            now = table.get(None).json()
            seat = now["to_act"][0]
            legal = table.get(seat).json()["legal_actions"]
            assert len(legal) >= 2
            choices = [legal[0], legal[-1]]
            answers = race(table, [(seat, choices[0], now["version"]), (seat, choices[1], now["version"])])
            statuses = [answer.status_code for answer in answers]
            assert sorted(statuses) == [200, 409], [answer.text for answer in answers]
            winner = choices[statuses.index(200)]
            after = table.get(seat, since=len(now["events"])).json()
            assert after["version"] == now["version"] + 1 and acted(after, seat) == [winner]
        # the same request twice at once: the retry rule answers both, the move is made once
        now = table.get(None).json()
        seat = now["to_act"][0]
        action = table.get(seat).json()["legal_actions"][0]
        answers = race(table, [(seat, action, now["version"])] * 2)
        assert [answer.status_code for answer in answers] == [200, 200]
        after = table.get(seat, since=len(now["events"])).json()
        assert after["version"] == now["version"] + 1 and acted(after, seat) == [action]
    finally:
        table.close()


def test_two_sealed_bids_at_once_exactly_one_wins(shared_server):
    table = Table(shared_server, "makers-of-universe", ["human", "human", "human"])
    rng = random.Random(4)
    try:
        for _ in range(2):
            now = advance(table, rng, lambda message: message["view"].get("committed") == [])
            first, second = now["to_act"][:2]
            bids = {seat: table.get(seat).json()["legal_actions"] for seat in (first, second)}
            posts = [(first, bids[first][0], now["version"]), (second, bids[second][-1], now["version"])]
            answers = race(table, posts)
            statuses = [answer.status_code for answer in answers]
            assert sorted(statuses) == [200, 409], [answer.text for answer in answers]
            loser, action, _ = posts[statuses.index(409)]
            winner = posts[statuses.index(200)][0]
            seen = table.get(loser).json()
            assert seen["version"] == now["version"] + 1 and seen["view"]["committed"] == [winner]
            assert "your_choice" not in seen["view"]  # the loser is not shown the winner's bid
            assert table.post(loser, action, seen["version"]).status_code == 200  # it bids again, and is heard
    finally:
        table.close()


# ---------------------------------------------------------------------------------------------- bad input
def test_bad_input_gets_one_line_and_changes_nothing(shared_server):
    table = Table(shared_server, "gadgeteers", ["human", "human"])
    rng = random.Random(5)
    try:
        advance(table, rng, lambda message: message["version"] >= 3)
        now = table.get(None).json()
        seat = now["to_act"][0]
        other = 1 - seat
        version = now["version"]
        legal = table.get(seat).json()["legal_actions"][0]
        t, token, http = table.id, table.tokens[seat], table.http
        act = f"/api/tables/{t}/actions"

        def body(**fields: Any) -> dict[str, Any]:
            return {"token": token, "action": legal, "version": version, **fields}

        def raw(content: Any) -> httpx.Response:  # a body sent as it is, said to be JSON
            return http.post(act, content=content, headers={"Content-Type": "application/json"})

        cases: list[tuple[Callable[[], httpx.Response], int, tuple[str, ...]]] = [
            (lambda: raw(b'{"token": "x", '), 400, ("JSON",)),
            (lambda: raw(b'[1, 2]'), 400, ("object",)),
            (lambda: raw(b'"text"'), 400, ("object",)),
            (lambda: http.post(act, json={"action": legal, "version": version}), 422, ("'token'",)),
            (lambda: http.post(act, json={"token": token, "version": version}), 422, ("'action'",)),
            (lambda: http.post(act, json={"token": token, "action": legal}), 422, ("'version'",)),
            (lambda: http.post(act, json=body(version=str(version))), 422, ("'version'",)),
            (lambda: http.post(act, json=body(version=True)), 422, ("'version'",)),
            (lambda: http.post(act, json=body(version=-1)), 422, ("'version'",)),
            (lambda: http.post(act, json=body(action=["a"])), 422, ("'action'",)),
            (lambda: http.post(act, json=body(token=7)), 422, ("'token'",)),
            (lambda: http.get("/api/tables/no-such-table"), 404, ("no table",)),
            (lambda: http.post("/api/tables/no-such-table/actions", json=body()), 404, ("no table",)),
            (lambda: http.get("/api/tables/no-such-table/record"), 404, ("no table",)),
            (lambda: http.get(f"/api/tables/{t}", params={"token": "not-a-token"}), 403, ("token",)),
            (lambda: http.get(f"/api/tables/{t}", params={"token": ""}), 403, ("token",)),
            (lambda: http.get(f"/api/tables/{t}", params={"token": token, "since": "-1"}), 422, ("since",)),
            (lambda: http.get(f"/api/tables/{t}", params={"token": token, "since": "²"}), 422, ("since",)),
            (lambda: http.post(act, json=body(token="not-a-token")), 403, ("token",)),
            (lambda: http.post(act, json=body(token=table.creator)), 403, ("token",)),
            (lambda: http.post(act, json=body(token=token + " ")), 403, ("token",)),
            (lambda: raw(b" " * 100_000), 413, ("at most",)),
            (lambda: raw(iter([b'{"token": "', b"x" * 100_000, b'"}'])), 413, ("at most",)),
            (lambda: http.post(act, json=body(seat=other)), 403, (f"seat {other}",)),
            (lambda: http.post(act, json=body(token=table.tokens[other])), 422, ("Turn order", f"Seat {other}")),
            (lambda: http.post(act, json=body(action="conquer the world")), 422, ("conquer the world",)),
            (lambda: raw(json.dumps(body(action="\ud800")).encode()), 422, ("not an action",)),
            (lambda: http.post(act, json=body(action=legal + " " * 5 + "x" * 400)), 422, ("400",)),
            (lambda: http.post(act, json=body(version=version + 1)), 409, ("version",)),
        ]
        before = snapshot(table)
        for number, (request, status, words) in enumerate(cases):
            one_line_error(request(), status, *words)
            assert snapshot(table) == before, f"case {number} changed the table"
        assert table.post(seat, legal, version).status_code == 200  # and the table still plays
    finally:
        table.close()
    log = shared_server.log()
    for secret in [*table.secrets(), "not-a-token"]:
        assert secret not in log, "a token was logged"


@pytest.mark.parametrize(("body", "words"), [
    ({"game": "gadgeteers", "options": {"content": "/etc/passwd"}}, ("content",)),
    ({"game": "game-development", "options": {"content": "../../etc/passwd"}}, ("content",)),
    ({"game": "chess"}, ("chess",)),
    ({"game": 7}, ("'game'",)),
    ({"players": 2}, ("'game'",)),
    ({"game": "gadgeteers", "players": 9}, ("9",)),
    ({"game": "gadgeteers", "players": "2"}, ("'players'",)),
    ({"game": "makers-of-universe", "players": 2}, ("2",)),
    ({"game": "gadgeteers", "players": 2, "seats": ["human"]}, ("'seats'",)),
    ({"game": "gadgeteers", "players": 2, "seats": ["human", "wizard"]}, ("wizard",)),
    ({"game": "gadgeteers", "players": 2, "seats": ["human", "ismcts"]}, ("time", "iterations")),
    ({"game": "gadgeteers", "players": 2, "seats": ["human", "ismcts:time=60"]}, ("10 s",)),
    ({"game": "gadgeteers", "players": 2, "seats": ["human", "ismcts:iterations=10000000"]}, ("iterations",)),
    ({"game": "gadgeteers", "players": 2, "seats": ["human", "heuristic:" + "x=1," * 40]}, ("characters",)),
    ({"game": "gadgeteers", "options": {"alternate_tokens": "yes please"}}, ("alternate_tokens",)),
    ({"game": "gadgeteers", "options": {"no_such_option": 1}}, ("no_such_option",)),
    ({"game": "gadgeteers", "timer": 5}, ("timer",)),
    ({"game": "gadgeteers", "timer": "soon"}, ("'timer'",)),
], ids=lambda value: str(value)[:60] if isinstance(value, dict) else None)
def test_a_bad_table_is_refused(shared_server, body, words):
    with client(shared_server) as http:
        before = http.get("/api/tables").json()
        one_line_error(http.post("/api/tables", json=body), 422, *words)
        assert http.get("/api/tables").json() == before, "a refused table was created"


def ws_refusal(url: str) -> int:
    """The close code of a WebSocket the server refuses (after accepting it: a close code is how
    it says why)."""
    with connect(url, open_timeout=10, proxy=None) as connection, pytest.raises(ConnectionClosed) as closed:
        connection.recv(timeout=10)
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd.code


def test_websocket_refusals_close_with_4000_plus_the_status(shared_server):
    table = Table(shared_server, "gadgeteers", ["human", "human"])
    try:
        base = f"{shared_server.ws_url}/ws/tables"
        assert ws_refusal(f"{base}/{table.id}?token=not-a-token") == 4403
        assert ws_refusal(f"{base}/{table.id}?token={table.creator}") == 4403
        assert ws_refusal(f"{base}/no-such-table") == 4404
        assert ws_refusal(f"{base}/{table.id}?token={table.tokens[0]}&since=x") == 4422
        assert ws_refusal(f"{base}/{table.id}?since=%C2%B2") == 4422  # "²": a digit int() refuses
        with connect(f"{base}/{table.id}?token={table.tokens[0]}", open_timeout=10, proxy=None) as connection:
            first = connection.recv(timeout=10)
        assert '"seat": 0' in first or '"seat":0' in first
    finally:
        table.close()
    log = wait_logged(shared_server, table.id, 4)
    for secret in table.secrets():
        assert secret not in log


def test_a_flood_gets_429_with_retry_after_then_recovers(start_server):
    server = start_server(args=("--rate-limit", "0.5", "--workers", "1"))
    table = Table(server, "gadgeteers", ["human", "human"])
    try:
        now = table.get(None).json()
        seat = now["to_act"][0]
        legal = table.get(seat).json()["legal_actions"][0]
        for _ in range(400):  # past the burst the server allows
            answer = table.http.get("/api/tables/no-such-table")
            if answer.status_code == 429:
                break
            assert answer.status_code == 404
        one_line_error(answer, 429, "too many")
        assert ws_refusal(f"{server.ws_url}/ws/tables/{table.id}") == 4429
        refused = table.post(seat, legal, now["version"])
        one_line_error(refused, 429, "too many")  # refused, so not applied
        wait = int(refused.headers["Retry-After"])
        assert wait == refused.json()["retry_after"] and 1 <= wait <= 2, wait  # one request per 2 s
        time.sleep(wait + 0.2)
        answer = table.post(seat, legal, now["version"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == now["version"] + 1  # the refused move was not made
    finally:
        table.close()


# ---------------------------------------------------------------------------------------------- seats
def test_a_seat_handed_to_a_bot_and_back(shared_server):
    table = Table(shared_server, "the-game-makers", ["human", "heuristic"])
    try:
        start = table.get(0).json()
        one_line_error(table.hand(0, "heuristic", token=table.tokens[0]), 403, "creator")
        one_line_error(table.hand(0, "heuristic", token="not-a-token"), 403, "creator")
        one_line_error(table.hand(1, "human"), 422, "bot")
        one_line_error(table.hand(5, "heuristic"), 422, "seat 5")
        one_line_error(table.hand("²", "heuristic"), 422, "seat")  # type: ignore[arg-type]
        one_line_error(table.hand(0, "wizard"), 422, "wizard")
        assert table.get(None).json()["seats"][0]["played_by"] == "human"
        handed = table.hand(0, "heuristic")
        assert handed.status_code == 200 and handed.json()["seats"][0]["played_by"] == "heuristic"
        # the bot plays seat 0: the game goes on without its human
        assert wait_for(lambda: acted(table.get(0, since=len(start["events"])).json(), 0), 20, "the bot's move")
        now = table.get(0).json()
        assert now["seats"][0] == {"seat": 0, "name": None, "kind": "human", "bot": "heuristic",
                                   "played_by": "heuristic", "connected": False}  # the bot its person handed it to
        one_line_error(table.post(0, (now["legal_actions"] or ["x"])[0], now["version"]), 403, "bot")
        back = table.hand(0, "human")
        assert back.status_code == 200 and back.json()["seats"][0]["played_by"] == "human"
        # the human acts again: the game waits for it (no bot moves for it now), and its move is taken
        mine = wait_for(lambda: (data := table.get(0).json())["legal_actions"] and data, 20, "seat 0's turn")
        time.sleep(0.5)
        later = table.get(0, since=len(mine["events"])).json()
        assert later["version"] == mine["version"], f"a bot moved for seat 0 handed back: {later['events']}"
        answer = table.post(0, mine["legal_actions"][0], mine["version"])
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == mine["version"] + 1
    finally:
        table.close()


@pytest.mark.slow
def test_the_turn_timer_has_the_bot_move_for_a_silent_seat(shared_server):
    table = Table(shared_server, "gadgeteers", ["human", "heuristic"], timer=10)
    try:
        turn = wait_for(lambda: (data := table.get(0).json())["legal_actions"] and data, 20, "seat 0's turn")
        left = turn["deadline"] - time.time()
        assert turn["timer"] == 10 and 0 < left <= 10.1, left
        started = time.monotonic() - (10 - left)  # when the turn began, by the server's clock
        wait_for(lambda: table.get(0).json()["version"] > turn["version"], 16, "the timer's move", 0.1)
        waited = time.monotonic() - started
        assert 9.8 <= waited <= 14, waited
        after = table.get(0, since=len(turn["events"])).json()
        assert acted(after, 0), "the move after the timer is not seat 0's"
        assert after["seats"][0]["played_by"] == "human"  # the timer decides once; the seat stays the human's
        assert "ran out of time" in shared_server.log()
    finally:
        table.close()


def test_a_bot_move_is_dropped_when_its_seat_is_handed_back_while_it_thinks(shared_server):
    """The server's one bot worker is kept busy by a search at another table, so the heuristic bot
    given seat 0 is still thinking when the creator hands the seat back: its move must not be made
    (the heuristic bot is also the turn timer's, which once let such a move through)."""
    busy = Table(shared_server, "gadgeteers", ["human", "human"])
    table = Table(shared_server, "gadgeteers", ["human", "human"])
    try:
        searcher = busy.get(None).json()["to_act"][0]
        assert busy.hand(searcher, "ismcts:time=0.5").status_code == 200
        now = table.get(None).json()
        seat = now["to_act"][0]
        assert table.hand(seat, "heuristic").status_code == 200
        assert table.hand(seat, "human").status_code == 200
        assert busy.hand(searcher, "human").status_code == 200
        dropped = f"table {table.id}: the heuristic move for seat {seat} is dropped"
        wait_for(lambda: dropped in shared_server.log() or table.get(None).json()["version"] != now["version"],
                 20, "the bot's move, made or dropped")
        assert table.get(None).json()["version"] == now["version"], "the bot moved for a seat handed back"
        legal = table.get(seat).json()["legal_actions"][0]
        assert table.post(seat, legal, now["version"]).status_code == 200
    finally:
        busy.close()
        table.close()
