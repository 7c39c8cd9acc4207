"""The balance lab's batch runner and statistics, and ``boardwright simulate``."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
import toygame  # noqa: F401  (registers "sealed-sums")

import boardwright as bw
from boardwright import agents
from boardwright.agents import Agent
from boardwright.cli import main
from boardwright.sim import (
    GameResult,
    SimulationError,
    agent_seed,
    game_seed,
    play_game,
    run_games,
    summarize,
    wilson_interval,
)
from boardwright.sim.runner import GameTask

SEATS = ["random", "random", "random"]


def result(winners: tuple[int, ...], scores: tuple[float, ...] = (1.0, 1.0, 0.0)) -> GameResult:
    return GameResult(0, 1, tuple(SEATS), scores, winners, decisions=10, seat_decisions=(4, 3, 3))


# ---------------------------------------------------------------------------- statistics
@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_interval_known_values(wins, games, low, high):
    assert wilson_interval(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_without_games_is_uninformative():
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_shared_win_counts_one_over_k_for_each_winner():
    summary = summarize([result((0, 1)), result((2,))])
    assert [s.wins for s in summary.seats] == [0.5, 0.5, 1.0]


def test_win_rates_of_a_batch_add_up_to_one():
    results = run_games("sealed-sums", SEATS, n=30, seed=2)
    assert sum(s.win_rate for s in summarize(results).seats) == pytest.approx(1.0)


def test_summary_reports_mean_score_and_length():
    summary = summarize([result((0,), (4.0, 2.0, 0.0)), result((1,), (2.0, 6.0, 1.0))])
    assert [s.mean_score for s in summary.seats] == [3.0, 4.0, 0.5]
    assert summary.mean_length == 10 and summary.seats[0].mean_decisions == 4


def test_an_agent_in_several_seats_is_summarised_over_its_seat_games():
    summary = summarize([result((2,))])
    assert [(a.agent, a.games, a.wins) for a in summary.agents] == [("random", 3, 1.0)]


# ---------------------------------------------------------------------------- the runner
def test_a_game_result_is_the_game_its_seed_plays():
    task = GameTask(0, "sealed-sums", ("random", "random"), seed=99)
    state = bw.load("sealed-sums").new(players=2, seed=99)
    bots = [agents.make("random", seed=agent_seed(99, seat)) for seat in range(2)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state, seat))
    played = play_game(task)
    assert (played.scores, played.winners, played.decisions) == (
        tuple(state.scores()), tuple(state.winners()), len(state.log))


def test_game_seeds_come_from_the_base_seed_and_the_index():
    results = run_games("sealed-sums", SEATS, n=3, seed=5)
    assert [r.seed for r in results] == [game_seed(5, i) for i in range(3)]


def test_a_batch_is_reproducible_from_its_seed_whatever_the_jobs():
    alone = run_games("sealed-sums", SEATS, n=40, seed=11, jobs=1)
    pooled = run_games("sealed-sums", SEATS, n=40, seed=11, jobs=2)
    assert alone == pooled


def test_another_seed_plays_other_games():
    assert run_games("sealed-sums", SEATS, n=10, seed=1) != run_games("sealed-sums", SEATS, n=10, seed=2)


def test_any_executor_can_play_the_batch():
    with ThreadPoolExecutor(max_workers=2) as executor:
        threaded = run_games("sealed-sums", SEATS, n=20, seed=3, executor=executor)
    assert threaded == run_games("sealed-sums", SEATS, n=20, seed=3)


def test_progress_is_reported_for_every_game():
    done: list[int] = []
    run_games("sealed-sums", SEATS, n=57, seed=1, progress=done.append)
    assert sum(done) == 57


def test_players_must_match_the_seats():
    with pytest.raises(ValueError, match="2 seats given for 3 players"):
        run_games("sealed-sums", ["random", "random"], n=1, players=3)


class Broken(Agent):
    name = "broken"

    def choose(self, state, seat):
        raise RuntimeError("no idea")


def test_a_failing_game_is_reported_with_its_index_and_seed(monkeypatch):
    monkeypatch.setitem(agents.AGENTS, "broken", Broken)
    with pytest.raises(SimulationError, match=rf"game 0 \(seed {game_seed(4, 0)}, .*no idea"):
        run_games("sealed-sums", ["random", "broken"], n=3, seed=4)


@pytest.mark.parametrize("game_id", bw.games())
def test_a_registered_game_plays_a_small_batch(game_id):
    game = bw.load(game_id)
    results = run_games(game_id, ["random"] * game.min_players, n=2, seed=1)
    assert all(r.decisions > 0 and r.winners for r in results)


# ---------------------------------------------------------------------------- the command
def simulate_json(capsys, *extra: str) -> dict:
    code = main(["simulate", "sealed-sums", "-n", "20", "--seats", "random,random", "--json", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_simulate_json_is_a_well_formed_report(capsys):
    report = simulate_json(capsys, "--seed", "7")
    assert (report["game"], report["players"], report["seed"], report["games"]) == ("sealed-sums", 2, 7, 20)
    assert report["options"] == {"unused": 0}
    for seat, row in enumerate(report["seats"]):
        assert row["seat"] == seat and row["agent"] == "random" and row["games"] == 20
        low, high = row["win_ci95"]
        assert low <= row["win_rate"] <= high
        assert row["win_rate"] == row["wins"] / 20
    assert sum(row["wins"] for row in report["seats"]) == pytest.approx(20)
    assert report["mean_length"] > 0


def test_simulate_is_reproducible_from_its_seed_whatever_the_jobs(capsys):
    alone = simulate_json(capsys, "--seed", "3", "--jobs", "1")
    assert alone == simulate_json(capsys, "--seed", "3", "--jobs", "2")


def test_simulate_prints_a_table_for_people(capsys):
    code = main(["simulate", "sealed-sums", "-n", "10", "--seats", "random,random,random"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "win %" in out and "95% CI" in out and "per agent" in out and "10 games" in out


def test_simulate_reports_a_failing_game_in_one_line(capsys, monkeypatch):
    monkeypatch.setitem(agents.AGENTS, "broken", Broken)
    code = main(["simulate", "sealed-sums", "-n", "5", "--seats", "random,broken"])
    _, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1 and "no idea" in err


def test_the_core_and_the_lab_run_without_importing_rich():
    code = ("import sys, boardwright, boardwright.sim, boardwright.agents; "
            "boardwright.sim.run_games('gadgeteers', ['random', 'random'], n=1) if 'gadgeteers' in "
            "boardwright.games() else None; print('rich' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr


@pytest.mark.parametrize("command", [["simulate", "sealed-sums", "--seats", "random,random"],
                                     ["tournament", "sealed-sums", "--seats", "random,random"]])
@pytest.mark.parametrize(("extra", "message"), [
    (["-n", "0"], "-n must be at least 1, not 0"),
    (["-n", "1000001"], "at most 1,000,000 games, not 1,000,001"),
    (["--jobs", "0"], "--jobs is 1 to"),
    (["--jobs", "100000"], "--jobs is 1 to"),
])
def test_a_batch_refuses_counts_out_of_range_in_one_line(capsys, command, extra, message):
    assert main([*command, *extra]) == 2
    out, err = capsys.readouterr()
    assert not out and len(err.strip().splitlines()) == 1 and message in err, err
