"""How Gadgeteers presents itself: the score breakdown, action menus, the board, the catalog and
the quick reference."""

from __future__ import annotations

import re

import boardwright as bw
from boardwright.games.gadgeteers.content import DEFAULT_FILE, PARTS

from .scenario import GAME, gadgets_phase, give_gadget, play, table, tokens, two_builders

#: what a player must never read: code words, reprs, internal names
INTERNAL = re.compile(r"_|None|\{|\}|\['|kind=|move other|swap parts|add from screen")


def test_the_breakdown_names_each_gadget_counts_kept_tokens_and_keeps_the_bonus_card_secret():
    """Seat 0 built the Gravtreads (3) and the Jumpboots (2), and its 3★ went to the Junk Pile."""
    state = table(players=2)
    give_gadget(state, 0, "Gravtreads")
    give_gadget(state, 0, "Jumpboots")
    state.screen[3] -= 1
    state.junk[3] += 1
    types = state.content.types
    state.bonus = [types.index("Motion"), types.index("Optics")]
    state.bonus_rest = sorted({0, 1, 2, 3} - set(state.bonus))
    running = state.score_breakdown()[0]
    assert running["lines"] == [
        {"label": "Gravtreads (Motion Gadget)", "points": 3, "group": "Gadgets"},
        {"label": "Jumpboots (Motion Gadget)", "points": 2, "group": "Gadgets"},
        {"label": "3★, 4★ and 5★ tokens not in the Junk Pile, if the game ended now", "points": 2},
        {"label": "Bonus card: scored at the end, secret until then", "points": 0, "group": "Bonus card"},
    ]
    assert running["total"] == 7 == state.scores()[0]
    assert state.determinize(1, 5).score_breakdown() == state.score_breakdown(), "a spectator's count"
    gadgets_phase(state)
    state.ending = True
    play(state, 0, "pass")
    play(state, 1, "pass")
    final = state.score_breakdown()
    assert final[0]["lines"][-1] == {"label": "Motion Bonus card, 1 per matching Gadget", "points": 2,
                                     "group": "Bonus card"}
    assert final[0]["total"] == 9 == state.scores()[0]
    assert final[1]["lines"] == [
        {"label": "No Gadget built", "points": 0, "group": "Gadgets"},
        {"label": "3★, 4★ and 5★ tokens not in the Junk Pile", "points": 3},
        {"label": "Optics Bonus card, 1 per matching Gadget", "points": 0, "group": "Bonus card"},
    ]
    assert "tiebreak" not in final[0] and "tiebreak" not in final[1]


def test_a_tie_on_points_is_explained_by_the_parts_each_controls():
    state = two_builders()
    tokens(state, 1, "Gloves", "1")
    tokens(state, 1, "Tape", "1")
    tokens(state, 0, "Lens", "1")
    gadgets_phase(state)
    state.ending = True
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state.scores() == [6, 6] and state.winners() == [1]
    first, second = state.score_breakdown()
    assert second["tiebreak"] == ("Tied on 6 points; Parts controlled at the end decide: 2 against "
                                  "Seat 0 1, so this seat wins the tie.")
    assert first["tiebreak"].endswith("1 against Seat 1 2, so this seat loses the tie.")


def leaves(entries, depth=1):
    """(depth, number of choices) of every menu level, and every action reached."""
    sizes, actions = [(depth, len(entries))], []
    for entry in entries:
        if "choices" in entry:
            below, reached = leaves(entry["choices"], depth + 1)
            sizes += below
            actions += reached
        else:
            actions.append(entry["action"])
    return sizes, actions


def test_the_gadgets_phase_menu_groups_builds_and_power_tokens_into_short_steps():
    state = table(players=2, row=("Jumpboots", "Crank Charger"), options={"alternate_tokens": True})
    state.swaps = [1, -1]  # seat 0 plays with the Power/½ token
    state.screen[0 * 8 + 0] -= 1
    state.screen[0 * 8 + 6] += 1
    give_gadget(state, 0, "Gravtreads")
    give_gadget(state, 0, "Spyglass")
    for name in PARTS[:6]:
        tokens(state, 0, name, "1")
    tokens(state, 0, "Spring", "power")
    tokens(state, 0, "Boots", "2")
    tokens(state, 0, "Gloves", "half")
    tokens(state, 0, "Tape", "power")
    gadgets_phase(state)
    menu = state.action_groups(0)
    assert [entry["label"] for entry in menu] == ["build", "activate a power", "pass for the rest of the round"]
    assert [entry["label"] for entry in menu[0]["choices"]] == ["Jumpboots, 2 points", "Grabber Glove, 2 points"]
    sizes, actions = leaves(menu)
    assert sorted(actions) == sorted(map(str, state.legal_actions(0)))
    assert max(size for _, size in sizes) <= 12
    power = next(entry for entry in menu if entry["label"] == "activate a power")
    assert [entry["label"] for entry in power["choices"]] == [
        "with your Power token", "with your Power/½ token from Gloves"]
    assert power["choices"][0]["choices"][0]["label"].startswith("from ")


def test_the_parts_phase_menu_asks_the_token_then_the_part():
    state = table(players=3)
    menu = state.action_groups(0)
    assert [entry["label"] for entry in menu] == [
        "place a Power token", "place a 1 token", "place a 2 token", "place a 3★ token",
        "place a 4★ token", "place a 5★ token"]
    assert [entry["label"] for entry in menu[3]["choices"]] == [f"on {name}" for name in PARTS]
    assert menu[3]["choices"][0]["action"] == "place 3 Gloves"


def test_a_power_against_three_players_asks_the_player_then_the_token_then_the_part():
    state = table(players=4)
    give_gadget(state, 0, "Pipe Wrench")
    tokens(state, 0, "Mirror", "power")
    for other in (1, 2, 3):
        for name in PARTS[:6]:
            tokens(state, other, name, "1")
        tokens(state, other, "Lens", "2")
    gadgets_phase(state)
    play(state, 0, "use power Mirror", "activate Pipe Wrench")
    menu = state.action_groups(0)
    assert [entry["label"] for entry in menu] == ["Seat 1's", "Seat 2's", "Seat 3's"]
    assert [entry["label"] for entry in menu[0]["choices"]] == ["1 token", "2 token on Lens"]
    assert len(menu[0]["choices"][0]["choices"]) == 6


def mid_game():
    """Seat 0 leads the Gloves 3★ + 1 to seat 1's 2; seat 1's 1 and seat 0's 1 tie on the Tape."""
    state = table(players=2, row=("Spyglass",))
    give_gadget(state, 1, "Periscope")
    tokens(state, 0, "Gloves", "3", "1")
    tokens(state, 1, "Gloves", "2")
    tokens(state, 0, "Tape", "1")
    tokens(state, 1, "Tape", "1")
    return gadgets_phase(state)


def test_the_board_shows_each_parts_tokens_by_seat_with_totals_control_and_what_winning_takes():
    state = mid_game()
    screen = GAME.render(state.view(1))
    assert ("Gloves: [seat0]Seat 0[/seat0] [seat0]3★ 1[/seat0] = 4, [seat1]Seat 1[/seat1] "
            "[seat1]2[/seat1] = 2; [seat0]Seat 0[/seat0] controls it (leads by 2); "
            "you need 3 more to win it") in screen
    assert "Tape: " in screen and "nobody controls it (a tie at 1); you need 1 more to win it" in screen
    assert "Move one of another player's Value Tokens worth at most 2 from a Part to an adjacent Part" in screen
    assert "Periscope (Optics, 2 pts)" in screen
    bonus = state.content.types[state.bonus[1]]
    assert f"Bonus card: {bonus} (secret)" in screen
    assert "behind your screen:" in screen
    assert not INTERNAL.search(screen), INTERNAL.search(screen)
    spectator = GAME.render(state.view(None))
    assert "you need" not in spectator and "behind your screen:" not in spectator
    for other in state.content.types:
        assert f"Bonus card: {other}" not in spectator
    assert "Final scores" not in spectator


def test_the_board_during_the_parts_phase_hides_face_down_values():
    state = table(players=2)
    play(state, 0, "place 5 Gloves")
    screen = GAME.render(state.view(1))
    assert ("Gloves: [seat0]Seat 0[/seat0] [seat0]?[/seat0] = 1 face down; "
            "[dim]control shows at the reveal[/dim]") in screen
    assert "5★" not in screen.split("[bold]Gadget row")[0].split("Parts[/bold]")[1]


def test_a_power_in_progress_is_shown_in_words():
    state = table(players=2)
    give_gadget(state, 0, "Gravtreads")
    tokens(state, 0, "Gloves", "power", "1")
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Gravtreads")
    screen = GAME.render(state.view(0))
    assert "Activating Gravtreads (token recalled from Gloves): choose one of your tokens on a Part" in screen
    assert GAME.describe_action("target seat1 2 Gloves") == (
        "target seat1 2 Gloves: another player's token on a Part, for the power to act on; "
        "here, Seat 1's 2 token on Gloves")


def test_the_catalog_describes_every_gadget_bonus_card_part_and_token():
    catalog = GAME.catalog()
    content = table(players=2).content
    for card in content.gadgets:
        entry = catalog[card.name]
        assert entry["kind"] == "Gadget" and entry["points"] == card.points
        assert entry["text"] and not INTERNAL.search(entry["text"])
    assert catalog["Jumpboots"]["power"] == ("Single Use: Add two Value Tokens from behind your screen to "
                                             "the Part your Power token was on, face up")
    for name in content.types:
        assert catalog[f"{name} Bonus card"]["kind"] == "Bonus card"
    assert all(catalog[name]["kind"] == "Part" for name in PARTS)
    assert catalog["5★ token"]["kind"] == "Token"
    assert all(entry["kind"] and entry["text"] for entry in catalog.values())


def test_the_catalog_describes_a_players_own_content_file(tmp_path):
    text = DEFAULT_FILE.read_text(encoding="utf-8").replace('name = "Periscope"', 'name = "Looking Glass"')
    text = text.replace('name = "Optics"', 'name = "Sight"').replace('type = "Optics"', 'type = "Sight"')
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    catalog = GAME.catalog({"content": str(path)})
    assert "Periscope" not in catalog
    assert catalog["Looking Glass"]["text"] == (
        "Sight Gadget worth 2 points; build it by controlling Mirror and Pipe. Power: Return one of "
        "another player's Value Tokens worth at most 1 from a Part to behind their screen.")
    assert "Looking Glass" in catalog["Sight Bonus card"]["text"]


def test_the_quick_reference_is_the_players_rules():
    text = bw.load("gadgeteers").rules_text()
    for heading in ("## Setup", "### Parts Phase", "### Gadgets Phase", "### End of Round", "## End of the game"):
        assert heading in text
    assert "_" not in text
