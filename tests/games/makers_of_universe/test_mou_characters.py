"""The ten Characters, each with its own power (rulebook "The Characters"; content)."""

from __future__ import annotations

from mou_helpers import bidding, card, character, hand, machine, new_game, owns, play, turn

from boardwright.games.makers_of_universe import rules as R


def test_banker_takes_1_ue_from_the_bank_at_the_start_of_each_turn():
    s = turn(new_game())
    character(s, 1, "Banker")
    s.turn_no = 0
    s.pawn = 1
    R.start_turn(s)
    assert s.ue[1] == 6


def test_scholar_draws_one_more_resource_card():
    s = turn(new_game())
    character(s, 0, "Scholar")
    s.phase = R.P_DRAW
    play(s, "draw 2 cards")
    assert len(s.hands[0]) == 3


def test_architect_activates_one_door_fewer_for_a_machine():
    s = bidding(new_game(), "Orbit Lathe")
    character(s, 0, "Architect")
    play(s, (0, "bid 1"), (1, "bid 0"), (2, "bid 0"), (0, "activate door 2"))
    assert (s.open_[0], s.machines[0]) == ([True, True, False], [machine(s, "Orbit Lathe")])


def test_haggler_wins_a_tie_for_the_highest_bid():
    s = bidding(new_game(), "Star Forge")
    character(s, 1, "Haggler")
    play(s, (0, "bid 3"), (1, "bid 3"), (2, "bid 0"))
    assert s.buyer == 1


def test_thief_creatures_take_one_more():
    s = turn(new_game())
    character(s, 0, "Thief")
    hand(s, 0, "Void Leech")
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert s.ue[1] == 2


def test_trapper_takes_2_ue_when_its_trap_springs():
    s = turn(new_game())
    character(s, 1, "Trapper")
    hand(s, 0, "Cerberus")
    s.under[1][0] = card(s, "Pit Trap")
    play(s, "send Cerberus", "attack seat 1 door 1")
    assert s.ue[1] == 7


def test_recycler_exchanges_2_cards_for_1():
    s = turn(new_game())
    character(s, 0, "Recycler")
    hand(s, 0, "Pit Trap", "Oceans")
    play(s, "exchange", "give up Pit Trap", "give up Oceans")
    assert len(s.hands[0]) == 1


def test_evolutionist_evolutions_are_worth_3():
    s = new_game()
    character(s, 0, "Evolutionist")
    s.evolutions[0] = [card(s, "Oceans")]
    assert R.points(s, 0) == 3


def test_salvager_takes_3_ue_when_a_machine_of_theirs_is_destroyed():
    s = new_game()
    character(s, 1, "Salvager")
    owns(s, 1, "Gene Loom")
    R.destroy_machine(s, 1, machine(s, "Gene Loom"))
    assert s.ue[1] == 8


def test_warlord_passes_the_first_trap_of_each_turn_as_a_decoy():
    s = turn(new_game())
    character(s, 0, "Warlord")
    hand(s, 0, "Void Leech")
    s.under[1][0] = card(s, "Pit Trap")
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert s.ue[1] == 3


def test_everyone_sees_that_the_warlord_has_used_its_power_this_turn():
    s = turn(new_game())
    character(s, 0, "Warlord")
    hand(s, 0, "Void Leech")
    s.under[1][0] = card(s, "Pit Trap")
    assert not s.view(2)["power_used"]
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert [s.view(seat)["power_used"] for seat in (None, 0, 1, 2)] == [True] * 4


def test_without_the_characters_option_no_one_has_a_power():
    s = new_game(characters=False)
    assert [p["character"] for p in s.view(None)["players"]] == [None, None, None]
