"""How The Game Makers shows itself to a person: the score breakdown (one line per score-sheet
category, the solo target, the M10 tie-break), the action menus, the terminal board, the catalog
and the quick reference."""

from __future__ import annotations

import re
from pathlib import Path

from boardwright.games.the_game_makers import scoring

from .scenario import GAME, card, contract, machinery, on_top, play, shelve, structure, table


def lines(entry):
    return {line["label"]: line["points"] for line in entry["lines"]}


def test_the_breakdown_has_a_line_per_score_sheet_category_summing_to_the_total():
    # Seat 0: a flat 4 game and a blue game with blue marketing 3 (1 VP per 2 blue games: none
    # yet), 3 trees with the Tree track at 2 (3 VP per 3 trees in 2 players, times 2), 2 VP from
    # rewards, and the Machinery Museum active with one machinery set (2 VP per set).
    state = table(players=2)
    shelve(state, 0, 0, score="flat 4", type="red")
    shelve(state, 0, 1, score="flat 0", type="blue")
    state.market[4] = 2
    state.market[1] = 3
    state.trees[0] = 0b111
    state.vp[0] = 2
    structure(state, 0, "Machinery Museum")
    machinery(state, 0, 0, "dice dice dice . . .")
    entry = state.score_breakdown()[0]
    tile = state.content.marketing[2]
    assert lines(entry) == {
        "Games in the Display Case": 4,
        "Marketing: yellow (engine building)": 0,
        "Marketing: blue (set collection)": 0,
        "Marketing: purple (team games)": 0,
        "Marketing: red (war games)": 0,
        "Trees": tile.trees * 2,
        "A Structure Machinery Museum": 2,
        "Points from rewards during play": 2,
    }
    assert entry["total"] == sum(lines(entry).values()) == state.scores()[0]
    assert "tiebreak" not in entry


def test_a_tie_for_first_names_the_best_ranked_game_that_breaks_it():
    state = table(players=2)
    shelve(state, 0, 0, score="flat 5", rank=30)
    shelve(state, 1, 0, score="flat 5", rank=12)
    state.is_over = True
    breakdown = state.score_breakdown()
    assert state.winners() == [1]
    sentence = ("Seat 0 and Seat 1 tied on 5 points; Seat 1 wins with the best-ranked game in its "
                "Display Case (Seat 0 rank 30 and Seat 1 rank 12, lower is better)")
    assert breakdown[0]["tiebreak"] == breakdown[1]["tiebreak"] == sentence


def test_a_solo_breakdown_states_the_target_and_whether_it_was_reached():
    state = table(players=1, solo_target=10)
    shelve(state, 0, 0, score="flat 4")
    assert lines(state.score_breakdown()[0])["Solo target 10 points: 6 still to score"] == 0
    state.is_over = True
    entry = state.score_breakdown()[0]
    assert "Solo target 10 points missed by 6: the game is lost" in lines(entry)
    assert "tiebreak" not in entry and entry["total"] == 4


def test_long_choices_are_menus_of_steps():
    state = table(players=2, turn=2)  # level 1: Tiles
    play(state, "forklift to L1", "as machinery")
    rows = state.action_groups(0)
    assert [row["label"] for row in rows] == ["row 1", "row 2", "row 3"]
    assert rows[1]["choices"][3] == {"label": "column 4", "action": "cell r2c4"}
    state = table(players=2)
    made = contract(state, requires=("cards 1",))
    name = state.content.cards[made].name
    state.hand[0].append(state.deck.pop(0))
    state.forget_legal()
    menu = {entry["label"]: entry for entry in state.action_groups(0)}
    assert [c["label"] for c in menu["Move a Forklift"]["choices"]] == [
        "to the level 1 Wedge (cards)", "to the level 2 Wedge (tiles)", "to the level 3 Wedge (wood)"]
    assert menu[f"Manufacture a game Contract 1: card #{made + 1} {name}"]["action"] == "make contract 1"


def test_a_drawn_card_offers_its_two_ways_under_its_number():
    state = table(players=2)
    drawn = card(state)
    name = state.content.cards[drawn].name
    on_top(state, drawn)
    play(state, "forklift to L1")
    menu = {entry["label"]: entry for entry in state.action_groups(0)}
    assert menu[f"card #{drawn + 1} {name}"]["choices"] == [
        {"label": "face down as a component", "action": f"component #{drawn + 1} {name}"},
        {"label": "as a Contract", "action": f"contract #{drawn + 1} {name}"}]


MARKUP = re.compile(r"\[/?(bold|dim|red|yellow|blue|magenta|bold red|seat\d)\]")


def test_the_board_shows_a_players_factory_in_words_without_internals():
    # The board reads the content file, so the games keep their printed needs and names here.
    state = table(players=2)
    cards = state.content.cards
    made = max(state.deck, key=lambda c: len(cards[c].name))  # a long name, shown whole
    state.deck.remove(made)
    state.contracts[0][0] = made
    shelved = state.deck.pop()
    state.display[0][5] = shelved
    state.work1[1] = 1
    state.work2[1] = 2
    machinery(state, 0, 0, "wood wood wood . . .")
    drawn = state.deck[-1]
    play(state, "forklift to L1", f"contract #{drawn + 1}")
    assert f"2. #{drawn + 1} {cards[drawn].name}" in MARKUP.sub("", GAME.render(state.view(0)))
    shown = GAME.render(state.view(0))
    text = MARKUP.sub("", shown)
    info = cards[made]
    assert f"1. #{made + 1} {info.name} ({('yellow', 'blue', 'purple', 'red')[info.type]}) needs " in text
    kind = ("yellow", "blue", "purple", "red")[cards[shelved].type]
    assert f"row 2: empty | #{shelved + 1} {cards[shelved].name} ({kind}) | empty | empty" in text
    assert "Gain 1 at level 2 (level 1 and level 2 workers)" in text
    assert "Assembly Line (machinery lowers wood by 1 level)" in text
    assert "Forklifts: 1 back in 1 turn, 2 READY, 3 READY" in text
    assert "Wheel  READY: wild   level 1: cards   level 2: tiles   level 3: wood" in text
    for internal in ("[", "]", "{", "}", "None", "kind=", "_", "discounts", "working: {"):
        assert internal not in text, internal
    assert "Your face-down cards" not in GAME.render(state.view(1))


def test_a_pending_payment_and_shelf_read_as_sentences():
    state = table(players=2)
    made = contract(state, requires=("wood 2",))
    name = state.content.cards[made].name
    state.comp[2 * 4 + 2] += 1
    state.comp[2 * 4 + 3] += 1
    state.forget_legal()
    play(state, "make contract 1")
    text = MARKUP.sub("", GAME.render(state.view(0)))
    assert (f"Your step: pay for card #{made + 1} {name}: choose the component that pays "
            "a level 2 wood or more") in text
    play(state, "pay wood L3")
    assert f"Your step: put card #{made + 1} {name} in the Display Case" in MARKUP.sub(
        "", GAME.render(state.view(0)))
    assert "Waiting for Seat 0: put card" in MARKUP.sub("", GAME.render(state.view(1)))


def test_the_catalog_describes_every_piece_of_our_content():
    entries = GAME.catalog()
    content = table().content
    names = ([c.name for c in content.cards] + [s.name for s in content.structures]
             + [t.name for t in content.tweenies] + [t.name for t in content.trees])
    assert all(entries[name]["kind"] and entries[name]["text"] for name in names)
    assert {entries[c.name]["number"] for c in content.cards} == set(range(1, 217))
    assert entries["Machinery Museum"]["text"] == ("Activate it with a level 1 and a level 2 building. "
                                                   "At the end it scores 2 VP per machinery set on your "
                                                   "Assembly Line.")
    for entry in entries.values():
        assert not any(bad in entry["text"] for bad in ("{", "}", "[", "]", "None", "_"))


def test_the_catalog_describes_a_users_own_tweenies(tmp_path: Path):
    path = tmp_path / "mine.toml"
    path.write_text("".join(f'[[tweenies]]\nname = "Helper {n}"\neffect = "wood {n % 3 + 1}"\n\n'
                            for n in range(12)), encoding="utf-8")
    entries = GAME.catalog({"content": str(path)})
    assert entries["Helper 4"] == {"kind": "Tweenie", "text": "Place it in a square gap of your Assembly "
                                                              "Line, once a game, to gain a level 2 wood."}
    assert "Card Feeder" not in entries and "Machinery Museum" in entries


def test_the_quick_reference_is_the_players_rules():
    text = GAME.rules_text()
    assert text.startswith("# The Game Makers") and "Display Case" in text and "Forklift" in text


def test_the_score_sheet_lines_are_the_sheet_keys():
    state = table(players=2)
    assert [key for key, _ in scoring.LINES] == [k for k in scoring.breakdown(state, 0) if k != "total"]
