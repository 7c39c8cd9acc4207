"""Ablation, the causal test of a suspect: the same games replayed with the item made plain.

For an item of a player count, the lab asks the game for a plain variant of the content
(``Game.lab_plain``: the item keeps its name and plays as a plain item of its kind), writes it as
a content file and loads it through the game (a variant the game refuses is reported, never
played). It then replays, from the same seeds with the same agents, every game of that count in
which a seat took the item. "The seats that would have taken it" are the seats that took it in
the original game. Per game, the mean over those seats of their win share and of their score in
the original game minus the same in the replay is one paired difference; its mean over the games
is the item's effect against a plain item, with a 95% Student t interval (games, not seats, are
the independent units). The p-values of every ablation of a study (wins and score of each item)
are corrected together (Benjamini-Hochberg).

An effect is positive when the item does more for its takers than a plain item would: "stronger"
when the interval of wins or of score lies above 0, "weaker" when one lies below 0 (and none
above). A replay that does not finish drops its pair.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine import ContentError, Game, Item
from ..runner import GameTask
from . import stats, suspects, whatif
from .analysis import win_share
from .collect import LabGame
from .plan import Plan

#: the ablation's variant files go into this folder of the report's folder
FOLDER = "ablation"


@dataclass(frozen=True)
class Replay:
    """The games of one player count to play again with one item made plain."""

    players: int
    item: Item
    replacement: str
    #: the plain variant's file, relative to the report's folder
    variant: str
    #: the original games in which a seat took the item, and those seats, game by game
    originals: tuple[LabGame, ...]
    takers: tuple[tuple[int, ...], ...]


def variant_name(item: Item) -> str:
    """The file name of an item's plain variant: ``feature-pause-menu.toml``."""
    return re.sub(r"[^a-z0-9]+", "-", f"{item[0]} {item[1]}".lower()).strip("-") + ".toml"


def write_variant(game: Game, options: Mapping[str, Any], item: Item, folder: Path) -> tuple[str, str] | str:
    """Write ``item``'s plain variant into ``folder``/ablation and load it through the game: the
    replacement and the file's path relative to ``folder``, or why there is none (a sentence)."""
    plain = game.lab_plain(item, options)
    if plain is None:
        return f"{game.name} has no plain item to put in place of {item[0]} {item[1]}"
    path = folder / FOLDER / variant_name(item)
    path.parent.mkdir(exist_ok=True)
    path.write_text(plain.toml, encoding="utf-8")
    try:
        game.catalog({**options, "content": str(path.resolve())})
    except ContentError as error:
        return f"its plain variant is not valid content: {str(error).replace(str(path.resolve()), path.name)}"
    return plain.replacement, f"{FOLDER}/{path.name}"


def prepare(plan: Plan, game: Game, report: Mapping[str, Any], by_count: Mapping[int, Sequence[LabGame]],
            ablate: int | Item, folder: Path) -> list[Replay]:
    """The replays of a study: the first ``ablate`` judged suspects of each player count that the
    game can make plain, or the named item in every count that saw it; each variant written and
    checked. An item passed over because it cannot be replayed gets the reason in its evidence."""
    options = dict(plan.versions[0].options)
    made: dict[Item, tuple[str, str] | str] = {}
    taken_in: dict[int, dict[Item, list[tuple[int, int]]]] = {}
    replays = []
    pending = list(report["suspects"])
    wanted = ablate if isinstance(ablate, int) else 1
    for count in sorted({e["players"] for e in pending}):
        done = 0
        for entry in pending:
            if entry["players"] != count or done >= wanted:
                continue
            if not isinstance(ablate, int):
                if ablate != (entry["kind"], entry["item"]) and list(ablate) not in entry["merged"]:
                    continue
                item = ablate
            elif not entry["judged"]:
                continue
            else:
                item = next((i for i in [(entry["kind"], entry["item"]), *map(tuple, entry["merged"])]
                             if i[0] in game.lab_plain_kinds), (entry["kind"], entry["item"]))
            if item not in made:
                made[item] = write_variant(game, options, item, folder)
            outcome = made[item]
            if isinstance(outcome, str):
                entry["evidence"]["ablation"] = {"what": "causal", "measured": False, "why": outcome}
                continue
            done += 1
            games = by_count[count]
            taken = taken_in.setdefault(count, suspects.takers(games)).get((entry["kind"], entry["item"]), [])
            seats: dict[int, list[int]] = {}
            for position, seat in taken:
                seats.setdefault(position, []).append(seat)
            replays.append(Replay(count, item, outcome[0], outcome[1], tuple(games[p] for p in sorted(seats)),
                                  tuple(tuple(seats[p]) for p in sorted(seats))))
    return replays


def tasks(plan: Plan, replays: Sequence[Replay], folder: Path) -> list[GameTask]:
    """The games to play: each replay's original games, same seeds and seats, its variant's content."""
    found: list[GameTask] = []
    for replay in replays:
        options = {**plan.versions[0].options, "content": str((folder / replay.variant).resolve())}
        for game in replay.originals:
            found.append(GameTask(len(found), plan.game, game.seats, game.seed, options, plan.module,
                                  plan.max_decisions))
    return found


def paired(original: Sequence[float], replayed: Sequence[float]) -> dict[str, Any]:
    """Original minus replay, paired by game: mean, 95% t interval, p-value and z (mean over its
    standard error: infinite when every difference is the same and not 0, None when all are 0)."""
    found = stats.paired_difference(replayed, original)
    n = len(original)
    se = found["se"] or 0.0  # None for a single pair: no spread to scale by
    z = whatif.standardized(found["diff"], se) if found["diff"] or se else None
    moved = found["p_value"] is not None and (found["ci95"][0] > 0 or found["ci95"][1] < 0)
    return {"diff": found["diff"] if n else None, "ci95": found["ci95"] if n else None, "p": found["p_value"],
            "q": None, "z": z, "moved": moved}


def measure(replay: Replay, results: Sequence[LabGame]) -> dict[str, Any]:
    """One replay's paired effect on the wins and the score of the seats that took the item."""
    wins: tuple[list[float], list[float]] = ([], [])
    score: tuple[list[float], list[float]] = ([], [])
    for original, again, seats in zip(replay.originals, results, replay.takers, strict=True):
        if not again.finished:
            continue
        wins[0].append(suspects.mean([win_share(original, s) for s in seats]))
        wins[1].append(suspects.mean([win_share(again, s) for s in seats]))
        score[0].append(suspects.mean([original.scores[s] for s in seats]))
        score[1].append(suspects.mean([again.scores[s] for s in seats]))
    moved_wins, moved_score = paired(*wins), paired(*score)
    found: dict[str, Any] = {"what": "causal", "measured": True, "replacement": replay.replacement,
                             "variant": replay.variant, "games": len(wins[0]),
                             "unfinished": len(results) - len(wins[0]), "wins": moved_wins, "score": moved_score}
    # How big the effect is, for ranking: the win share moved as a fraction of a fair share, the
    # score as a fraction of a seat's mean score in these games, whichever is the larger of those
    # that moved (a tight but small effect must not outrank a large one).
    mean_score = suspects.mean([float(x) for game in replay.originals for x in game.scores])
    sizes = [moved_wins["diff"] * replay.players if moved_wins["moved"] else None,
             moved_score["diff"] / abs(mean_score) if moved_score["moved"] and mean_score else None]
    found["size"] = max((size for size in sizes if size is not None), default=0.0)
    return found


def apply(report: dict[str, Any], replays: Sequence[Replay], results: Sequence[LabGame]) -> None:
    """Put each replay's effect into its suspect's evidence, correct the p-values together,
    re-rank the suspects and list what was ablated."""
    found: list[tuple[Replay, dict[str, Any]]] = []
    start = 0
    for replay in replays:
        mine = results[start:start + len(replay.originals)]
        start += len(replay.originals)
        found.append((replay, measure(replay, mine)))
    tests = [result[name] for _, result in found for name in ("wins", "score")]
    for test, q in zip(tests, stats.benjamini_hochberg([test["p"] for test in tests]), strict=True):
        test["q"] = q
    for replay, result in found:
        moved = [(name, result[name]) for name in ("wins", "score") if result[name]["moved"]]
        result["moved"] = [name for name, _ in moved]
        result["stronger"] = any(test["diff"] > 0 for _, test in moved)
        result["weaker"] = bool(moved) and not result["stronger"]
        best_name, best = max((("wins", result["wins"]), ("score", result["score"])),
                              key=lambda pair: -math.inf if pair[1]["z"] is None else abs(pair[1]["z"]))
        result["z"] = best["z"]
        for entry in report["suspects"]:
            if entry["players"] == replay.players and replay.item in [(entry["kind"], entry["item"]),
                                                                      *map(tuple, entry["merged"])]:
                entry["evidence"]["ablation"] = result
                if best["diff"] is not None:
                    entry.update(effect=best["diff"], unit="win share" if best_name == "wins" else "points",
                                 interval=best["ci95"], q=best["q"], basis="ablation")
        report["suspect_rules"]["ablated"].append({
            "players": replay.players, "kind": replay.item[0], "item": replay.item[1],
            "replacement": replay.replacement, "variant": replay.variant, "games": len(replay.originals)})
    report["suspects"] = suspects.order(report["suspects"])


def run(plan: Plan, report: dict[str, Any], games: Sequence[LabGame], ablate: int | Item, folder: Path,
        play: Callable[[list[GameTask]], list[LabGame]]) -> int:
    """Ablate the study's suspects (or the named item) and update ``report``: ``play`` plays the
    replay games (on the study's backend). The number of games replayed."""
    from ... import load

    if ablate == 0 or not report.get("suspects"):
        return 0
    groups = plan.split(games)
    by_count = {count: [g for g in groups[0][count] if g.finished] for count in plan.counts}
    replays = prepare(plan, load(plan.game), report, by_count, ablate, folder)
    if not isinstance(ablate, int) and not any(
            ablate in [(e["kind"], e["item"]), *map(tuple, e["merged"])] for e in report["suspects"]):
        report["suspect_rules"]["ablation_note"] = f"{ablate[0]} {ablate[1]} was not replayed: no seat took it"
    todo = tasks(plan, replays, folder)
    apply(report, replays, play(todo) if todo else [])
    return len(todo)
