"""Undo over the server, as Board Game Arena allows it: a person takes back their own last action
while nothing hidden was shown, nothing was drawn and no other seat has acted since (the engine's
rule, ``State.can_undo``). The undo is a change of its own: a new version, committed, pushed, and
never applied twice."""

from __future__ import annotations

import random
from typing import Any

import httpx
from webplay import NO_EVENTS, Follower, answered


def post(http: httpx.Client, table: str, what: str, body: dict[str, Any]) -> httpx.Response:
    return http.post(f"/api/tables/{table}/{what}", json=body)


def test_a_person_takes_back_a_step_of_their_turn(shared_server: Any) -> None:
    http = httpx.Client(base_url=shared_server.url, trust_env=False, timeout=30)
    made = http.post("/api/tables", json={"game": "gadgeteers", "players": 2, "seats": ["human", "human"]}).json()
    table, tokens = made["table"], [seat["token"] for seat in made["seats"]]
    rng = random.Random(3)
    refused_once = False
    last: dict[int, str] = {}
    for _ in range(400):  # play until a seat may take its last action back
        spectator = http.get(f"/api/tables/{table}").json()
        assert not spectator["is_over"], "the game ended before anything could be taken back"
        seat = spectator["to_act"][0]
        mine = answered(http, table, tokens[seat], since=NO_EVENTS)
        if mine["can_undo"]:
            break
        if not refused_once and mine["version"] > 0:  # taking back what may not be: one line, nothing changes
            refused = post(http, table, "undo", {"token": tokens[seat], "version": mine["version"]})
            assert refused.status_code == 422 and refused.json()["error"].startswith("Undo:"), refused.text
            assert http.get(f"/api/tables/{table}").json()["version"] == mine["version"]
            refused_once = True
        last[seat] = rng.choice(mine["legal_actions"])
        answer = post(http, table, "actions", {"token": tokens[seat], "action": last[seat], "version": mine["version"]})
        assert answer.status_code == 200, answer.text
    else:
        raise AssertionError("no moment to take an action back in 400 moves")
    assert refused_once

    version = mine["version"]
    other = 1 - seat
    assert not http.get(f"/api/tables/{table}", params={"token": tokens[other]}).json()["can_undo"]
    assert post(http, table, "undo", {"token": tokens[other], "version": version}).status_code == 422

    undone = post(http, table, "undo", {"token": tokens[seat], "version": version})
    assert undone.status_code == 200, undone.text
    after = undone.json()
    assert after["version"] == version + 1
    assert after["events"][-1]["kind"] == "undone" and after["events"][-1]["seat"] == seat
    again = post(http, table, "undo", {"token": tokens[seat], "version": version})  # a retry: not applied twice
    assert again.status_code == 200 and again.json()["version"] == version + 1

    # the table is the game as it was before that action: the seat decides again, the action is legal again
    assert after["to_act"] == [seat] and last[seat] in after["legal_actions"]
    spectator = http.get(f"/api/tables/{table}").json()
    assert spectator["version"] == version + 1 and spectator["events"][-1]["kind"] == "undone"


def test_the_answer_of_the_undo_test_is_pushed_to_the_seat_when_known(shared_server: Any) -> None:
    """The engine's test of the last action runs in a bot worker, not on the server's event loop:
    the answer to the move says `can_undo: null`, and the seat's socket is pushed the answer, at
    the same version, as soon as the worker has it."""
    http = httpx.Client(base_url=shared_server.url, trust_env=False, timeout=30)
    made = http.post("/api/tables", json={"game": "gadgeteers", "players": 2, "seats": ["human", "human"]}).json()
    table, tokens = made["table"], [seat["token"] for seat in made["seats"]]
    followers = [Follower(shared_server, table, token) for token in tokens]
    for follower in followers:
        follower.connect()
        follower.receive()
    rng = random.Random(5)
    for _ in range(400):
        spectator = http.get(f"/api/tables/{table}", params={"since": NO_EVENTS}).json()
        seat = spectator["to_act"][0]
        mine = answered(http, table, tokens[seat], since=NO_EVENTS)
        answer = post(http, table, "actions", {"token": tokens[seat], "action": rng.choice(mine["legal_actions"]),
                                               "version": mine["version"], "since": NO_EVENTS}).json()
        if answer["to_act"] == [seat]:  # the seat decides again: its last action may be taken back
            assert answer["can_undo"] is None, "the answer to a move waited for the undo test"
            pushed = followers[seat].until(lambda message, v=answer["version"]: message["version"] == v
                                           and message["can_undo"] is not None)
            if pushed["can_undo"]:
                break
    else:
        raise AssertionError("no action that could be taken back in 400 moves")
    for follower in followers:
        follower.close()
