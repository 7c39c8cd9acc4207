"""Stronger players in the balance lab: search seats on every backend, and a report that says who
played (and when their play cannot be reproduced)."""

from __future__ import annotations

import json

import toygame  # noqa: F401  (registers "sealed-sums")

import boardwright as bw
from boardwright import agents
from boardwright.cli import main
from boardwright.sim.lab import Plan, Version, study
from boardwright.sim.lab.backends import RAY_MIN_TASK, ray_chunks, slow_games
from boardwright.sim.lab.players import section
from boardwright.sim.runner import GameTask

SEARCH = "ismcts:iterations=30"


def search_plan(n: int = 8) -> Plan:
    return Plan("sealed-sums", (2, 3), {2: (SEARCH, "random"), 3: (SEARCH,) * 3}, n, 4, (Version("A"),),
                module="toygame")


def without_timing(report: dict) -> dict:
    return json.loads(json.dumps({key: value for key, value in report.items() if key != "timing"}))


def test_a_search_with_iterations_gives_the_same_report_on_one_and_two_jobs():
    one = study(search_plan(), "Sealed Sums", jobs=1)
    two = study(search_plan(), "Sealed Sums", jobs=2)
    assert two["timing"]["jobs"] == 2 and without_timing(one) == without_timing(two)
    assert one["agents"][0] == {"spec": SEARCH, "plays_as": SEARCH, "about": "a search of 30 simulations a move",
                                "seats": {"2": [0], "3": [0, 1, 2]}, "budget": "iterations", "reproducible": True}
    assert one["headline"][-1] == "Played by ismcts:iterations=30: a search of 30 simulations a move; random: " \
                                  "random legal moves."


def test_a_level_is_reported_as_what_it_plays_in_the_game():
    game = bw.load("gadgeteers")
    rows = section({2: ("hard", "heuristic")}, game)
    hard = agents.resolve("hard", game)
    assert hard.startswith("ismcts:iterations=") and ",time=" in hard  # the clock may cut it: not reproducible
    assert rows[0] == {"spec": "hard", "plays_as": hard, "about": agents.levels(game)[2]["about"],
                       "seats": {"2": [0]}, "budget": "time", "reproducible": False}
    assert rows[1]["plays_as"] == "heuristic" and rows[1]["reproducible"]


def test_a_search_on_a_time_budget_plays_and_the_report_says_it_is_not_reproducible(tmp_path, capsys):
    code = main(["balance", "sealed-sums", "-n", "4", "--seats", "ismcts:time=0.002", "--jobs", "2",
                 "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["timing"]["games"] == 4 and [row["reproducible"] for row in report["agents"]] == [False]
    assert report["headline"][-1].startswith("Not reproducible: ismcts:time=0.002 thinks for a set time per move")
    assert report["headline"][-1] in out
    page = (tmp_path / "report.html").read_text()
    assert "<h2>Players</h2>" in page and "no: a time budget" in page


def test_a_study_with_a_search_goes_to_ray_a_game_at_a_time():
    """Hundreds of heuristic games make one Ray task; search games take seconds each, so a few
    dozen must still reach every CPU."""
    searching = [GameTask(i, "sealed-sums", (SEARCH, "random"), i, module="toygame") for i in range(12)]
    bots = [GameTask(i, "sealed-sums", ("random", "random"), i, module="toygame") for i in range(12)]
    assert slow_games(searching) and not slow_games(bots)
    assert not slow_games([GameTask(0, "gadgeteers", ("heuristic", "easy"), 0)])
    assert slow_games([GameTask(0, "gadgeteers", ("heuristic", "hard"), 0)]), "a level that searches"
    assert [len(chunk) for chunk in ray_chunks(searching, 2, smallest=1)] == [2] * 6
    assert [len(chunk) for chunk in ray_chunks(bots, 2)] == [12] and RAY_MIN_TASK > 12


def test_without_rich_the_progress_is_one_line_rewritten_in_place(monkeypatch):
    """(``balance`` runs with the lab extra alone; on a terminal its bar is then plain text.)"""
    import io

    from boardwright.cli.progress import plain_progress

    errors = io.StringIO()
    monkeypatch.setattr("sys.stderr", errors)
    with plain_progress("Gadgeteers balance", 40, "games/s") as advance:
        advance(10)
        advance(15)
    shown = errors.getvalue().split("\r")
    assert shown[1].startswith("Gadgeteers balance: 10/40, ") and shown[1].endswith(" games/s ")
    assert shown[2].startswith("Gadgeteers balance: 25/40, ") and shown[-1] == "\033[K", shown
