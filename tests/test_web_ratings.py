"""Ratings: a rated table's end moves its accounts' and bots' OpenSkill ratings once; a guest at
the table, or a seat handed to a bot after the start, leaves it unrated; the leaderboard
(``GET /api/ratings/{game}``) and the profile (``GET /api/players/{username}``) over a real server.

Accounts are rows put in ``accounts`` directly and seats given to them in ``seats.account_id``
(what taking a seat while signed in does)."""

from __future__ import annotations

import random
import secrets
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, select, update
from webplay import client, create, execute, get, play_humans, tokens, wait_until

from boardwright.web import ratings
from boardwright.web.schema import accounts, rating_history, tables
from boardwright.web.schema import ratings as rating_rows
from boardwright.web.storage import Storage

GAME = "game-development"  # short games
START = ratings.MODEL.mu  # every newcomer's mu


def new_account(db: str, username: str | None = None, disabled: bool = False) -> tuple[int, str]:
    """An account made as the accounts' routes make one (the password hash is not read here)."""
    username = username or f"p{secrets.token_hex(4)}"
    execute(db, "INSERT INTO accounts (username, username_key, password, created, disabled) "
                "VALUES (:u, :k, 'not a hash', :c, :d)", u=username, k=username.casefold(), c=time.time(), d=disabled)
    return execute(db, "SELECT id FROM accounts WHERE username_key = :k", k=username.casefold())[0][0], username


def sit(db: str, table: str, seat: int, account_id: int) -> None:
    execute(db, "UPDATE seats SET account_id = :a WHERE table_id = :t AND seat = :s", a=account_id, t=table, s=seat)


def places_of(message: dict[str, Any]) -> list[int]:
    key = [(seat not in message["winners"], -score) for seat, score in enumerate(message["scores"])]
    return [1 + sum(1 for other in key if other < mine) for mine in key]


def settled(db: str, table: str) -> list[int]:
    """Each seat's place once the end hook has kept them (it does before it rates)."""
    def kept() -> list[int] | None:
        found = [place for (place,) in execute(db, "SELECT place FROM seats WHERE table_id = :t ORDER BY seat",
                                                t=table)]
        return found if found and None not in found else None
    return wait_until(kept, 30, f"the places of table {table} to be kept", pause=0.05)


def play_out(http: Any, made: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play the human seats' random moves until the game ends; the spectator's last object."""
    play_humans(http, made["table"], tokens(made), 100_000, random.Random(seed))
    final = get(http, made["table"])
    assert final["is_over"]
    return final


def board(http: Any, players: int = 3, game: str = GAME) -> dict[str, dict[str, Any]]:
    answer = http.get(f"/api/ratings/{game}", params={"players": players, "limit": 100})
    assert answer.status_code == 200, answer.text
    return {entry["name"]: entry for entry in answer.json()["entries"]}


# ---------------------------------------------------------------------- the end of a rated table
def test_a_rated_table_moves_both_accounts_and_the_bots_ratings_once(shared_server):
    db, http = shared_server.db, client(shared_server)
    (ada, ada_name), (bob, bob_name) = new_account(db), new_account(db)
    bot_before = board(http).get("heuristic")
    made = create(http, GAME, ["human", "human", "heuristic"])
    table = made["table"]
    sit(db, table, 0, ada)
    sit(db, table, 1, bob)
    final = play_out(http, made, seed=3)
    places = places_of(final)
    assert settled(db, table) == places
    assert places != [1, 1, 1], "a game everybody won tells nothing; pick another seed"
    wait_until(lambda: execute(db, "SELECT rated FROM tables WHERE id = :t", t=table)[0][0], 30, "the rating")

    after = board(http)
    before_mu = {ada_name: START, bob_name: START, "heuristic": bot_before["mu"] if bot_before else START}
    for seat, name in enumerate([ada_name, bob_name, "heuristic"]):
        entry = after[name]
        if places[seat] == 1:
            assert entry["mu"] > before_mu[name], (name, places, entry)
        if places[seat] == max(places):
            assert entry["mu"] < before_mu[name], (name, places, entry)
        assert entry["rating"] == pytest.approx(entry["mu"] - 3 * entry["sigma"], abs=0.01)
    assert after[ada_name]["games"] == after[bob_name]["games"] == 1
    assert after[ada_name]["wins"] == int(places[0] == 1)
    assert after["heuristic"]["bot"] == "heuristic" and after[ada_name]["bot"] is None
    assert after["heuristic"]["games"] == (bot_before["games"] if bot_before else 0) + 1

    # the hook run again (say by a second server) changes nothing
    storage = Storage(db)
    try:
        assert ratings.settle(storage, table, GAME, places) is False
    finally:
        storage.close()
    assert board(http) == after
    lines = execute(db, "SELECT subject FROM rating_history WHERE table_id = :t ORDER BY subject", t=table)
    assert [subject for (subject,) in lines] == sorted([f"account:{ada}", f"account:{bob}", "bot:heuristic"])

    # the profile: the rating, its history (one point) and the table with its result and replay
    profile = http.get(f"/api/players/{ada_name.upper()}").json()
    assert profile["username"] == ada_name
    [group] = profile["ratings"]
    assert (group["game"], group["players"], group["games"]) == (GAME, 3, 1)
    assert [point["table"] for point in group["history"]] == [table]
    assert group["history"][0]["rating"] == after[ada_name]["rating"]
    [row] = profile["tables"]
    assert (row["table"], row["place"], row["rated"]) == (table, places[0], True)
    assert row["result"] == ("won" if places[0] == 1 else "lost")
    assert row["replay"].endswith(f"/t/{table}/replay")


def test_a_guest_at_the_table_leaves_it_unrated(shared_server):
    db, http = shared_server.db, client(shared_server)
    ada, ada_name = new_account(db)
    made = create(http, GAME, ["human", "human"])
    sit(db, made["table"], 0, ada)  # seat 1 is a guest's
    play_out(http, made, seed=5)
    settled(db, made["table"])
    assert execute(db, "SELECT rated FROM tables WHERE id = :t", t=made["table"])[0][0] in (0, False)
    profile = http.get(f"/api/players/{ada_name}").json()
    assert profile["ratings"] == []
    assert [(row["table"], row["rated"]) for row in profile["tables"]] == [(made["table"], False)]


def test_a_seat_handed_to_a_bot_after_the_start_leaves_the_table_unrated(shared_server):
    db, http = shared_server.db, client(shared_server)
    (ada, ada_name), (bob, _) = new_account(db), new_account(db)
    made = create(http, GAME, ["human", "human"])
    sit(db, made["table"], 0, ada)
    sit(db, made["table"], 1, bob)
    handed = http.post(f"/api/tables/{made['table']}/seats/1", json={"token": made["creator_token"], "kind": "random"})
    assert handed.status_code == 200, handed.text
    assert execute(db, "SELECT handed FROM tables WHERE id = :t", t=made["table"])[0][0] in (1, True)
    play_out(http, {**made, "seats": [made["seats"][0]]}, seed=7)
    settled(db, made["table"])
    assert execute(db, "SELECT rated FROM tables WHERE id = :t", t=made["table"])[0][0] in (0, False)
    assert http.get(f"/api/players/{ada_name}").json()["ratings"] == []


# ---------------------------------------------------------------------- exactly once, in one process
def finished_table(storage: Storage, table: str, kinds: list[str], owners: list[int | None]) -> None:
    storage.create({"id": table, "game": GAME, "game_version": "1", "players": len(kinds), "options": {}, "seed": 1,
                    "creator": "x", "timer": None, "address": None},
                   [{"seat": seat, "kind": kind, "token": None, "bot": None, "account_id": owner}
                    for seat, (kind, owner) in enumerate(zip(kinds, owners, strict=True))])
    with storage.engine.begin() as connection:
        connection.execute(update(tables).where(tables.c.id == table).values(finished=True))


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    """A fresh database with the accounts ada (1) and bob (2): an SQLite file, and a PostgreSQL database."""
    url = f"sqlite:///{tmp_path / 'ratings.db'}" if request.param == "sqlite" else request.getfixturevalue(
        "postgres_db")
    made = Storage(url)
    made.migrate()
    with made.engine.begin() as connection:
        for name in ("ada", "bob"):
            connection.execute(insert(accounts).values(username=name, username_key=name, password="x",
                                                       created=time.time()))
    yield made
    made.close()


def test_the_hook_run_at_once_by_several_threads_rates_the_table_once(storage):
    finished_table(storage, "t1", ["human", "human", "heuristic"], [1, 2, None])
    results: list[bool] = []
    threads = [threading.Thread(target=lambda: results.append(ratings.settle(storage, "t1", GAME, [2, 1, 3])))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    with storage.engine.connect() as connection:
        rows = {row.subject: row for row in connection.execute(select(rating_rows))}
        lines = connection.execute(select(rating_history)).all()
    assert {subject: row.games for subject, row in rows.items()} == {"account:1": 1, "account:2": 1, "bot:heuristic": 1}
    assert rows["account:2"].mu > START > rows["bot:heuristic"].mu
    assert len(lines) == 3
    assert [(entry["name"], entry["bot"]) for entry in ratings.leaderboard(storage, GAME, 3, 10)["entries"]] == [
        ("bob", None), ("ada", None), ("heuristic", "heuristic")]


@pytest.mark.parametrize(("kinds", "owners", "why"), [
    (["human", "heuristic"], [None, None], "a guest"),
    (["human", "human"], [1, 1], "one account at two seats"),
    (["heuristic", "heuristic"], [None, None], "one subject only"),
])
def test_tables_that_are_not_rated(storage, kinds, owners, why):
    finished_table(storage, "t2", kinds, owners)
    assert ratings.settle(storage, "t2", GAME, [1, 2]) is False, why
    with storage.engine.connect() as connection:
        assert connection.execute(select(rating_rows)).all() == []


def test_two_seats_of_one_bot_level_are_rated_as_one_subject(storage):
    finished_table(storage, "t3", ["heuristic", "human", "heuristic"], [None, 1, None])
    assert ratings.settle(storage, "t3", GAME, [1, 2, 3])
    with storage.engine.connect() as connection:
        rows = {row.subject: row for row in connection.execute(select(rating_rows))}
    assert set(rows) == {"account:1", "bot:heuristic"}
    assert (rows["bot:heuristic"].games, rows["bot:heuristic"].wins) == (1, 1)


def test_places_put_winners_first_then_scores_with_ties_sharing():
    class Ended:
        def winners(self) -> list[int]:
            return [2]

        def scores(self) -> list[int]:
            return [10, 7, 10, 10]
    assert ratings.places(Ended()) == [2, 4, 1, 2]  # type: ignore[arg-type]


# ---------------------------------------------------------------------- leaderboard and profile
def rate_directly(db: str, subject: str, mu: float, sigma: float, games: int, game: str = GAME,
                  players: int = 3) -> None:
    execute(db, "INSERT INTO ratings (subject, game, players, mu, sigma, games, wins, updated) "
                "VALUES (:s, :g, :p, :m, :d, :n, 0, :u)", s=subject, g=game, p=players, m=mu, d=sigma, n=games,
            u=time.time())


def test_the_leaderboard_orders_by_rating_and_leaves_out_disabled_accounts(server):
    db, http = server.db, client(server)
    ada, _ = new_account(db, "Ada")
    bob, _ = new_account(db, "bob")
    eve, _ = new_account(db, "eve", disabled=True)
    rate_directly(db, f"account:{ada}", 30, 2, 5)        # 24
    rate_directly(db, f"account:{bob}", 28, 1, 9)        # 25
    rate_directly(db, f"account:{eve}", 40, 1, 9)        # 37, but disabled
    rate_directly(db, "bot:heuristic", 27, 1, 3)         # 24, fewer games than Ada
    rate_directly(db, "bot:random", 20, 1, 3)            # 17
    rate_directly(db, "bot:random", 50, 1, 3, players=4)  # another group
    answer = http.get(f"/api/ratings/{GAME}", params={"players": 3}).json()
    assert [(entry["place"], entry["name"], entry["bot"], entry["rating"]) for entry in answer["entries"]] == [
        (1, "bob", None, 25.0), (2, "Ada", None, 24.0), (3, "heuristic", "heuristic", 24.0),
        (4, "random", "random", 17.0)]
    assert (answer["game"], answer["players"]) == (GAME, 3)
    assert [entry["name"] for entry in http.get(f"/api/ratings/{GAME}?players=3&limit=2").json()["entries"]] == [
        "bob", "Ada"]
    assert http.get(f"/api/ratings/{GAME}").json()["players"] == 2  # the game's fewest unless asked
    for path, status in [("/api/ratings/no-such-game", 404), (f"/api/ratings/{GAME}?players=9", 422),
                         (f"/api/ratings/{GAME}?players=x", 422), (f"/api/ratings/{GAME}?players=3&limit=0", 422),
                         (f"/api/ratings/{GAME}?players=3&limit=101", 422)]:
        refused = http.get(path)
        assert refused.status_code == status, (path, refused.text)
        assert list(refused.json()) == ["error"] and "\n" not in refused.json()["error"]


def test_an_unknown_or_disabled_player_is_a_404_of_one_line(server):
    db, http = server.db, client(server)
    new_account(db, "eve", disabled=True)
    for name in ("nobody", "eve", "x" * 40, "%3Cscript%3E"):
        refused = http.get(f"/api/players/{name}")
        assert refused.status_code == 404, (name, refused.text)
        assert list(refused.json()) == ["error"] and "\n" not in refused.json()["error"]
    new_account(db, "Zoë")
    assert http.get("/api/players/ZOË").json()["username"] == "Zoë"
