"""The heuristic bot beats the random bot in at least 80% of 2-player games."""

from __future__ import annotations

import boardwright as bw
from boardwright import agents

GAMES = 40


def play_out(seed: int, bot_seat: int) -> list[int]:
    game = bw.load("the-game-makers")
    seats = [agents.make("heuristic", seed=seed) if s == bot_seat else agents.make("random", seed=seed)
             for s in range(2)]
    state = game.new(players=2, seed=5000 + seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, seats[seat].choose(state, seat))
    return state.winners()


def test_heuristic_bot_beats_random_in_at_least_80_percent_of_two_player_games():
    wins = sum(play_out(seed, seed % 2) == [seed % 2] for seed in range(GAMES))
    assert wins >= 0.8 * GAMES


def test_heuristic_bot_finishes_a_solo_game():
    game = bw.load("the-game-makers")
    bot = agents.make("heuristic", seed=3)
    state = game.new(players=1, seed=3)
    while not state.is_over:
        state.apply(0, bot.choose(state, 0))
    assert state.turn < 80
