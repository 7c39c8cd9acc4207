"""Controlling Parts: the highest total controls; a tie means no one does (G4), and the corner
rule of the 4-Player Rules."""

from __future__ import annotations

import pytest

from .scenario import gadgets_phase, part, table, tokens


def controllers(state, name):
    return state.controllers(part(name))


def test_tokens_of_one_player_on_a_part_add_up():
    state = table(players=2)
    tokens(state, 0, "Tape", "1", "1", "1")
    tokens(state, 1, "Tape", "2")
    assert controllers(state, "Tape") == (0,)


def test_the_highest_total_controls_the_part():
    state = table(players=3)
    tokens(state, 0, "Tape", "3")          # purple: 3
    tokens(state, 1, "Tape", "2")          # yellow: 2
    assert controllers(state, "Tape") == (0,)


def test_tie_for_control_means_no_one_controls():
    state = table(players=3)
    tokens(state, 0, "Gloves", "2")
    tokens(state, 1, "Gloves", "1", "1")
    tokens(state, 2, "Gloves", "1")
    assert controllers(state, "Gloves") == ()


def test_a_part_with_only_a_power_token_is_controlled_by_no_one():
    state = table(players=2)
    tokens(state, 0, "Mirror", "power")
    assert controllers(state, "Mirror") == ()


def corner(state):
    """The Part dealt on the top-left corner of the square."""
    return state.part_at[0]


def edge(state):
    return state.part_at[1]


@pytest.fixture
def four():
    return table(players=4)


def put(state, seat, where, *labels):
    for label in labels:
        state.put_token(seat, ["power", "1", "2", "3", "4", "5"].index(label), where)


def test_four_players_a_corner_is_controlled_by_the_top_two(four):
    c = corner(four)
    put(four, 0, c, "4")
    put(four, 1, c, "2")
    put(four, 2, c, "1")
    assert four.controllers(c) == (0, 1)


def test_four_players_two_tied_for_first_both_control_a_corner(four):
    c = corner(four)
    put(four, 0, c, "3")
    put(four, 3, c, "2", "1")
    put(four, 1, c, "1")
    assert four.controllers(c) == (0, 3)


def test_four_players_three_tied_for_first_means_no_one_controls_a_corner(four):
    c = corner(four)
    for seat in (0, 1, 2):
        put(four, seat, c, "2")
    assert four.controllers(c) == ()


def test_four_players_a_tie_for_second_leaves_only_the_first(four):
    c = corner(four)
    put(four, 0, c, "4")
    put(four, 1, c, "1")
    put(four, 2, c, "1")
    assert four.controllers(c) == (0,)


def test_four_players_a_lone_player_on_a_corner_controls_it_alone(four):
    c = corner(four)
    put(four, 2, c, "1")
    put(four, 3, c, "power")
    assert four.controllers(c) == (2,)


def test_four_players_the_corner_rule_is_only_for_corners(four):
    e = edge(four)
    put(four, 0, e, "4")
    put(four, 1, e, "2")
    assert four.controllers(e) == (0,)


def test_three_players_corners_follow_the_usual_rule():
    state = table(players=3)
    c = corner(state)
    put(state, 0, c, "4")
    put(state, 1, c, "2")
    assert state.controllers(c) == (0,)


def test_all_tokens_turn_face_up_when_the_gadgets_phase_begins():
    state = table(players=2)
    state.apply(0, "place 4 Lens")
    assert state.view(1)["board"][state.cell_of[part("Lens")]]["tokens"]["0"] == ["?"]
    gadgets_phase(state)
    assert state.view(1)["board"][state.cell_of[part("Lens")]]["tokens"]["0"] == ["4"]
    assert state.view(1)["board"][state.cell_of[part("Lens")]]["controlled_by"] == [0]
