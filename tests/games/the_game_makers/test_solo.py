"""Solo play (RULINGS M12): the game ends as usual, Purple and Red score against one virtual
opponent, and the goal is a score: the ``solo_target`` option, by default the heuristic bot's
median solo score. Our ruling (TGM-23): a solo game that misses its target has no winner,
``winners() == []``; the tools count it as a loss."""

from __future__ import annotations

from boardwright.games.the_game_makers import TheGameMakers
from boardwright.sim import runner, stats
from boardwright.sim.tournament import run_tournament

from .scenario import shelve, table


def test_a_solo_player_reaching_the_target_wins():
    state = table(players=1, solo_target=4)
    shelve(state, 0, 0, score="flat 4")
    state.is_over = True
    assert state.winners() == [0]


def test_a_solo_player_missing_the_target_has_no_winner():
    state = table(players=1, solo_target=5)
    shelve(state, 0, 0, score="flat 4")
    state.is_over = True
    assert state.winners() == []


def test_the_default_target_is_the_heuristic_bots_median_solo_score():
    # M12: a real challenge, measured by benchmarks/solo_target.py (docs/games/the-game-makers.md).
    assert (TheGameMakers().option("solo_target").default, table(players=1).options["solo_target"]) == (63, 63)


def test_a_solo_game_ending_below_the_default_target_has_no_winner():
    state = table(players=1)
    shelve(state, 0, 0, score="flat 62")
    state.is_over = True
    assert state.winners() == []


def test_a_solo_game_reaching_the_default_target_is_won():
    state = table(players=1)
    shelve(state, 0, 0, score="flat 63")
    state.is_over = True
    assert state.winners() == [0]


def test_the_balance_lab_counts_a_missed_target_as_a_loss():
    results = runner.run_games("the-game-makers", ["heuristic"], 2, players=1, seed=3,
                               options={"solo_target": 1000})
    assert stats.summarize(results).seats[0].wins == 0


def test_a_solo_tournament_with_a_missed_target_ranks_by_win_rate_zero():
    result = run_tournament("the-game-makers", ["heuristic"], 2, players=1, seed=3,
                            options={"solo_target": 1000})
    assert result.standings[0].win_rate == 0
