"""The balance lab: ``boardwright balance``, its statistics, backends and reports."""

from __future__ import annotations

import json
import math
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import psutil
import pytest
import toygame  # noqa: F401  (registers "sealed-sums")

import boardwright as bw
from boardwright.cli import UsageError, main, seats_per_count
from boardwright.engine import ItemRule
from boardwright.engine.lab import items_told
from boardwright.sim import play_game
from boardwright.sim.lab import LabGame, Plan, Version, analysis, backends, stats, study
from boardwright.sim.lab.backends import ray_chunks
from boardwright.sim.lab.collect import play_lab_game
from boardwright.sim.runner import GameTask, game_seed

ROOT = Path(__file__).resolve().parents[1]
SECTIONS = ("seat_advantage", "length", "scores", "content", "compare", "timing", "headline", "unfinished")


def balance(*argv: str) -> int:
    return main(["balance", *argv])


def without_timing(path: Path) -> dict:
    report = json.loads(path.read_text(encoding="utf-8"))
    report.pop("timing")
    return report


# ---------------------------------------------------------------------------- statistics
def test_equal_seats_test_is_pearsons_chi_square():
    test = stats.equal_seats_test([40, 30, 30])
    assert test["statistic"] == pytest.approx(2.0)
    assert test["df"] == 2 and test["p_value"] == pytest.approx(math.exp(-1))  # chi2(2) tail is e^(-x/2)
    assert not test["significant"] and not test["approximate"]
    assert stats.equal_seats_test([70, 10, 20])["significant"]
    assert stats.equal_seats_test([5]) is None


def test_benjamini_hochberg_q_values():
    # sorted p 0.01, 0.02, 0.03, 0.5 of 4: min over ranks of p*m/rank -> 0.04, 0.04, 0.04, 0.5
    assert stats.benjamini_hochberg([0.03, None, 0.01, 0.5, 0.02]) == pytest.approx([0.04, None, 0.04, 0.5, 0.04])


def test_paired_difference_interval_and_test():
    result = stats.paired_difference([0, 0, 0, 0], [1, 2, 3, 4])
    # differences 1..4: mean 2.5, sd 1.291, t(3) 97.5% quantile 3.1824
    assert result["diff"] == 2.5
    assert result["ci95"] == pytest.approx([2.5 - 3.1824 * 1.291 / 2, 2.5 + 3.1824 * 1.291 / 2], abs=1e-3)
    assert result["p_value"] < 0.05
    same = stats.paired_difference([1, 2, 3], [1, 2, 3])
    assert same == {"diff": 0.0, "ci95": [0.0, 0.0], "p_value": 1.0, "se": 0.0}


def test_item_effect_against_base_rates():
    # 20 seat-games at a base rate of 1/2 that won 16: z = (16 - 10) / sqrt(20 / 4)
    effect = stats.item_effect([1.0] * 16 + [0.0] * 4, [0.5] * 20)
    assert effect["lift"] == pytest.approx(0.3)
    assert effect["z"] == pytest.approx(6 / math.sqrt(5))
    assert effect["p_value"] < 0.01 and effect["lift_ci95"][0] > 0
    assert stats.item_effect([1.0] * 5, [0.5] * 5)["p_value"] is None  # too few to test


def test_distribution_quantiles_and_histogram():
    d = stats.distribution([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert (d["n"], d["mean"], d["median"], d["min"], d["max"]) == (10, 5.5, 5.5, 1, 10)
    assert sum(d["histogram"]["counts"]) == 10


def game(winners, scores, leaders, rounds=3):
    return LabGame(0, 1, ("random",) * len(scores), tuple(scores), tuple(winners), 10, (5, 5), rounds, 6,
                   tuple(leaders), ((), ()), 0.0)


def test_leads_are_read_at_the_ends_of_rounds():
    played = game([1], [3, 5], [(0,), (1,), (1,)])  # leaders after rounds 1 and 2, then at the end
    assert analysis.lead_snapshot(played, 0.25) == (0,)  # 3/4 of a round: the end of round 1
    assert analysis.lead_snapshot(played, 0.5) == (1,)   # 1.5 rounds: the end of round 2 (halves go up)
    assert analysis.lead_snapshot(played, None) == (1,)  # as the last round begins
    assert analysis.lead_changes(played) == 1
    assert analysis.lead_changes(game([0], [5, 3], [(0,), (0, 1), (0,)])) == 0  # a shared lead is skipped
    assert analysis.margin(played) == 2


# ---------------------------------------------------------------------------- the games
def test_item_rules_read_the_events_a_game_told():
    rules = (ItemRule("bought", "Machine", "machine"), ItemRule("drafted", "Structure", "names", seat="seats"),
             ItemRule("kept", "Contract", "card", only_if="contract"))
    events = [
        ("bought", None, {"seat": 1, "machine": "Palace"}, None),
        ("bought", (0,), {"seat": 0, "machine": "Orbit Lathe"}, {"seat": 0}),  # private: the lab sees it
        ("drafted", None, {"seats": [0, 1], "names": ["A Showroom", "B Press Office"]}, None),
        ("kept", None, {"seat": 1, "card": "Iron Markets", "contract": 0}, None),
        ("kept", None, {"seat": 1, "card": "Lost Islands", "contract": 2}, None),
        ("bought", None, {"seat": 7, "machine": "Gene Loom"}, None),  # no such seat: ignored
    ]
    assert items_told(events, rules, 2) == [
        {("Machine", "Orbit Lathe"), ("Structure", "A Showroom")},
        {("Machine", "Palace"), ("Structure", "B Press Office"), ("Contract", "Lost Islands")},
    ]


def test_seats_per_player_count():
    game = bw.load("gadgeteers")
    assert seats_per_count(["heuristic"], [2, 3], game) == {2: ("heuristic",) * 2, 3: ("heuristic",) * 3}
    assert seats_per_count(["random", "heuristic,random,random"], [2, 3], game) == {
        2: ("random", "random"), 3: ("heuristic", "random", "random")}
    assert seats_per_count(None, [2], game) == {2: ("heuristic", "heuristic")}
    with pytest.raises(UsageError, match="two lists for 2 players"):
        seats_per_count(["random,random", "heuristic,heuristic"], [2], game)


@pytest.mark.parametrize("game_id", bw.games())
def test_a_lab_game_is_the_game_simulate_plays(game_id):
    """Same seed, same agents, same decisions, whether or not the lab turns events on."""
    game = bw.load(game_id)
    task = GameTask(0, game_id, ("heuristic",) * max(2, game.min_players), game_seed(3, 0))
    lab, plain = play_lab_game(task), play_game(task)
    assert (lab.scores, lab.winners, lab.decisions, lab.seat_decisions) == (
        plain.scores, plain.winners, plain.decisions, plain.seat_decisions)
    assert lab.rounds and lab.turns and lab.rounds <= lab.turns <= lab.decisions
    assert all(lab.items), "every seat took some content"
    assert len(lab.leaders) == lab.rounds  # one per round's end, the last one at the end of the game


@pytest.mark.parametrize(("game_id", "players"), [
    ("gadgeteers", "2"), ("game-development", "2,3"), ("makers-of-universe", "3"), ("the-game-makers", "1,2"),
])
def test_a_small_report_of_each_game_has_every_section(tmp_path, capsys, game_id, players):
    out = tmp_path / "report"
    assert balance(game_id, "--players", players, "-n", "4", "--seed", "2", "--out", str(out)) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert set(SECTIONS) <= set(report) and report["compare"] is None
    for count in players.split(","):
        assert report["seat_advantage"][count]["games"] == 4
        assert report["length"][count]["rounds"]["n"] == 4 and report["length"][count]["turns"]["n"] == 4
        assert len(report["scores"][count]["per_seat"]) == int(count)
    assert all(report["content"][count]["items"] for count in players.split(",")), "the game's hook names items"
    assert report["headline"] and report["timing"]["games"] == 4 * len(players.split(","))
    page = (out / "report.html").read_text(encoding="utf-8")
    for heading in ("Headline", "Seat advantage", "Game length and pace", "Scores", "Content strength", "Timing"):
        assert f">{heading}<" in page
    assert 'src="data:image/png;base64,' in page
    assert "http://" not in page and "https://" not in page, "the page fetches nothing"
    for name in ("seat_advantage.png", "length.png", "scores.png", *(f"content_{c}p.png" for c in players.split(","))):
        assert (out / name).read_bytes().startswith(b"\x89PNG"), name
    printed = capsys.readouterr()
    assert report["headline"][0] in printed.out and printed.err == "", "no progress bar when not on a terminal"


def test_a_game_without_lab_hooks_still_gets_a_report(tmp_path):
    plan = Plan("sealed-sums", (2,), {2: ("random", "random")}, 20, 1, (Version("A"),), module="toygame")
    report = study(plan, "Sealed sums")
    assert report["length"]["2"]["rounds"] is None and report["scores"]["2"]["lead"] is None
    assert report["content"]["2"]["items"] == [] and report["seat_advantage"]["2"]["games"] == 20


def test_a_game_that_does_not_end_is_reported_and_left_out(tmp_path):
    """A stalemate must not sink a study: a game past the cap is stopped, counted and left out."""
    plan = Plan("game-development", (2,), {2: ("heuristic", "heuristic")}, 12, 1,
                (Version("A"), Version("B", {"developer_points": True})), max_decisions=172)
    report = study(plan, "Game Development")
    stopped = report["unfinished"]
    assert stopped["games"] > 0 and stopped["max_decisions"] == 172
    left = 12 - next(g["games"] for g in stopped["groups"] if g["version"] == "A")
    assert 0 < left < 12 and report["seat_advantage"]["2"]["games"] == left
    assert report["length"]["2"]["decisions"]["max"] <= 172
    assert report["headline"][0].startswith("What-if") and any("UNFINISHED" in line for line in report["headline"])
    from boardwright.sim.lab.report import html
    assert ">Unfinished games<" in html(report, {})


# ---------------------------------------------------------------------------- what-if
def test_a_what_if_option_that_adds_points_is_significant(tmp_path):
    """developer_points: every developer scores 1 and every Lead 2, so every seat scores more."""
    out = tmp_path / "whatif"
    assert balance("game-development", "--players", "3", "-n", "15", "--compare-option", "developer_points=true",
                   "--out", str(out)) == 0
    comparison = json.loads((out / "report.json").read_text(encoding="utf-8"))["compare"]
    scores = [f for f in comparison["figures"] if f["figure"].endswith(" score")]
    assert len(scores) == 3 and all(f["significant"] and f["ci95"][0] > 5 for f in scores)
    assert comparison["b_sections"]["content"]["3"]["items"]
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "What-if: B (developer_points=true) against A" in page


def test_a_what_if_that_changes_nothing_finds_nothing(tmp_path):
    """The same games twice (copies=2 is the default): every paired difference is exactly 0."""
    plan = Plan("game-development", (2,), {2: ("heuristic", "heuristic")}, 20, 5,
                (Version("A"), Version("B", {"copies": 2})))
    comparison = study(plan, "Game Development")["compare"]
    assert all(f["diff"] == 0 and not f["significant"] for f in comparison["figures"])
    assert not any(row["significant"] for row in comparison["items"])


def edited_content(folder: Path, ours: str, old: str, new: str, name: str) -> Path:
    """Our content file ``ours`` (under boardwright/games) with the text ``old`` made ``new``,
    written to ``folder / name``."""
    text = (ROOT / "boardwright/games" / ours).read_text(encoding="utf-8")
    assert old in text
    path = folder / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def stronger_pause_menu(folder: Path) -> Path:
    """Our Game Development deck with the feature Pause Menu worth 12 points instead of 1."""
    old = 'name = "Pause Menu"\ncost = ["Prog: 1"]\npoints = 1\n'
    return edited_content(folder, "game_development/content/game-development.toml", old,
                          old.replace("points = 1", "points = 12"), "stronger.toml")


def test_a_what_if_content_file_with_a_stronger_card_is_detected(tmp_path):
    """Pause Menu worth 12 points instead of 1 (same cost): the agents play it far more often."""
    stronger = stronger_pause_menu(tmp_path)
    out = tmp_path / "whatif"
    assert balance("game-development", "--players", "3", "-n", "30", "--compare-content", str(stronger),
                   "--out", str(out)) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    changed = {(row["kind"], row["name"]): row for row in report["compare"]["items"]}
    pause = changed[("Feature", "Pause Menu")]
    assert pause["significant"] and pause["take_ci95"][0] > 0.1
    assert report["compare"]["items"][0] is pause, "the clearest change comes first"
    assert any("Pause Menu" in line for line in report["headline"])


def stronger_jumpboots(folder: Path) -> str:
    """Our Gadgeteers content with Jumpboots (two Parts) worth 9 points instead of 2."""
    old = 'name = "Jumpboots"\ntype = "Motion"\npoints = 2\n'
    return str(edited_content(folder, "gadgeteers/content/gadgeteers.toml", old,
                              old.replace("points = 2", "points = 9"), "jumpboots.toml"))


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "change", "expect"), [
    ("gadgeteers", 3, "jumpboots", "rounds per game"),
    ("game-development", 3, {"developer_points": True}, "seat 0 score"),
    ("makers-of-universe", 4, {"target": 5}, "rounds per game"),
    ("the-game-makers", 2, {"max_turns": 12}, "rounds per game"),
])
def test_a_known_change_to_each_game_is_found(tmp_path, game_id, players, change, expect):
    """100 games of each version: the change shows where it must (points for developers: higher
    scores; a nearer target or a last turn: shorter games; a two-Part Gadget worth 9 points instead
    of 2: longer games, 5.5 rounds against 7.5, as every bot contests its two Parts and more
    rounds end tied, some in the stalemate that ends a game with the deck spent).

    (A game past ``max_decisions`` would be reported as unfinished and left out of the figures.)"""
    if change == "jumpboots":
        change = {"content": stronger_jumpboots(tmp_path)}
    plan = Plan(game_id, (players,), {players: ("heuristic",) * players}, 100, 3,
                (Version("A"), Version("B", change)), max_decisions=5000)
    comparison = study(plan, game_id, jobs=2)["compare"]
    found = [f["figure"] for f in comparison["figures"] if f["significant"]]
    found += [f"{row['kind']} {row['name']}" for row in comparison["items"] if row["significant"]]
    assert expect in found, found


# ---------------------------------------------------------------------------- reproducibility
def test_the_same_command_gives_the_same_report_on_any_jobs_and_on_ray(tmp_path, monkeypatch):
    """One test holds every Ray check: Ray starts once (seconds), on the loopback interface only.
    The command runs on one process and on Ray; the same study on two processes through the API."""
    args = ["game-development", "--players", "2,3", "-n", "12", "--seed", "9"]
    assert balance(*args, "--jobs", "1", "--out", str(tmp_path / "one")) == 0
    reference = without_timing(tmp_path / "one" / "report.json")
    plan = Plan("game-development", (2, 3), {2: ("heuristic",) * 2, 3: ("heuristic",) * 3}, 12, 9,
                (Version("A", {}),), module="boardwright.games.game_development")
    pooled = study(plan, "Game Development", jobs=2, ablate=3)
    assert pooled["timing"]["jobs"] == 2 and pooled.pop("timing")
    assert json.loads(json.dumps(pooled)) == reference

    tests = str(Path(__file__).parent)  # Ray's workers import the toy game from here
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [tests, os.environ.get("PYTHONPATH")])))
    assert backends.start_ray(2), "a local Ray on 127.0.0.1 (as the command starts it)"
    import ray  # started above: the lab extra is part of the test extra, never skipped
    try:
        ray_pids = {p.pid for p in psutil.Process().children(recursive=True)}
        public = [c for c in psutil.net_connections(kind="inet") if c.status == psutil.CONN_LISTEN
                  and c.pid in ray_pids and not c.laddr.ip.removeprefix("::ffff:").startswith("127.")]
        assert ray_pids and not public, f"Ray listens beyond loopback: {public}"
        assert balance(*args, "--jobs", "2", "--backend", "ray", "--out", str(tmp_path / "ray")) == 0
        assert ray.is_initialized(), "a Ray the caller started is left running"
        searching = Plan("sealed-sums", (2,), {2: ("ismcts:iterations=20", "random")}, 6, 2, (Version("A"),),
                         module="toygame")  # a search in a seat: its games go to Ray one at a time
        on_ray = study(searching, "Sealed Sums", backend="ray", jobs=2)
    finally:
        ray.shutdown()
    assert without_timing(tmp_path / "ray" / "report.json") == reference
    assert json.loads((tmp_path / "ray" / "report.json").read_text())["timing"]["backend"] == "ray"
    assert on_ray.pop("timing")["backend"] == "ray"
    local = study(searching, "Sealed Sums", jobs=1)
    local.pop("timing")
    assert on_ray == local and on_ray["agents"][0]["plays_as"] == "ismcts:iterations=20"
    other = study(Plan(plan.game, plan.counts, plan.seats, plan.n, 10, plan.versions), "Game Development")
    other.pop("timing")
    assert json.loads(json.dumps(other)) != reference, "another seed plays other games"


def test_ray_tasks_carry_hundreds_of_games_or_all():
    tasks = [GameTask(i, "sealed-sums", ("random", "random"), i) for i in range(5000)]
    chunks = ray_chunks(tasks, 2)
    assert len(chunks) == 8 and all(len(c) == 625 for c in chunks)
    assert [len(c) for c in ray_chunks(tasks[:150], 2)] == [150]
    assert [len(c) for c in ray_chunks(tasks[:500], 2)] == [200, 200, 100]


def test_a_terminal_shows_the_progress_with_its_rate(tmp_path):
    """(Piped, as in the other tests, stderr stays empty.)"""
    # far more games than play before Ctrl-C, however fast or loaded the machine
    argv = ["-m", "boardwright", "balance", "game-development", "-n", "50000", "--out", str(tmp_path / "tty")]
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"}
    # Ctrl-C as at a terminal, even when the tests run in the background (which ignores SIGINT,
    # and a child inherits that)
    child = pexpect.spawn(sys.executable, argv, env=env, dimensions=(50, 120), encoding="utf-8", timeout=120,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        child.expect_exact(" games/s")  # the bar's rate, after the games done of 50,000
        shown = child.before[-200:]
        child.sendintr()  # Ctrl-C stops the study
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert re.search(r"\d+/50000\S*\s+\S*[\d.]+$", shown), shown
    assert child.exitstatus == 130


# ---------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(("argv", "message"), [
    (["no-such-game"], "no-such-game"),
    (["gadgeteers", "--players", "9"], "plays 2–4 players, not 9"),
    (["gadgeteers", "--players", "two"], "--players takes player counts"),
    (["gadgeteers", "--option", "nope=1"], "nope"),
    (["gadgeteers", "--option", "alternate_tokens=maybe"], "alternate_tokens"),
    (["gadgeteers", "--content", "/no/such/file.toml"], "no such content file"),
    (["gadgeteers", "--compare-content", "/no/such/file.toml"], "no such content file"),
    (["gadgeteers", "-n", "0"], "-n must be at least 1"),
    (["gadgeteers", "-n", "10000000"], "at most 1,000,000"),
    (["gadgeteers", "--players", "2,3,4", "-n", "400000"], "-n 400000 makes 1,200,000"),
    (["gadgeteers", "--jobs", "0"], "--jobs is 1 to"),
    (["gadgeteers", "--jobs", "999"], "--jobs is 1 to"),
    (["gadgeteers", "--seats", "human"], "cannot be human"),
    (["gadgeteers", "--players", "2,3", "--seats", "random,random"], "no list for 3 players"),
    (["gadgeteers", "--backend", "spark"], "--backend is process or ray"),
    (["gadgeteers", "--out", "/no/such/folder/report"], "there is no folder"),
    (["gadgeteers", "--out", "/proc/report"], "cannot be made"),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, argv, message):
    assert balance(*argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardwright: ") and message in lines[0], captured.err
    assert "Traceback" not in captured.err and not captured.out


def test_an_out_path_that_is_a_file_or_bad_content_is_refused(tmp_path, capsys):
    a_file = tmp_path / "taken"
    a_file.write_text("x")
    assert balance("gadgeteers", "--out", str(a_file)) == 2
    broken = tmp_path / "broken.toml"
    broken.write_text("[[gadgets]]\nname = 3\n")
    assert balance("gadgeteers", "-n", "2", "--content", str(broken), "--out", str(tmp_path / "r")) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "is a file" in err[0] and "broken.toml" in err[1]
    assert not (tmp_path / "r").exists(), "nothing is written for a refused command"


def test_the_lab_plays_without_numpy_on_its_workers():
    """Workers need only the standard library: the plan and the collection import nothing more."""
    script = """
import sys
for extra in ("numpy", "scipy", "matplotlib", "ray"):
    sys.modules[extra] = None
from boardwright.sim.lab import Plan, Version
from boardwright.sim.lab.backends import run_process
plan = Plan("gadgeteers", (2,), {2: ("random", "random")}, 2, 0, (Version("A"),))
print(len(run_process(plan.tasks(), 1)))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "2", done.stderr[-2000:]
