"""Suspects and ablation, piece by piece: the floor, merged findings, the games' efficiency and
plain-variant hooks, the content writer, and ``--ablate`` on the command line."""

from __future__ import annotations

import json
import tomllib

import pytest

import boardwright as bw
from boardwright.cli import main
from boardwright.engine.content import toml_text
from boardwright.engine.lab import plain_points
from boardwright.sim.lab import LabGame, suspects


def played(items, winners, scores):
    count = len(scores)
    return LabGame(0, 1, ("random",) * count, tuple(scores), tuple(winners), 10, (5,) * count, 3, 6,
                   ((0,),), tuple(tuple(sorted(mine)) for mine in items), 0.0)


def test_the_floor_grows_with_the_sample_but_slower():
    assert suspects.floor(40) == 10 and suspects.floor(400) == 20 and suspects.floor(10_000) == 100


def test_items_always_taken_together_are_one_finding_and_rare_items_are_not_judged():
    """Developer X is always made Lead (the same seat-games): one finding. Rare is seen once."""
    games = []
    for i in range(30):
        first = ({("Developer", "X"), ("Lead", "X")} if i % 2 else {("Feature", "B")}) | (
            {("Feature", "A")} if i % 3 == 0 else set())
        second = {("Feature", "B")} | ({("Feature", "Rare")} if i == 0 else set())
        games.append(played([first, second], [0] if i % 2 else [1], [10 + i % 2, 9]))
    entries, rules = suspects.build({2: games}, {("Feature", "A"): (2.0, 1.0, "r"), ("Feature", "B"): (1.0, 1.0, "r")})
    by_item = {(e["kind"], e["item"]): e for e in entries}
    assert ("Lead", "X") not in by_item and by_item[("Developer", "X")]["merged"] == [["Lead", "X"]]
    assert rules["floor"] == {"2": 10}
    rare = by_item[("Feature", "Rare")]
    assert not rare["judged"] and entries[-1] is rare, "an item under the floor comes last"
    assert all("Rare" not in line for line in suspects.headline(entries)), "and never reaches the headline"
    assert by_item[("Feature", "A")]["evidence"]["efficiency"]["vs_kind"] == pytest.approx(2 / 1.5)
    assert entries[0]["judged"] and entries[0]["place"][0] == 1


def test_a_large_ablation_effect_outranks_a_small_one_measured_tightly():
    """A card that adds 4.5 points (20% of a seat's score) comes before one that adds 1 point in
    every game alike, although the small effect has the larger z."""
    def confirmed(name: str, size: float, z: float) -> dict:
        return {"kind": "Feature", "item": name, "judged": True, "seat_games": 100, "place": (1, 1, 1.0),
                "evidence": {"ablation": {"measured": True, "stronger": True, "size": size, "z": z}}}

    ordered = suspects.order([confirmed("Tight", 0.05, 24.0), confirmed("Planted", 0.23, 22.0)])
    assert [entry["item"] for entry in ordered] == ["Planted", "Tight"]


def test_plain_points_are_the_kinds_median_rate_for_the_items_cost():
    efficiency = {("F", "a"): (6.0, 1.0, "r"), ("F", "b"): (2.0, 2.0, "r"), ("F", "c"): (3.0, 2.0, "r"),
                  ("F", "d"): (4.0, 4.0, "r")}
    assert plain_points(efficiency, ("F", "a")) == 1  # the others: 1, 1.5, 1 a resource -> median 1
    assert plain_points(efficiency, ("F", "b")) == 3  # the others: 6, 1.5, 1 -> 1.5 a resource, for 2
    assert plain_points(efficiency, ("F", "d")) == 6
    assert plain_points({**efficiency, ("F", "e"): (3.0, 2.0, "r")}, ("F", "e")) is None  # 1.5 for 2: plain


def test_content_is_written_as_toml_that_reads_back():
    data = {"extends": "default", "feature": [{"name": 'Quote "A"', "cost": ["Prog: 1"], "points": 6,
                                                "ours": True, "rate": 0.5}]}
    assert tomllib.loads(toml_text(data, "made by a test\nline two")) == data


@pytest.mark.parametrize(("game_id", "item", "field"), [
    ("gadgeteers", ("Gadget", "Hover Skates"), "points"),
    ("game-development", ("Lead", "Jurassic J"), "lead"),
    ("game-development", ("Feature", "Boss Fight"), "points"),
    ("makers-of-universe", ("Machine", "Life Crucible"), "points"),
    ("the-game-makers", ("Game", "Stellar Towers"), "points"),
])
def test_each_game_makes_a_valid_plain_variant_that_keeps_the_name(tmp_path, game_id, item, field):
    game = bw.load(game_id)
    assert item in game.lab_efficiency() or item[0] == "Lead"
    plain = game.lab_plain(item)
    assert plain is not None and plain.replacement
    path = tmp_path / "plain.toml"
    path.write_text(plain.toml, encoding="utf-8")
    before, after = game.catalog()[item[1]], game.catalog({"content": str(path)})[item[1]]
    assert before["kind"] == after["kind"] and before != after, "the same item, played plain"
    assert game.lab_plain(("No such kind", item[1])) is None


def test_an_overlay_s_planted_entry_is_made_plain_in_an_overlay(tmp_path):
    """A study of an overlay file (``extends = "default"``) ablates its changed entry with a
    variant that is still an overlay: the entry back at its kind's plain points, the rest the
    default's."""
    game = bw.load("game-development")
    planted = tmp_path / "planted.toml"
    planted.write_text('extends = "default"\n\n[[feature]]\nname = "Pause Menu"\npoints = 6\n', encoding="utf-8")
    options = {"content": str(planted)}
    plain = game.lab_plain(("Feature", "Pause Menu"), options)
    assert plain is not None and plain.replacement == "1 point for its cost"
    variant = tmp_path / "plain.toml"
    variant.write_text(plain.toml, encoding="utf-8")
    assert tomllib.loads(plain.toml)["extends"] == "default"
    assert game.catalog({"content": str(variant)})["Pause Menu"]["points"] == 1
    assert game.catalog(options)["Pause Menu"]["points"] == 6


def test_an_item_already_plain_or_with_a_required_rule_is_not_replayed():
    mou = bw.load("makers-of-universe")
    assert mou.lab_plain(("Machine", "Palace")) is None  # 3 points for 3 doors: the median rate already
    assert bw.load("game-development").lab_plain(("Developer", "Legendary L")) is None  # no Lead ability


@pytest.mark.parametrize(("ablate", "message"), [
    ("Nothing Such", "has no plain item to put in its place"),
    ("Jurassic J", "say which: Developer:Jurassic J or Lead:Jurassic J"),
    ("99", "0 to 20 suspects"),
])
def test_a_bad_ablate_is_refused_in_one_line_before_any_game(tmp_path, capsys, ablate, message):
    out = tmp_path / "r"
    assert main(["balance", "game-development", "-n", "2", "--ablate", ablate, "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err
    assert not (out / "report.json").exists()


def test_ablate_a_named_item_replays_it_in_the_report(tmp_path):
    out = tmp_path / "r"
    assert main(["balance", "game-development", "--players", "2", "-n", "12", "--ablate", "Feature:Boss Fight",
                 "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    ablated = report["suspect_rules"]["ablated"]
    assert [(a["kind"], a["item"]) for a in ablated] == [("Feature", "Boss Fight")]
    entry = next(e for e in report["suspects"] if e["item"] == "Boss Fight")
    ablation = entry["evidence"]["ablation"]
    assert ablation["measured"] and ablation["games"] == ablated[0]["games"] > 0
    assert (out / ablation["variant"]).is_file() and report["timing"]["ablation"]["games"] == ablation["games"]
    assert ">Suspects<" in (out / "report.html").read_text(encoding="utf-8")
