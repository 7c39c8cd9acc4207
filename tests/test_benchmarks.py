"""The benchmark scripts still run and print their figures (tiny budgets: these are not timings)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_playouts_prints_decisions_per_second():
    out = run("playouts.py", "--game", "gadgeteers", "--players", "2", "--seconds", "0.2")
    assert "gadgeteers" in out and "decisions/s" in out


@pytest.mark.parametrize("extra", [(), ("--bias", "5")], ids=["unguided", "guided"])
def test_ismcts_prints_iterations_per_second(extra):
    out = run("ismcts.py", "--game", "game-development", "--iterations", "20", "--positions", "2", *extra)
    assert "game-development" in out and "iterations/s" in out


def test_strength_prints_a_win_rate_with_its_interval():
    out = run("strength.py", "--game", "gadgeteers", "--search", "ismcts:iterations=5", "-n", "2")
    assert "win rate" in out and "[95%" in out and "over 2 games" in out


def test_conformance_prints_the_kits_figures():
    out = run("conformance.py", "--game", "makers-of-universe", "--seeds", "1")
    assert "makers-of-universe" in out and "canonical" in out


def test_solo_target_prints_the_median_solo_score():
    out = run("solo_target.py", "--games", "3")
    assert "median" in out and "target (the median to the nearest point)" in out


def test_game_makers_length_prints_turns_per_game():
    out = run("game_makers_length.py", "--random", "2", "--heuristic", "1", "--players", "2")
    assert "ended by a full Display Case" in out and "longest" in out


def test_mou_bot_prints_both_lineups_with_intervals():
    out = run("mou_bot.py", "-n", "3")
    assert "new bot vs 2 old bots" in out and "old bot vs 2 new bots" in out and "[95%" in out


def test_server_load_plays_tables_over_the_real_server_and_prints_its_figures(postgres_db):
    out = run("server_load.py", "--tables", "2", "--games", "game-development", "--players", "2",
              "--duration", "1.5", "--db", postgres_db)
    figures = {line[:21].strip(): line[21:].strip() for line in out.splitlines() if line[:1].isalpha()}
    assert figures["tables"] == "2"
    applied = int(figures["actions applied"].replace(",", ""))
    assert applied > 0, out
    assert figures["errors"] == "0", out
    assert "p50" in figures["action POST latency"] and "p99" in figures["push latency"], out
    assert figures["server CPU"].endswith("per action)"), out


def test_rl_steps_prints_each_interface_against_the_bare_api():
    out = run("rl_steps.py", "--game", "game-development", "--game", "kuhn_poker", "--seconds", "0.1")
    for name in ("bare", "pettingzoo", "gymnasium", "openspiel+obs"):
        assert name in out
    assert "vs bare" in out
    # OpenSpiel's own game through the same loop, then each game's rl_environment reset
    assert re.search(r"kuhn_poker \(OpenSpiel\) +openspiel\+obs +[\d,]+ +-", out), out
    resets = re.findall(r"^(.+?) +(\d+\.\d{3}) ms$", out, re.MULTILINE)
    assert [name.strip() for name, _ in resets] == ["game-development 2p", "kuhn_poker (OpenSpiel)"], out
    assert all(float(ms) > 0 for _, ms in resets)


def test_rl_steps_refuses_an_unknown_game_in_one_line():
    done = subprocess.run([sys.executable, str(BENCHMARKS / "rl_steps.py"), "--game", "no_such_game"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--game: 'no_such_game' is neither a boardwright game nor an OpenSpiel game" in done.stderr


def test_openspiel_ismcts_plays_and_reports_a_game(tmp_path):
    out = run("openspiel_ismcts.py", "--game", "game-development", "--time", "0.01", "--games", "1",
              "--out", str(tmp_path / "r.jsonl"))
    assert "| game-development | 2 | 0.01 s | 1 |" in out


def test_openspiel_ismcts_report_lists_a_stopped_game_apart_from_the_table(tmp_path):
    rows = tmp_path / "r.jsonl"
    played = ('{"game": "gadgeteers", "index": 0, "time": 0.2, "seed": 1, "players": 2, "seat": 0, "share": 1.0, '
              '"decisions": 9, "ours_iterations": 10, "ours_thinking": 1.0, "theirs_iterations": 5, '
              '"theirs_thinking": 1.0}')
    stopped = ('{"game": "gadgeteers", "index": 1, "time": 0.2, "seed": 1, '
               '"error": "Traceback ...\\nIllegalAction: Attacking a World"}')
    rows.write_text(played + "\n" + stopped + "\n")
    out = run("openspiel_ismcts.py", "--report", str(rows))
    assert "| gadgeteers | 2 | 0.2 s | 1 | 100% " in out
    assert "not counted: gadgeteers game 1 at 0.2 s (seed 1) stopped: IllegalAction: Attacking a World" in out
    rows.write_text(played + "\n" + stopped + "\n" + played.replace('"index": 0', '"index": 1') + "\n")
    out = run("openspiel_ismcts.py", "--report", str(rows))
    assert "| gadgeteers | 2 | 0.2 s | 2 | 100% " in out and "not counted" not in out


def test_openspiel_ismcts_plays_again_a_game_that_stopped(tmp_path):
    rows = tmp_path / "r.jsonl"
    rows.write_text('{"game": "game-development", "index": 0, "time": 0.01, "seed": 1, "error": "Traceback"}\n')
    out = run("openspiel_ismcts.py", "--game", "game-development", "--time", "0.01", "--games", "1",
              "--out", str(rows))
    assert "| game-development | 2 | 0.01 s | 1 |" in out and "not counted" not in out


def test_lab_throughput_prints_games_per_second_and_the_scaling():
    out = run("lab_throughput.py", "--game", "game-development", "--players", "2", "-n", "6", "--no-ray")
    assert "process, 1 job:" in out and "process, 2 jobs:" in out and "scaling 1 -> 2 jobs: x" in out


def test_the_openspiel_table_in_the_docs_is_the_report_of_the_results_file():
    results = BENCHMARKS / "results" / "openspiel_ismcts.jsonl"
    table = run("openspiel_ismcts.py", "--report", str(results)).strip()
    assert table.count("\n") > 4, table
    docs = (BENCHMARKS.parent / "docs" / "agents.md").read_text()
    assert table in docs, "docs/agents.md: paste the table that --report prints of " + str(results)


def test_search_cost_prints_the_dearest_costs_and_the_servers_bounds():
    out = run("search_cost.py", "--game", "game-development", "--seconds", "0.05")
    assert "dearest, heuristic rollouts" in out and "at most" in out and "iterations" in out


def test_bot_moves_prints_moves_per_second_as_the_log_grows():
    out = run("bot_moves.py", "--marks", "0,200", "--moves", "5")
    assert out.count("moves/s") == 2


def needs_chromium() -> None:
    """The table benchmarks drive Debian's Chromium: skipped without it (failed under CI)."""
    from services import CHROMIUM, missing

    if not os.access(CHROMIUM, os.X_OK):
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    if importlib.util.find_spec("playwright") is None:
        missing("Playwright is not installed (pip install -e '.[test]')")


@pytest.mark.web
def test_table_clicks_clicks_its_way_through_decisions_and_counts_the_clicks():
    needs_chromium()
    out = run("table_clicks.py", "--game", "gadgeteers", "--players", "2", "--seed", "1", "--limit", "6")
    figures = {line[:24].strip(): line[24:].strip() for line in out.splitlines() if line.startswith("  ")}
    assert figures["decisions"] == "6" and figures["moves"] == "6", out
    assert int(figures["clicks"]) >= 6, out  # at least one click a decision
    assert figures["clicks per decision"].startswith("mean "), out
    assert figures["script errors"] == "0" and figures["refused clicks"] == "0", out
    assert "place" in out  # the Parts Phase's first decisions, by kind


@pytest.mark.web
def test_table_screens_shoots_each_moment_on_desktop_and_phone(tmp_path):
    needs_chromium()
    run("table_screens.py", "--out", str(tmp_path), "--game", "game-development")
    shots = sorted(path.name for path in tmp_path.glob("*.png"))
    assert shots == sorted(f"game-development-{moment}-{viewport}.png" for moment in ("start", "middle", "end")
                           for viewport in ("desktop", "phone"))
    for path in tmp_path.glob("*.png"):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and 10_000 < path.stat().st_size < 600_000, path


@pytest.mark.web
def test_table_redraw_times_the_clicks_near_the_end_of_a_game_makers_game():
    needs_chromium()
    out = run("table_redraw.py", "--players", "2", "--near", "1", "--clicks", "3")
    assert "played to turn" in out and "page opened and drawn" in out, out
    timed = re.search(r"^(\d+) clicks timed \(of (\d+)\); script errors: none$", out, re.MULTILINE)
    assert timed and 1 <= int(timed[1]) <= int(timed[2]) <= 3, out
    for name in ("click to drawn (script done)", "click to drawn (next frame)", "of it, the server's answer",
                 "the page's own part (frame)"):
        line = next((line for line in out.splitlines() if name in line), "")
        assert "median" in line and "p90" in line and "max" in line, out


@pytest.mark.web
@pytest.mark.slow
def test_site_screens_shoots_the_lobby_a_profile_the_leaderboard_and_a_finished_table(tmp_path):
    needs_chromium()
    assert "4 screenshots" in run("site_screens.py", "--out", str(tmp_path))
    shots = sorted(path.name for path in tmp_path.glob("*.png"))
    assert shots == ["finished-table.png", "leaderboard.png", "lobby.png", "profile.png"]
    for path in tmp_path.glob("*.png"):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000, path


def test_levels_prints_each_levels_rating_with_its_interval():
    out = run("levels.py", "--game", "game-development", "--search", "iterations=5", "-n", "4")
    rows = [line for line in out.splitlines() if line.startswith("| Game Development |")]
    assert [row.split("|")[2].strip() for row in rows] == ["`easy`", "`medium`", "`hard:iterations=5`",
                                                           "`expert:iterations=5`"]
    assert all("[" in row and "–" in row for row in rows)


def test_levels_on_a_ladder_meets_only_neighbouring_levels():
    out = run("levels.py", "--ladder", "--game", "gadgeteers", "--search", "iterations=3,depth=5", "--expert",
              "iterations=4", "-n", "6")
    rows = [line.split("|") for line in out.splitlines() if line.startswith("| Gadgeteers |")]
    assert [row[2].strip() for row in rows] == ["`easy`", "`medium`", "`hard:iterations=3,depth=5`",
                                                 "`expert:iterations=3,depth=5,iterations=4`"]
    assert rows[3][3].strip() == "`ismcts:iterations=4,time=2,depth=5`"  # its own cap over the shared one
    # easy meets only medium and expert only hard: a third of the games each; the middle two, two thirds
    assert [int(row[6]) for row in rows] == [2, 4, 4, 2]
    assert "(ladder)" in out


def test_mou_evaluation_measures_the_search_with_ue_and_cards_counted():
    out = run("mou_evaluation.py", "--ue", "0.5", "--hand", "0", "--search", "ismcts:iterations=3,depth=5", "-n", "2")
    assert "evaluation: points + 0.5 x UE + 0 x cards in hand" in out
    assert "makers-of-universe   3p  ismcts:iterations=3,depth=5 vs heuristic: win rate" in out


def test_sealed_prints_how_much_the_order_of_commits_moves_choices_and_wins():
    out = run("sealed.py", "--game", "game-development", "-n", "2", "--positions", "1", "--iterations", "5")
    assert "the choice depends on the order of commits at 0 of" in out
    assert "changes a seat's win share by +0.000 [95% +0.000 – +0.000] over 2 paired" in out


def test_rl_vector_prints_learner_steps_per_second_per_batch_size():
    pytest.importorskip("gymnasium")
    out = run("rl_vector.py", "--game", "game-development", "--envs", "1,2", "--seconds", "0.05")
    assert "| single env | SyncVectorEnv 8 | vector 1 | vector 2 | row by row 64 |" in out
    assert re.search(r"^\| Game Development 2p( \| [\d,]+){5} \|$", out, re.M), out


def test_search_vs_bot_counts_per_phase_how_often_the_search_picks_the_bots_action():
    out = run("search_vs_bot.py", "--game", "makers-of-universe", "--players", "3", "--games", "1",
              "--search", "ismcts:iterations=3,depth=5", "--every", "5")
    counts = [line for line in out.splitlines() if "the search chose the bot's action" in line]
    assert any(line.split()[0] == "bid" for line in counts)
    for line in counts:
        agreed, asked = (int(word) for word in line.split("the bot's action")[1].replace("times", "").split("of"))
        assert 0 <= agreed <= asked and asked > 0
