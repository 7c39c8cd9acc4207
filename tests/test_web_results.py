"""The scores and the end of a game in the browser: the scores panel (a row per seat, its breakdown
opened by a click), the results panel of a finished game (ranking, scores side by side, the
tie-break, the way to the replay and the lobby), others' moves told one at a time, and the turn
timer (a countdown, and a log line when time runs out and a bot plays for the person)."""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest
from browser import PHONE, Player, act, api, new_table, state
from webplay import wait_until

import boardwright as bw
from boardwright.engine.names import named
from boardwright.web.protocol import seat_message

GAME = "game-development"  # short games: a table of random bots ends in a second or two
PACING = "boardwright.step-through-moves"


def played(game: str, seed: int) -> bw.State:
    """A whole game of random moves, the same for a seed."""
    state = bw.load(game).new(players=3, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def first_game(game: str, wanted: Any) -> bw.State:
    for seed in range(400):
        state = played(game, seed)
        if wanted(state):
            return state
    raise AssertionError(f"no seed under 400 gives a {game} game that fits")


def places(message: dict[str, Any]) -> dict[int, int]:
    """Each seat's place: winners first, then by total; equal on both share a place."""
    key = {seat: (seat not in message["winners"], -entry["total"]) for seat, entry in enumerate(message["breakdown"])}
    return {seat: 1 + sum(1 for other in key if key[other] < key[seat]) for seat in key}


def finished_table(server: Any, seats: list[str]) -> dict[str, Any]:
    """A table of ``seats`` whose humans are handed to random bots at once: it plays to its end."""
    table = new_table(server, GAME, seats)
    for seat, kind in enumerate(seats):
        if kind == "human":
            api(server.url, f"/api/tables/{table['table']}/seats/{seat}",
                {"token": table["creator_token"], "kind": "random"})
    wait_until(lambda: state(server, table)["is_over"], 60, "the bots to finish the game", pause=0.1)
    return table


def test_the_scores_panel_is_a_row_per_seat_whose_breakdown_opens_on_click(shared_server, browser):
    table = new_table(shared_server, "the-game-makers", ["human", "human"])
    seen = state(shared_server, table, 0)
    player = Player(browser, table["seats"][0]["url"], viewport=PHONE)
    page = player.page
    try:
        rows = page.locator("#scores tbody[data-seat]")
        assert rows.count() == 2
        for seat, entry in enumerate(seen["breakdown"]):
            body = page.locator(f"#scores tbody[data-seat='{seat}']")
            assert body.locator(".score-row .total").inner_text() == str(entry["total"])
            assert body.locator(".score-lines").is_hidden()
        page.locator("#scores tbody[data-seat='1'] .score-row").click()
        lines = page.locator("#scores tbody[data-seat='1'] .score-lines")
        lines.wait_for(state="visible", timeout=5000)  # the page may be drawing the socket's first push
        assert page.locator("#scores tbody[data-seat='1'] .score-toggle").get_attribute("aria-expanded") == "true"
        items = lines.locator("ul.breakdown li")
        assert items.count() == len(seen["breakdown"][1]["lines"])
        first = seen["breakdown"][1]["lines"][0]
        assert items.first.locator(".line-label").inner_text() == first["label"]
        assert page.locator("#scores tbody[data-seat='0'] .score-lines").is_hidden()
        # a move redraws the page: what was opened stays open
        before = player.version
        mover = seen["to_act"][0]
        act(shared_server, table, mover, state(shared_server, table, mover)["legal_actions"][0])
        assert player.wait_version_above(before)
        assert page.locator("#scores tbody[data-seat='1'] .score-lines").is_visible()
        # by keyboard too, and it fits a phone's width
        page.locator("#scores tbody[data-seat='1'] .score-toggle").press("Enter")
        assert page.locator("#scores tbody[data-seat='1'] .score-lines").is_hidden()
        right = page.locator("#scores").evaluate("t => t.getBoundingClientRect().right")
        assert right <= PHONE["width"]
        assert player.errors == []
    finally:
        player.close()


def test_a_finished_table_shows_the_results_with_the_replay_and_the_lobby(shared_server, browser):
    table = finished_table(shared_server, ["human", "random", "random"])
    final = state(shared_server, table)
    player = Player(browser, table["seats"][0]["url"])
    watcher = Player(browser, table["spectator"], viewport=PHONE)
    try:
        for who, token in ((player, table["seats"][0]["token"]), (watcher, None)):
            page = who.page
            panel = page.locator("#results")
            assert panel.is_visible()
            assert "Game over" in panel.locator("h2").inner_text()
            ranked = panel.locator("ol.ranking li")
            assert ranked.count() == 3
            expected = places(final)
            order = [int(seat) for seat in ranked.evaluate_all("items => items.map(i => i.dataset.seat)")]
            assert [int(p) for p in ranked.evaluate_all("items => items.map(i => i.dataset.place)")] == \
                [expected[seat] for seat in order]
            assert sorted(expected[seat] for seat in order) == [expected[seat] for seat in order]
            for item, seat in zip(ranked.all(), order, strict=True):
                assert item.locator(".total").inner_text().startswith(f"{final['breakdown'][seat]['total']} point")
            # one column per seat in that order, one row per group of lines (a line the game groups
            # under none is a row of its own), the grouped lines named in their cells, and the totals
            columns = panel.locator("table.results-table thead th")
            assert columns.count() == 4
            rows = {line.get("group") or line["label"] for entry in final["breakdown"] for line in entry["lines"]}
            assert panel.locator("table.results-table tbody tr:not(.totals) th").all_inner_texts() == \
                [row for row in dict.fromkeys(line.get("group") or line["label"] for seat in range(3)
                                              for line in final["breakdown"][seat]["lines"])]
            lines = sum(len(entry["lines"]) for entry in final["breakdown"])
            assert len(rows) < lines, "the precondition: lines grouped"
            named = " ".join(panel.locator("table.results-table .results-items").all_inner_texts())
            assert all(line["label"] in named for entry in final["breakdown"] for line in entry["lines"]
                       if line.get("group") and line["label"] != line["group"])
            totals = panel.locator("table.results-table tr.totals td").all_inner_texts()
            assert totals == [str(final["breakdown"][seat]["total"]) for seat in order]
            replay = f"/t/{table['table']}/replay" + (f"#token={token}" if token else "")
            assert panel.locator("#results-replay").get_attribute("href") == replay
            assert panel.locator("#results-lobby").get_attribute("href") == "/"
            assert who.errors == []
        watcher.page.locator("#results-lobby").click()
        watcher.page.wait_for_url(f"{shared_server.url}/")
    finally:
        player.close()
        watcher.close()


@pytest.mark.parametrize("game, tie", [
    ("game-development", lambda s: len(s.winners()) == 1 and any("tiebreak" in e for e in s.score_breakdown())),
    ("game-development", lambda s: len(s.winners()) > 1),
    ("makers-of-universe", lambda s: any("tiebreak" in e for e in s.score_breakdown())),
], ids=["decided", "shared", "mou-decided"])
def test_the_results_rank_ties_and_say_the_tie_break(shared_server, browser, game, tie):
    finished = first_game(game, tie)
    message = seat_message(finished, "t", len(finished.log), 0, since=finished.event_count(0), undo=False)
    table = finished_table(shared_server, ["human", "random", "random"])
    player = Player(browser, table["seats"][0]["url"])
    page = player.page
    try:
        page.evaluate("""async message => {
            const { drawResults } = await import("/static/results.js");
            const { makeUi } = await import("/static/ui.js");
            const ui = makeUi({ catalog: () => ({}), legal: () => [], act: () => {}, redraw: () => {} });
            drawResults(message, ui, { replay: "/replay", lobby: "/" });
        }""", json.loads(json.dumps(message)))
        panel = page.locator("#results")
        expected = places(message)
        shown = panel.locator("ol.ranking li").evaluate_all(
            "items => items.map(i => [Number(i.dataset.seat), Number(i.dataset.place)])")
        assert {seat: place for seat, place in shown} == expected
        assert shown[0][0] in message["winners"]
        winners = message["winners"]
        if len(winners) > 1:  # a shared win shares the first place
            assert [place for seat, place in shown if seat in winners] == [1] * len(winners)
        sentences = {entry["tiebreak"] for entry in message["breakdown"] if "tiebreak" in entry}
        said = " ".join(panel.locator("p.tiebreak").all_inner_texts())
        for sentence in sentences:
            assert sentence in said
        assert len(sentences) == 0 or said.startswith("Tie-break:")
        assert player.errors == []
    finally:
        player.close()


# ---------------------------------------------------------------- others' moves told one at a time
RECORD = """() => {
    window.drawn = [];
    const note = () => window.drawn.push({ version: Number(document.body.dataset.version), at: performance.now(),
        told: document.getElementById("told").hidden ? null : document.getElementById("told").textContent });
    new MutationObserver(note).observe(document.body,
        { attributes: true, attributeFilter: ["data-version", "data-telling"] });
}"""


def wait_my_turn(http_server: Any, table: dict[str, Any], seat: int) -> dict[str, Any]:
    return wait_until(lambda: (found := state(http_server, table)) and (seat in found["to_act"] or found["is_over"])
                      and found, 30, "the bots to play up to the person")


def end_my_turn(player: Player, server: Any, table: dict[str, Any]) -> None:
    """Click the first action of the list until the table waits for another seat, or another
    seat has moved since (the bots may have played their turns and handed the turn back before
    the next look); each reply is drawn at once (a player's own move is never held back)."""
    page = player.page
    mine = state(server, table)["version"]  # the version before the person's own moves of this turn
    for moves in range(50):
        now = state(server, table)
        if now["is_over"] or 0 not in now["to_act"] or now["version"] > mine + moves:
            return
        page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=now["version"], timeout=10_000)
        page.evaluate("for (const d of document.querySelectorAll('#actions details')) d.open = true")
        page.locator("#actions button[data-action]").first.click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=now["version"], timeout=3000)
    raise AssertionError("the turn did not end in 50 decisions")


def against_two_bots(server: Any, browser: Any) -> tuple[dict[str, Any], Player]:
    """A table of a person (seat 0) and two random bots, and the person's page (others' moves
    stepped through, as the page does by default) once it is the person's turn."""
    table = new_table(server, GAME, ["human", "random", "random"])
    wait_my_turn(server, table, 0)
    return table, Player(browser, table["seats"][0]["url"], paced=True)


def test_bot_moves_are_told_one_at_a_time_and_can_be_skipped(shared_server, browser):
    table, player = against_two_bots(shared_server, browser)
    page = player.page
    try:
        page.wait_for_function("() => document.body.dataset.myTurn === '1'")
        assert page.locator("#pacing-setting").is_checked()
        for _ in range(8):  # a round in which the bots made two moves or more (a bot may make just one)
            page.evaluate(RECORD)
            end_my_turn(player, shared_server, table)
            after = wait_my_turn(shared_server, table, 0)
            page.wait_for_function("v => Number(document.body.dataset.version) >= v && !document.body.dataset.telling",
                                   arg=after["version"], timeout=30_000)
            told = [entry for entry in page.evaluate("window.drawn") if entry["told"]]
            versions = sorted({entry["version"] for entry in told})
            if len(versions) >= 2 or after["is_over"]:
                break
        assert len(versions) >= 2, told
        firsts = [next(entry["at"] for entry in told if entry["version"] == v) for v in versions]
        gaps = [b - a for a, b in itertools.pairwise(firsts)]
        assert min(gaps) >= 300, gaps  # each step shown for a while (400 ms while the player's turn waits)
        seen = state(shared_server, table, 0)  # the banner names seats as people see them, from 1
        others = [named(event["text"], len(seen["breakdown"]), viewer=0) for event in seen["events"]
                  if event["kind"] == "acted" and event["seat"] != 0]
        assert all(any(text in entry["told"] for text in others) for entry in told)
        assert page.locator("#told").is_hidden()
        assert player.my_turn and player.version >= after["version"]  # a later moment may have come meanwhile

        # with moves still waiting, Esc jumps to the latest at once
        page.evaluate(RECORD)
        end_my_turn(player, shared_server, table)
        page.wait_for_function("() => document.body.dataset.telling !== undefined", timeout=10_000)
        latest = wait_my_turn(shared_server, table, 0)
        if not latest["is_over"] and player.version < latest["version"]:
            page.keyboard.press("Escape")
            page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=latest["version"],
                                   timeout=1500)
            assert page.locator("#told").is_hidden()
        assert player.errors == []
    finally:
        player.close()


def test_the_setting_turns_the_stepping_off_and_is_remembered(shared_server, browser):
    table, player = against_two_bots(shared_server, browser)
    page = player.page
    try:
        page.locator("#pacing-setting").uncheck()
        player.reload()
        assert not page.locator("#pacing-setting").is_checked()
        assert page.evaluate(f"localStorage.getItem('{PACING}')") == "off"
        page.wait_for_function("() => document.body.dataset.myTurn === '1'")
        page.evaluate(RECORD)
        end_my_turn(player, shared_server, table)
        after = wait_my_turn(shared_server, table, 0)
        page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=after["version"], timeout=3000)
        assert [entry for entry in page.evaluate("window.drawn") if entry["told"]] == []
        assert player.errors == []
    finally:
        player.close()


# ---------------------------------------------------------------- the turn timer
TIME_RAN_OUT = "() => [...document.querySelectorAll('#events li')].some(li => li.textContent.startsWith('Time ran'))"


def test_the_turn_timer_counts_down_and_the_log_says_when_a_bot_played_for_a_person(start_server, browser):
    server = start_server(args=("--rate-limit", "0", "--workers", "1", "--shortest-timer", "5"))
    made = api(server.url, "/api/tables", {"game": GAME, "players": 2, "seats": ["human", "human"], "timer": 5})
    for seat in made["seats"]:
        seat["url"] = seat["url"] if seat["url"].startswith("http") else server.url + seat["url"]
    made["spectator"] = f"{server.url}/t/{made['table']}"
    first = state(server, made)
    late = first["to_act"][0]
    other = 1 - late
    assert first["time_left"] <= 5 and first["timer"] == 5
    pages = {late: Player(browser, made["seats"][late]["url"]), other: Player(browser, made["seats"][other]["url"]),
             None: Player(browser, made["spectator"], viewport=PHONE)}
    try:
        # seats counted from 1 on the page, the late seat's own page saying "(you)"
        line = re.compile(rf"Time ran out: the bot played .+ for Seat {late + 1}( \(you\))?")
        for page in pages.values():
            page.page.wait_for_function(TIME_RAN_OUT, timeout=15_000)
            texts = page.page.locator("#events li").all_inner_texts()
            assert any(line.fullmatch(text) for text in texts), texts
        # the next decision has its own countdown: the seat's page counts it down, the others say whose it is
        now = state(server, made)
        due = now["to_act"][0]
        for page in pages.values():
            page.page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=now["version"])
        mine = pages[due].page.locator("#timer")
        assert re.fullmatch(r"⏱ 0:0[0-5] left for your move — hurry!", mine.inner_text()), mine.inner_text()
        assert "urgent" in mine.get_attribute("class")
        for viewer in (1 - due, None):
            theirs = pages[viewer].page.locator("#timer").inner_text()
            assert re.fullmatch(rf"⏱ 0:0[0-5] for Seat {due + 1}( — hurry!)?", theirs), theirs
        # stored with the move: a reload, and a restarted server, tell it again
        server.restart()
        pages[other].reload()
        pages[other].page.wait_for_function(TIME_RAN_OUT)
        told = [event for event in state(server, made, other)["events"] if event["kind"] == "timed_out"]
        assert told and told[0]["seat"] == late
        for page in pages.values():  # the restart refused the sockets a while: a network error, retried
            assert [error for error in page.errors if "WebSocket connection to" not in error] == []
    finally:
        for page in pages.values():
            page.close()


def test_a_move_for_a_late_seat_replays_as_its_own_and_is_refused_like_any_other():
    state = bw.load(GAME).new(players=3, seed=4)
    seat = state.to_act[0]
    copy = state.clone()
    with pytest.raises(bw.IllegalAction):
        copy.apply_stand_in(seat, "no such move")
    assert copy.fingerprint() == state.fingerprint()
    action = str(state.legal_actions(seat)[0])
    count = state.event_count(None)
    state.apply_stand_in(seat, action)
    told = state.events(None, count)
    assert told[0]["kind"] == "timed_out" and told[0]["seat"] == seat and told[1]["kind"] == "acted"
    assert bw.replay(state.record()).fingerprint(only_game=True) == state.fingerprint(only_game=True)
