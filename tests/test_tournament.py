"""Tournaments: every seating evenly, seeds, standings, ratings, reports, workers and the CLI."""

from __future__ import annotations

import json
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
import toygame  # noqa: F401  (registers the test game "sealed-sums")

from boardwright.sim.runner import GameResult
from boardwright.sim.tournament import (
    Tournament,
    lineups,
    rank_seats,
    run_tournament,
    standings,
    tournament_tasks,
)

TOY = "sealed-sums"
FAST = "ismcts:iterations=20"


def test_as_many_agents_as_seats_play_every_permutation():
    assert sorted(lineups(["a", "b", "c"], 3)) == [
        ("a", "b", "c"), ("a", "c", "b"), ("b", "a", "c"), ("b", "c", "a"), ("c", "a", "b"), ("c", "b", "a")]


def test_more_agents_than_seats_play_every_ordered_choice():
    assert len(lineups(["a", "b", "c", "d"], 2)) == 12


def test_fewer_agents_than_seats_are_repeated_and_each_distinct_seating_played():
    assert sorted(lineups(["ismcts", "heuristic", "heuristic"], 3)) == [
        ("heuristic", "heuristic", "ismcts"), ("heuristic", "ismcts", "heuristic"),
        ("ismcts", "heuristic", "heuristic")]


def test_games_rotate_evenly_over_every_seating():
    seatings, tasks = tournament_tasks(TOY, ["random", FAST, "ismcts:iterations=5"], 18, 3, seed=4)
    assert Counter(task.seats for task in tasks) == dict.fromkeys(seatings, 3)


def test_each_agent_holds_each_seat_equally_often():
    _, tasks = tournament_tasks(TOY, ["x", "y", "z"], 12, 3)
    by_seat = Counter((seat, agent) for task in tasks for seat, agent in enumerate(task.seats))
    assert set(by_seat.values()) == {4}


def test_every_game_has_its_own_seed_from_the_tournament_seed():
    _, tasks = tournament_tasks(TOY, ["a", "b"], 50, 2, seed=9)
    _, again = tournament_tasks(TOY, ["a", "b"], 50, 2, seed=9)
    assert len({task.seed for task in tasks}) == 50 and tasks == again


def test_winners_rank_first_and_equal_seats_share_a_place():
    assert rank_seats([5, 9, 9, 2], [1, 2]) == [3, 1, 1, 4]


@pytest.fixture(scope="module")
def small():
    return run_tournament(TOY, [FAST, "random"], 16, seed=3)


def test_standings_count_seat_games_and_shares_of_wins(small):
    assert [s.games for s in small.standings] == [16, 16]
    assert sum(s.wins for s in small.standings) == pytest.approx(16)


def test_the_stronger_agent_is_rated_first(small):
    assert small.standings[0].agent == FAST


def test_every_standing_carries_an_interval_around_its_win_rate(small):
    assert all(s.win_ci95[0] <= s.win_rate <= s.win_ci95[1] for s in small.standings)


def test_mean_ranks_lie_between_first_and_last(small):
    assert all(1 <= s.mean_rank <= 2 for s in small.standings)


def test_a_tournament_is_reproducible_from_its_seed_whatever_the_workers(small):
    with ThreadPoolExecutor(max_workers=2) as pool:
        again = run_tournament(TOY, [FAST, "random"], 16, seed=3, executor=pool)
    assert again.as_json() == small.as_json()


def test_the_json_report_is_plain_json_with_every_seating(small):
    report = json.loads(json.dumps(small.as_json()))
    assert ([entry["games"] for entry in report["lineups"]], len(report["results"])) == ([8, 8], 16)


def test_the_table_names_every_agent(small):
    table = small.table()
    assert FAST in table and "random" in table and "95% interval" in table


def test_progress_reaches_the_number_of_games():
    seen = []
    run_tournament(TOY, ["random", "random:seed=1"], 6, seed=1,
                   progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (6, 6)


def test_worker_processes_play_the_same_tournament():
    quick = run_tournament(TOY, ["random", FAST], 4, seed=2)
    pooled = run_tournament(TOY, ["random", FAST], 4, seed=2, jobs=2, module="toygame")
    assert pooled.as_json() == quick.as_json()


def test_solo_games_rank_agents_by_win_rate_and_leave_ratings_alone():
    solo = Tournament(TOY, 1, 0, {}, ["a", "b"], [("a",), ("b",)], [], [])
    results = [GameResult(i, i, (agent,), (1.0,), (0,) if agent == "b" else (), 1, (1,))
               for i, agent in enumerate("abab")]
    solo.standings = standings(["a", "b"], results)
    assert [(s.agent, s.win_rate, s.rating_mu) for s in solo.standings] == [("b", 1.0, 25.0), ("a", 0.0, 25.0)]


def test_an_unknown_agent_is_refused_before_any_game():
    with pytest.raises(ValueError, match="no agent 'wizard'"):
        run_tournament(TOY, ["random", "wizard"], 4)


def test_an_unknown_agent_is_refused_even_when_it_sits_out_the_first_seating():
    with pytest.raises(ValueError, match="no agent 'wizard'"):
        run_tournament(TOY, ["random", "random:seed=1", "wizard"], 4, players=2)


def test_a_player_count_outside_the_game_is_refused():
    with pytest.raises(ValueError, match="Sealed Sums plays 2–4 players, not 5"):
        run_tournament(TOY, ["random"], 4, players=5)


def test_the_command_prints_json(capsys):
    from boardwright.cli import main

    assert main(["tournament", TOY, "--seats", "random,ismcts:iterations=5,c=1", "-n", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 4


def test_the_boardwright_command_runs_a_tournament(capsys):
    from boardwright.cli import main

    code = main(["tournament", TOY, "--seats", "random,ismcts:iterations=5", "-n", "2", "--seed", "4"])
    assert (code, "ismcts:iterations=5" in capsys.readouterr().out) == (0, True)


def test_the_boardwright_command_refuses_an_unknown_agent_as_a_usage_error(capsys):
    from boardwright.cli import main

    assert main(["tournament", TOY, "--seats", "random,wizard", "-n", "2"]) == 2
