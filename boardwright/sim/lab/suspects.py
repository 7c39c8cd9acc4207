"""Suspects: the items of content most likely to be broken, per player count, with their evidence.

For each item a seat took (see :mod:`boardwright.engine.lab`), in each player count, the lab
gathers four kinds of evidence, each labelled with what it can prove:

- ``efficiency`` (design): its points per unit of cost against the median item of its kind, where
  the game's content gives points and costs (``Game.lab_efficiency``);
- ``points_share`` (design): its points as a share of the mean final score of the seats that
  took it, against the same share for its kind;
- ``wins`` (association): the win share of the seats that took it against their seats' base
  rate, and that lift against the mean lift of its kind;
- ``score`` (association): the final score of the seats that took it against the mean score of
  their seat position, and that excess against its kind's;
- ``take`` (association): how often a seat took it against the mean take rate of its kind;
- ``ablation`` (causal), filled in by :mod:`.ablation` for the items it replays.

Each test of wins, score and take is a z test against the kind's mean (taken as known); the
wins and score p-values of a player count are corrected together (Benjamini-Hochberg).

**Order.** Each of efficiency, wins and score ranks the judged items of a count from the most
suspicious down. An item's place is its best rank where its evidence is credible (an efficiency
above its kind's median; a wins or score test significant at q < 0.05 in the strong direction),
then its best rank anywhere, then its mean rank. So the most efficient card and the items whose
takers clearly win or score most come first, and an item that leads several comes before one
that leads one. Once
items are ablated, the list is re-ranked: items whose ablation shows them stronger than a plain
item come first (the largest effect first, as a fraction of a fair win share or of a seat's
mean score), then the items not ablated in their place,
then the ablated items cleared by it.

**Floor.** An item seen in fewer seat-games than ``max(10, sqrt(seat-games of the count))`` is
listed last, not tested, never named in the headline and never ablated: the floor grows with the
study, more slowly than it, so a larger study judges rarer items.

**Merging.** Items taken in exactly the same seat-games (a developer who is always made Lead) are
one finding: the entry names the first and lists the others under ``merged``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Efficiency, Item
from ...engine.lab import median
from . import stats
from .analysis import win_share
from .collect import LabGame

#: the fewest seat-games an item is judged from, whatever the study's size
MIN_SEAT_GAMES = stats.MIN_TESTED
#: the evidence that orders the suspects, in the order their ranks are listed
ORDERINGS = ("efficiency", "wins", "score")


def floor(seat_games: int) -> int:
    """The fewest seat-games an item must be seen in to be judged, in a player count of
    ``seat_games`` seat-games: ``max(10, ceil(sqrt(seat_games)))``."""
    return max(MIN_SEAT_GAMES, math.ceil(math.sqrt(seat_games)))


def takers(games: Sequence[LabGame]) -> dict[Item, list[tuple[int, int]]]:
    """Per item, the ``(game position, seat)`` seat-games that took it, in order."""
    found: dict[Item, list[tuple[int, int]]] = {}
    for position, game in enumerate(games):
        for seat, items in enumerate(game.items):
            for item in items:
                found.setdefault(item, []).append((position, seat))
    return found


def merge(taken: Mapping[Item, list[tuple[int, int]]]) -> dict[Item, list[Item]]:
    """The items taken in exactly the same seat-games, grouped: the first item (by kind, then
    name) -> the others of its group (often none)."""
    groups: dict[tuple[tuple[int, int], ...], list[Item]] = {}
    for item in sorted(taken):
        groups.setdefault(tuple(taken[item]), []).append(item)
    return {group[0]: group[1:] for group in groups.values()}


def z_test(value: float, se: float) -> tuple[float | None, float | None]:
    """``value / se`` and its two-sided p-value (None when the standard error is 0)."""
    if se <= 0:
        return None, None
    z = value / se
    return z, stats.two_sided_p(z)


def interval(value: float, se: float) -> list[float]:
    return [value - stats.Z95 * se, value + stats.Z95 * se]


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0


def for_count(count: int, games: Sequence[LabGame], efficiency: Mapping[Item, Efficiency]) -> dict[str, Any]:
    """The suspects of one player count (unsorted entries with their evidence) and its floor."""
    seat_games = count * len(games)
    least = floor(seat_games)
    base = [mean([win_share(g, s) for g in games]) for s in range(count)]
    mean_score = [mean([g.scores[s] for g in games]) for s in range(count)]
    taken = takers(games)
    excess_win = {item: [win_share(games[p], s) - base[s] for p, s in where] for item, where in taken.items()}
    excess_score = {item: [games[p].scores[s] - mean_score[s] for p, s in where] for item, where in taken.items()}
    by_kind: dict[str, list[Item]] = {}
    for item in taken:
        by_kind.setdefault(item[0], []).append(item)
    kind_win = {k: mean([x for i in items for x in excess_win[i]]) for k, items in by_kind.items()}
    kind_score = {k: mean([x for i in items for x in excess_score[i]]) for k, items in by_kind.items()}
    kind_take = {k: len([x for i in items for x in taken[i]]) / (len(items) * seat_games)
                 for k, items in by_kind.items()}
    medians = kind_medians(efficiency)
    shares = {item: points_share(efficiency[item][0], [games[p].scores[s] for p, s in where])
              for item, where in taken.items() if item in efficiency}
    kind_share = {k: mean([v for i, v in shares.items() if i[0] == k and v is not None]) for k in by_kind}
    entries = []
    for item, others in merge(taken).items():
        where = taken[item]
        m = len(where)
        judged = m >= least
        entry: dict[str, Any] = {
            "item": item[1], "kind": item[0], "players": count, "merged": [list(o) for o in others],
            "seat_games": m, "judged": judged, "effect": None, "unit": None, "interval": None, "q": None,
            "basis": None,
        }
        evidence: dict[str, Any] = {}
        design = next((i for i in (item, *others) if i in efficiency), None)
        if design is not None:
            points, cost, unit = efficiency[design]
            rate = points / cost if cost > 0 else None
            median = medians.get(design[0])
            evidence["efficiency"] = {
                "what": "design", "points": points, "cost": cost, "unit": unit, "points_per_cost": rate,
                "kind_median": median,
                "vs_kind": rate / median if rate is not None and median else None,
            }
            evidence["points_share"] = {"what": "design", "share": shares.get(design),
                                        "kind_share": kind_share.get(design[0])}
        effect = stats.item_effect([win_share(games[p], s) for p, s in where], [base[s] for _, s in where])
        items_of_kind = len(by_kind[item[0]])
        wins: dict[str, Any] = {"what": "association", "win_rate": effect["win_rate"], "base_rate": effect["expected"],
                                "lift": effect["lift"], "lift_ci95": effect["lift_ci95"],
                                "vs_kind": None, "ci95": None, "z": None, "p": None, "q": None}
        if items_of_kind > 1:
            wins["vs_kind"] = effect["lift"] - kind_win[item[0]]
            wins["ci95"] = interval(wins["vs_kind"], effect["lift_se"])
            if judged:
                wins["z"], wins["p"] = z_test(wins["vs_kind"], effect["lift_se"])
        evidence["wins"] = wins
        scores = excess_score[item]
        spread = standard_error(scores)
        score: dict[str, Any] = {"what": "association", "excess": mean(scores), "vs_kind": None, "ci95": None,
                                 "z": None, "p": None, "q": None}
        if items_of_kind > 1:
            score["vs_kind"] = mean(scores) - kind_score[item[0]]
            score["ci95"] = interval(score["vs_kind"], spread)
            if judged:
                score["z"], score["p"] = z_test(score["vs_kind"], spread)
        evidence["score"] = score
        rate, expected = m / seat_games, kind_take[item[0]]
        take: dict[str, Any] = {"what": "association", "rate": rate, "kind_rate": expected, "z": None, "p": None}
        if items_of_kind > 1 and judged:
            take["z"], take["p"] = z_test(rate - expected, math.sqrt(expected * (1 - expected) / seat_games))
        evidence["take"] = take
        evidence["ablation"] = None
        entry["evidence"] = evidence
        entries.append(entry)
    correct(entries)
    rank(entries)
    return {"players": count, "seat_games": seat_games, "floor": least, "entries": entries}


def kind_medians(efficiency: Mapping[Item, Efficiency]) -> dict[str, float]:
    """Each kind's median points per cost (over its items with a positive cost)."""
    rates: dict[str, list[float]] = {}
    for (kind, _), (points, cost, _) in efficiency.items():
        if cost > 0:
            rates.setdefault(kind, []).append(points / cost)
    return {kind: median(values) for kind, values in rates.items()}


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    average = mean(values)
    return math.sqrt(math.fsum((x - average) ** 2 for x in values) / (n - 1) / n)


def points_share(points: float, scores: Sequence[float]) -> float | None:
    """An item's points as a share of the mean final score of the seats that took it."""
    average = mean(scores)
    return points / average if average > 0 else None


def correct(entries: list[dict[str, Any]]) -> None:
    """Benjamini-Hochberg q-values of the wins and score tests of one count, corrected together;
    each entry's association effect is the one of the two with the larger z."""
    tests = [entry["evidence"][name] for entry in entries for name in ("wins", "score")]
    for test, q in zip(tests, stats.benjamini_hochberg([test["p"] for test in tests]), strict=True):
        test["q"] = q
    for entry in entries:
        best = max((("wins", "win share"), ("score", "points")),
                   key=lambda pair: -math.inf if entry["evidence"][pair[0]]["z"] is None
                   else entry["evidence"][pair[0]]["z"])
        test = entry["evidence"][best[0]]
        if test["vs_kind"] is not None:
            entry.update(effect=test["vs_kind"], unit=best[1], interval=test["ci95"], q=test["q"],
                         basis="association")


def strength(entry: Mapping[str, Any], name: str) -> tuple[float, bool] | None:
    """How suspicious one piece of evidence makes an entry (higher is more), and whether that
    evidence is credible: an efficiency above its kind's median, a test significant at q < 0.05
    in the strong direction. None when the entry has no such evidence."""
    evidence = entry["evidence"].get(name)
    if not evidence:
        return None
    if name == "efficiency":
        return None if evidence["vs_kind"] is None else (evidence["vs_kind"], evidence["vs_kind"] > 1)
    if evidence["z"] is None:
        return None
    return evidence["z"], evidence["z"] > 0 and evidence["q"] is not None and evidence["q"] < stats.ALPHA


def rank(entries: list[dict[str, Any]]) -> None:
    """Each judged entry's rank in each ordering, and its place: its best rank in an ordering
    where its evidence is credible, then its best rank in any, then its mean rank."""
    judged = [entry for entry in entries if entry["judged"]]
    credible: list[set[str]] = [set() for _ in judged]
    for entry in entries:
        entry["ranks"], entry["place"], entry["credible"] = {}, None, []
    for name in ORDERINGS:
        scored = []
        for i, entry in enumerate(judged):
            found = strength(entry, name)
            if found is not None:
                scored.append((-found[0], entry["kind"], entry["item"], i))
                if found[1]:
                    credible[i].add(name)
        for position, (*_, i) in enumerate(sorted(scored), 1):
            judged[i]["ranks"][name] = position
    for entry, names in zip(judged, credible, strict=True):
        ranks = entry["ranks"]
        best = min((ranks[name] for name in names), default=None)
        entry["place"] = [best, min(ranks.values()), mean(list(ranks.values()))] if ranks else None
        entry["credible"] = sorted(names)


def order(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The suspects, most suspicious first: items an ablation found stronger than a plain item
    (the largest effect first, as a fraction of a fair win share or of a seat's mean score, then
    the most certain), then the judged items not ablated (by place), then the
    ablated items it cleared, then the items under the floor (most seen first)."""
    def key(entry: Mapping[str, Any]) -> tuple[Any, ...]:
        ablation = entry["evidence"].get("ablation")
        if not entry["judged"]:
            return (3, -entry["seat_games"], entry["kind"], entry["item"])
        if ablation and ablation.get("measured"):
            if ablation["stronger"]:
                return (0, -ablation["size"], -ablation["z"], entry["kind"], entry["item"])
            return (2, -(ablation["z"] or 0.0), entry["kind"], entry["item"])
        best, anywhere, average = entry["place"] or (None, math.inf, math.inf)
        return (1, math.inf if best is None else best, anywhere, average, entry["kind"], entry["item"])

    return sorted(entries, key=key)


def build(by_count: Mapping[int, Sequence[LabGame]], efficiency: Mapping[Item, Efficiency]) -> tuple[
        list[dict[str, Any]], dict[str, Any]]:
    """The suspects of every player count, in one ranked list (each entry names its count), and
    how they were judged (the floor per count)."""
    counts = {count: for_count(count, games, efficiency) for count, games in sorted(by_count.items()) if games}
    entries = order([entry for found in counts.values() for entry in found["entries"]])
    rules = {
        "floor": {str(count): found["floor"] for count, found in counts.items()},
        "seat_games": {str(count): found["seat_games"] for count, found in counts.items()},
        "floor_rule": "an item is judged from max(10, sqrt(seat-games of its player count)) seat-games",
        "orderings": list(ORDERINGS),
        "ablated": [],
        "note": ("efficiency and points share: what the content says (design); wins, score and take: "
                 "association with the seats that took the item, against the other items of its kind; "
                 "ablation: causal, the same games replayed with the item made plain"),
    }
    return entries, rules


def name(entry: Mapping[str, Any]) -> str:
    """An entry's item as people read it: kind and name, then each item merged into it."""
    return f"{entry['kind']} {entry['item']}" + "".join(f" = {kind} {item}" for kind, item in entry["merged"])


def describe(entry: Mapping[str, Any]) -> str:
    """One entry's finding in a few words: its measured effect where it was ablated, else its
    strongest association, with the design evidence."""
    ablation = entry["evidence"].get("ablation")
    parts = []
    if ablation and ablation.get("measured"):
        for measure, unit in (("wins", "win share"), ("score", "points")):
            found = ablation[measure]
            if found["diff"] is None:
                continue
            low, high = found["ci95"]
            text = (f"{100 * found['diff']:+.1f} pts of win share [{100 * low:+.1f}, {100 * high:+.1f}]"
                    if unit == "win share" else f"{found['diff']:+.2f} points [{low:+.2f}, {high:+.2f}]")
            parts.append(text + (" (moved)" if found["moved"] else ""))
        causal = f"ablation (causal): with it rather than plain, its takers {' and '.join(parts)}"
        parts = [causal]
    elif entry["effect"] is not None:
        low, high = entry["interval"]
        if entry["unit"] == "win share":
            text = f"{100 * entry['effect']:+.1f} pts of win share vs its kind [{100 * low:+.1f}, {100 * high:+.1f}]"
        else:
            text = f"{entry['effect']:+.2f} points vs its kind [{low:+.2f}, {high:+.2f}]"
        q = entry["q"]
        parts.append(f"association: its takers {text}" + (f", q {q:.3g}" if q is not None else ""))
    efficiency = entry["evidence"].get("efficiency")
    if efficiency and efficiency["vs_kind"] is not None:
        parts.append(f"{efficiency['vs_kind']:.1f}x its kind's median points per {efficiency['unit']}")
    parts.append(f"taken in {100 * entry['evidence']['take']['rate']:.0f}% of seat-games")
    return "; ".join(parts)


def headline(entries: Sequence[Mapping[str, Any]], shown: int = 3) -> list[str]:
    """The first judged suspects of each player count, in a sentence each."""
    lines = []
    for count in sorted({entry["players"] for entry in entries}):
        mine = [entry for entry in entries if entry["players"] == count and entry["judged"]][:shown]
        for place, entry in enumerate(mine, 1):
            lines.append(f"Suspect {place} at {count} players: {name(entry)} ({describe(entry)}).")
    return lines
