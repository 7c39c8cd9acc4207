"""Buying Phase: sealed bids, ties, doors (rulebook "Buying Phase"; RULINGS U2, U3)."""

from __future__ import annotations

import pytest
from mou_helpers import bidding, card, hand, legal, machine, new_game, play

from boardwright.engine import IllegalAction
from boardwright.games.makers_of_universe import rules as R


def test_every_player_bids_at_once():
    s = bidding(new_game())
    assert s.to_act == (0, 1, 2)


def test_the_highest_bid_takes_the_machine_and_pays_the_bank():
    s = bidding(new_game(), "Nebula Still")
    bank = s.bank
    play(s, (0, "bid 3"), (1, "bid 1"), (2, "bid 0"))
    assert (s.machines[0], s.ue[0], s.bank) == ([machine(s, "Nebula Still")], 2, bank + 3)


def test_the_other_bids_return_to_their_owners():
    s = bidding(new_game(), "Tide Engine")
    play(s, (0, "bid 3"), (1, "bid 2"), (2, "bid 1"))
    assert (s.ue[1], s.ue[2]) == (5, 5)


def test_a_bid_stays_hidden_from_the_others_until_all_have_bid():
    s = bidding(new_game())
    play(s, (0, "bid 4"))
    seen_by_1 = (s.view(1).get("your_choice"), s.history(1)[-1][1])
    assert seen_by_1 == (None, "commits a sealed choice")


def test_a_determinized_view_resamples_the_hidden_bids_of_others():
    s = bidding(new_game())
    play(s, (0, "bid 4"))
    samples = set()
    for seed in range(12):
        sample = s.determinize(1, seed)
        for seat in (1, 2):
            sample.apply(seat, "bid 5")
        samples.add(tuple(sample.last_bids))
    assert len(samples) > 1


def test_a_bid_is_at_most_the_ue_you_hold():
    s = bidding(new_game())
    with pytest.raises(IllegalAction) as error:
        s.apply(0, "bid 6")
    assert error.value.rule == "Buying Phase"


def test_tied_highest_bidders_bid_again_between_themselves():
    s = bidding(new_game())
    play(s, (0, "bid 2"), (1, "bid 2"), (2, "bid 1"))
    assert (s.to_act, s.bid_round) == ((0, 1), 1)


def test_after_the_third_tied_rebid_the_sale_is_cancelled_and_the_machine_goes_under_the_pile():
    s = bidding(new_game(), "Gene Loom")
    play(s, (0, "bid 2"), (1, "bid 2"), (2, "bid 1"))
    for _ in range(3):
        play(s, (0, "bid 1"), (1, "bid 1"))
    assert (s.pile[-1], s.machines[0], s.machines[1]) == (machine(s, "Gene Loom"), [], [])


def test_a_tie_broken_in_a_rebid_sells_the_machine():
    s = bidding(new_game(), "Gene Loom")
    play(s, (0, "bid 2"), (1, "bid 2"), (2, "bid 1"), (0, "bid 3"), (1, "bid 1"))
    assert s.machines[0] == [machine(s, "Gene Loom")]


def test_when_the_highest_bid_is_0_there_is_no_sale():
    s = bidding(new_game(), "Gene Loom")
    play(s, (0, "bid 0"), (1, "bid 0"), (2, "bid 0"))
    assert s.pile[-1] == machine(s, "Gene Loom") and s.view(None)["pile_bottom"] == ["Gene Loom"]


def test_the_buyer_chooses_which_inactive_doors_to_activate():
    s = bidding(new_game(), "Tide Engine")
    play(s, (0, "bid 1"), (1, "bid 0"), (2, "bid 0"))
    assert legal(s, 0) == ["activate door 2", "activate door 3"]


def test_the_machine_is_placed_once_the_doors_are_active():
    s = bidding(new_game(), "Tide Engine")
    play(s, (0, "bid 1"), (1, "bid 0"), (2, "bid 0"), (0, "activate door 3"))
    assert (s.open_[0], s.machines[0]) == ([True, False, True], [machine(s, "Tide Engine")])


def test_with_fewer_inactive_doors_than_required_all_of_them_turn_active():
    s = bidding(new_game(), "Palace")
    play(s, (0, "bid 1"), (1, "bid 0"), (2, "bid 0"))
    assert s.open_[0] == [True, True, True]


def test_two_machines_are_auctioned_then_the_action_phase_begins():
    s = bidding(new_game())
    play(s, (0, "bid 0"), (1, "bid 0"), (2, "bid 0"))
    s.hands = [[], [], []]
    play(s, (0, "bid 0"), (1, "bid 0"), (2, "bid 0"))
    assert (s.phase, s.to_act) == (R.P_DRAW, (0,))


def test_an_empty_machine_pile_holds_no_auction():
    s = new_game()
    s.pile = []
    s.hands = [[], [], []]
    R.start_round(s)
    assert s.phase == R.P_DRAW


def test_a_revealed_machine_opens_a_reaction_window_before_the_bids():
    s = new_game()
    s.hands = [[], [card(s, "Windfall")], []]
    s._sealed = None
    R.next_auction(s)
    assert (s.phase, s.to_act) == (R.P_WINDOW, (1,))


def test_each_auction_is_followed_by_a_reaction_window():
    s = bidding(new_game())
    hand(s, 2, "Windfall")
    play(s, (0, "bid 0"), (1, "bid 0"), (2, "bid 0"))
    assert (s.phase, s.win_kind) == (R.P_WINDOW, R.W_AUCTION)
