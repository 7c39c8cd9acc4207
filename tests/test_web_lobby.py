"""The lobby over loopback (docs/server.md): names given at creation, open tables listed and
waiting for their free seats, seats taken (one taker wins a race), the creator's start and
cancel, the rematch of a finished table, bad names refused, and the private table reached by its
links as before."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest
from webplay import client, create, get, wait_until

GAME = "game-development"  # short games: a table of random bots ends in a second or two


def one_line(answer: httpx.Response, status: int, *words: str) -> str:
    assert answer.status_code == status, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert "\n" not in error and len(error) < 200, error
    for word in words:
        assert word in error, (word, error)
    return error


def open_table(http: httpx.Client, seats: list[Any], **extra: Any) -> dict[str, Any]:
    return create(http, GAME, seats, visibility="open", **extra)


def move(http: httpx.Client, table: str, token: str) -> httpx.Response:
    seen = get(http, table, token)
    action = seen["legal_actions"][0] if seen["legal_actions"] else "pass"
    return http.post(f"/api/tables/{table}/actions", json={"token": token, "action": action,
                                                            "version": seen["version"]})


def listed(http: httpx.Client, table: str) -> dict[str, Any] | None:
    return next((entry for entry in http.get("/api/tables").json() if entry["id"] == table), None)


def test_seats_are_named_at_creation_and_the_creator_name_goes_on_their_seat(shared_server):
    with client(shared_server) as http:
        made = http.post("/api/tables", json={"game": GAME, "players": 3, "name": "Ada", "seat": 1,
                                              "seats": ["human", "human", {"kind": "human", "name": "Bob"}]})
        assert made.status_code == 201, made.text
        data = made.json()
        assert [seat["name"] for seat in data["seats"]] == [None, "Ada", "Bob"]
        assert all(seat["token"] for seat in data["seats"])  # a private table: every link made now
        seen = get(http, data["table"], data["seats"][1]["token"])
        assert [seat["name"] for seat in seen["seats"]] == [None, "Ada", "Bob"]
        assert seen["visibility"] == "private" and seen["started"] is True and seen["free"] == []


@pytest.mark.parametrize("name", ["", "Seat 2", "bot", "x" * 25, "<b>Ada</b>", 7])
def test_bad_names_are_refused_with_one_line(shared_server, name):
    with client(shared_server) as http:
        before = len(http.get("/api/tables").json())
        one_line(http.post("/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "human"],
                                                "name": name}), 422, "name")
        one_line(http.post("/api/tables", json={"game": GAME, "players": 2,
                                                "seats": [{"kind": "human", "name": name}, "human"]}), 422)
        assert len(http.get("/api/tables").json()) == before
        table = open_table(http, ["human", "human"])
        one_line(http.post(f"/api/tables/{table['table']}/seats/0/take", json={"name": name}), 422)
        assert get(http, table["table"])["free"] == [0, 1]


def test_bad_visibility_and_bot_names_are_refused(shared_server):
    with client(shared_server) as http:
        one_line(http.post("/api/tables", json={"game": GAME, "players": 2, "visibility": "public"}), 422,
                 "visibility")
        one_line(http.post("/api/tables", json={"game": GAME, "players": 2, "seats": ["heuristic", "human"],
                                                "name": "Ada"}), 422, "bot")
        one_line(http.post("/api/tables", json={"game": GAME, "players": 2, "seat": 5, "name": "Ada"}), 422, "seat")


def test_an_open_table_is_listed_waits_for_its_free_seats_and_starts_when_full(shared_server):
    with client(shared_server) as http:
        table = open_table(http, ["human", "human", "random"], name="Ada", options={"hand_size": 4})
        table_id, ada = table["table"], table["seats"][0]["token"]
        assert [seat["free"] for seat in table["seats"]] == [False, True, False]
        assert table["seats"][1]["token"] is None and table["started"] is False
        entry = listed(http, table_id)
        assert entry is not None and entry["open"] and entry["options"] == {"hand_size": 4}
        assert [(seat["name"], seat["free"]) for seat in entry["seats"]] == [("Ada", False), (None, True),
                                                                              (None, False)]
        assert "token" not in str(entry) and "seed" not in entry and "creator" not in str(entry)
        listing = http.get("/api/tables").json()
        assert listing.index(entry) < min((i for i, e in enumerate(listing) if not e["open"]), default=len(listing))
        seen = get(http, table_id, ada)
        assert seen["started"] is False and seen["free"] == [1]
        # nothing moves before the start: not the people, not the bots
        one_line(move(http, table_id, ada), 409, "has not started", "1 seat is free")
        time.sleep(0.5)
        assert get(http, table_id)["version"] == 0
        # the same person takes one seat only; a name already at the table is refused
        one_line(http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Ada"}), 409, "taken")
        one_line(http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Ann", "token": ada}), 409,
                 "one seat")
        one_line(http.post(f"/api/tables/{table_id}/seats/2/take", json={"name": "Bob"}), 409, "bot")
        taken = http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Bob"})
        assert taken.status_code == 200, taken.text
        bob = taken.json()
        assert bob["seat"] == 1 and bob["token"] and bob["url"].endswith(f"/t/{table_id}#token={bob['token']}")
        one_line(http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Cy"}), 409, "taken")
        seen = get(http, table_id, bob["token"])
        assert seen["seat"] == 1 and seen["started"] is True and seen["free"] == []
        assert [seat["name"] for seat in seen["seats"]] == ["Ada", "Bob", None]
        assert listed(http, table_id) is None or not listed(http, table_id)["open"]
        # play has begun: somebody can move now
        tokens = {0: ada, 1: bob["token"]}
        wait_until(lambda: get(http, table_id)["version"] > 0 or get(http, table_id)["to_act"][0] in tokens,
                 20, "the game to be under way")


def test_the_creator_starts_an_open_table_with_bots_in_the_free_seats(shared_server):
    with client(shared_server) as http:
        table = open_table(http, ["human", "human", "human"], name="Ada")
        table_id, ada = table["table"], table["seats"][0]["token"]
        one_line(http.post(f"/api/tables/{table_id}/start", json={"token": ada}), 403, "creator")
        one_line(http.post(f"/api/tables/{table_id}/start", json={"token": table["creator_token"], "bot": "nobot"}),
                 422)
        assert get(http, table_id)["started"] is False
        started = http.post(f"/api/tables/{table_id}/start", json={"token": table["creator_token"], "bot": "random"})
        assert started.status_code == 200, started.text
        seen = get(http, table_id, ada)
        assert seen["started"] is True and [seat["kind"] for seat in seen["seats"]] == ["human", "random", "random"]
        one_line(http.post(f"/api/tables/{table_id}/start", json={"token": table["creator_token"]}), 409, "already")
        one_line(http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Bob"}), 409, "bot")
        # the bots play: the game moves on without anyone but Ada
        wait_until(lambda: get(http, table_id)["version"] > 0 or 0 in get(http, table_id)["to_act"], 20,
                 "the bots to play")
        other = open_table(http, ["human", "human"])
        one_line(http.post(f"/api/tables/{other['table']}/start", json={}), 403, "creator")
        started = http.post(f"/api/tables/{other['table']}/start", json={"token": other["creator_token"]})
        assert started.status_code == 200, started.text
        assert [seat["kind"] for seat in get(http, other["table"])["seats"]] == ["heuristic", "heuristic"]


def take_at_once(server: Any, table: str, name: str, ready: threading.Barrier, answers: list[httpx.Response]) -> None:
    """Take seat 2 of ``table`` as ``name`` once every taker is ready."""
    with client(server) as mine:
        ready.wait()
        answers.append(mine.post(f"/api/tables/{table}/seats/2/take", json={"name": name}))


def test_of_two_takers_of_one_seat_exactly_one_wins(shared_server):
    with client(shared_server) as http:
        for _ in range(3):
            table = open_table(http, ["human", "human", "human"], name="Ada")
            answers: list[httpx.Response] = []
            ready = threading.Barrier(2)
            threads = [threading.Thread(target=take_at_once, args=(shared_server, table["table"], name, ready, answers))
                       for name in ("Bob", "Cy")]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(answer.status_code for answer in answers) == [200, 409], [a.text for a in answers]
            winner = next(answer.json() for answer in answers if answer.status_code == 200)
            seen = get(http, table["table"], winner["token"])
            assert seen["seat"] == 2 and seen["free"] == [1] and seen["started"] is False


def test_the_creator_cancels_a_table_which_stops_being_listed_and_refuses_moves(shared_server):
    with client(shared_server) as http:
        table = open_table(http, ["human", "human"], name="Ada")
        table_id = table["table"]
        assert listed(http, table_id)["open"]
        one_line(http.post(f"/api/tables/{table_id}/cancel", json={"token": table["seats"][0]["token"]}), 403)
        assert http.post(f"/api/tables/{table_id}/cancel", json={"token": table["creator_token"]}).status_code == 200
        seen = get(http, table_id)
        assert "cancelled" in seen["closed"]
        entry = listed(http, table_id)
        assert entry is None or not entry["open"]
        one_line(http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Bob"}), 409, "closed")
        # a private table under way is cancelled too: its moves are refused from then on
        private = http.post("/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "human"]}).json()
        token = private["seats"][private_to_act(http, private["table"])]["token"]
        assert http.post(f"/api/tables/{private['table']}/cancel",
                         json={"token": private["creator_token"]}).status_code == 200
        one_line(move(http, private["table"], token), 409, "closed")


def private_to_act(http: httpx.Client, table: str) -> int:
    return int(get(http, table)["to_act"][0])


def test_a_private_guest_table_works_by_its_links_as_before(shared_server):
    with client(shared_server) as http:
        made = http.post("/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"]}).json()
        assert made["creator_token"] and made["seats"][0]["token"] and made["started"] is True
        table_id, token = made["table"], made["seats"][0]["token"]
        one_line(http.post(f"/api/tables/{table_id}/seats/1/take", json={"name": "Eve"}), 409)
        wait_until(lambda: 0 in get(http, table_id, token)["to_act"], 20, "seat 0's turn")
        assert move(http, table_id, token).status_code == 200
        assert listed(http, table_id)["open"] is False


def finished(http: httpx.Client, seats: list[str], options: dict[str, Any]) -> dict[str, Any]:
    """A private table whose people are handed to random bots at once: it plays to its end."""
    made = http.post("/api/tables", json={"game": GAME, "players": len(seats), "seats": seats, "options": options,
                                          "name": "Ada"}).json()
    for seat, kind in enumerate(seats):
        if kind == "human":
            assert http.post(f"/api/tables/{made['table']}/seats/{seat}",
                             json={"token": made["creator_token"], "kind": "random"}).status_code == 200
    wait_until(lambda: get(http, made["table"])["is_over"], 60, "the bots to finish the game", pause=0.1)
    return made


def test_a_rematch_keeps_game_options_and_seats_and_starts_once_every_person_accepts(shared_server):
    with client(shared_server) as http:
        old = finished(http, ["human", "human", "random"], {"copies": 1})
        old_id = old["table"]
        tokens = [seat["token"] for seat in old["seats"]]
        one_line(http.post(f"/api/tables/{old_id}/rematch", json={"token": "nope"}), 403, "player")
        offered = http.post(f"/api/tables/{old_id}/rematch", json={"token": tokens[1]})
        assert offered.status_code == 200, offered.text
        new_id = offered.json()["table"]
        assert offered.json()["seat"] == 1
        again = http.post(f"/api/tables/{old_id}/rematch", json={"token": tokens[0]}).json()
        assert again["table"] == new_id and again["seat"] == 0  # made once
        assert get(http, old_id, tokens[0])["rematch"] == {"table": new_id, "accepted": []}
        fresh = get(http, new_id)
        assert fresh["started"] is False and fresh["rematch_of"] == old_id and fresh["free"] == [0, 1]
        assert [seat["kind"] for seat in fresh["seats"]] == ["human", "human", "random"]
        assert [seat["name"] for seat in fresh["seats"]] == ["Ada", None, None]
        assert listed(http, new_id) is None or not listed(http, new_id)["open"]  # kept seats are nobody else's
        one_line(http.post(f"/api/tables/{new_id}/seats/1/take", json={"name": "Mallory"}), 403, "kept")
        one_line(http.post(f"/api/tables/{new_id}/seats/1/take", json={"token": tokens[0]}), 403, "kept")
        first = http.post(f"/api/tables/{new_id}/seats/1/take", json={"token": tokens[1]})
        assert first.status_code == 200, first.text
        assert get(http, old_id)["rematch"] == {"table": new_id, "accepted": [1]}
        assert get(http, new_id)["started"] is False
        second = http.post(f"/api/tables/{new_id}/seats/0/take", json={"token": tokens[0]}).json()
        assert get(http, old_id)["rematch"]["accepted"] == [0, 1]
        seen = get(http, new_id, second["token"])
        assert seen["started"] is True and seen["seat"] == 0 and seen["seats"][0]["name"] == "Ada"
        assert get(http, old_id)["options"] == seen["options"] == {"copies": 1}
        one_line(http.post(f"/api/tables/{new_id}/rematch", json={"token": second["token"]}), 409, "over")
