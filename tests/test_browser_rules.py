"""The rules page of each game (/rules/<game>): the quick reference drawn from its Markdown, every
piece of the catalog grouped by kind in the same words as the table's tips, a search box that
filters them, links from the lobby and the table page, a phone's width, and an unknown game."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from browser import PHONE, Player, new_table

import boardwright as bw

GAMES = ["gadgeteers", "game-development", "makers-of-universe", "the-game-makers"]
#: the words of an entry shown by the page: its name, its kind unless the name ends with it, its text
ENTRIES = """() => Object.fromEntries([...document.querySelectorAll("#catalog li.entry")]
  .map((item) => [item.dataset.name, { said: item.textContent, shown: !!item.offsetParent }]))"""
_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def headings(game: str) -> list[str]:
    """The headings of the game's quick reference, as a reader sees them (no Markdown marks)."""
    text = bw.load(game).rules_text()
    return [re.sub(r"[*_`]", "", line.lstrip("#").strip()) for line in text.splitlines() if re.match(r"#+\s", line)]


def open_rules(page: Any, base: str, game: str) -> None:
    page.goto(f"{base}/rules/{game}")
    page.wait_for_selector("body[data-ready=yes]")


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_shows_the_quick_reference_and_every_piece(shared_server: Any, page: Any, game: str) -> None:
    open_rules(page, shared_server.url, game)
    shown = page.locator("#reference").locator("h2, h3, h4, h5, h6").all_inner_texts()
    assert shown == headings(game)
    reference = page.locator("#reference").inner_text()
    assert "**" not in reference and "| ---" not in reference and "\n- " not in reference
    assert page.locator("#reference li").count() >= 5
    if "\n|" in bw.load(game).rules_text():
        assert page.locator("#reference table th").count() >= 2
    catalog = bw.load(game).catalog()
    entries = page.evaluate(ENTRIES)
    assert set(entries) == set(catalog)
    for name, entry in catalog.items():
        assert entries[name]["shown"], name
        assert name in entries[name]["said"] and entry["text"] in entries[name]["said"], name
    kinds = page.locator("#catalog section.kind h3").all_inner_texts()
    assert len(kinds) == len({entry["kind"] for entry in catalog.values()})
    assert page.locator("#found").inner_text() == f"{len(catalog)} entries"
    assert page.errors == []


def test_the_search_keeps_the_pieces_whose_name_or_text_holds_every_word(shared_server: Any, page: Any) -> None:
    open_rules(page, shared_server.url, "gadgeteers")
    catalog = bw.load("gadgeteers").catalog()

    def visible() -> set[str]:
        return {name for name, seen in page.evaluate(ENTRIES).items() if seen["shown"]}

    def holding(*words: str) -> set[str]:
        return {name for name, entry in catalog.items() if all(word in f"{name} {entry['text']}".lower()
                                                                for word in words)}

    page.fill("#search", "Jumpboots")
    assert "Jumpboots" in visible() and visible() == holding("jumpboots") and len(visible()) < len(catalog)
    page.fill("#search", "single  USE")  # words of the names and texts, in any order, any case
    wanted = holding("single", "use")
    assert wanted and visible() == wanted
    hidden_kinds = page.locator("#catalog section.kind[hidden]").count()
    assert hidden_kinds == len({entry["kind"] for entry in catalog.values()}) - len(
        {catalog[name]["kind"] for name in wanted})
    assert page.locator("#found").inner_text() == f"{len(wanted)} of {len(catalog)} entries"
    page.fill("#search", "no piece says this")
    assert visible() == set()
    page.fill("#search", "")
    assert visible() == set(catalog)
    assert page.errors == []


#: In a table page: hover each piece that the catalog explains (one per name) and read its tip.
TIPS = """() => {
  const tips = {};
  for (const element of document.querySelectorAll("#board [data-explain]")) {
    const name = element.dataset.explain;
    if (!name || element.dataset.explainText || name in tips) continue;
    element.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    const tip = document.getElementById("tip");
    if (!tip.hidden) tips[name] = tip.textContent;
    element.dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
  }
  return tips;
}"""


@pytest.mark.parametrize("game", GAMES)
def test_an_entry_says_what_the_tables_tip_says_of_the_same_piece(shared_server: Any, browser: Any, page: Any,
                                                                   game: str) -> None:
    low = bw.load(game).min_players
    table = new_table(shared_server, game, ["human"] + ["random"] * (low - 1))
    player = Player(browser, table["seats"][0]["url"])
    try:
        link = player.page.locator("#rules-link")
        assert link.get_attribute("href") == f"/rules/{game}" and link.get_attribute("target") == "_blank"
        assert link.is_visible()
        tips = {name: said for name, said in player.page.evaluate(TIPS).items() if name in bw.load(game).catalog()}
        assert tips, "the table page explains no piece of the catalog"
        assert player.errors == []
    finally:
        player.close()
    open_rules(page, shared_server.url, game)
    entries = page.evaluate(ENTRIES)
    assert {name: entries[name]["said"] for name in tips} == tips
    assert page.errors == []


def test_the_lobby_links_each_games_rules_and_a_phone_reads_them(shared_server: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{shared_server.url}/")
        links = page.locator("#rules a")
        links.first.wait_for()
        assert sorted(links.evaluate_all("links => links.map((a) => a.getAttribute('href'))")) == sorted(
            f"/rules/{game}" for game in GAMES)
        page.locator("#rules a[href='/rules/the-game-makers']").focus()  # by keyboard
        page.keyboard.press("Enter")
        page.wait_for_selector("body[data-ready=yes]")
        assert page.url.endswith("/rules/the-game-makers")
        for game in GAMES:
            open_rules(page, shared_server.url, game)
            wide = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
            assert wide[0] <= wide[1], (game, wide)
        page.locator("#search").focus()
        page.keyboard.type("cards")
        found = page.locator("#found").inner_text()
        assert re.fullmatch(r"\d+ of \d+ entries", found), found
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/rules/chess", "/api/games/chess/rules", "/api/games/Gadgeteers/rules"])
def test_an_unknown_game_has_no_rules(shared_server: Any, path: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        _direct.open(shared_server.url + path, timeout=10)
    assert refused.value.code == 404
    body = refused.value.read().decode()
    assert body.count("\n") == 0 and "there is no game" in body


def test_the_quick_reference_is_served_as_its_markdown(shared_server: Any) -> None:
    with _direct.open(f"{shared_server.url}/api/games/gadgeteers/rules", timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/markdown")
        assert answer.read().decode() == bw.load("gadgeteers").rules_text()
