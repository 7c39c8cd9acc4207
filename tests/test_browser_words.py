"""The words of the table page itself, in each game: every hover tip, every title and label, and the
page's text read the same way tests/test_words.py reads the games' texts (no doubled word, nothing
of the program such as "null", and never "Seat 1 (you)'s": the viewer's own things are "your"; never
the API's "Seat 0" either: people count seats from 1)."""

from __future__ import annotations

import random

import pytest
from browser import Player, act, new_table, state
from test_words import DOUBLED, LEAK, SEAT

import boardwright as bw

#: how many decisions of a game the page is read through
DECISIONS = 24
#: every text a person reads on the page: the tip of each piece that explains itself (shown as a
#: pointer over it shows it), the titles and labels, and the page's visible text
READ_PAGE = """() => {
  const tip = document.getElementById("tip");
  const tips = [];
  for (const element of document.querySelectorAll("[data-explain]")) {
    element.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    if (!tip.hidden) tips.push(tip.innerText);
  }
  const labels = [...document.querySelectorAll("[title], [aria-label]")]
    .map((element) => element.getAttribute("title") || element.getAttribute("aria-label"));
  return { tips, labels, text: document.body.innerText.split("\\n") };
}"""


def unquoted(texts: set[str], actions: set[str]) -> set[str]:
    """The texts with every action text they quote left out."""
    longest_first = sorted(actions, key=len, reverse=True)
    out = set()
    for text in texts:
        for action in longest_first:
            if action in text:
                text = text.replace(action, "")
        out.add(text)
    return out


def misread(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        wrong = [m.group(0) for m in DOUBLED.finditer(text)] + [m.group(0) for m in LEAK.finditer(text)]
        # the page counts seats from 1 for people: the API's "Seat 0" (any case) never reaches it
        wrong += [m.group(0) for m in SEAT.finditer(text) if m.group(1) != "Seat" or m.group(3) == "0"]
        if wrong:
            found.append(f"{wrong}: {text}")
    return found


@pytest.mark.parametrize("game_id", bw.games())
def test_every_tip_label_and_line_of_the_table_reads_as_english(server, browser, game_id):
    """The page of seat 0 is read at the start and after each of the first decisions of the game
    (random legal moves of every seat), so that the prompts of several moments are read too."""
    players = max(2, bw.load(game_id).min_players)
    table = new_table(server, game_id, ["human"] * players)
    player = Player(browser, table["seats"][0]["url"], asks=True)  # the test moves seat 0 itself
    rng = random.Random(game_id)
    texts: set[str] = set()
    labels: set[str] = set()
    actions: set[str] = set()  # the action texts the page may quote (the stable notation, not words)
    try:
        for _ in range(DECISIONS):
            read = player.page.evaluate(READ_PAGE)
            assert read["tips"] and read["labels"] and read["text"]
            texts.update(read["tips"] + read["labels"] + read["text"])
            labels.update(read["labels"])
            actions.update(state(server, table, 0)["legal_actions"])
            seat = state(server, table)["to_act"][0]
            legal = state(server, table, seat)["legal_actions"]
            version = player.version
            actions.add(choice := rng.choice(legal))
            act(server, table, seat, choice)
            assert player.wait_version_above(version), "the page did not redraw after a move"
        found = misread(sorted(unquoted(texts, actions)))
        assert not found, f"{len(found)} texts of the page read wrong:\n" + "\n".join(found[:20])
        if game_id == "makers-of-universe":
            assert "Your world" in labels
        assert player.errors == []
    finally:
        player.context.close()
