"""Every game passes the conformance kit, for every player count and many seeds."""

from __future__ import annotations

import pytest
from conformance import check_determinized_playout, check_game
from toygame import GAME as TOY

import boardwright as bw

GAMES = [bw.load(game_id) for game_id in bw.games()] + [TOY]
SEEDS = range(6)

CASES = [
    pytest.param(game, players, seed, id=f"{game.id}-{players}p-seed{seed}")
    for game in GAMES
    for players in range(game.min_players, game.max_players + 1)
    for seed in SEEDS
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_random_game_keeps_the_contract(game, players, seed):
    report = check_game(game, players, seed)
    assert report.steps > 0
    assert report.seats_acted == set(range(players)), "every seat takes part"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_hidden_information_is_really_resampled(game):
    resampled = False
    for seed in range(3):
        resampled |= check_game(game, game.min_players, 100 + seed).resampled
    assert resampled, "determinize changed nothing a seat cannot see in three whole games"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinized_state_plays_to_the_end(game):
    for seed in range(3):
        check_determinized_playout(game, game.max_players, seed)
