"""End of Round, End of Game and scoring (G8), with the rulebook's 18-point example."""

from __future__ import annotations

import pytest

import boardwright as bw

from .scenario import gadget, gadgets_phase, give_gadget, on_part, play, screen, table, tokens


def test_a_round_without_a_built_gadget_adds_one_to_the_row():
    state = gadgets_phase(table(players=2))
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert len(state.row) == 5


def test_a_round_with_a_built_gadget_adds_none():
    state = table(players=2, row=("Jumpboots",))
    tokens(state, 0, "Spring", "1")
    tokens(state, 0, "Boots", "1")
    gadgets_phase(state)
    play(state, 0, "build Jumpboots", "end")
    play(state, 1, "pass")
    play(state, 0, "pass")
    assert len(state.row) == 4


def test_recalling_from_a_part_takes_all_your_tokens_there():
    """Yellow recalls his 1 Token off the Gloves, so his Power Token comes too; Green's stays."""
    state = table(players=3)
    tokens(state, 1, "Gloves", "1", "power")
    tokens(state, 2, "Gloves", "1")
    gadgets_phase(state)
    play(state, 0, "pass")
    play(state, 1, "pass")
    play(state, 2, "pass")
    assert state.phase == "End of Round" and state.to_act == (1,), "seat 0 has no tokens out: skipped"
    play(state, 1, "recall Gloves")
    assert on_part(state, 1, "Gloves") == []
    assert on_part(state, 2, "Gloves") == ["1"]
    assert screen(state, 1).count("power") == 2


def test_each_player_has_one_recall_turn_in_order_from_the_first_player():
    state = table(players=3)
    for seat in range(3):
        tokens(state, seat, "Lens", "1")
        tokens(state, seat, "Tape", "1")
    gadgets_phase(state, first=1)
    play(state, 1, "pass")
    play(state, 2, "pass")
    play(state, 0, "pass")
    order = []
    while state.phase == "End of Round":
        order.append(state.to_act[0])
        play(state, state.to_act[0], "recall Lens", "done")
    assert order == [1, 2, 0]


def test_the_first_player_marker_passes_left_for_the_next_round():
    state = gadgets_phase(table(players=3))
    for seat in range(3):
        play(state, seat, "pass")
    assert state.phase == "Parts Phase" and state.round == 2
    assert state.first == 1 and state.to_act == (1,)


def test_a_fourth_gadget_finishes_the_round_then_ends_the_game():
    state = table(players=2, row=("Jumpboots",))
    for name in ("Gravtreads", "Periscope", "Crank Charger"):
        give_gadget(state, 0, name)
    tokens(state, 0, "Spring", "1")
    tokens(state, 0, "Boots", "1")
    tokens(state, 1, "Lens", "1")
    gadgets_phase(state)
    play(state, 0, "build Jumpboots", "end")
    assert not state.is_over and state.to_act == (1,), "the others still finish the Gadgets Phase"
    play(state, 1, "pass")
    play(state, 0, "pass")
    assert state.is_over
    assert on_part(state, 1, "Lens") == ["1"], "no end-of-round recall after the last round"


def test_a_round_without_a_gadget_built_and_an_empty_deck_ends_the_game():
    """Stalemate (our ruling): nothing built, nothing left to add to the row; the game is scored
    where it stands, before the recall."""
    state = table(players=2)
    state.deck.clear()
    tokens(state, 1, "Lens", "1")
    gadgets_phase(state)
    play(state, 0, "pass")
    assert not state.is_over
    play(state, 1, "pass")
    assert state.is_over and state.to_act == ()
    assert on_part(state, 1, "Lens") == ["1"], "no end-of-round recall after the last round"
    assert state.winners() == [1], "a tie on points is broken by the Lens seat 1 controls"
    ended, = (event for event in state.events(None) if event["kind"] == "game_ended")
    assert ended["reason"] == "no Gadget was built in round 1 and the deck was empty, so the game ended (stalemate)"


def test_a_round_without_a_gadget_built_goes_on_while_the_deck_can_add_one():
    state = table(players=2)
    del state.deck[1:]
    gadgets_phase(state)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert not state.is_over and state.deck == [] and len(state.row) == 5
    assert state.phase == "Parts Phase" and state.round == 2


def test_the_rulebooks_18_point_score():
    """Gadgets 14 + Bonus card 2 + 3/4/5 Tokens 2 (the 3 is in the Junk Pile) = 18."""
    state = table(players=2)
    for name in ("Gravtreads", "Spring Dynamo", "Propeller Pack", "Jumpboots"):   # 3+4+4+2 = 13
        give_gadget(state, 0, name)
    state.built[0][-1] = gadget(state, "Sun Collector")                          # 3+4+4+3 = 14
    state.bonus[0] = state.content.types.index("Motion")                        # 2 Motion Gadgets
    state.screen[3] -= 1
    state.junk[3] += 1
    assert state.score_of(0) == 18


def test_bonus_card_adds_a_point_per_matching_gadget():
    state = table(players=2)
    give_gadget(state, 1, "Periscope")
    give_gadget(state, 1, "Spyglass")
    state.bonus[1] = state.content.types.index("Optics")
    assert state.score_of(1) == 2 + 3 + 2 + 3


def test_tokens_removed_at_setup_in_a_4_player_game_score_nothing():
    state = table(players=4)
    assert state.score_of(0) == 2, "the 3 and the 4 are in play; the 5 was removed at setup"


def test_a_tie_is_broken_by_most_parts_controlled():
    state = table(players=2)
    tokens(state, 1, "Lens", "1")
    state.is_over = True
    assert state.scores() == [3, 3]
    assert state.winners() == [1]


def test_a_tie_on_parts_too_is_a_shared_win():
    state = table(players=2)
    state.is_over = True
    assert state.winners() == [0, 1]


def test_no_action_is_taken_after_the_game_ends():
    state = table(players=2)
    state.is_over = True
    state.to_act = ()
    with pytest.raises(bw.IllegalAction, match="End of Game: the game is over"):
        state.apply(0, "pass")


def last_round_with_two_motion_gadgets():
    """Seat 0 holds a Motion Bonus card and Gravtreads, Periscope and Crank Charger; it builds
    Jumpboots, its 4th Gadget (a second Motion one), in this round's Gadgets Phase."""
    state = table(players=2, row=("Jumpboots",))
    for name in ("Gravtreads", "Periscope", "Crank Charger"):
        give_gadget(state, 0, name)
    state.bonus[0] = state.content.types.index("Motion")
    tokens(state, 0, "Spring", "1")
    tokens(state, 0, "Boots", "1")
    gadgets_phase(state)
    play(state, 0, "build Jumpboots", "end")
    play(state, 1, "pass")
    return state


def test_a_running_games_score_does_not_reveal_a_bonus_card():
    """Before the end a score is what a spectator can count: Gadgets 3 + 2 + 2 + 2 and the
    3, 4 and 5 Tokens 3; the secret Motion Bonus card adds nothing yet."""
    state = last_round_with_two_motion_gadgets()
    assert state.scores()[0] == 9 + 3


def test_the_final_score_counts_the_bonus_card():
    """When the game ends the Bonus card is shown and adds 1 per matching Gadget: 2 Motion Gadgets."""
    state = last_round_with_two_motion_gadgets()
    before = state.scores()[0]
    play(state, 0, "pass")
    assert state.is_over and state.scores()[0] == before + 2
