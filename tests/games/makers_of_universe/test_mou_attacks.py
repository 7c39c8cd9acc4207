"""Playing creatures, trapping doors, attacking a world (rulebook "Playing a Creature Card",
"Trapping a Door", "Attacking a World"; RULINGS U4, U5)."""

from __future__ import annotations

import pytest
from mou_helpers import card, empty_hands, hand, legal, names, new_game, play, turn

from boardwright.engine import IllegalAction


def attack_ready(attacker: str = "Void Leech"):
    """Seat 0 in round 2 holds ``attacker``; seat 1's door 1 is active, the others inactive."""
    s = turn(new_game())
    empty_hands(s)
    hand(s, 0, attacker)
    s.open_[2] = [False, False, False]
    return s


def test_a_creature_attacks_through_an_active_enemy_door_only():
    s = attack_ready()
    play(s, "send Void Leech")
    assert legal(s, 0) == ["attack seat 1 door 1", "back"]


def test_an_untrapped_door_lets_the_creature_in_and_its_effect_applies():
    s = attack_ready()
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert (s.ue[0], s.ue[1]) == (7, 3)


def test_the_creature_is_discarded_after_its_effect():
    s = attack_ready()
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert names(s, s.discards) == ["Void Leech"]


def test_a_trap_under_the_door_stops_the_creature_and_both_are_discarded():
    s = attack_ready()
    s.under[1][0] = card(s, "Pit Trap")
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert (s.ue[1], names(s, s.discards), s.under[1][0]) == (5, ["Pit Trap", "Void Leech"], -1)


def test_a_decoy_under_the_door_is_discarded_and_the_creature_gets_in():
    s = attack_ready()
    s.under[1][0] = card(s, "Oceans")
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert (s.ue[1], s.under[1][0]) == (3, -1)


def test_back_undoes_the_choice_of_creature():
    s = attack_ready()
    play(s, "send Void Leech", "back")
    assert names(s, s.hands[0]) == ["Void Leech"]


def test_any_card_may_be_put_face_down_under_a_door():
    s = turn(new_game())
    hand(s, 0, "Oceans")
    play(s, "trap door 2", "hide Oceans")
    assert s.under[0][1] == card(s, "Oceans")


def test_at_most_one_card_lies_under_a_door():
    s = turn(new_game())
    hand(s, 0, "Pit Trap", "Pit Trap")
    play(s, "trap door 1", "hide Pit Trap")
    assert "trap door 1" not in legal(s, 0)


def test_a_card_under_a_door_is_hidden_but_its_presence_is_public():
    s = turn(new_game())
    hand(s, 0, "Pit Trap")
    play(s, "trap door 1", "hide Pit Trap")
    door = s.view(1)["players"][0]["doors"][0]
    assert (door["card_under"], door["under"], s.history(1)[-1][1]) == (True, None, "hide a card face down")


def test_the_owner_still_sees_the_card_under_its_own_door():
    s = turn(new_game())
    hand(s, 0, "Pit Trap")
    play(s, "trap door 1", "hide Pit Trap")
    assert s.view(0)["players"][0]["doors"][0]["under"] == "Pit Trap"


def test_a_creature_with_a_defence_effect_may_defend_its_world():
    s = turn(new_game())
    hand(s, 0, "Titan Golem")
    play(s, "defend with Titan Golem")
    assert names(s, s.defenders[0]) == ["Titan Golem"]


def test_a_player_may_not_have_two_identical_defence_creatures():
    s = turn(new_game())
    hand(s, 0, "Titan Golem", "Titan Golem")
    play(s, "defend with Titan Golem")
    with pytest.raises(IllegalAction) as error:
        s.apply(0, "defend with Titan Golem")
    assert error.value.rule == "Playing a Creature Card"


def test_a_creature_placed_in_defence_may_attack_on_the_following_turn_not_this_one():
    s = attack_ready("Titan Golem")
    play(s, "defend with Titan Golem")
    now = "send Titan Golem from world" in legal(s, 0)
    s.fresh[0] = []          # the following turn
    later = "send Titan Golem from world" in legal(s, 0)
    assert (now, later) == (False, True)


def test_everyone_sees_whether_the_creature_sent_came_from_the_hand_or_from_the_world():
    """"back" returns it where it came from, so the two must not look alike."""
    from_hand = attack_ready("Titan Golem")
    from_world = attack_ready("Titan Golem")
    from_world.defenders[0] = [card(from_world, "Titan Golem")]
    play(from_hand, "send Titan Golem")
    play(from_world, "send Titan Golem from world")
    for seat in (None, 0, 1, 2):
        assert (from_hand.view(seat)["attack"]["from_world"], from_world.view(seat)["attack"]["from_world"]) \
            == (False, True)


def test_a_defence_only_creature_cannot_attack():
    s = attack_ready("Stone Sentinel")
    assert "send Stone Sentinel" not in legal(s, 0)
