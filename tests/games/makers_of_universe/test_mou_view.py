"""What each seat sees, determinization, the board and the bot."""

from __future__ import annotations

from mou_helpers import GAME, card, hand, new_game, play, turn
from rich.text import Text

from boardwright import agents


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    s = turn(new_game())
    hand(s, 1, "Oceans")
    view = s.view(0)["players"]
    assert (view[1]["hand"], view[1]["hand_size"]) == (None, 1)


def test_determinize_keeps_what_a_seat_put_under_its_own_doors():
    s = turn(new_game())
    hand(s, 0, "Pit Trap", "Oceans")
    play(s, "trap door 1", "hide Pit Trap")
    assert all(s.determinize(0, seed).under[0][0] == card(s, "Pit Trap") for seed in range(8))


def test_determinize_resamples_what_lies_under_an_opponents_door():
    s = turn(new_game(seed=3))
    s.under[1][0] = card(s, "Pit Trap")
    seen = {s.determinize(0, seed).under[1][0] for seed in range(12)}
    assert len(seen) > 1 and -1 not in seen


def test_a_machine_put_back_under_the_pile_stays_known_at_the_bottom():
    s = new_game()
    s.pile.append(s.c.machine_named("Gene Loom").id)
    s.known_bottom = 1
    assert all(d.pile[-1] == s.pile[-1] for d in (s.determinize(1, seed) for seed in range(6)))


def test_the_board_shows_doors_with_a_card_under_them_and_committed_bids():
    s = new_game(seed=2)
    s.hands = [[], [], []]
    while not s.is_sealed:
        s.apply(s.to_act[0], "pass")
    s.apply(0, "bid 1")
    text = Text.from_markup(GAME.render(s.view(1))).plain
    assert "Seat 0 committed" in text and "On auction" in text


def test_describe_action_explains_an_action_text():
    assert "Ravager Cannon" in GAME.describe_action("fire cannon at seat 1 Gene Loom")


def test_the_heuristic_bot_wins_at_least_half_of_3_player_games_against_two_random_bots():
    wins = 0.0
    games = 90
    for seed in range(games):
        bot_seat = seed % 3
        seats = [agents.make("random", seed=seed * 7 + i) for i in range(3)]
        seats[bot_seat] = agents.make("heuristic", seed=seed)
        s = GAME.new(players=3, seed=5000 + seed)
        while not s.is_over:
            seat = s.to_act[0]
            s.apply(seat, seats[seat].choose(s, seat))
        if bot_seat in s.winners():
            wins += 1 / len(s.winners())
    assert wins / games >= 0.5


def test_a_lasting_trap_seen_under_its_door_stays_known_to_everyone():
    s = turn(new_game())
    hand(s, 0, "Void Leech")
    s.under[1][0] = card(s, "Eternal Maw")
    play(s, "send Void Leech", "attack seat 1 door 1")
    kept = {s.determinize(2, seed).under[1][0] for seed in range(8)}
    assert (s.view(2)["players"][1]["doors"][0]["under"], kept) == ("Eternal Maw", {card(s, "Eternal Maw")})


def test_a_creature_captured_by_a_soul_cage_stays_in_the_trappers_hand_when_determinized():
    s = turn(new_game())
    hand(s, 0, "Void Leech")
    s.under[1][0] = card(s, "Soul Cage")
    play(s, "send Void Leech", "attack seat 1 door 1")
    assert all(card(s, "Void Leech") in s.determinize(0, seed).hands[1] for seed in range(8))


def test_publicly_known_cards_are_always_really_in_that_hand():
    from collections import Counter

    from boardwright.engine import Stream
    rng = Stream(4)
    for seed in range(5):
        s = new_game(players=3 + seed % 3, seed=seed, characters=True)
        while not s.is_over:
            seat = s.to_act[rng.below(len(s.to_act))]
            actions = s.legal_actions(seat)
            s.apply(seat, actions[rng.below(len(actions))])
            assert all(not Counter(s.known[p]) - Counter(s.hands[p]) for p in range(s.players))
