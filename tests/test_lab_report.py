"""The balance report a designer reads: per-count content, corrected seat tests with their power,
comebacks, a what-if that says what changed, plots that say something, and the CSV export."""

from __future__ import annotations

import csv
import json
import math

import pytest
from scipy import stats as sps
from test_lab import stronger_pause_menu

from boardwright.cli import main
from boardwright.sim.lab import LabGame, Plan, Version, analysis, plots, stats, whatif
from boardwright.sim.lab.collect import play_lab_game
from boardwright.sim.lab.comeback import comeback
from boardwright.sim.lab.export import columns
from boardwright.sim.lab.report import html
from boardwright.sim.runner import GameTask, game_seed

GAMES = 12  # per player count and version


@pytest.fixture(scope="module")
def whatif_study(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """One small what-if through the command: 2 and 3 players, 12 games of each version, with
    the report's folder and an export folder."""
    folder = tmp_path_factory.mktemp("whatif")
    content = stronger_pause_menu(folder)
    out, export = folder / "report", folder / "export"
    assert main(["balance", "game-development", "--players", "2,3", "-n", str(GAMES), "--seed", "4",
                 "--compare-content", str(content), "--out", str(out), "--export", str(export)]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    return {"report": report, "page": (out / "report.html").read_text(encoding="utf-8"), "out": out,
            "export": export}


def lab_game(winners: tuple[int, ...], trailers: tuple[tuple[int, ...], ...], rounds: int = 4) -> LabGame:
    """A 3-player game of ``rounds`` rounds whose last-placed seats were ``trailers`` (one per
    round's end, then the end)."""
    return LabGame(0, 1, ("random",) * 3, (1.0, 2.0, 3.0), winners, 30, (10, 10, 10), rounds, 12,
                   ((2,),) * rounds, ((), (), ()), 0.0, trailers=trailers)


# ---------------------------------------------------------------------------- per player count
def test_every_content_section_is_per_player_count(whatif_study):
    report = whatif_study["report"]
    assert set(report["content"]) == {"2", "3"}
    for count in ("2", "3"):
        section = report["content"][count]
        assert section["seat_games"] == int(count) * GAMES, "only that count's seat-games"
        assert section["items"] and all(row["seat_games"] <= int(count) * GAMES for row in section["items"])
        assert set(report["compare"]["b_sections"]["content"]) == {"2", "3"}
    assert {row["players"] for row in report["compare"]["items"]} == {2, 3}


# ---------------------------------------------------------------------------- seat tests and power
def test_holm_adjusts_p_values_step_down():
    # sorted 0.01, 0.03, 0.04 of 3: 0.03, max(0.03, 0.06), max(0.06, 0.04) -> 0.03, 0.06, 0.06
    assert stats.holm([0.04, None, 0.01, 0.03]) == pytest.approx([0.06, None, 0.03, 0.06])
    assert stats.holm([0.9, 0.8]) == pytest.approx([1.0, 1.0])


def test_the_seat_tests_of_every_count_are_corrected_together(whatif_study):
    sections = whatif_study["report"]["seat_advantage"]
    tests = [sections[count]["equal_seats"] for count in ("2", "3")]
    adjusted = stats.holm([test["p_value"] for test in tests])
    for test, expected in zip(tests, adjusted, strict=True):
        assert test["p_adjusted"] == pytest.approx(expected, abs=1e-6)
        assert test["correction"] == "Holm across 2 player counts"
        assert test["significant"] == (expected < 0.05)
        assert test["detectable_alpha"] == pytest.approx(0.025)


def test_the_smallest_seat_gap_detected_is_the_binomial_power_calculation():
    """Two seats: the chi-square test is the two-sided test of a proportion, so 80% power at
    level 0.05 needs a gap of (z 0.975 + z 0.8) * 0.5 / sqrt(n) (less a sliver from the far tail)."""
    for games in (100, 1000, 5000):
        gap = stats.detectable_seat_gap(games, 2)
        assert gap == pytest.approx((sps.norm.isf(0.025) + sps.norm.ppf(0.8)) * 0.5 / math.sqrt(games), rel=1e-3)
    # three seats: one seat at 1/3 + d, the others sharing the rest; the test's power there is 80%
    games, gap = 900, stats.detectable_seat_gap(900, 3)
    shares = [1 / 3 + gap, 1 / 3 - gap / 2, 1 / 3 - gap / 2]
    noncentrality = games * sum((share - 1 / 3) ** 2 / (1 / 3) for share in shares)
    power = sps.ncx2.sf(sps.chi2.isf(0.05, 2), 2, noncentrality)
    assert power == pytest.approx(0.8, abs=1e-6)
    assert stats.detectable_seat_gap(500, 3) > stats.detectable_seat_gap(5000, 3), "more games, smaller gap"


def test_no_difference_is_not_read_as_balance(whatif_study):
    report = whatif_study["report"]
    for count, section in report["seat_advantage"].items():
        test = section["equal_seats"]
        assert 0.05 < test["detectable_gap"] < 0.6, "12 games detect only a large gap"
        line = next(line for line in report["headline"] if line.startswith(f"{count} players: seat 0"))
        if not test["significant"]:
            assert "not proof of balance" in line and points_text(test["detectable_gap"]) in line
    item = next(row for row in report["content"]["3"]["items"] if row["p_value"] is not None)
    assert item["detectable_lift"] == pytest.approx(
        (sps.norm.isf(0.025) + sps.norm.ppf(0.8)) * item["lift_se"], rel=1e-4)
    power = report["content"]["3"]["detectable_lift"]
    assert [row["taken"] for row in power["rows"]] == [0.1, 0.25, 0.5]
    assert all(row["one_of_tested"] > row["alpha_05"] for row in power["rows"])
    assert "Smallest lift these games find 80% of the time" in whatif_study["page"]


def points_text(share: float) -> str:
    return f"{100 * share:.1f} pts"


# ---------------------------------------------------------------------------- comebacks
def test_the_last_placed_seat_at_half_way_and_the_last_round_is_followed_to_the_end():
    games = [
        lab_game((0,), ((1,), (0,), (0,), (2,))),       # last half-way (round 2): seat 0, who wins
        lab_game((2,), ((1,), (1,), (1,), (1,))),       # last half-way and before the last round: seat 1, loses
        lab_game((1,), ((0,), (0, 2), (1,), (2,))),     # a shared last place half-way; seat 1 last at round 3 wins
        lab_game((1, 2), ((2,), (2,), (2,), (0,))),     # seat 2 last throughout, shares the win: half a win
    ]
    found = comeback(3, games)
    half, last = found["points"]
    assert (half["sole_last_games"], half["shared_last_games"], half["last_wins"]) == (3, 1, 1.5)
    assert half["rate"] == pytest.approx(0.5) and half["ci95"] == pytest.approx(list(stats.wilson(1.5, 3)))
    assert (last["sole_last_games"], last["last_wins"]) == (4, 2.5)
    assert found["chance"] == pytest.approx(1 / 3)
    assert comeback(1, games) is None


def test_a_lab_game_notes_who_trails_as_each_round_ends():
    task = GameTask(0, "game-development", ("heuristic",) * 3, game_seed(3, 0))
    game = play_lab_game(task)
    assert len(game.trailers) == len(game.leaders) == game.rounds
    lowest = min(game.scores)
    assert game.trailers[-1] == tuple(s for s, score in enumerate(game.scores) if score == lowest)


def test_the_report_has_the_comeback_beside_the_leader(whatif_study):
    report, page = whatif_study["report"], whatif_study["page"]
    for count in ("2", "3"):
        found = report["scores"][count]["comeback"]
        assert [p["at"] for p in found["points"]] == ["at half-way", "as the last round begins"]
        assert all(p["sole_last_games"] + p["shared_last_games"] == GAMES for p in found["points"])
    assert "Does the last come back?" in page and "Does the leader win?" in page
    assert any("the last half-way" in line for line in report["headline"])


# ---------------------------------------------------------------------------- what-if
def test_the_what_if_says_which_entry_and_field_changed(whatif_study):
    changes = whatif_study["report"]["compare"]["changes"]
    assert changes["content"] == [{"kind": "feature", "name": "Pause Menu", "change": "changed",
                                   "fields": [{"field": "points", "a": 1, "b": 12}]}]
    assert [row["option"] for row in changes["options"]] == ["content"]
    assert whatif_study["report"]["headline"][0].endswith("changes: feature Pause Menu: points 1 → 12.")
    page = whatif_study["page"]
    assert "<h3>What B changes</h3>" in page and "<td class=\"text\">points</td>" in page


def test_an_option_what_if_names_the_option_and_its_two_values():
    changes = whatif.describe("game-development", None, {}, {"developer_points": True})
    assert changes["options"] == [{"option": "developer_points", "a": False, "b": True}]
    assert changes["content"] == []
    assert whatif.summary(changes) == "developer_points false → true"


def test_catalog_entries_added_removed_and_changed():
    a = {"Jumpboots": {"kind": "Gadget", "points": 2, "text": "worth 2"}, "Gloves": {"kind": "Part"},
         "Same": {"kind": "Part"}}
    b = {"Jumpboots": {"kind": "Gadget", "points": 9, "text": "worth 9"}, "Rocket": {"kind": "Gadget"},
         "Same": {"kind": "Part"}}
    assert whatif.entry_changes(a, b) == [
        {"kind": "Gadget", "name": "Jumpboots", "change": "changed", "fields": [{"field": "points", "a": 2, "b": 9}]},
        {"kind": "Gadget", "name": "Rocket", "change": "added", "fields": []},
        {"kind": "Part", "name": "Gloves", "change": "removed", "fields": []},
    ]
    text_only = whatif.entry_changes({"X": {"kind": "Trap", "text": "old"}}, {"X": {"kind": "Trap", "text": "new"}})
    assert text_only[0]["fields"] == [{"field": "text", "a": "old", "b": "new"}]


def test_items_that_changed_most_are_ranked_by_standardized_effect():
    """A big change seen in few seat-games (z 1.5) comes after a small one seen in many (z 6),
    whatever their q-values or names."""
    rows = [
        {"players": 3, "kind": "Feature", "name": "A rare one", "take_diff": 0.3, "take_z": 1.5,
         "lift_diff": None, "lift_z": None},
        {"players": 3, "kind": "Feature", "name": "B common", "take_diff": 0.05, "take_z": 6.0,
         "lift_diff": -0.02, "lift_z": -0.5},
        {"players": 3, "kind": "Bug", "name": "C lift", "take_diff": 0.0, "take_z": 0.0,
         "lift_diff": -0.2, "lift_z": -3.0},
        {"players": 3, "kind": "Bug", "name": "D untested", "take_diff": 0.0, "take_z": 0.0,
         "lift_diff": 0.5, "lift_z": None},
    ]
    ranked = whatif.rank_items(rows)
    assert [row["name"] for row in ranked] == ["B common", "C lift", "A rare one", "D untested"]
    assert (ranked[1]["effect_by"], ranked[1]["effect"], ranked[1]["effect_z"]) == ("lift", -0.2, -3.0)


def test_the_study_lists_item_changes_by_their_larger_standardized_change(whatif_study):
    items = whatif_study["report"]["compare"]["items"]

    def size(row: dict) -> float:
        scores = [abs(z) for z in (row["take_z"], row["lift_z"]) if z is not None]
        return max(scores, default=-1.0)

    assert [size(row) for row in items] == sorted((size(row) for row in items), reverse=True)
    top = items[0]
    assert top["effect_z"] is not None and abs(top["effect_z"]) == size(top)
    assert (top["players"], top["kind"], top["name"]) in {(2, "Feature", "Pause Menu"), (3, "Feature", "Pause Menu")}


def test_the_page_labels_a_and_b_and_shows_b_sections(whatif_study):
    page, out = whatif_study["page"], whatif_study["out"]
    for title in ("Seat advantage", "Game length and pace", "Scores", "Content strength"):
        assert f'<h2>{title} <span class="version">· A</span></h2>' in page
        assert f'<h2>{title} <span class="version">· B (stronger.toml)</span></h2>' in page
    assert 'id="B-items-3"' in page and 'id="items-3"' in page
    for name in ("B-seat_advantage.png", "B-scores.png", "B-content_3p.png"):
        assert (out / name).read_bytes().startswith(b"\x89PNG"), name


# ---------------------------------------------------------------------------- plots and tables
def test_a_fixed_length_is_said_not_drawn(whatif_study):
    """Game Development plays 18 rounds every game: no one-bar histogram of rounds or turns."""
    report, page = whatif_study["report"], whatif_study["page"]
    assert analysis.is_fixed(report["length"]["3"]["rounds"])
    assert plots.drawn_lengths(report) == ["decisions"]
    assert "Every game lasts 18 rounds and 54 player turns" in page
    fixed = {"length": {"2": {key: {"n": 3, "min": 5.0, "max": 5.0, "histogram": {"edges": [4.5, 5.5],
                                                                                 "counts": [3]}}
                              for key in ("decisions", "rounds", "turns")}}}
    assert plots.length(fixed) is None


def capture_figures(monkeypatch: pytest.MonkeyPatch) -> list:
    drawn: list = []
    monkeypatch.setattr(plots, "_png", lambda figure: drawn.append(figure) or b"png")
    return drawn


def test_every_chance_level_a_legend_names_is_drawn(whatif_study, monkeypatch):
    """Wherever a legend names chance (1/players), a line is drawn at that level."""
    drawn = capture_figures(monkeypatch)
    assert plots.lead(whatif_study["report"]) == b"png"
    axes = drawn[0].axes
    for ax in axes:
        named = [label for label in ax.get_legend_handles_labels()[1] if "chance" in label]
        assert {int(label.split(" players")[0].split()[-1]) for label in named} == {2, 3}, named
        levels = [line.get_ydata() for line in ax.get_lines() if len(set(line.get_ydata())) == 1]
        for count in (2, 3):
            assert any(list(level) == pytest.approx([100 / count] * len(level)) for level in levels), count
    assert [ax.get_title() for ax in axes] == ["Does the leader win?", "Does the last come back?"]


def test_every_item_lift_is_on_one_plot_with_a_filterable_table(whatif_study, monkeypatch):
    report, page = whatif_study["report"], whatif_study["page"]
    drawn = capture_figures(monkeypatch)
    assert plots.content(report, "3") == b"png"
    labels = [tick.get_text() for tick in drawn[0].axes[0].get_yticklabels()]
    items = report["content"]["3"]["items"]
    assert sorted(labels) == sorted(f"{row['kind']}: {row['name']}" for row in items)
    assert '<input type="search" data-filter="items-3"' in page and "<script>" in page
    table = page.split('id="items-3"', 1)[1].split("</table>", 1)[0]
    assert table.count("<tr>") == len(items) + 1, "every item, and the header"


def test_the_filter_box_keeps_the_rows_that_match(whatif_study, page):
    page.goto((whatif_study["out"] / "report.html").as_uri())
    box = page.locator('input[data-filter="items-3"]')
    box.fill("pause menu")
    visible = page.locator("#items-3 tbody tr:visible")
    visible.first.wait_for()
    assert visible.count() == 1 and "Pause Menu" in visible.first.inner_text()
    box.fill("")
    assert visible.count() == len(whatif_study["report"]["content"]["3"]["items"])


def test_no_wall_clock_in_the_designers_tables(whatif_study):
    page = whatif_study["page"]
    designer = page.split("<h2>Timing</h2>", 1)[0]
    assert "seconds" not in designer.replace("Seconds per game are under Timing", "")
    assert "seconds per game" in page.split("<h2>Timing</h2>", 1)[1]


# ---------------------------------------------------------------------------- export
def test_export_writes_one_row_per_game(whatif_study):
    report = whatif_study["report"]
    with (whatif_study["export"] / "games.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == columns(3)
    assert len(rows) == 2 * 2 * GAMES, "two versions, two player counts"
    assert [(r["version"], r["players"]) for r in rows[::GAMES]] == [
        ("A", "2"), ("A", "3"), ("B (stronger.toml)", "2"), ("B (stronger.toml)", "3")]
    # game 5 of A at 3 players, replayed alone, is the row
    row = next(r for r in rows if (r["version"], r["players"], r["game"]) == ("A", "3", "5"))
    played = play_lab_game(GameTask(0, "game-development", ("heuristic",) * 3, game_seed(4, 5)))
    assert int(row["seed"]) == played.seed and row["finished"] == "true"
    assert row["winners"] == " ".join(map(str, played.winners))
    assert (int(row["decisions"]), int(row["rounds"]), int(row["turns"])) == (
        played.decisions, played.rounds, played.turns)
    for seat in range(3):
        assert float(row[f"score_{seat}"]) == played.scores[seat] and row[f"agent_{seat}"] == "heuristic"
        assert row[f"items_{seat}"] == " | ".join(f"{kind}: {name}" for kind, name in played.items[seat])
    two = next(r for r in rows if r["players"] == "2")
    assert two["agent_2"] == two["score_2"] == two["items_2"] == "", "a seat the table lacks is empty"
    wins = sum(float(r["win_share_0"]) for r in rows if (r["version"], r["players"]) == ("A", "3"))
    assert wins == pytest.approx(report["seat_advantage"]["3"]["seats"][0]["wins"])


def test_a_bad_export_folder_is_refused_in_one_line_before_any_game(tmp_path, capsys):
    assert main(["balance", "gadgeteers", "-n", "2", "--out", str(tmp_path / "r"),
                 "--export", "/no/such/folder/games"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("boardwright: --export /no/such/folder/games: there is no folder")
    assert not (tmp_path / "r" / "report.json").exists()


def test_the_page_without_a_what_if_has_no_version_labels():
    plan = Plan("game-development", (2,), {2: ("heuristic",) * 2}, 4, 1, (Version("A"),))
    from boardwright.sim.lab import study

    report = study(plan, "Game Development")
    page = html(report, {})
    assert "<h2>Seat advantage</h2>" in page and 'class="version"' not in page
