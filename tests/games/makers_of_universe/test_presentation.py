"""The catalog of the cards, the score breakdown, the action menus, the board and the quick reference."""

from __future__ import annotations

import re

from mou_helpers import GAME, bidding, card, character, finish_turn, hand, new_game, owns, play, turn
from rich.text import Text

from boardwright.games.makers_of_universe import rules as R
from boardwright.games.makers_of_universe.content import CONTENT_FILE, load


def test_the_catalog_describes_every_card_of_the_default_content():
    content = load(CONTENT_FILE)
    catalog = GAME.catalog()
    names = ([c.name for c in content.characters] + [m.name for m in content.machines] + list(content.doors)
             + [c.name for c in content.cards])
    assert sorted(catalog) == sorted(names)
    for name, entry in catalog.items():
        assert entry["kind"] and entry["text"].strip(), name
        assert not re.search(r"[{}\[\]_]|None", entry["text"]), entry["text"]
    assert catalog["Star Forge"]["points"] == 2 and catalog["Star Forge"]["doors"] == 2
    assert catalog["Star Forge"]["text"].startswith("2 points; the buyer activates 2 doors.")
    assert catalog["Living Stars"] == {"kind": "Evolution", "count": 2, "points": 2, "machine": "Star Forge",
                                       "text": "Place it in your world when you own Star Forge: 2 points."}
    assert catalog["Banker"]["kind"] == "Character"
    assert catalog["Cerberus"]["kind"] == "Creature"


def test_the_catalog_describes_a_players_own_card_file_even_cards_without_text(tmp_path):
    text = CONTENT_FILE.read_text(encoding="utf-8")
    text = text.replace('name = "Star Forge"', 'name = "Comet Oven"').replace(
        'machine = "Star Forge"', 'machine = "Comet Oven"')
    text = text.replace('name = "Void Leech"', 'name = "Ether Bat"')
    text = re.sub(r'(name = "Ether Bat"\n(?:.*\n)*?)text = ".*"\n', r"\1", text, count=1)
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    catalog = GAME.catalog({"content": str(path)})
    assert "Star Forge" not in catalog and catalog["Comet Oven"]["kind"] == "Machine"
    assert catalog["Living Stars"]["machine"] == "Comet Oven"
    assert catalog["Ether Bat"] == {"kind": "Creature", "count": 3,
                                    "text": "Attacking: take 2 UE from the attacked player."}


def test_the_breakdown_names_each_machine_and_evolution_and_a_second_palace_scores_one():
    """Seat 0: Palace 3, a second Palace 1, Star Forge 2 and Living Stars 2 = 8. Seat 1, the
    Evolutionist: Gene Loom 2 and First Cells 3 = 5. Seat 2 has nothing yet."""
    s = turn(new_game(characters=True))
    owns(s, 0, "Palace", "Palace", "Star Forge")
    s.evolutions[0] = [card(s, "Living Stars")]
    owns(s, 1, "Gene Loom")
    character(s, 1, "Evolutionist")
    character(s, 0, "Banker")
    s.evolutions[1] = [card(s, "First Cells")]
    owns(s, 2)
    s.evolutions[2] = []
    breakdown = s.score_breakdown()
    assert breakdown[0] == {"total": 8, "lines": [
        {"label": "Machine Palace", "points": 3, "group": "Machines"},
        {"label": "Machine Palace, a second Palace", "points": 1, "group": "Machines"},
        {"label": "Machine Star Forge", "points": 2, "group": "Machines"},
        {"label": "Evolution Living Stars", "points": 2, "group": "Evolutions"}]}
    assert breakdown[1] == {"total": 5, "lines": [
        {"label": "Machine Gene Loom", "points": 2, "group": "Machines"},
        {"label": "Evolution First Cells, with the Evolutionist's bonus", "points": 3, "group": "Evolutions"}]}
    assert breakdown[2] == {"total": 0, "lines": [{"label": "No Machine or Evolution yet", "points": 0}]}
    assert [entry["total"] for entry in breakdown] == s.scores()


def test_a_tie_decided_by_who_reached_the_target_first_is_said_in_the_breakdown():
    """Seat 1 holds the pawn (order 1, 2, 0). Seat 0 and seat 2 both end on 11 points, both reached
    in round 2; seat 2 comes before seat 0 in that round's order, so it wins (U10)."""
    s = turn(new_game(), 0)
    s.pawn, s.turn_no = 1, 2
    owns(s, 0, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 0)
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 2)
    finish_turn(s)
    breakdown = s.score_breakdown()
    assert s.winners() == [2]
    assert breakdown[2]["tiebreak"] == (
        "Seat 0 and Seat 2 tied on 11 points; Seat 2 reached the target first, in round 2, 2nd in that "
        "round's order from the pawn, before Seat 0 (U10).")
    assert "tiebreak" not in breakdown[0] and "tiebreak" not in breakdown[1]


def test_no_tiebreak_sentence_when_the_most_points_decided():
    s = turn(new_game(), 0)
    s.pawn, s.turn_no = 1, 2
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge", "Tide Engine")
    owns(s, 0, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    finish_turn(s)
    assert s.winners() == [2] and all("tiebreak" not in entry for entry in s.score_breakdown())


def menu(s, seat):
    return {entry["label"]: entry for entry in s.action_groups(seat)}


def test_the_turn_menu_groups_actions_by_card_then_target():
    s = turn(new_game())
    hand(s, 0, "Meteor", "Titan Golem", "Cerberus")
    owns(s, 1, "Star Forge", "Gene Loom")
    owns(s, 2, "Tide Engine")
    groups = menu(s, 0)
    meteor = {entry["label"]: entry for entry in groups["Meteor:"]["choices"]}
    assert sorted(meteor) == ["on Seat 1", "on Seat 2 Tide Engine"]
    assert [c["label"] for c in meteor["on Seat 1"]["choices"]] == ["Star Forge", "Gene Loom"]
    assert meteor["on Seat 2 Tide Engine"]["action"] == "play Meteor on seat 2 Tide Engine"
    assert [c["label"] for c in groups["Titan Golem:"]["choices"]] == ["attack", "defend your world"]
    assert groups["Cerberus:"]["choices"][1] == {"label": "defend your world", "action": "defend with Cerberus"}
    assert [c["label"] for c in groups["activate"]["choices"]] == ["door 2", "door 3"]
    assert groups["end turn"]["action"] == "end turn"
    assert len(groups) < 12


def test_bids_above_11_are_grouped_by_tens():
    s = bidding(new_game(ue_tokens=30), "Palace")
    s.ue[0] = 25
    s.forget_legal()
    labels = [entry["label"] for entry in s.action_groups(0)]
    assert labels == [f"bid {n}" for n in range(12)] + ["bid 12 to 21", "bid 22 to 31"]


def test_the_pass_action_is_offered_only_in_a_reaction_window():
    s = turn(new_game())
    hand(s, 0, "Titan Golem")
    hand(s, 2, "Windfall")
    assert s.pass_action(0) is None
    play(s, "send Titan Golem", "attack seat 1 door 1")
    assert s.to_act == (2,) and str(s.pass_action(2)) == "pass" and s.pass_action(0) is None


def test_the_board_shows_the_auction_your_character_and_hand_with_their_facts():
    s = bidding(new_game(characters=True, seed=4), "Star Forge")
    character(s, 0, "Banker")
    hand(s, 0, "Meteor", "Oceans", "Oceans")
    owns(s, 1, "Palace", "Palace")
    s.under[1][0] = card(s, "Pit Trap")
    s.under[0][1] = card(s, "Soul Cage")
    raw = GAME.render(s.view(0))
    text = Text.from_markup(raw).plain
    assert "On auction (auction 1 of 2): Star Forge — 2 points; the buyer activates 2 doors." in text
    assert "Character: Banker — At the start of each of your turns" in text
    assert "Meteor — Action: Destroy a Machine of an opponent" in text
    assert "2× Oceans — Evolution, 2 points, placed through Tide Engine" in text
    assert "Machines: Palace (3), Palace (1)" in text
    assert "a card under it" in text and "under it: Soul Cage" in text and "Pit Trap" not in text
    assert "Seat 0 thinking" in text
    for internal in ("None", "{", "_", "kind=", "[0", "'"):
        assert internal not in text.replace("Seat 1's", ""), internal
    assert "[seat1]Seat 1[/seat1]" in raw


def test_the_quick_reference_loads():
    text = GAME.rules_text()
    assert text.startswith("# Makers of Universe") and "reaction window" in text.lower()
    assert 60 <= len(text.splitlines()) <= 130
