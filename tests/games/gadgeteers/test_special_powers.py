"""Special Powers: recall a Power token from any Part, perform the Gadget's power (G7), and
every word of our power vocabulary."""

from __future__ import annotations

import pytest

import boardwright as bw
from boardwright.games.gadgeteers.content import PARTS

from .scenario import gadgets_phase, give_gadget, on_part, part, play, screen, table, tokens


def ready(gadget_name, players=2, **extra):
    state = table(players=players)
    give_gadget(state, 0, gadget_name)
    tokens(state, 0, "Gloves", "power")
    for where, labels in extra.items():
        tokens(state, 0, where, *labels)
    return state


def test_jumpboots_adds_two_value_tokens_to_the_part_the_power_token_was_on():
    state = gadgets_phase(ready("Jumpboots"))
    play(state, 0, "use power Gloves", "activate Jumpboots", "add 5", "add 1")
    assert on_part(state, 0, "Gloves") == ["1", "5"]
    assert "power" in screen(state, 0), "the Power token is recalled behind the screen"


def test_a_single_use_power_is_activated_once_a_game():
    state = ready("Jumpboots")
    tokens(state, 0, "Lens", "power")
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Jumpboots", "add 1", "add 1")
    assert state.view(None)["players"][0]["single_use_spent"] == ["Jumpboots"]
    assert "use power Lens" not in [str(a) for a in state.legal_actions(0)]
    with pytest.raises(bw.IllegalAction, match="Special Powers: every power of your Gadgets is Single Use and spent"):
        state.apply(0, "use power Lens")


def test_a_power_is_available_as_soon_as_its_gadget_is_built():
    state = table(players=2, row=("Jumpboots",))
    tokens(state, 0, "Spring", "1")
    tokens(state, 0, "Boots", "1")
    tokens(state, 0, "Lens", "power")
    gadgets_phase(state)
    play(state, 0, "build Jumpboots", "use power Lens", "activate Jumpboots", "add 2", "add 2")
    assert on_part(state, 0, "Lens") == ["2", "2"]


def test_a_power_token_is_recalled_from_any_part():
    state = ready("Crank Charger", Tape=("1",))
    tokens(state, 0, "Pipe", "power")
    gadgets_phase(state)
    assert {"use power Gloves", "use power Pipe"} <= {str(a) for a in state.legal_actions(0)}


def test_powers_are_activated_only_on_your_turn_in_the_gadgets_phase():
    state = ready("Crank Charger", Tape=("1",))
    with pytest.raises(bw.IllegalAction, match="Parts Phase"):
        state.apply(0, "use power Gloves")


def test_activating_is_acting_so_the_turn_is_not_a_pass():
    state = gadgets_phase(ready("Crank Charger", Tape=("1",)))
    play(state, 0, "use power Gloves", "activate Crank Charger", "take 1 Tape")
    assert "end" in [str(a) for a in state.legal_actions(0)]


def test_gravtreads_moves_your_token_to_an_adjacent_part():
    state = ready("Gravtreads", Tape=("2",))
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Gravtreads", "take 2 Tape")
    neighbours = {state.part_at[(state.cell_of[part("Tape")] + d) % 12] for d in (-1, 1)}
    choices = {a.args[0] for a in state.legal_actions(0)}
    assert choices == neighbours


def test_propeller_pack_moves_your_token_to_any_part():
    state = gadgets_phase(ready("Propeller Pack", Tape=("4",)))
    play(state, 0, "use power Gloves", "activate Propeller Pack", "take 4 Tape", "to Lens")
    assert on_part(state, 0, "Lens") == ["4"] and on_part(state, 0, "Tape") == []


def test_whirl_duster_pulls_your_token_to_the_source_part():
    state = gadgets_phase(ready("Whirl Duster", Tape=("3",)))
    play(state, 0, "use power Gloves", "activate Whirl Duster", "take 3 Tape")
    assert on_part(state, 0, "Gloves") == ["3"]


def test_crank_charger_recalls_your_token_behind_the_screen():
    state = gadgets_phase(ready("Crank Charger", Tape=("5",)))
    play(state, 0, "use power Gloves", "activate Crank Charger", "take 5 Tape")
    assert "5" in screen(state, 0) and on_part(state, 0, "Tape") == []


def test_sun_collector_salvages_a_token_from_the_junk_pile():
    state = ready("Sun Collector")
    state.screen[4] -= 1  # seat 0's 4 Token went to the Junk Pile in an earlier build
    state.junk[4] += 1
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Sun Collector", "salvage 4")
    assert state.view(None)["junk_pile"] == [] and "4" in screen(state, 0)


def test_perpetual_engine_exchanges_a_token_on_a_part_for_another_from_the_screen():
    state = gadgets_phase(ready("Perpetual Engine", Tape=("1",)))
    play(state, 0, "use power Gloves", "activate Perpetual Engine", "take 1 Tape", "add 5")
    assert on_part(state, 0, "Tape") == ["5"]
    assert "add 1" not in [str(a) for a in state.legal_actions(0)]


def test_periscope_returns_another_players_1_token_to_their_screen():
    state = ready("Periscope")
    tokens(state, 1, "Lens", "1", "2")
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Periscope")
    assert [str(a) for a in state.legal_actions(0)] == ["target seat1 1 Lens"]
    play(state, 0, "target seat1 1 Lens")
    assert on_part(state, 1, "Lens") == ["2"]


def test_spyglass_moves_another_players_small_token_to_an_adjacent_part():
    state = ready("Spyglass")
    tokens(state, 1, "Lens", "2", "3")
    gadgets_phase(state)
    play(state, 0, "use power Gloves", "activate Spyglass", "target seat1 2 Lens")
    destination = state.legal_actions(0)[0]
    play(state, 0, str(destination))
    assert on_part(state, 1, "Lens") == ["3"]
    assert on_part(state, 1, PARTS[destination.args[0]]) == ["2"]


def test_holo_projector_swaps_two_parts_with_their_tokens():
    state = gadgets_phase(ready("Holo Projector", Tape=("2",)))
    tape, lens = state.cell_of[part("Tape")], state.cell_of[part("Lens")]
    play(state, 0, "use power Gloves", "activate Holo Projector", "swap Tape", "with Lens")
    assert (state.cell_of[part("Tape")], state.cell_of[part("Lens")]) == (lens, tape)
    assert on_part(state, 0, "Tape") == ["2"]


def test_grabber_glove_puts_a_row_gadget_under_the_deck_and_refills_the_row():
    state = gadgets_phase(ready("Grabber Glove"))
    leaving = state.row[0]
    top = state.deck[-1]
    name = state.content.gadgets[leaving].name
    play(state, 0, "use power Gloves", "activate Grabber Glove", f"cycle {name}")
    assert state.deck[0] == leaving and top in state.row and len(state.row) == 4


def test_a_power_with_nothing_to_do_fizzles():
    state = gadgets_phase(ready("Crank Charger"))  # no Value Token of seat 0 on any Part
    play(state, 0, "use power Gloves", "activate Crank Charger")
    assert state.pw.step == "" and [str(a) for a in state.legal_actions(0)][-1] == "end"


def test_steps_of_a_power_must_be_finished_first():
    state = gadgets_phase(ready("Crank Charger", Tape=("1",)))
    play(state, 0, "use power Gloves", "activate Crank Charger")
    with pytest.raises(bw.IllegalAction, match="Special Powers: finish activating Crank Charger first"):
        state.apply(0, "end")
