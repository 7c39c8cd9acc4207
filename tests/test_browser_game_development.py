"""Game Development's table in a real browser (static/games/game-development.js): the milestone
track, the piles, every studio's mat and the hand are drawn from the view, and every decision of a
whole game can be made by clicking pieces on the table, on a desktop and on a phone."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from browser import PHONE, Player, play_game
from services import Server, sqlite_url

GAME = "game-development"
_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with _direct.open(request, timeout=30) as answer:
        return json.loads(answer.read())


def new_table(server: Any, seats: list[str]) -> dict[str, Any]:
    return call(f"{server.url}/api/tables", {"game": GAME, "players": len(seats), "seats": seats, "options": {}})


def state(server: Any, table: dict[str, Any], seat: int | None) -> dict[str, Any]:
    token = "" if seat is None else f"token={table['seats'][seat]['token']}&"
    return call(f"{server.url}/api/tables/{table['table']}?{token}since=999999")


def table_at(server: Any, wanted: Any, seed: int = 3, limit: int = 3000, tables: int = 5) -> tuple[dict, dict]:
    """A table of people played through the API (a seeded random choice that builds more than it ends
    turns) until seat 0's message satisfies `wanted`: the table and that message. The server deals
    at random, so a game that ends first is replaced by another table."""
    for attempt in range(tables):
        table = new_table(server, ["human", "human", "human"])
        rng = random.Random(seed + attempt)
        for _ in range(limit):
            message = state(server, table, 0)
            if message["is_over"]:
                break
            if wanted(message):
                return table, message
            seat = message["to_act"][0]
            mine = message if seat == 0 else state(server, table, seat)
            legal = mine["legal_actions"]
            weights = [0.2 if a == "end turn" else 3.0 if a.startswith(("play", "pay", "lead")) else 1.0 for a in legal]
            action = rng.choices(legal, weights)[0]
            call(f"{server.url}/api/tables/{table['table']}/actions",
                 {"token": table["seats"][seat]["token"], "action": action, "version": mine["version"]})
    raise AssertionError(f"the wanted moment never came in {tables} tables")


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for this module's tests (each makes its own table), without the rate limit: the
    tests move other seats through the API."""
    workdir = tmp_path_factory.mktemp("gamedev-server")
    server = Server(sqlite_url(workdir / "boardwright.db"), workdir=workdir, args=("--rate-limit", "0"))
    with server:
        yield server


def test_the_table_is_drawn_and_a_card_is_played_by_clicking(quick_server: Any, browser: Any) -> None:
    table = new_table(quick_server, ["human", "human", "human"])
    first = state(quick_server, table, None)
    seat = first["to_act"][0]
    player = Player(browser, table["seats"][seat]["url"], seed=1)
    page = player.page
    try:
        view = state(quick_server, table, seat)["view"]
        # the milestone track, the piles, a mat per studio, the hand face up, the others' face down
        names = page.locator(".gd-milestone .gd-milestone-name").all_inner_texts()
        assert [n.replace(" ✓", "") for n in names] == [m["name"] for m in view["milestones"]]
        assert page.locator(".gd-milestone.now").inner_text().startswith("Preproduction")
        assert page.locator(".gd-pile.deck").inner_text().startswith(str(view["deck_size"]))
        assert page.locator(".gd-mat").count() == 3
        hand = page.locator(".gd-hand .gd-in-hand")
        assert hand.count() == len(view["hand"]) == 5
        for name in view["hand"]:
            assert page.locator(f".gd-hand [data-card='{name}']").count() >= 1
        backs = sum(p["hand_size"] for s, p in enumerate(view["players"]) if s != seat)
        assert page.locator(".gd-back").count() == backs
        assert page.locator("#status").inner_text() == "Your turn"
        assert page.locator(".gd-mat.acting").count() == 1
        # the catalog explains a card in hand
        hand.first.hover()
        assert page.locator("#tip").is_visible()
        # a decision by clicking a lit card in the hand (a developer: "play <name>")
        before = player.version
        lit = page.locator(".gd-hand .gd-in-hand.playable")
        assert lit.count() >= 1
        played = lit.first.get_attribute("data-card")
        lit.first.click()
        assert player.wait_version_above(before)
        assert page.locator(f".gd-mat.yours [data-card='{played}']").count() >= 1  # now on your table
        # the end of the turn is a button on the table
        assert page.locator(".gd-buttons .gd-button.playable", has_text="End turn").count() == 1
        # and the keyboard is enough: Tab to a lit piece, Enter (and Enter again in a choice)
        before = player.version
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.classList.contains('playable')"):
                break
        else:
            raise AssertionError("no lit piece can be reached with Tab")
        for _ in range(3):
            page.keyboard.press("Enter")
            if player.wait_version_above(before, 2.0):
                break
        assert player.version > before
        assert player.fallbacks == 0 and not player.errors, player.errors
    finally:
        player.close()


def test_a_bug_is_aimed_by_clicking_the_card_then_the_studio(quick_server: Any, browser: Any) -> None:
    def bug_for_seat_1(message: dict[str, Any]) -> bool:
        kinds = {c["name"]: c["type"] for c in message["view"]["hand_cards"] or []}
        return message["view"]["phase"] == "turn" and any(
            a.endswith(" on seat 1") and kinds.get(a[5:-10]) == "bug" for a in message["legal_actions"])

    table, message = table_at(quick_server, bug_for_seat_1)
    action = next(a for a in message["legal_actions"] if a.endswith(" on seat 1") and " of " not in a
                  and any(c["name"] == a[5:-10] and c["type"] == "bug" for c in message["view"]["hand_cards"]))
    bug = action[5:-10]
    player = Player(browser, table["seats"][0]["url"], seed=2)
    page = player.page
    try:
        before = player.version
        page.locator(f".gd-hand [data-card='{bug}']").first.click()
        assert page.locator(f".gd-hand [data-card='{bug}'].selected").count() >= 1
        plate = page.locator(".gd-mat", has=page.locator(".seat-badge", has_text="Seat 2")).locator(".gd-plate")
        assert "playable" in (plate.get_attribute("class") or "")
        plate.click()
        assert player.wait_version_above(before)
        after = state(quick_server, table, 0)
        assert bug in [b["name"] for b in after["view"]["players"][1]["bugs"]]
        assert page.locator(".gd-mat", has=page.locator(".seat-badge", has_text="Seat 2")).locator(
            f".gd-bug[data-card='{bug}']").count() >= 1
        assert player.fallbacks == 0 and not player.errors, player.errors
    finally:
        player.close()


def test_a_phone_sees_the_whole_table_without_scrolling_sideways(quick_server: Any, browser: Any) -> None:
    table = new_table(quick_server, ["human", "human", "human"])
    seat = state(quick_server, table, None)["to_act"][0]
    player = Player(browser, table["seats"][seat]["url"], viewport=PHONE, seed=3)
    page = player.page
    try:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.evaluate("document.body.scrollWidth") <= PHONE["width"]
        # what to do comes before the rest: the prompt and the hand are on the first screen
        assert page.locator(".gd-prompt").bounding_box()["y"] < PHONE["height"]
        assert page.locator(".gd-hand").bounding_box()["y"] < PHONE["height"]
        before = player.version
        player.take_turn()
        assert player.version > before
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert player.fallbacks == 0 and not player.errors, player.errors
    finally:
        player.close()


@pytest.mark.slow
def test_a_whole_game_by_clicking(quick_server: Any, browser: Any) -> None:
    table = new_table(quick_server, ["human", "human", "heuristic"])
    desk = Player(browser, table["seats"][0]["url"], seed=10)
    phone = Player(browser, table["seats"][1]["url"], viewport=PHONE, seed=11)
    watcher = Player(browser, f"{quick_server.url}/t/{table['table']}", seed=12)
    try:
        decisions = play_game([desk, phone], [watcher], deadline=900, reload_at=40)
        assert decisions > 40
        end = state(quick_server, table, None)
        assert end["is_over"] and end["winners"]
        status = watcher.page.locator("#status").inner_text()
        assert status.startswith("Game over")
        for seat in end["winners"]:
            assert f"Seat {seat + 1}" in status  # people count seats from 1
        assert watcher.page.locator(".gd-tag.won").count() == len(end["winners"])
        assert watcher.page.locator("#events li").count() > 50
        assert watcher.page.locator(".gd-hand").count() == 0  # a spectator sees no hand
        for player in (desk, phone, watcher):
            assert not player.errors, player.errors
        assert desk.fallbacks == 0 and phone.fallbacks == 0, (desk.fallbacks, phone.fallbacks)
        print(f"{decisions} decisions, {desk.clicks + phone.clicks} clicks")
    finally:
        for player in (desk, phone, watcher):
            player.close()


# ---------------------------------------------------------------- paying in one click
def paying_for_seat_0(steps_at_least: int, edit: bool = False) -> Any:
    """A moment at which seat 0 pays a cost of at least that many steps (with ``edit``: and the
    payment sparing one of its developers is another valid one)."""
    def wanted(message: dict[str, Any]) -> bool:
        suggested = (message.get("advice") or {}).get("payment")
        if not message["view"].get("paying") or not suggested or len(suggested["steps"]) < steps_at_least:
            return False
        return not edit or any(plan and plan != suggested["steps"] and f"pay {name}" in suggested["steps"]
                               for name, plan in suggested["sparing"].items())
    return wanted


def counters(message: dict[str, Any], seat: int = 0) -> dict[str, int]:
    return {d["name"]: d["counters"] for d in message["view"]["players"][seat]["developers"]}


def losses(steps: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for step in steps:
        verb, _, name = step.partition(" ")
        out[name] = out.get(name, 0) + (2 if verb == "use" else 1)
    return out


def test_a_whole_payment_is_one_click_on_pay(quick_server: Any, browser: Any) -> None:
    table, message = table_at(quick_server, paying_for_seat_0(2))
    steps = message["advice"]["payment"]["steps"]
    player = Player(browser, table["seats"][0]["url"], seed=4)
    page = player.page
    sent: list[str] = []
    page.on("request", lambda r: sent.append(json.loads(r.post_data or "{}").get("action", ""))
            if r.method == "POST" and r.url.endswith("/actions") else None)
    try:
        marked = page.locator(".gd-mat.yours .gd-dev.gd-in-payment")
        assert sorted(marked.evaluate_all("cards => cards.map(c => c.dataset.card)")) == sorted(losses(steps))
        for name, lost in losses(steps).items():
            assert page.locator(f".gd-mat.yours .gd-dev[data-card='{name}'] .gd-losing").inner_text() == f"−{lost}"
        # a developer click edits the payment: no counter is taken at once
        assert page.locator(".gd-mat.yours .gd-dev.playable").count() == 0
        before = player.version
        page.locator(".gd-buttons .gd-pay").click()
        assert player.wait_version_above(before + len(steps) - 1)
        after = state(quick_server, table, 0)
        paid_for = message["view"]["paying"]["card"]
        assert after["view"]["phase"] != "paying" or after["view"]["paying"]["card"] != paid_for
        assert sent == steps
        assert {n: counters(message)[n] - counters(after)[n] for n in losses(steps)} == losses(steps)
        assert page.locator("#error").inner_text() == ""
        assert player.version == after["version"] and not player.errors, player.errors
    finally:
        player.close()


def test_a_developer_clicked_is_spared_and_the_payment_uses_the_others(quick_server: Any, browser: Any) -> None:
    table, message = table_at(quick_server, paying_for_seat_0(1, edit=True), seed=5)
    suggested = message["advice"]["payment"]
    spare, steps = next((name, plan) for name, plan in suggested["sparing"].items()
                        if plan and plan != suggested["steps"] and f"pay {name}" in suggested["steps"])
    player = Player(browser, table["seats"][0]["url"], seed=5)
    page = player.page
    try:
        developer = page.locator(f".gd-mat.yours .gd-dev[data-card='{spare}']")
        before = player.version
        developer.click()
        assert "gd-spared" in (developer.get_attribute("class") or "")
        assert player.version == before  # an edit, not a move
        assert page.locator(".gd-mat.yours .gd-dev.gd-in-payment").evaluate_all(
            "cards => cards.map(c => c.dataset.card)") == [n for n in counters(message) if n in losses(steps)]
        page.keyboard.press("Escape")
        developer.focus()  # the keyboard toggles too: Enter takes it back, Enter spares it again
        page.keyboard.press("Enter")
        assert "gd-spared" not in (developer.get_attribute("class") or "")
        page.keyboard.press("Enter")
        assert "gd-spared" in (developer.get_attribute("class") or "")
        page.locator(".gd-buttons .gd-pay").click()
        assert player.wait_version_above(before + len(steps) - 1)
        after = state(quick_server, table, 0)
        assert counters(after)[spare] == counters(message)[spare]
        assert {n: counters(message)[n] - counters(after)[n] for n in losses(steps)} == losses(steps)
        assert not player.errors, player.errors
    finally:
        player.close()


def test_a_refused_step_stops_the_payment_and_says_why(quick_server: Any, browser: Any) -> None:
    table, message = table_at(quick_server, paying_for_seat_0(2), seed=7)
    steps = message["advice"]["payment"]["steps"]
    player = Player(browser, table["seats"][0]["url"], seed=7)
    page = player.page
    posted: list[str] = []

    def refuse_the_second(route: Any) -> None:
        posted.append(json.loads(route.request.post_data or "{}").get("action", ""))
        if len(posted) == 2:
            route.fulfill(status=409, content_type="application/json",
                          body=json.dumps({"error": "the table moved on; look again"}))
        else:
            route.continue_()

    page.route("**/actions", refuse_the_second)
    try:
        before = player.version
        page.locator(".gd-buttons .gd-pay").click()
        page.wait_for_function("() => document.getElementById('error').textContent.includes('moved on')")
        assert posted == steps[:2]  # nothing sent after the refusal
        assert page.locator("#error").inner_text() == f"{steps[1]}: the table moved on; look again"
        after = state(quick_server, table, 0)
        assert after["version"] == before + 1 and after["view"]["phase"] == "paying"
        assert player.wait_version_above(before) and player.version == after["version"]
        # the rest of the cost is offered again, for one more click
        assert page.locator(".gd-buttons .gd-pay.playable").count() == 1
        assert not player.errors, player.errors
    finally:
        player.close()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desktop", "phone"])
def test_the_whole_text_of_every_card_in_hand_shows(quick_server: Any, browser: Any, viewport: Any) -> None:
    for _ in range(10):
        table = new_table(quick_server, ["human", "human", "human"])
        seat = next((s for s in range(3)
                     if max(len(c["text"]) for c in state(quick_server, table, s)["view"]["hand_cards"]) > 90), None)
        if seat is not None:
            break
    else:
        raise AssertionError("no hand with a long card text was dealt")
    cards = state(quick_server, table, seat)["view"]["hand_cards"]
    player = Player(browser, table["seats"][seat]["url"], viewport=viewport, seed=8)
    page = player.page
    try:
        for card in cards:
            if not card["text"]:
                continue
            detail = page.locator(f".gd-hand [data-card='{card['name']}'] .card-detail").first
            assert detail.inner_text() == card["text"]
            assert detail.is_visible()
            clipped = detail.evaluate("""el => el.scrollHeight > el.clientHeight + 1
                || el.closest('.card').scrollHeight > el.closest('.card').clientHeight + 1""")
            assert not clipped, f"{card['name']}: its text is cut off"
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        assert not player.errors, player.errors
    finally:
        player.close()
