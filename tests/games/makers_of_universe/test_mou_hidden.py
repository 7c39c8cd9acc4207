"""Hidden information shared by some seats only: a card taken from your hand, and what a reaction
window shows (RULINGS U6: only a player holding a playable Action card is asked)."""

from __future__ import annotations

from collections import Counter

from mou_helpers import card, hand, new_game, play, turn

from boardwright.engine import Stream
from boardwright.games.makers_of_universe import rules as R


def pickpocketed() -> object:
    """Seat 0's Pickpocket Imp got into seat 1's world and took its only card, Oceans."""
    s = turn(new_game())
    hand(s, 0, "Pickpocket Imp")
    hand(s, 1, "Oceans")
    play(s, "send Pickpocket Imp", "attack seat 1 door 1")
    return s


def test_the_victim_of_a_pickpocket_knows_which_card_the_thief_now_holds():
    s = pickpocketed()
    assert s.view(1)["players"][0]["known_to_you"] == ["Oceans"]


def test_no_one_else_learns_which_card_the_pickpocket_took():
    s = pickpocketed()
    assert (s.view(2)["players"][0]["known_to_you"], s.view(None)["players"][0]["known_to_you"]) == ([], [])


def test_determinize_keeps_the_card_a_seat_saw_taken_from_its_hand():
    s = pickpocketed()
    assert all(card(s, "Oceans") in s.determinize(1, seed).hands[0] for seed in range(10))


def ending_turn(seat1: str, seat2: str) -> object:
    """Seat 0 ends its turn; seats 1 and 2 hold one card each."""
    s = turn(new_game(seed=5))
    hand(s, 0, "Oceans", "Mountains")
    hand(s, 1, seat1)
    hand(s, 2, seat2)
    play(s, "end turn")
    return s


def test_a_seat_asked_in_a_reaction_window_holds_a_playable_action_card_in_every_determinization():
    s = ending_turn("Windfall", "Oceans")
    assert s.to_act == (1,)
    assert all(R.can_react(s.determinize(0, seed), 1) for seed in range(20))


def test_a_seat_that_passed_in_the_window_still_holds_a_playable_action_card_when_determinized():
    s = ending_turn("Windfall", "Windfall")
    play(s, (1, "pass"))
    assert s.view(0)["window_passed"] == [1]
    assert all(R.can_react(s.determinize(0, seed), 1) for seed in range(20))


def test_a_seat_the_window_skipped_holds_no_playable_action_card_when_determinized():
    s = ending_turn("Oceans", "Windfall")
    assert s.to_act == (2,)
    assert not any(R.can_react(s.determinize(0, seed), 1) for seed in range(20))


def test_a_reopened_window_that_passes_over_the_active_player_shows_it_holds_no_playable_card():
    s = ending_turn("Windfall", "Windfall")
    play(s, (1, "play Windfall"))       # the window reopens and asks from seat 0, who cannot react
    assert s.to_act == (2,)
    assert not any(R.can_react(s.determinize(1, seed), 0) for seed in range(20))


def test_determinize_does_not_reveal_who_else_the_window_will_ask():
    s = ending_turn("Windfall", "Windfall")
    queues = set()
    for seed in range(20):
        d = s.determinize(0, seed)
        assert d.win_queue == [1] + ([2] if R.can_react(d, 2) else [])
        queues.add(tuple(d.win_queue))
    assert queues == {(1,), (1, 2)}


def test_cards_known_to_be_in_a_hand_are_always_really_there():
    rng = Stream(9)
    for seed in range(6):
        s = new_game(players=3 + seed % 3, seed=seed, characters=True)
        while not s.is_over:
            seat = s.to_act[rng.below(len(s.to_act))]
            actions = s.legal_actions(seat)
            s.apply(seat, actions[rng.below(len(actions))])
            for viewer in range(s.players):
                for p in range(s.players):
                    if p != viewer:
                        assert not Counter(s.known[p] + s.seen[viewer][p]) - Counter(s.hands[p])


def test_a_player_asked_where_its_android_places_an_evolution_holds_one_that_fits_when_determinized():
    s = turn(new_game(seed=2))
    hand(s, 0, "Scientist Android", "Oceans", "Pit Trap", "Pit Trap")
    s.machines[1] = [s.c.machine_named("Tide Engine").id]
    play(s, "send Scientist Android", "attack seat 1 door 1")
    assert s.phase == R.P_CHOOSE
    assert all(card(s, "Oceans") in s.determinize(2, seed).hands[0] for seed in range(20))


def test_the_board_shows_the_victim_which_card_the_pickpocket_holds():
    from mou_helpers import GAME
    s = pickpocketed()
    assert "known in hand: Oceans" in GAME.render(s.view(1))


def test_every_seat_the_window_asked_holds_a_playable_card_even_when_few_are_left():
    s = turn(new_game())
    hand(s, 0, "Void Leech", "Windfall", *["Pit Trap"] * 5)
    hand(s, 1, "Portal Collapse")
    s.deck = [card(s, "Oceans")] * 10
    play(s, "send Void Leech", "attack seat 1 door 1", (0, "pass"))
    assert s.to_act == (1,)
    samples = [s.determinize(2, seed) for seed in range(30)]
    assert all(R.can_react(d, 0) and R.can_react(d, 1) for d in samples)
