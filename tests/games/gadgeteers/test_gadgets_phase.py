"""The Gadgets Phase: building Gadgets, turns and passing (G5, G6)."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import gadget, gadgets_phase, gravtreads_table, on_part, part, play, screen, table, tokens


def test_building_gravtreads_junks_the_3_and_recalls_the_2s():
    state = gravtreads_table()
    play(state, 0, "build Gravtreads")
    assert state.view(None)["junk_pile"] == [["0", "3"]]
    assert on_part(state, 0, "Gear") == [] and on_part(state, 0, "Magnet") == [] and on_part(state, 0, "Boots") == []
    assert screen(state, 0).count("2") == 3
    assert state.view(None)["players"][0]["gadgets"] == ["Gravtreads"]


def test_other_players_tokens_stay_and_the_part_changes_control():
    state = gravtreads_table()
    play(state, 0, "build Gravtreads")
    assert on_part(state, 1, "Gear") == ["1"]
    assert state.controllers(part("Gear")) == (1,)


def test_a_built_gadget_is_replaced_in_the_row_from_the_deck():
    state = gravtreads_table()
    top = state.deck[-1]
    play(state, 0, "build Gravtreads")
    assert gadget(state, "Gravtreads") not in state.row
    assert top in state.row and len(state.row) == 4


def test_an_empty_deck_refills_nothing():
    state = gravtreads_table()
    state.deck.clear()
    play(state, 0, "build Gravtreads")
    assert len(state.row) == 3


def test_you_must_control_every_required_part():
    state = table(players=2, row=("Gravtreads",))
    tokens(state, 0, "Gear", "3")
    tokens(state, 0, "Magnet", "2")
    tokens(state, 1, "Boots", "1")
    gadgets_phase(state)
    before = state.fingerprint()
    with pytest.raises(bw.IllegalAction, match="Building Gadgets: you do not control Boots"):
        state.apply(0, "build Gravtreads")
    assert state.fingerprint() == before


def test_only_gadgets_in_the_row_can_be_built():
    state = gravtreads_table()
    name = next(g.name for g in state.content.gadgets if g.id not in state.row)
    with pytest.raises(bw.IllegalAction, match=f"Building Gadgets: {name} is not in the Gadget row"):
        state.apply(0, f"build {name}")


def test_two_gadgets_in_one_turn_each_with_its_own_tokens():
    state = table(players=2, row=("Jumpboots", "Crank Charger"))
    tokens(state, 0, "Spring", "1")
    tokens(state, 0, "Boots", "1")
    tokens(state, 0, "Crank", "1")
    tokens(state, 0, "Battery", "2")
    gadgets_phase(state)
    play(state, 0, "build Jumpboots", "build Crank Charger", "end")
    assert state.view(None)["players"][0]["gadgets"] == ["Jumpboots", "Crank Charger"]
    assert state.to_act == (1,)


def test_a_turn_without_building_or_activating_is_a_pass():
    state = gravtreads_table()
    assert [str(a) for a in state.legal_actions(0)][-1] == "pass"
    with pytest.raises(bw.IllegalAction, match="Gadgets Phase: you have done nothing this turn"):
        state.apply(0, "end")
    play(state, 0, "pass")
    assert state.passed[0]


def test_a_player_who_passed_takes_no_more_turns_this_round():
    state = gravtreads_table()
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert state.phase == "End of Round"


def test_a_player_who_acted_gets_another_turn_after_the_others():
    state = gravtreads_table()
    play(state, 0, "build Gravtreads", "end")
    play(state, 1, "pass")
    assert state.to_act == (0,)
    play(state, 0, "pass")
    assert state.phase == "End of Round"
