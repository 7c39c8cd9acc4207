"""End of Game (rulebook "End of Game"; RULINGS U10) and the round-limit option."""

from __future__ import annotations

from mou_helpers import bidding, finish_turn, hand, new_game, owns, play, turn

from boardwright.games.makers_of_universe import rules as R


def last_turn_of_round(s):
    turn(s, 0)
    s.pawn = 1
    s.turn_no = 2
    return s


def test_reaching_the_target_mid_round_does_not_end_the_game_before_the_round_ends():
    s = turn(new_game(), 0)
    owns(s, 0, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 0)
    finish_turn(s)
    assert not s.is_over


def test_at_the_end_of_the_round_a_player_at_the_target_wins():
    s = last_turn_of_round(new_game())
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    finish_turn(s)
    assert s.winners() == [2]


def test_several_at_the_target_the_most_points_wins():
    s = last_turn_of_round(new_game())
    owns(s, 1, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge", "Tide Engine")
    finish_turn(s)
    assert s.winners() == [2]


def test_a_tie_on_points_goes_to_the_earlier_seat_in_the_order_of_the_turn_from_the_pawn():
    s = last_turn_of_round(new_game())      # seat 1 holds the pawn: the order is 1, 2, 0
    owns(s, 0, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 0)                     # seat 0 reached 11 first (say, at an auction) ...
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 2)                     # ... seat 2 later, but it comes before seat 0
    finish_turn(s)
    assert s.winners() == [2]


def test_in_the_same_turn_a_tie_goes_to_the_earlier_seat_in_its_order_not_the_earlier_purchase():
    """Round 1, seat 0 holds the pawn. In auction 1 seat 1 buys a Star Forge and reaches 11 points;
    later, in its own turn, seat 0 places Oceans and reaches 11 too. Both reached the target in the
    same turn (the round), where seat 0 comes first: seat 0 wins (U10)."""
    s = bidding(new_game(), "Star Forge")
    owns(s, 0, "Palace", "Nebula Still", "Tide Engine", "Star Forge")
    owns(s, 1, "Palace", "Nebula Still", "Life Crucible")
    hand(s, 0, "Oceans")
    play(s, (0, "bid 0"), (1, "bid 3"), (2, "bid 0"))     # seat 1: 9 + 2 = 11
    play(s, (0, "bid 0"), (1, "bid 0"), (2, "bid 0"))     # auction 2: no sale
    play(s, "draw 2 UE", "evolve Oceans")                # seat 0: 9 + 2 = 11
    finish_turn(s)
    play(s, "draw 2 UE")
    finish_turn(s)
    play(s, "draw 2 UE")
    finish_turn(s)                                       # the end of the round: the win check
    assert s.winners() == [0]


def test_falling_below_the_target_forgets_when_it_was_reached():
    s = new_game()
    owns(s, 1, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    R.note_points(s, 1)
    R.destroy_machine(s, 1, s.machines[1][-1])
    assert s.reached[1] == -1


def test_creation_points_are_whole_numbers():
    s = last_turn_of_round(new_game())
    owns(s, 2, "Palace", "Nebula Still", "Life Crucible", "Star Forge")
    finish_turn(s)
    assert [type(x) for x in s.scores()] == [int, int, int]


def test_the_game_ends_after_the_round_limit_with_the_most_points_winning():
    s = last_turn_of_round(new_game(max_rounds=2))
    owns(s, 1, "Tide Engine")
    finish_turn(s)
    assert s.winners() == [1]


def test_an_evolution_placed_in_the_last_turn_counts_at_the_end_of_the_round():
    s = last_turn_of_round(new_game())
    owns(s, 0, "Palace", "Nebula Still", "Life Crucible", "Tide Engine")
    hand(s, 0, "Oceans")
    play(s, "evolve Oceans")
    finish_turn(s)
    assert s.winners() == [0]


def test_random_games_end():
    from boardwright.engine import Stream
    rng = Stream(5)
    lengths = []
    for seed in range(6):
        s = new_game(players=3 + seed % 3, seed=seed, characters=True)
        while not s.is_over:
            seat = s.to_act[rng.below(len(s.to_act))]
            actions = s.legal_actions(seat)
            s.apply(seat, actions[rng.below(len(actions))])
        lengths.append(s.round)
    assert max(lengths) <= 30


def test_ue_tokens_and_cards_are_never_created_or_lost():
    from boardwright.engine import Stream
    rng = Stream(9)
    s = new_game(players=4, seed=4, characters=True)
    while not s.is_over:
        seat = s.to_act[rng.below(len(s.to_act))]
        actions = s.legal_actions(seat)
        s.apply(seat, actions[rng.below(len(actions))])
        pending = [s.att_card] if s.att_card >= 0 else []
        cards = (len(s.deck) + len(s.discards) + sum(map(len, s.hands)) + sum(map(len, s.defenders))
                 + sum(map(len, s.evolutions)) + sum(k >= 0 for u in s.under for k in u) + len(pending))
        assert (sum(s.ue) + s.bank, cards) == (30, 67)
