"""The "Review my game" button in Chromium over a real server: on a finished table's results
panel (a seat's page; a spectator's has none), reached by the keyboard; it shows "n of N
decisions" with a progress bar while the server thinks the review, then an SVG plot of the
seat's win chance (a title and a description, a line, the mistakes as dots) and the mistakes in
words, each linked to the replay at that decision, which opens there; the replay page has the
button too, the review is the one kept, and its links move the replay to their step. No script
errors."""

from __future__ import annotations

import re
import urllib.error
from typing import Any

from browser import Player, api, new_table, state
from webplay import wait_until

GAME = "game-development"
#: reproducible and quick, yet long enough (a few seconds) for its progress to be seen
FLAGS = ("--rate-limit", "0", "--workers", "1", "--review-iterations", "150", "--review-time", "2")

#: records, before the ask, every "n of N decisions" the page showed with its progress bar
WATCH_PROGRESS = """() => {
  window.progressSeen = [];
  new MutationObserver(() => {
    const count = document.querySelector("#review-count");
    const bar = document.querySelector("#review-progress");
    if (count && bar && /^\\d+ of \\d+ decisions$/.test(count.textContent)) {
      window.progressSeen.push([count.textContent, bar.value, bar.max]);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def play_out(server: Any, table: dict[str, Any]) -> None:
    """Seat 0 (a person) plays its first legal action until the game ends (a random bot is seat 1)."""
    token = table["seats"][0]["token"]

    def over() -> bool:
        mine = state(server, table, 0)
        if mine["is_over"]:
            return True
        if 0 in mine["to_act"] and mine["legal_actions"]:
            try:
                api(server.url, f"/api/tables/{table['table']}/actions",
                    {"token": token, "action": mine["legal_actions"][0], "version": mine["version"]})
            except urllib.error.HTTPError as refused:  # the bot moved first (a window both act in): look again
                if refused.code != 409:
                    raise
        return False
    wait_until(over, 60, "the end of the game", pause=0.01)


def test_review_my_game_shows_the_progress_then_the_plot_and_the_mistakes(start_server, browser):
    server = start_server(args=FLAGS)
    table = new_table(server, GAME, ["human", "random"])
    play_out(server, table)
    me = Player(browser, table["seats"][0]["url"])
    spectator = Player(browser, table["spectator"])
    try:
        button = me.page.locator("#results #review-button")
        button.wait_for(state="visible")
        assert button.inner_text() == "Review my game"
        assert spectator.page.locator("#results").is_visible()
        assert not spectator.page.locator("#review-button").is_visible()  # a review is of a seat
        me.page.evaluate(WATCH_PROGRESS)
        button.focus()
        me.page.keyboard.press("Enter")  # keyboard-reachable: a real button
        plot = me.page.locator("#review svg.review-plot")
        plot.wait_for(state="visible", timeout=60_000)
        seen = me.page.evaluate("window.progressSeen")
        assert seen, "no 'n of N decisions' with a progress bar while the review was thought"
        review = api(server.url, f"/api/tables/{table['table']}/review?seat=0")
        total = len(review["decisions"])
        assert any(text == f"{value} of {total} decisions" and maximum == total for text, value, maximum in seen), seen

        assert me.page.locator("#review-output h3").inner_text() == "Review of your game"
        # the plot: named for assistive tools, a line with a gap where no estimate, a dot per mistake
        assert "win chance" in me.page.locator("#review-plot-title").text_content()
        assert f"{total} decisions" in me.page.locator("#review-plot-desc").text_content()
        path = me.page.locator("#review path.review-line").get_attribute("d")
        known = sum(decision["win"] is not None for decision in review["decisions"])
        assert path.startswith("M") and path.count("M") + path.count("L") == known, path
        assert me.page.locator("#review circle.review-mistake").count() == len(review["mistakes"]) > 0
        assert me.page.locator("#review .review-label").filter(has_text="50%").count() == 1

        # the mistakes in words, biggest first, each linked to the replay at its decision
        items = me.page.locator(".review-mistakes li")
        assert items.count() == len(review["mistakes"])
        first, mistake = items.first.inner_text(), review["mistakes"][0]
        assert first.startswith(f"Move {mistake['number']}: you chose “") and "the search preferred “" in first, first
        for win in (mistake["win"], mistake["best_win"]):
            assert f"(win {round(win * 100)}%)" in first, first  # rounded as the why rounds (a half to even)
        assert "Seat 0" not in first and "seat 0" not in first  # seats named as people read them
        link = items.first.locator("a.review-replay")
        assert re.search(rf"/replay#.*step={mistake['number'] - 1}(&|$)", link.get_attribute("href"))
        link.focus()
        me.page.keyboard.press("Enter")
        me.page.wait_for_url(re.compile(r"/replay#"))
        step = me.page.locator("#replay-step")
        at = f"step {mistake['number'] - 1} of "
        wait_until(lambda: step.inner_text().startswith(at), 10, "the step of the link")

        # the replay page offers the seat's review too: the one kept, at once
        again = me.page.locator("#review-button")
        again.wait_for(state="visible")
        assert again.inner_text() == "Review my game"
        again.click()
        me.page.locator("#review svg.review-plot").wait_for(state="visible")
        assert me.page.locator(".review-mistakes li").count() == len(review["mistakes"])
        last = review["mistakes"][-1]  # its link on the replay page itself goes to its step there
        me.page.locator(".review-mistakes li a.review-replay").last.click()
        at = f"step {last['number'] - 1} of "
        wait_until(lambda: step.inner_text().startswith(at), 10, "the step of a link on the replay page")
        assert server.log().count("a review of seat 0 started") == 1
        assert me.errors == [] and spectator.errors == []
    finally:
        me.close()
        spectator.close()
