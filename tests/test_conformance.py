"""Every game passes the conformance kit, for every player count.

The fast suite plays three random games per game and player count with twenty deeply checked
states each (and three undo checks); the slow sweep (``pytest -m slow``) plays eight seeds more
per case and checks one state in four (and twelve undo checks). The hint's check runs at two
states of each game in the fast suite and eight in the slow sweep; the sealed decisions' search
check at the first two deep states at a sealed decision, wherever a game has them. At every checked
state every seat's fast observation (written from the state) is compared with its view's; where a
game writes it as changes (The Game Makers), the acting seat's is followed through every step and
compared with the whole one."""

from __future__ import annotations

import pytest
from conformance import check_determinized_playout, check_game
from toygame import GAME as TOY

import boardwright as bw

GAMES = [bw.load(game_id) for game_id in bw.games()] + [TOY]


def cases(seeds: range) -> list:
    return [pytest.param(game, players, seed, id=f"{game.id}-{players}p-seed{seed}")
            for game in GAMES
            for players in range(game.min_players, game.max_players + 1)
            for seed in seeds]


def keeps_the_contract(game, players, seed, **sampling) -> None:
    report = check_game(game, players, seed, **sampling)
    assert report.steps > 0 and report.states_checked > 2
    assert report.seats_acted == set(range(players)), "every seat takes part"
    assert report.canonical_pairs > 0
    if game is not TOY:  # every game of ours writes its observations straight from its state too
        assert report.observations_checked == report.states_checked, (
            "the fast observation was compared with the view's at every checked state")
    if game.id == "the-game-makers":  # its observation is written as changes: followed every step
        assert report.tracked_checked >= report.steps, "the tracked observation was checked at every step"
    assert report.hints_checked > 0, "the hint was checked against determinizations"
    assert report.hidden_seen, (
        "no determinization changed what the seat cannot see (another seat's hand or face-down "
        "pieces; in solo, the hidden order of the draw piles)")


@pytest.mark.parametrize(("game", "players", "seed"), cases(range(3)))
def test_random_game_keeps_the_contract(game, players, seed):
    keeps_the_contract(game, players, seed, checks=20)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "seed"), cases(range(3, 11)))
def test_random_game_keeps_the_contract_at_every_fourth_state(game, players, seed):
    keeps_the_contract(game, players, seed, every=4, undos=12, hints=8)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinized_state_plays_to_the_end(game):
    for seed in range(3):
        check_determinized_playout(game, game.max_players, seed)


@pytest.mark.parametrize(("game", "players"), [(bw.load("makers-of-universe"), 3), (TOY, 3)],
                         ids=["makers-of-universe", "sealed-sums"])
def test_the_kit_checks_the_search_at_sealed_decisions(game, players):
    """Games that decide in sealed rounds get the check that deciding second gains nothing."""
    assert check_game(game, players, 0, checks=20).sealed_checked > 0
