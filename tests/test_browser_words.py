"""The words of the table page itself, in each game: every hover tip, every title and label, and the
page's text read the same way tests/test_words.py reads the games' texts (no doubled word, nothing
of the program such as "null", and never "Seat 0 (you)'s": the viewer's own things are "your")."""

from __future__ import annotations

import pytest
from browser import Player, new_table
from test_words import DOUBLED, LEAK, SEAT

import boardwright as bw

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


def misread(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        wrong = [m.group(0) for m in DOUBLED.finditer(text)] + [m.group(0) for m in LEAK.finditer(text)]
        wrong += [m.group(0) for m in SEAT.finditer(text) if m.group(1) != "Seat"]
        if wrong:
            found.append(f"{wrong}: {text}")
    return found


@pytest.mark.parametrize("game_id", bw.games())
def test_every_tip_label_and_line_of_the_table_reads_as_english(server, browser, game_id):
    players = max(2, bw.load(game_id).min_players)
    table = new_table(server, game_id, ["human"] * players)
    player = Player(browser, table["seats"][0]["url"])
    try:
        read = player.page.evaluate(READ_PAGE)
        assert read["tips"] and read["labels"] and read["text"]
        found = misread(read["tips"] + read["labels"] + read["text"])
        assert not found, f"{len(found)} texts of the page read wrong:\n" + "\n".join(found[:20])
        if game_id == "makers-of-universe":
            assert "Your world" in read["labels"]
        assert player.errors == []
    finally:
        player.context.close()
