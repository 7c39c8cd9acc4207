"""The Warehouse: the wheel, the Wedges, the Forklifts (rulebook "Forklift Movement",
"Rotating the Steering Wheel"; RULINGS M1-M4)."""

from __future__ import annotations

import pytest

from boardwright.engine import IllegalAction

from .scenario import GAME, components, contract, go_to_turn, legal, machinery, play, refresh, table, workers


def test_wedges_are_dealt_in_a_random_ring_with_the_wild_wedge_ready():
    rings = {tuple(GAME.new(players=2, seed=seed).view(0)["ring"]) for seed in range(8)}
    assert len(rings) > 1 and all(ring[0] == "wild" for ring in rings)


def test_fixed_order_option_keeps_the_content_order():
    state = table(wedge_order="fixed")
    assert state.view(0)["ring"] == ["wild", "cards", "tiles", "wood", "dice", "plastic"]


def test_the_three_wedges_after_ready_are_levels_one_to_three():
    state = table(turn=1)
    assert state.view(0)["wedges"] == {"L1": "cards", "L2": "tiles", "L3": "wood"}


def test_the_wheel_advances_one_wedge_each_turn_after_the_first():
    state = table(turn=1)
    play(state, "forklift to L3", "as worker", "forklift to L2", "as component",
         "forklift to L1", "component", "end turn")
    assert state.view(0)["turn"] == 2 and state.view(0)["wedges"]["L1"] == "tiles"


def test_a_level_three_forklift_is_ready_again_three_turns_later():
    state = table(turn=1)
    play(state, "forklift to L3", "as worker")
    assert sorted(state.view(0)["seats"][0]["forklifts"]) == [0, 0, 3]


def test_every_ready_forklift_must_be_placed_before_the_turn_ends():
    state = table(turn=1)
    workers(state, 0, 1)  # a worker could go to Gain 1, so the turn does not end by itself
    with pytest.raises(IllegalAction, match="READY Forklift"):
        state.apply(0, "end turn")


def test_one_forklift_is_resolved_completely_before_the_next_moves():
    state = table(turn=1)
    play(state, "forklift to L3")
    with pytest.raises(IllegalAction, match="finish the current step"):
        state.apply(0, "forklift to L1")


def test_all_forklifts_may_share_one_wedge():
    state = table(turn=1)
    play(state, "forklift to L3", "as worker", "forklift to L3", "as worker")
    assert "forklift to L3" in legal(state)


def test_the_wild_wedge_gives_any_resource_of_its_level():
    state = table(turn=4)  # L3 is the Wild Wedge
    play(state, "forklift to L3")
    assert legal(state) == ["take cards", "take tiles", "take wood", "take dice", "take plastic"]


def test_a_forklift_moved_back_to_ready_must_leave_for_another_wedge():
    state = table(turn=2)
    state.fk_ret[1] = state.fk_ret[2] = 4  # the other two are away (READY in 2 turns)
    play(state, "forklift to L1", "as component")  # a tile as a component
    machinery(state, 0, 0, "cards")  # one machinery tile, so a Tweenie has a square gap beside it
    play(state, "tweenie Reverse Gear", "cell r1c2", "back forklift due in 1")
    assert "forklift to L1" not in legal(state) and "forklift to L2" in legal(state)


def test_reset_to_the_break_room_comes_every_sixth_turn():
    state = table(turn=7)
    state.work1[3] = 1  # a Level 1 worker on "view L1"
    go_to_turn(state, 7)
    state.begin_seat_turn()
    assert legal(state) == ["reset workers", "keep workers"]


def test_reset_returns_every_assigned_worker():
    state = table(turn=7)
    state.work1[3] = 1
    state.begin_seat_turn()
    play(state, "reset workers")
    assert state.view(0)["seats"][0]["break_room"] == [2, 0, 0]


def test_turns_are_played_one_seat_at_a_time_from_a_rotating_first_seat():
    state = table(players=3, turn=2, seat=1)
    assert state.view(None)["order"] == [1, 2, 0]


def test_a_forklift_barred_from_one_wedge_is_sent_first_so_the_others_stay_free():
    # Two READY Forklifts, the second just moved back from the Level 1 Wedge: sending one to L2
    # and the other to L1 is possible, in either order.
    state = table(turn=1)
    state.fk_last[1] = state.wedge_at(1)  # moved back from the Level 1 Wedge
    state.fk_ret[2] = 4  # the third is away
    play(state, "forklift to L2", "as component")
    assert "forklift to L1" in legal(state)


def test_different_players_forklifts_may_share_a_wedge():
    state = table(players=2, turn=1)
    play(state, "forklift to L3", "as worker", "forklift to L3", "as worker", "forklift to L3", "as worker",
         "end turn")
    assert state.to_act == (1,) and "forklift to L3" in legal(state)


def test_with_no_forklift_to_place_a_player_may_still_manufacture():
    state = table(turn=1)
    state.fk_ret[0] = state.fk_ret[1] = state.fk_ret[2] = 3  # all away
    contract(state, 0, 0, requires=("wood 1",))
    components(state, 0, wood=(1,))
    assert legal(state)[0] == "make contract 1"


def test_a_forklift_may_not_return_to_the_wedge_it_was_moved_back_from_naming_the_rule():
    state = table(turn=1)
    state.fk_last[0] = state.wedge_at(1)  # moved back from the Level 1 Wedge
    state.fk_ret[1] = state.fk_ret[2] = 4
    refresh(state)
    before = state.fingerprint()
    with pytest.raises(IllegalAction, match="Forklift Movement"):
        state.apply(0, "forklift to L1")
    assert state.fingerprint() == before
