"""Two server processes behind one PostgreSQL database serve the same tables: what one stores the
other serves and pushes to its WebSocket clients (LISTEN/NOTIFY); two moves made at the same
version through different servers cannot both be stored; and a bot game carries on through
whichever server is left, with a log that has no gaps.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest
from webplay import (
    NO_EVENTS,
    Follower,
    act,
    client,
    create,
    get,
    stable,
    stored_log,
    tokens,
    views,
    wait_until,
)

import boardwright as bw

ARGS = ("--rate-limit", "0", "--workers", "1")
#: how soon a move stored through one server must reach a WebSocket client of the other
PUSH_WITHIN = 2.0


def two_servers(start_server: Any, db: str) -> tuple[Any, Any]:
    return start_server(db=db, args=ARGS), start_server(db=db, args=ARGS)


def test_two_servers_serve_one_table_push_its_moves_and_race(postgres_db: str, start_server: Any) -> None:
    a, b = two_servers(start_server, postgres_db)
    served_and_pushed_by_both(a, b)
    raced_through_both(a, b, postgres_db)
    for server in (a, b):
        server.kill()  # a crash is as good as a shutdown here, and quicker


def served_and_pushed_by_both(a: Any, b: Any) -> None:
    """A table made through one server is served by the other, and a move made through either
    reaches the other's WebSocket clients within PUSH_WITHIN seconds, with the right version and
    events; so does a seat handed to a bot."""
    on_a, on_b = client(a), client(b)
    created = create(on_a, "gadgeteers", ["human", "human", "human"])
    table, seat_tokens = created["table"], tokens(created)
    assert views(on_b, table, seat_tokens, 3) == views(on_a, table, seat_tokens, 3)

    watchers = {server: [Follower(server, table, seat_tokens[1]), Follower(server, table)] for server in (a, b)}
    for followers in watchers.values():
        for follower in followers:
            follower.connect()
            follower.until(lambda message: message["version"] == 0)

    # a move through one server reaches the other's clients, with the version and only the new events
    for mover, other in ((a, b), (b, a), (a, b)):
        http = on_a if mover is a else on_b
        seen = get(http, table)
        seat = seen["to_act"][0]
        legal = get(http, table, seat_tokens[seat])["legal_actions"]
        had = [len(follower.events) for follower in watchers[other]]
        started = time.monotonic()
        answer = act(http, table, seat_tokens[seat], legal[-1], seen["version"])
        assert answer.status_code == 200, answer.text
        version = seen["version"] + 1
        for follower, count in zip(watchers[other], had, strict=True):
            pushed = follower.until(lambda message, version=version: message["version"] == version,
                                    timeout=PUSH_WITHIN)
            assert time.monotonic() - started < PUSH_WITHIN
            expected = get(on_a if mover is a else on_b, table, follower.token, since=count)
            assert pushed["events"], "the push carries the move's events"
            assert follower.events[count:] == expected["events"]
            assert stable(pushed) == stable(expected)
        for follower in watchers[mover]:  # the mover's own clients had the move pushed too
            follower.until(lambda message, version=version: message["version"] == version)
    assert views(on_b, table, seat_tokens, 3) == views(on_a, table, seat_tokens, 3)

    # the creator hands a seat to a bot through one server: the other's clients see who plays it
    handed = on_a.post(f"/api/tables/{table}/seats/2", json={"token": created["creator_token"], "kind": "random"})
    assert handed.status_code == 200, handed.text
    for follower in watchers[b]:
        follower.until(lambda message: message["seats"][2]["played_by"] == "random", timeout=PUSH_WITHIN)
    for followers in watchers.values():
        for follower in followers:
            follower.close()


def race(moves: list[tuple[Any, str]], table: str, token: str, version: int) -> dict[int, httpx.Response]:
    """Post each ``(server, action)`` at once (threads released by one barrier), all at ``version``
    for the seat of ``token``; the answers by position."""
    barrier = threading.Barrier(len(moves))
    answers: dict[int, httpx.Response] = {}

    def post(which: int, server: Any, action: str) -> None:
        with client(server) as http:
            http.get(f"/api/tables/{table}")  # the connection is open before the start
            barrier.wait(5)
            answers[which] = act(http, table, token, action, version)

    racers = [threading.Thread(target=post, args=(which, server, action))
              for which, (server, action) in enumerate(moves)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(15)
    assert len(answers) == len(moves), "a racing request got no answer"
    return answers


def raced_through_both(a: Any, b: Any, db: str) -> None:
    """The same seat's two different moves at one version, one through each server at once:
    exactly one is acknowledged and stored, the other gets 409, and both servers then agree.
    Once the very same move goes through both: a retry, acknowledged twice, stored once."""
    on_a, on_b = client(a), client(b)
    created = create(on_a, "game-development", ["human", "human"])
    table, seat_tokens = created["table"], tokens(created)
    raced = 0
    for round_ in range(8):
        seen = get(on_a, table)
        version = seen["version"]
        wait_until(lambda version=version: get(on_b, table, since=NO_EVENTS)["version"] == version, PUSH_WITHIN,
                   "the second server to follow")
        seat = seen["to_act"][0]
        legal = get(on_a, table, seat_tokens[seat])["legal_actions"]
        same = round_ == 3  # once, the very same move through both: a retry, both acknowledged
        if len(legal) < 2 and not same:
            assert act(on_a, table, seat_tokens[seat], legal[0], version).status_code == 200
            continue
        choices = [legal[0], legal[0] if same else legal[-1]]
        if round_ % 2:
            choices.reverse()
        answers = race([(a, choices[0]), (b, choices[1])], table, seat_tokens[seat], version)
        statuses = sorted(answer.status_code for answer in answers.values())
        log = stored_log(db, table)
        assert len(log) == version + 1, "exactly one of the two moves is stored"
        if same:
            assert statuses == [200, 200], [answer.text for answer in answers.values()]
            assert log[version] == (version + 1, seat, "act", choices[0])
            continue
        raced += 1
        assert statuses == [200, 409], [answer.text for answer in answers.values()]
        winner = next(which for which, answer in answers.items() if answer.status_code == 200)
        loser = answers[1 - winner]
        assert "someone moved first" in loser.json()["error"], loser.text
        assert log[version] == (version + 1, seat, "act", choices[winner])
        assert answers[winner].json()["version"] == version + 1
        # both servers agree on the table, for every seat and a spectator
        wait_until(lambda: views(on_b, table, seat_tokens, 2) == views(on_a, table, seat_tokens, 2), PUSH_WITHIN,
                   "the servers to agree")
    assert raced >= 4


@pytest.mark.slow
def test_a_bot_game_served_by_two_servers_finishes_without_gaps(postgres_db: str, start_server: Any) -> None:
    a, b = two_servers(start_server, postgres_db)
    on_a, on_b = client(a), client(b)
    table = create(on_a, "the-game-makers", ["random", "heuristic"], options={"max_turns": 20})["table"]
    follower = Follower(b, table)
    follower.connect()
    follower.until(lambda message: message["version"] >= 40, timeout=20)  # B follows A's bots
    a.kill()  # B carries on alone: its bots take the table over
    final = follower.until(lambda message: message["is_over"], timeout=60)
    log = stored_log(postgres_db, table)
    assert [row[0] for row in log] == list(range(1, len(log) + 1)), "the stored log has a gap"
    assert len(log) == final["version"]
    everything = get(on_b, table)
    assert [event["seq"] for event in follower.events] == list(range(len(everything["events"])))
    assert follower.events == everything["events"]
    record = on_b.get(f"/api/tables/{table}/record").json()
    assert [(seat, text) for seat, text in record["actions"]] == [(row[1], row[3]) for row in log]
    assert bw.replay(record).scores() == final["scores"]
    a.restart()
    assert stable(get(client(a), table)) == stable(everything)
    follower.close()


def test_a_move_right_after_the_databases_connections_are_ended_is_stored(postgres_db: str,
                                                                          start_server: Any) -> None:
    """The database restarts, or an operator ends the server's backends: the pooled connections
    are dead, and the next move, made at once, is stored on a new one (not a 500)."""
    import psycopg

    server = start_server(db=postgres_db, args=ARGS)
    http = client(server)
    made = create(http, "gadgeteers", ["human", "human"])
    table, seat_tokens = made["table"], tokens(made)
    for _ in range(4):  # the pool's connections in steady use
        now = get(http, table, since=NO_EVENTS)
        seat = now["to_act"][0]
        mine = get(http, table, seat_tokens[seat], since=NO_EVENTS)
        assert act(http, table, seat_tokens[seat], mine["legal_actions"][0], mine["version"]).status_code == 200
    with psycopg.connect(postgres_db, autocommit=True) as admin:
        ended = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                              "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()
    assert ended is not None and ended[0] >= 2, "the server's connections were not there to end"
    now = get(http, table, since=NO_EVENTS)
    seat = now["to_act"][0]
    mine = get(http, table, seat_tokens[seat], since=NO_EVENTS)
    answer = act(http, table, seat_tokens[seat], mine["legal_actions"][0], mine["version"])
    assert answer.status_code == 200, answer.text
    assert stored_log(postgres_db, table)[-1][0] == mine["version"] + 1
