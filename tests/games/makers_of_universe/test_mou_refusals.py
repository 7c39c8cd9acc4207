"""Illegal attempts are refused with the rule that forbids them, and change nothing."""

from __future__ import annotations

import pytest
from mou_helpers import bidding, card, hand, new_game, owns, play, turn

from boardwright.engine import IllegalAction
from boardwright.games.makers_of_universe import rules as R


def refused(s, seat: int, text: str) -> str:
    """The rule named when ``seat`` tries ``text``; the state must be exactly as before."""
    before = s.fingerprint()
    with pytest.raises(IllegalAction) as error:
        s.apply(seat, text)
    assert s.fingerprint() == before
    return error.value.rule


def test_a_creature_must_attack_an_active_enemy_door():
    s = turn(new_game())
    hand(s, 0, "Void Leech")
    play(s, "send Void Leech")
    assert refused(s, 0, "attack seat 1 door 2") == "Attacking a World"


def test_a_card_hidden_under_a_door_must_come_from_your_hand():
    s = turn(new_game())
    hand(s, 0, "Oceans")
    play(s, "trap door 2")
    assert refused(s, 0, "hide Pit Trap") == "Trapping a Door"


def test_the_buyer_activates_only_inactive_doors_for_its_machine():
    s = bidding(new_game(), "Tide Engine")
    play(s, (0, "bid 1"), (1, "bid 0"), (2, "bid 0"))
    assert (s.phase, refused(s, 0, "activate door 1")) == (R.P_DOORS, "Buying Phase")


def test_the_turn_begins_with_the_draw():
    s = turn(new_game())
    hand(s, 0, "Windfall")
    s.phase = R.P_DRAW
    assert refused(s, 0, "play Windfall") == "Action Phase"


def test_the_discarded_half_comes_from_the_owners_hand():
    s = turn(new_game())
    hand(s, 0, "Meteor")
    hand(s, 1, *["Oceans"] * 9)
    owns(s, 1, "Gene Loom")
    play(s, "play Meteor on seat 1 Gene Loom")
    assert (s.to_act, refused(s, 1, "discard Pit Trap")) == ((1,), "Destroying an Enemy Machine")


def test_an_exchange_gives_up_cards_from_your_hand():
    s = turn(new_game())
    hand(s, 0, "Oceans", "Oceans", "Oceans")
    play(s, "exchange")
    assert refused(s, 0, "give up Pit Trap") == "Discarding"


def test_a_titan_golem_cannot_destroy_a_palace():
    s = turn(new_game())
    hand(s, 0, "Titan Golem")
    owns(s, 1, "Palace", "Gene Loom")
    play(s, "send Titan Golem", "attack seat 1 door 1")
    assert refused(s, 0, "destroy Palace") == "Attacking a World"


def test_a_defence_creature_cannot_attack_on_the_turn_it_was_placed():
    s = turn(new_game())
    hand(s, 0, "Cerberus")
    play(s, "defend with Cerberus")
    assert refused(s, 0, "send Cerberus from world") == "Attacking a World"


def test_a_player_without_a_playable_action_card_cannot_play_in_a_window():
    s = turn(new_game())
    hand(s, 1, "Windfall")
    hand(s, 2, "Oceans")
    play(s, "end turn")
    assert refused(s, 2, "pass") == "Sequence of Play"


def test_trapping_an_already_trapped_door_is_refused():
    s = turn(new_game())
    hand(s, 0, "Pit Trap")
    s.under[0][1] = card(s, "Oceans")
    assert refused(s, 0, "trap door 2") == "Trapping a Door"
