"""Action Phase: the draw, turn order, doors, discarding, the first round (rulebook "Action Phase",
"Activating a Door", "Discarding", "End of Turn"; RULINGS U7, U9)."""

from __future__ import annotations

import pytest
from mou_helpers import card, empty_hands, finish_turn, hand, legal, names, new_game, play, turn

from boardwright.engine import IllegalAction
from boardwright.games.makers_of_universe import rules as R


def drawing(seat: int = 0):
    s = turn(new_game(), seat)
    empty_hands(s)
    s.phase = R.P_DRAW
    return s


@pytest.mark.parametrize(("choice", "cards", "ue"), [
    ("draw 2 cards", 2, 5), ("draw 2 UE", 0, 7), ("draw 1 card and 1 UE", 1, 6)])
def test_the_draw_is_2_resource_cards_2_ue_or_one_of_each(choice, cards, ue):
    s = drawing()
    play(s, choice)
    assert (len(s.hands[0]), s.ue[0]) == (cards, ue)


def test_the_pawn_holder_plays_first_in_the_action_phase():
    s = new_game()
    empty_hands(s)
    s._sealed = None
    s.pawn = 2
    R.start_action_phase(s)
    assert s.to_act == (2,)


def test_a_finished_turn_passes_to_the_player_on_the_left():
    s = turn(new_game(), 1)
    empty_hands(s)
    finish_turn(s)
    assert (s.active, s.phase) == (2, R.P_DRAW)


def test_the_round_ends_and_the_pawn_passes_to_the_left():
    s = turn(new_game(), 0)
    empty_hands(s)
    s.turn_no = 2
    s.pawn = 1
    s.active = 0
    finish_turn(s)
    assert (s.round, s.pawn) == (3, 2)


def test_a_player_may_activate_an_inactive_door_on_their_turn():
    s = turn(new_game())
    empty_hands(s)
    play(s, "activate door 2")
    assert s.open_[0] == [True, True, False]


def test_an_active_door_can_never_be_deactivated():
    s = turn(new_game())
    empty_hands(s)
    with pytest.raises(IllegalAction) as error:
        s.apply(0, "activate door 1")
    assert error.value.rule == "Activating a Door"


def test_three_discarded_cards_are_exchanged_for_one_drawn():
    s = turn(new_game())
    hand(s, 0, "Pit Trap", "Pit Trap", "Oceans", "Meteor")
    play(s, "exchange", "give up Pit Trap", "give up Pit Trap", "give up Oceans")
    assert (len(s.hands[0]), names(s, s.discards)[-3:]) == (2, ["Oceans", "Pit Trap", "Pit Trap"])


def test_no_exchange_with_fewer_than_three_cards():
    s = turn(new_game())
    hand(s, 0, "Pit Trap", "Oceans")
    assert "exchange" not in legal(s, 0)


def test_it_is_forbidden_to_attack_during_the_first_round():
    s = turn(new_game(), round=1)
    hand(s, 0, "Void Leech")
    with pytest.raises(IllegalAction) as error:
        s.apply(0, "send Void Leech")
    assert "first round" in error.value.reason


def test_an_empty_resource_pile_is_rebuilt_from_the_shuffled_discard_pile():
    s = drawing()
    s.deck = []
    s.discards = [card(s, "Oceans"), card(s, "Meteor")]
    play(s, "draw 2 cards")
    assert (names(s, s.hands[0]), s.discards) == (["Meteor", "Oceans"], [])


def test_an_empty_bank_pays_what_it_holds():
    s = drawing()
    s.bank = 1
    play(s, "draw 2 UE")
    assert (s.ue[0], s.bank) == (6, 0)


def test_playing_out_of_turn_is_refused():
    s = turn(new_game())
    with pytest.raises(IllegalAction) as error:
        s.apply(1, "end turn")
    assert error.value.rule == "Sequence of Play"
