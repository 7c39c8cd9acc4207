"""The heuristic bot manages its Universe Energy at auctions."""

from __future__ import annotations

from mou_helpers import bidding, new_game, owns

from boardwright.games.makers_of_universe.bot import HeuristicBot


def bid_of(s, seat: int = 0, seed: int = 0) -> int:
    s.forget_legal()
    return HeuristicBot(seed=seed).choose(s, seat).args[0]


def test_it_does_not_spend_all_its_ue_on_a_one_point_machine_early():
    s = bidding(new_game(), "Tide Engine")
    s.round = 2
    assert all(bid_of(s, seed=k) <= 2 for k in range(6))


def test_it_contests_the_palace_by_outbidding_every_rival_it_can():
    """Seat 0 holds 7 UE; seats 1 and 2 hold 3 and 0: a bid of 4 beats them all, and it bids it."""
    s = bidding(new_game(), "Palace")
    s.round = 3
    s.ue = [7, 3, 0]
    assert all(bid_of(s, seed=k) == 4 for k in range(6))


def test_it_never_lets_the_palace_go_for_one_ue_while_it_can_bid_more():
    s = bidding(new_game(), "Palace")
    s.round = 4
    s.ue = [3, 1, 1]
    owns(s, 1, "Star Forge", "Gene Loom")
    assert all(bid_of(s, seed=k) == 2 for k in range(6))


def test_in_the_last_round_it_spends_what_it_needs_to_win_the_points():
    s = bidding(new_game(max_rounds=5), "Gene Loom")
    s.round = 5
    s.ue = [9, 6, 2]
    assert all(bid_of(s, seed=k) == 7 for k in range(6))


def test_it_bids_nothing_on_a_machine_worth_nothing_to_anyone():
    s = bidding(new_game(), "Dust Mill")
    assert bid_of(s) == 0
