"""Nothing accepted is lost, over the real server (SQLite, and PostgreSQL in the slow sweep): a
SIGKILL in the middle of games, then a restart, gives back every table as it was (replayed from the
stored log, checked against the stored snapshots), every acknowledged move, bots that carry on by
themselves, and WebSocket clients that reconnect and get exactly the events they missed. A log
tampered with while the server is down is refused with one line naming the table and the version,
and only that table is refused.
"""

from __future__ import annotations

import json
import random
import re
import threading
from typing import Any

import httpx
import pytest
from services import sqlite_url
from webplay import (
    NO_EVENTS,
    Follower,
    act,
    client,
    create,
    execute,
    get,
    play_humans,
    quiet,
    stable,
    stored_log,
    tokens,
    views,
    wait_until,
)
from websockets.exceptions import ConnectionClosed

import boardwright as bw
from boardwright.web.protocol import seat_message
from boardwright.web.tables import SNAPSHOT_EVERY

ARGS = ("--rate-limit", "0", "--workers", "1")

#: tables where the test plays the human seats: one per game, bots of both kinds beside them
HUMAN_TABLES = [
    ("gadgeteers", ["human", "heuristic"]),
    ("game-development", ["random", "human"]),
    ("makers-of-universe", ["human", "heuristic", "random"]),
    ("the-game-makers", ["human", "heuristic"]),
]
#: tables the bots play alone (the Game Makers cut to 8 turns is still 90 to 200 moves); a
#: Gadgeteers table where the creator hands the person's seat to a bot joins them
BOT_TABLES = [
    ("the-game-makers", ["random", "random"], {"max_turns": 8}),
]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """The database URL a test's servers share: a fresh SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "tables.db")
    return request.getfixturevalue("postgres_db")


def replayed_object(record: dict[str, Any], table: str, version: int) -> dict[str, Any]:
    """The spectator's object of the game ``record`` after its first ``version`` actions, built
    from a replay in this process, as JSON would carry it."""
    state = bw.replay(record, until=version)
    return json.loads(json.dumps(seat_message(state, table, version, None)))


#: what a message says of the table around the game (who sits where, the clock, the lobby), which a
#: replay of the game alone does not know
TABLE_KEYS = frozenset({"seats", "timer", "deadline", "visibility", "options", "started", "closed", "free", "rematch",
                        "rematch_of", "hints"})


def without_seats(message: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in message.items() if key not in TABLE_KEYS}


def test_sigkill_mid_game_then_restart_loses_nothing(db: str, start_server: Any) -> None:
    server = start_server(db=db, args=ARGS)
    http = client(server)
    rng = random.Random(20240611)

    # tables with people in them, played partway and left at a person's turn: nothing moves there
    human_tables: list[tuple[str, dict[int, str], int]] = []
    for game, seats in HUMAN_TABLES:
        created = create(http, game, seats)
        seat_tokens = tokens(created)
        made = play_humans(http, created["table"], seat_tokens, rng.randint(3, 6), rng)
        assert len(made) >= 3
        human_tables.append((created["table"], seat_tokens, len(seats)))
    before = {}
    for table, seat_tokens, players in human_tables:
        assert not quiet(http, table, set(seat_tokens))["is_over"]
        before[table] = views(http, table, seat_tokens, players)
    # WebSocket clients of one of them, a player and a spectator, that will have to reconnect
    followed, followed_tokens, _ = human_tables[0]
    followers = [Follower(server, followed, followed_tokens[0]), Follower(server, followed)]
    for follower in followers:
        follower.connect()
        follower.until(lambda message: message["version"] == before[followed][None]["version"])

    # a table two people play as fast as they can while the server is killed
    hurried = create(http, "the-game-makers", ["human", "human"])
    hurried_table, hurried_tokens = hurried["table"], tokens(hurried)
    acked: list[tuple[int, int, str]] = []
    unexpected: list[str] = []
    stop = threading.Event()

    def hurry() -> None:
        fast = client(server, timeout=5)
        chooser = random.Random(5)
        try:
            while not stop.is_set():
                seen = fast.get(f"/api/tables/{hurried_table}", params={"since": NO_EVENTS}).json()
                if seen["is_over"]:
                    return
                seat = seen["to_act"][0]
                mine = fast.get(f"/api/tables/{hurried_table}",
                                params={"token": hurried_tokens[seat], "since": NO_EVENTS}).json()
                action = chooser.choice(mine["legal_actions"])
                answer = act(fast, hurried_table, hurried_tokens[seat], action, mine["version"])
                if answer.status_code == 200:
                    acked.append((mine["version"] + 1, seat, action))
                else:
                    unexpected.append(answer.text)
        except httpx.HTTPError:
            return  # the server is gone: the move in flight, if any, was not acknowledged
        finally:
            fast.close()

    bot_tables = [create(http, game, seats, options=options)["table"] for game, seats, options in BOT_TABLES]
    handed = create(http, "gadgeteers", ["human", "random"])  # a person's seat the creator hands to a bot
    answer = http.post(f"/api/tables/{handed['table']}/seats/0",
                       json={"token": handed["creator_token"], "kind": "heuristic"})
    assert answer.status_code == 200, answer.text
    bot_tables.append(handed["table"])
    worker = threading.Thread(target=hurry, daemon=True)
    worker.start()
    wait_until(lambda: len(acked) >= 10 and get(http, bot_tables[0], since=NO_EVENTS)["version"] >= 30, 20,
               "the bots and the hurried players to get going")
    seen_before = {table: stable(get(http, table)) for table in bot_tables}
    last_seen = {table: get(http, table) for table in bot_tables}
    busy = [table for table in bot_tables if not last_seen[table]["is_over"]]
    assert busy, "every bot game ended before the kill; nothing was cut short"

    server.kill()
    stop.set()
    worker.join(10)
    assert not worker.is_alive() and not unexpected, unexpected
    for follower in followers:  # the clients see their connection end
        with pytest.raises(ConnectionClosed):
            while True:
                follower.receive(timeout=5)
    server.restart()
    http = client(server)

    # the tables with people: exactly the same objects, for every seat and for a spectator
    for table, seat_tokens, players in human_tables:
        assert views(http, table, seat_tokens, players) == before[table], f"table {table} changed across the kill"
    # ... and the game goes on: a person moves, and the bots beside them answer by themselves
    for table, seat_tokens, _ in human_tables:
        for _ in range(150):  # a person's turn may take many moves (70 in a Game Makers turn) before a bot's
            made = play_humans(http, table, seat_tokens, 1, rng)
            settled = quiet(http, table, set(seat_tokens))
            answered = settled["is_over"] or settled["version"] > made[-1][0]
            if answered:
                break
        assert answered, f"no bot moved at table {table} after the restart"

    # the WebSocket clients come back with the number of events they have and get exactly the rest
    for follower, token in zip(followers, (followed_tokens[0], None), strict=True):
        had = len(follower.events)
        follower.connect()
        first = follower.receive()
        everything = get(http, followed, token)
        assert first["version"] == everything["version"] > before[followed][None]["version"]
        assert first["events"] and first["events"] == everything["events"][had:], "not exactly the missed events"
        assert [event["seq"] for event in follower.events] == list(range(len(everything["events"])))
        assert follower.events == everything["events"]
        follower.close()

    # every acknowledged move is stored, at the version it was acknowledged with
    log = stored_log(db, hurried_table)
    assert [row[0] for row in log] == list(range(1, len(log) + 1)), "the stored log has a gap"
    for version, seat, action in acked:
        assert log[version - 1] == (version, seat, "act", action), f"acknowledged move {version} is not stored"
    assert get(http, hurried_table)["version"] == len(log) >= acked[-1][0]

    # the bot tables: never behind what was seen, and the bots finish their games by themselves
    for table in bot_tables:
        now = stable(get(http, table))
        assert now["version"] >= last_seen[table]["version"], f"table {table} went back"
        assert now["seats"] == seen_before[table]["seats"]  # who plays each seat, handed seats too
    assert seen_before[handed["table"]]["seats"][0]["played_by"] == "heuristic"
    for table in bot_tables:
        wait_until(lambda table=table: get(http, table, since=NO_EVENTS)["is_over"], 60,
                   f"the bots to finish table {table}")
        final = get(http, table)
        record = http.get(f"/api/tables/{table}/record").json()
        assert len(record["actions"]) == final["version"]
        log = stored_log(db, table)
        assert [(row[0], row[1], row[3]) for row in log] == [
            (version, seat, text) for version, (seat, text) in enumerate(record["actions"], 1)]
        # what a spectator saw before the kill is the replay of the finished game's first moves
        seen = seen_before[table]
        assert without_seats(seen) == replayed_object(record, table, seen["version"]), table
        assert without_seats(final) == replayed_object(record, table, final["version"]), table


def test_tampered_log_is_refused_with_one_line_naming_table_and_version(db: str, start_server: Any) -> None:
    server = start_server(db=db, args=ARGS)
    http = client(server)
    rng = random.Random(3)
    tables: dict[str, tuple[str, dict[int, str]]] = {}
    for name, moves in (("digest", SNAPSHOT_EVERY + 1), ("action", 5), ("gap", 4), ("sound", SNAPSHOT_EVERY + 1)):
        created = create(http, "game-development", ["human", "human"])
        seat_tokens = tokens(created)
        assert len(play_humans(http, created["table"], seat_tokens, moves, rng)) == moves
        tables[name] = (created["table"], seat_tokens)
    sound = views(http, tables["sound"][0], tables["sound"][1], 2)  # with a snapshot, like "digest"
    server.kill()

    digest_table, action_table, gap_table = tables["digest"][0], tables["action"][0], tables["gap"][0]
    assert execute(db, "SELECT version FROM snapshots WHERE table_id = :t", t=digest_table) == [(SNAPSHOT_EVERY,)]
    execute(db, "UPDATE snapshots SET digest = :d WHERE table_id = :t AND version = :v", d="0" * 64, t=digest_table,
            v=SNAPSHOT_EVERY)
    execute(db, "UPDATE actions SET text = 'fold the table' WHERE table_id = :t AND version = 4", t=action_table)
    execute(db, "DELETE FROM actions WHERE table_id = :t AND version = 3", t=gap_table)
    server.restart()

    for name, version in (("digest", str(SNAPSHOT_EVERY)), ("action", "4"), ("gap", "2 to 4")):
        table, seat_tokens = tables[name]
        for token in (None, seat_tokens[0]):
            answer = http.get(f"/api/tables/{table}", params={"token": token} if token else {})
            assert answer.status_code == 500, (name, answer.text)
            line = answer.json()["error"]
            assert "\n" not in line and len(line) < 300, line
            assert table in line and re.search(rf"\bversion {version}\b", line), (name, line)
            assert set(answer.json()) == {"error"}
        moved = act(http, table, seat_tokens[0], "anything", SNAPSHOT_EVERY + 1)
        assert moved.status_code == 500 and table in moved.json()["error"]
        follower = Follower(server, table)  # a WebSocket is refused with 4000 + 500 and the same line
        follower.connect()
        with pytest.raises(ConnectionClosed) as refused:
            follower.receive(timeout=3)
        assert refused.value.rcvd is not None and refused.value.rcvd.code == 4500, refused.value
        assert table in refused.value.rcvd.reason
        follower.close()
    table, seat_tokens = tables["sound"]
    assert views(http, table, seat_tokens, 2) == sound
    assert len(play_humans(http, table, seat_tokens, 1, rng)) == 1
    assert server.log().count("could not be restored") >= 3
