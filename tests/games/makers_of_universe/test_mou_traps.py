"""The trap cards: each springs when a creature attacks through its door (RULINGS U5)."""

from __future__ import annotations

from mou_helpers import card, hand, names, new_game, play, turn


def trapped(trap: str):
    """Seat 0 sends a Void Leech at seat 1's door 1, under which lies ``trap``."""
    s = turn(new_game())
    hand(s, 0, "Void Leech", "Oceans", "Meteor")
    s.under[1][0] = card(s, trap)
    play(s, "send Void Leech", "attack seat 1 door 1")
    return s


def test_pit_trap_stops_the_creature_and_both_are_discarded():
    s = trapped("Pit Trap")
    assert names(s, s.discards) == ["Pit Trap", "Void Leech"]


def test_toll_snare_makes_the_attacker_pay_2_ue_to_the_trapper():
    s = trapped("Toll Snare")
    assert (s.ue[0], s.ue[1]) == (3, 7)


def test_soul_cage_puts_the_creature_in_the_trappers_hand():
    s = trapped("Soul Cage")
    assert names(s, s.hands[1]) == ["Void Leech"]


def test_eternal_maw_stays_under_its_door():
    s = trapped("Eternal Maw")
    assert s.under[1][0] == card(s, "Eternal Maw")


def test_spore_mine_makes_the_attacker_discard_2_cards_at_random():
    s = trapped("Spore Mine")
    assert len(s.hands[0]) == 0
