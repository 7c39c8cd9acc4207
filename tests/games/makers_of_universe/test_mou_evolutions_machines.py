"""Evolution cards and Machines (rulebook "Placing an Evolution Card", "Notes on Machines",
"Destroying an Enemy Machine"; RULINGS U8)."""

from __future__ import annotations

import pytest
from mou_helpers import card, hand, legal, machine, new_game, owns, play, turn

from boardwright.engine import IllegalAction
from boardwright.games.makers_of_universe import rules as R


def test_an_evolution_is_placed_through_the_machine_it_names_in_your_world():
    s = turn(new_game())
    hand(s, 0, "Oceans")
    owns(s, 0, "Tide Engine")
    play(s, "evolve Oceans")
    assert s.evolutions[0] == [card(s, "Oceans")]


def test_without_its_machine_an_evolution_cannot_be_placed():
    s = turn(new_game())
    hand(s, 0, "Oceans")
    with pytest.raises(IllegalAction) as error:
        s.apply(0, "evolve Oceans")
    assert error.value.rule == "Placing an Evolution Card"


def test_a_player_may_not_have_two_identical_evolutions():
    s = turn(new_game())
    hand(s, 0, "Living Stars", "Living Stars")
    owns(s, 0, "Star Forge")
    play(s, "evolve Living Stars")
    assert "evolve Living Stars" not in legal(s, 0)


def test_an_evolution_is_worth_2_creation_points():
    s = turn(new_game())
    hand(s, 0, "Oceans")
    owns(s, 0, "Tide Engine")
    play(s, "evolve Oceans")
    assert R.points(s, 0) == 1 + 2


def test_all_machines_count_even_identical_ones():
    s = new_game()
    owns(s, 0, "Star Forge", "Star Forge")
    assert R.points(s, 0) == 4


def test_a_world_with_a_second_palace_scores_only_one_point_for_it():
    s = new_game()
    owns(s, 0, "Palace", "Palace")
    assert R.points(s, 0) == 3 + 1


def test_the_palace_cannot_be_destroyed():
    s = turn(new_game())
    hand(s, 0, "Titan Golem")
    owns(s, 1, "Palace")
    play(s, "send Titan Golem", "attack seat 1 door 1")
    assert s.machines[1] == [machine(s, "Palace")]


def cannon_ready():
    s = turn(new_game())
    owns(s, 0, "Ravager Cannon")
    owns(s, 1, "Gene Loom")
    return s


def test_the_ravager_cannon_destroys_a_machine_of_a_world_with_an_active_untrapped_door():
    s = cannon_ready()
    play(s, "fire cannon at seat 1 Gene Loom")
    assert s.machines[1] == []


def test_the_ravager_cannon_cannot_fire_when_every_active_door_is_trapped():
    s = cannon_ready()
    s.under[1][0] = card(s, "Oceans")
    assert "fire cannon at seat 1 Gene Loom" not in legal(s, 0)


def test_the_ravager_cannon_fires_once_a_turn():
    s = cannon_ready()
    owns(s, 1, "Gene Loom", "Star Forge")
    play(s, "fire cannon at seat 1 Gene Loom")
    assert not any(t.startswith("fire") for t in legal(s, 0))


def test_every_seat_sees_whether_the_ravager_cannon_has_fired_this_turn():
    s = cannon_ready()
    owns(s, 1, "Gene Loom", "Star Forge")
    assert [s.view(seat)["cannon_used"] for seat in (None, 0, 1, 2)] == [False] * 4
    play(s, "fire cannon at seat 1 Gene Loom")
    assert [s.view(seat)["cannon_used"] for seat in (None, 0, 1, 2)] == [True] * 4


def test_a_table_the_cannon_fired_on_looks_different_from_the_same_table_where_it_did_not():
    """Two ways to the same Machines (the Cannon, or a creature since discarded) leave seat 0
    different actions, so no seat may see the two tables alike (a search keys its nodes on views)."""
    s = cannon_ready()
    owns(s, 1, "Gene Loom", "Star Forge")
    fired = s.clone()
    fired.cannon_used = True
    fired.forget_legal()
    assert "fire cannon at seat 1 Star Forge" in set(legal(s, 0)) - set(legal(fired, 0))
    for seat in (None, 0, 1, 2):
        assert s.view(seat) != fired.view(seat)


def test_losing_a_machine_with_more_than_8_cards_in_hand_discards_half_rounded_down():
    s = cannon_ready()
    hand(s, 1, *["Pit Trap"] * 5, *["Oceans"] * 4)
    play(s, "fire cannon at seat 1 Gene Loom")
    assert (s.to_act, s.disc_left) == ((1,), 4)


def test_the_owner_chooses_the_cards_it_discards():
    s = cannon_ready()
    hand(s, 1, *["Pit Trap"] * 5, *["Oceans"] * 4)
    play(s, "fire cannon at seat 1 Gene Loom")
    play(s, *["discard Pit Trap"] * 4)
    assert (sorted(s.hands[1]).count(card(s, "Oceans")), s.phase) == (4, R.P_MAIN)


def test_with_8_cards_or_fewer_a_destroyed_machine_costs_no_cards():
    s = cannon_ready()
    hand(s, 1, *["Pit Trap"] * 8)
    play(s, "fire cannon at seat 1 Gene Loom")
    assert (len(s.hands[1]), s.phase) == (8, R.P_MAIN)


def test_a_destroyed_machine_goes_under_the_machine_pile_face_up():
    s = cannon_ready()
    play(s, "fire cannon at seat 1 Gene Loom")
    assert s.view(2)["pile_bottom"][-1] == "Gene Loom"


def test_with_the_out_option_a_destroyed_machine_leaves_the_game():
    s = turn(new_game(destroyed_machines="out"))
    owns(s, 0, "Ravager Cannon")
    owns(s, 1, "Gene Loom")
    pile = len(s.pile)
    play(s, "fire cannon at seat 1 Gene Loom")
    assert (s.view(2)["scrapped"], len(s.pile)) == (["Gene Loom"], pile)


def test_the_ravager_cannon_cannot_fire_in_the_first_round():
    s = cannon_ready()
    s.round = 1
    assert not any(t.startswith("fire") for t in legal(s, 0))
