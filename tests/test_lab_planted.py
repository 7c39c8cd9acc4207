"""A planted card comes first: for every game, a content file with one item made clearly too
strong is run through the balance lab, which must name it as the first suspect and show, by
ablation (the same games replayed with the item made plain), an effect whose interval excludes 0.

Each planted test runs one seed in seconds to tens of seconds on one job; the slow sweep checks
the same on other seeds (docs/balance.md, "Suspects", says how many hold)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardwright.sim.lab import Plan, Version, study

ROOT = Path(__file__).resolve().parents[1]


def planted(folder: Path, content: str, old: str, new: str) -> str:
    """Our content file with one entry's text ``old`` changed to ``new``, written in ``folder``."""
    ours = (ROOT / content).read_text(encoding="utf-8")
    assert ours.count(old) == 1, "the planted entry is in our content, once"
    path = folder / "planted.toml"
    path.write_text(ours.replace(old, new), encoding="utf-8")
    return str(path)


#: game, players, games, content file, entry as it is, as planted, the planted item
PLANTED = {
    # the issue's case: a feature worth 6 points for a single Programmer counter (1 in our deck)
    "game-development": (3, 100, "boardwright/games/game_development/content/game-development.toml",
                         'name = "Pause Menu"\ncost = ["Prog: 1"]\npoints = 1\n',
                         'name = "Pause Menu"\ncost = ["Prog: 1"]\npoints = 6\n', ("Feature", "Pause Menu")),
    # a two-Part Gadget worth 9 points (2 in our deck; the median is 1.25 points a Part)
    "gadgeteers": (2, 100, "boardwright/games/gadgeteers/content/gadgeteers.toml",
                   'name = "Jumpboots"\ntype = "Motion"\npoints = 2\n',
                   'name = "Jumpboots"\ntype = "Motion"\npoints = 9\n', ("Gadget", "Jumpboots")),
    # an Evolution worth 6 creation points (2 in our deck), towards a target of 11
    "makers-of-universe": (3, 100, "boardwright/games/makers_of_universe/content/cards.toml",
                           'name = "Living Stars"\ncount = 2\nmachine = "Star Forge"\n',
                           'name = "Living Stars"\ncount = 2\nmachine = "Star Forge"\npoints = 6\n',
                           ("Evolution", "Living Stars")),
    # a game of two cheap Components worth a flat 20 VP (scored by a pattern in our deck; a flat
    # game gives 0.75 VP a level in the median); it is often in the market, so often taken
    "the-game-makers": (2, 160, "boardwright/games/the_game_makers/content/base.toml",
                        'score = "right yellow"\nrank = 62\n', 'score = "flat 20"\nrank = 62\n',
                        ("Game", "Paper Meadows 2")),
}


def suspects_of(folder: Path, game_id: str, seed: int) -> tuple[dict, tuple[str, str]]:
    players, n, content, old, new, item = PLANTED[game_id]
    options = {"content": planted(folder, content, old, new)}
    plan = Plan(game_id, (players,), {players: ("heuristic",) * players}, n, seed, (Version("A", options),),
                max_decisions=5000)
    return study(plan, game_id, ablate=1, folder=folder), item


def first_and_confirmed(report: dict, item: tuple[str, str]) -> str | None:
    """Why the planted item is not the first suspect confirmed by its ablation, or None."""
    first = report["suspects"][0]
    if (first["kind"], first["item"]) != item:
        return f"the first suspect is {first['kind']} {first['item']}"
    ablation = first["evidence"]["ablation"]
    if not (ablation and ablation["measured"]):
        return f"it was not ablated: {ablation}"
    if not any(ablation[m]["ci95"][0] > 0 for m in ("wins", "score")):
        return f"its ablation intervals include 0: {ablation['wins']}, {ablation['score']}"
    return None


def effect_line(report: dict) -> str:
    first = report["suspects"][0]
    ablation = first["evidence"]["ablation"]
    return (f"rank 1: {first['kind']} {first['item']}; ablation: wins {ablation['wins']['diff']:+.3f} "
            f"{ablation['wins']['ci95']}, score {ablation['score']['diff']:+.2f} {ablation['score']['ci95']}")


@pytest.mark.parametrize("game_id", sorted(PLANTED))
def test_a_planted_card_is_the_first_suspect_and_its_ablation_shows_it(tmp_path, game_id):
    report, item = suspects_of(tmp_path, game_id, seed=1)
    assert first_and_confirmed(report, item) is None, first_and_confirmed(report, item)
    first = report["suspects"][0]
    assert first["basis"] == "ablation" and first["evidence"]["ablation"]["stronger"]
    assert first["evidence"]["efficiency"]["vs_kind"] > 2, "the design evidence sees it too"
    assert report["headline"][0].startswith(f"Suspect 1 at {first['players']} players: {item[0]} {item[1]} (ablation")
    variant = tmp_path / first["evidence"]["ablation"]["variant"]
    assert variant.is_file(), "the plain variant played is kept beside the report"
    print(game_id, effect_line(report))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(PLANTED))
def test_the_planted_card_comes_first_on_other_seeds_too(tmp_path, game_id):
    """Seeds 2 to 5: the planted card comes first and is confirmed on at least 4 of the 4."""
    failures = {}
    for seed in range(2, 6):
        folder = tmp_path / str(seed)
        folder.mkdir()
        report, item = suspects_of(folder, game_id, seed)
        why = first_and_confirmed(report, item)
        if why:
            failures[seed] = why
    assert not failures, failures
