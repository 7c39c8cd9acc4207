"""Replays of finished games, the event log and spectators, over the real server and in Chromium.

The server half: any step of a replay, however it is asked (the same step twice, back and forth, two
viewers at different steps, the last step twice), is exactly the game of ``bw.replay`` cut at that
step, as that seat saw it; and the replay names where each round and each turn begins, as the game
counts them. The browser half: the replay page (a slider, jumps by round and turn, the keyboard,
the seat it is seen as, an error line that clears), the event log's own numbers with undone moves
struck through, and a spectator who is told they are watching.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from browser import Player, new_table
from webplay import act, answered, client, create, get, wait_until

import boardwright as bw
from boardwright.engine.names import named
from boardwright.web.protocol import seat_parts

#: per game: the players of the finished table, the event the game tells when a round begins, and
#: options that keep the game short (a few rounds are enough)
GAMES = {
    "gadgeteers": (2, "round_began", {}),
    "game-development": (2, "round_started", {}),
    "makers-of-universe": (3, "round_started", {"max_rounds": 6}),
    "the-game-makers": (2, "turn_started", {"max_turns": 16}),  # its rounds are the turns of the wheel
}
NO_EVENTS = 999_999_999


@pytest.fixture(scope="module")
def finished(shared_server: Any) -> dict[str, tuple[str, dict[str, Any]]]:
    """Per game, a table that random bots played to the end, and its record."""
    with client(shared_server) as http:
        tables = {game: create(http, game, ["random"] * players, options=options)["table"]
                  for game, (players, _, options) in GAMES.items()}
        for game, table in tables.items():
            wait_until(lambda table=table: get(http, table, since=NO_EVENTS)["is_over"], 120, f"the {game} game to end")
        return {game: (table, http.get(f"/api/tables/{table}/record").json()) for game, table in tables.items()}


def expected(record: dict[str, Any], step: int, seat: int | None, since: int) -> dict[str, Any]:
    """The replay's answer as ``bw.replay`` of the record cut at ``step`` gives it, as JSON carries it."""
    state = bw.replay(record, until=step)
    return json.loads(json.dumps({**seat_parts(state, seat, undo=False), "events": state.events(seat, since),
                                  "step": step, "steps": len(record["actions"]),
                                  "event_count": state.event_count(seat)}))


def asked(http: Any, table: str, step: int, seat: int | None, since: int) -> dict[str, Any]:
    params: dict[str, Any] = {"step": step, "since": since}
    if seat is not None:
        params["seat"] = seat
    answer = http.get(f"/api/tables/{table}/replay", params=params)
    assert answer.status_code == 200, f"step {step} as seat {seat}: {answer.status_code} {answer.text}"
    return answer.json()


@pytest.mark.parametrize("game", GAMES)
def test_every_way_of_asking_a_step_gives_the_game_cut_at_that_step(shared_server, finished, game):
    table, record = finished[game]
    last = len(record["actions"])
    middle = min(100, last - 2)  # a checkpoint's step, and those on either side of it
    asks = [  # (step, seat, since): the same step twice, back and forth, two viewers, the end twice
        (1, None, 0), (1, None, 0), (2, 0, 0), (2, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0),
        (7, 1, 0), (3, 0, 0), (7, 1, 5), (4, 0, 0), (8, 1, 0),
        (middle, 1, 0), (middle - 1, 1, 0), (middle + 1, 1, 0), (middle, 1, 0), (middle, None, 0),
        (last, None, 0), (last, None, 0), (last - 1, 0, 0), (last, 0, 0), (last, 0, 0), (0, 1, 0), (0, 1, 0),
    ]
    with client(shared_server) as http:
        for step, seat, since in asks:
            answer = asked(http, table, step, seat, since)
            want = expected(record, step, seat, since)
            got = {key: answer[key] for key in want}
            assert got == want, f"{game}: step {step} as seat {seat} is not the game cut at that step"


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_names_where_each_round_and_turn_begins(shared_server, finished, game):
    table, record = finished[game]
    round_event = GAMES[game][1]
    with client(shared_server) as http:
        marks = asked(http, table, 3, None, NO_EVENTS)["marks"]
        assert asked(http, table, len(record["actions"]), 0, NO_EVENTS)["marks"] == marks, "the same at every step"
    told = bw.replay(record).events(None)
    last = len(record["actions"])  # a round told as the last action ends the game is never played
    began = sorted({event["step"] for event in told if event["kind"] == round_event and event["step"] < last})
    assert len(began) > 2, f"the precondition: the {game} game played several rounds"
    assert marks["rounds"] == began, f"{game}: a round begins where the game tells it"
    turns = marks["turns"]
    assert turns == sorted(set(turns)) and len(turns) >= len(began), turns
    if game != "makers-of-universe":  # whose rounds open with an auction, in nobody's turn
        assert set(began) <= set(turns), f"{game}: every round begins with a turn"
    if game == "makers-of-universe":  # the one game that tells each turn
        assert turns == sorted({event["step"] for event in told if event["kind"] == "turn_started"})


# ---------------------------------------------------------------- the replay page in Chromium
def shown_step(player: Any, step: int) -> None:
    """Wait until the replay page shows ``step`` (a replay's version is its step)."""
    player.page.wait_for_function("step => document.body.dataset.version === String(step) && document"
                                  ".getElementById('replay-step').textContent.startsWith(`step ${step} of`)",
                                  arg=step, timeout=15_000)


def shown_view(player: Any) -> Any:
    return json.loads(player.page.text_content("#view") or "null")


def replayed_view(record: dict[str, Any], step: int, seat: int | None) -> Any:
    return json.loads(json.dumps(bw.replay(record, until=step).view(seat)))


def round_starts(record: dict[str, Any]) -> list[int]:
    """The steps after which a new round is played, by the game's round key."""
    game = bw.load(record["game"])
    state = game.new(record["players"], record["seed"], record["options"], events=False)
    starts, key = [0], game.lab_progress(state)[0]
    for step, (seat, action) in enumerate(record["actions"], 1):
        state.apply(seat, action)
        now = game.lab_progress(state)[0]
        if now != key and not state.is_over:
            starts.append(step)
        key = now
    return starts


def test_the_replay_page_has_a_slider_jumps_keys_and_a_seat_selector(shared_server, browser, finished):
    table, record = finished["gadgeteers"]
    last = len(record["actions"])
    rounds = round_starts(record)
    assert len(rounds) > 3, "the precondition: several rounds to jump between"
    player = Player(browser, f"{shared_server.url}/t/{table}/replay")
    page = player.page
    try:
        shown_step(player, 0)
        assert "viewing as a spectator" in page.inner_text("#title") and "you are" not in page.inner_text("#title")
        keys = page.inner_text("#replay-keys")
        assert "PageUp" in keys and "Home" in keys, "the page says which keys do what"

        # the slider, dragged to any step
        middle = rounds[2] + 3
        page.eval_on_selector("#replay-slider", "(slider, step) => { slider.value = String(step); "
                              "slider.dispatchEvent(new Event('input', { bubbles: true })); }", middle)
        shown_step(player, middle)
        assert shown_view(player) == replayed_view(record, middle, None)
        assert page.inner_text("#replay-where").startswith("round 3 of")

        # the seat selector, after step 0: the same step through seat 1's eyes ("Seat 2" to people)
        page.select_option("#replay-seat", "1")
        page.wait_for_function("() => document.getElementById('title').textContent.includes('viewing as Seat 2')")
        shown_step(player, middle)
        wait_until(lambda: shown_view(player) == replayed_view(record, middle, 1), 10, "seat 1's view")
        told = bw.replay(record, until=middle).events(1)
        assert page.locator("#events li").count() == min(200, len(told))
        assert page.inner_text("#error") == ""
        for line in ("#title", "#status"):
            assert "you" not in page.inner_text(line), f"a replay is viewed as a seat: {page.inner_text(line)!r}"

        # jumps by round (buttons and keys), by turn, by step, to the start and the end
        page.click("#replay-round-next")
        shown_step(player, rounds[3])
        page.keyboard.press("PageUp")
        shown_step(player, rounds[2])
        page.keyboard.press("PageUp")
        shown_step(player, rounds[1])
        page.keyboard.press("Shift+ArrowRight")
        shown_step(player, rounds[1] + 1)  # a Parts Phase turn is one token
        page.keyboard.press("ArrowRight")
        shown_step(player, rounds[1] + 2)
        page.keyboard.press("ArrowLeft")
        shown_step(player, rounds[1] + 1)
        page.keyboard.press("End")
        shown_step(player, last)
        assert page.is_disabled("#replay-next") and page.is_disabled("#replay-round-next")
        assert shown_view(player) == replayed_view(record, last, 1)
        page.keyboard.press("End")  # the last step asked again
        page.keyboard.press("Home")
        shown_step(player, 0)
        assert shown_view(player) == replayed_view(record, 0, 1)
        page.click("#replay-round-next")
        shown_step(player, rounds[1])
        assert page.inner_text("#error") == ""
        assert player.errors == []
    finally:
        player.close()


def test_an_error_line_clears_on_the_next_answer_that_succeeds(shared_server, browser, finished):
    table, _ = finished["game-development"]
    player = Player(browser, f"{shared_server.url}/t/{table}/replay")
    page = player.page
    try:
        shown_step(player, 0)
        refused = []

        def refuse_once(route: Any) -> None:
            if refused:
                route.continue_()
                return
            refused.append(route.request.url)
            route.fulfill(status=429, content_type="application/json",
                          body=json.dumps({"error": "this address has used its share; try again in 1 s"}))
        page.route("**/replay?*", refuse_once)
        page.click("#replay-next")
        page.wait_for_function("() => document.getElementById('error').textContent.includes('its share')")
        assert player.version == 0, "a refused step leaves the step shown"
        page.click("#replay-next")
        shown_step(player, 1)
        assert page.inner_text("#error") == "", "the error line clears on the next success"
        assert player.errors == []
    finally:
        player.close()


def test_a_replay_opened_with_a_seats_token_starts_as_that_seat(shared_server, browser):
    with client(shared_server) as http:
        made = create(http, "game-development", ["human", "random"])
        answer = http.post(f"/api/tables/{made['table']}/seats/0",
                           json={"token": made["creator_token"], "kind": "random"})
        assert answer.status_code == 200, answer.text
        table = made["table"]
        wait_until(lambda: get(http, table, since=NO_EVENTS)["is_over"], 60, "the game to end")
        record = http.get(f"/api/tables/{table}/record").json()
    token = made["seats"][0]["token"]
    player = Player(browser, f"{shared_server.url}/t/{table}/replay#token={token}")
    try:
        shown_step(player, 0)
        player.page.wait_for_function(
            "() => document.getElementById('title').textContent.includes('viewing as Seat 1')")  # seat 0
        assert player.page.input_value("#replay-seat") == "0"
        assert shown_view(player) == replayed_view(record, 0, 0)
        assert "hand_cards" in shown_view(player), "the precondition: seat 0 sees its own hand"
        assert player.errors == []
    finally:
        player.close()


# ---------------------------------------------------------------- the event log and spectators, live
def log_items(player: Any) -> list[dict[str, Any]]:
    return player.page.eval_on_selector_all("#events li", """items => items.map(item => ({
        number: item.value, text: item.textContent, struck: item.querySelector('del') !== null,
        title: item.title }))""")


def test_the_log_numbers_each_event_as_its_own_when_only_the_last_200_are_shown(shared_server, browser, finished):
    table, record = finished["gadgeteers"]
    told = bw.replay(record).events(None)
    assert len(told) > 260, "the precondition: more events than the log shows"
    player = Player(browser, f"{shared_server.url}/t/{table}")
    try:
        player.page.wait_for_function("count => document.querySelectorAll('#events li').length === 200",
                                      arg=200, timeout=15_000)
        items = log_items(player)
        assert [item["number"] for item in items] == [event["seq"] + 1 for event in told[-200:]]
        players = record["players"]  # the page names seats as people count them, from 1
        assert [item["text"] for item in items] == [named(event["text"], players) for event in told[-200:]]
        assert player.errors == []
    finally:
        player.close()


def test_a_spectator_is_told_they_are_watching(shared_server, browser):
    made = new_table(shared_server, "game-development", ["human", "human"])
    watcher = Player(browser, made["spectator"])
    seat = Player(browser, made["seats"][0]["url"])
    try:
        page = watcher.page
        assert page.inner_text("#move-title") == "Watching"
        assert page.inner_text("#actions") == "You are watching this table."
        assert "watching" in page.inner_text("#title") and "spectating" not in page.inner_text("#title")
        assert page.inner_text("#status").startswith("Watching")
        assert "Nothing to do now" not in page.inner_text("body")
        assert seat.page.inner_text("#move-title") == "Your move"
        assert "you are Seat 1" in seat.page.inner_text("#title"), "a player's header stays as it was"
        assert watcher.errors == [] and seat.errors == []
    finally:
        watcher.close()
        seat.close()


def test_the_events_of_a_move_taken_back_are_struck_through(shared_server, browser):
    made = new_table(shared_server, "gadgeteers", ["human", "human"])
    table, tokens = made["table"], [seat["token"] for seat in made["seats"]]
    rng = random.Random(3)
    with client(shared_server) as http:
        for _ in range(400):  # play until a seat may take its last action back
            spectator = get(http, table, since=NO_EVENTS)
            assert not spectator["is_over"], "the game ended before anything could be taken back"
            mover = spectator["to_act"][0]
            mine = answered(http, table, tokens[mover], since=NO_EVENTS)
            if mine["can_undo"]:
                break
            answer = act(http, table, tokens[mover], rng.choice(mine["legal_actions"]), mine["version"])
            assert answer.status_code == 200, answer.text
        else:
            raise AssertionError("no moment to take an action back in 400 moves")
        before = get(http, table, tokens[mover])["events"]
    player = Player(browser, made["seats"][mover]["url"])
    try:
        player.page.wait_for_selector("#undo")
        version = player.version
        player.page.click("#undo")
        assert player.wait_version_above(version), "the undo did not move the table on"
        player.page.wait_for_function("() => document.querySelector('#events li:last-child').textContent"
                                      ".includes('takes back')")
        items = log_items(player)
        with client(shared_server) as http:
            undone = get(http, table, tokens[mover])["events"][-1]
        assert undone["kind"] == "undone"
        taken_back = [event["seq"] + 1 for event in before if event["step"] > undone["step"]]
        assert taken_back, "the precondition: the undone action told something"
        struck = [item["number"] for item in items if item["struck"]]
        assert struck == taken_back, "exactly the events of the action taken back are struck through"
        assert all(item["title"] == "taken back" for item in items if item["struck"])
        assert not items[-1]["struck"], "the undo itself is not struck through"
        assert player.errors == []
    finally:
        player.close()
