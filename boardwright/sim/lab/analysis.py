"""The figures of a balance study, from its games: one JSON-ready dict per section.

Sections (each keyed by player count where it depends on it): ``seat_advantage``, ``length``,
``scores`` (with the comeback measure of :mod:`.comeback`), ``content`` and, for a what-if study,
``compare`` (with what B changes, :mod:`.whatif`); ``agents`` says who played
(:mod:`~boardwright.sim.lab.players`); ``headline`` sums them up in sentences. Wall-clock figures
are kept apart (:func:`timing`), so every other figure depends only on the games. The statistics
are in :mod:`boardwright.sim.lab.stats`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ... import load
from . import players, stats, whatif
from .collect import LabGame, standing_at, top_seats, win_share
from .comeback import comeback, followed_to_the_end
from .plan import Plan

#: where the lab looks at who leads: a fraction of the game's rounds, or None for "as the last
#: round begins"
LEAD_POINTS: tuple[tuple[str, float | None], ...] = (
    ("after 1/4 of the rounds", 0.25), ("after 1/2 of the rounds", 0.5), ("after 3/4 of the rounds", 0.75),
    ("as the last round begins", None),
)


# ---------------------------------------------------------------------------- one version
def seat_advantage(count: int, games: Sequence[LabGame], seats: Sequence[str]) -> dict[str, Any]:
    """Each seat's win share with its 95% Wilson interval, and the test that all are equal."""
    n = len(games)
    wins = [math.fsum(win_share(game, seat) for game in games) for seat in range(count)]
    rows = [{"seat": seat, "agent": seats[seat], "wins": wins[seat], "win_share": wins[seat] / n if n else 0.0,
             "ci95": list(stats.wilson(wins[seat], n)), "expected": 1.0 / count} for seat in range(count)]
    mixed = len(set(seats)) > 1
    return {
        "games": n, "seats": rows, "equal_seats": stats.equal_seats_test(wins),
        "mixed_agents": mixed,
        "note": ("the seats hold different agents: the test mixes seat order with agent strength"
                 if mixed else "every seat holds the same agent: a difference is the seat's own"),
    }


def correct_seat_tests(sections: Mapping[str, dict[str, Any]]) -> None:
    """Correct the seat tests of every player count together (Holm), and state for each the
    smallest seat advantage its games would detect at 80% power at the strictest level Holm
    uses (alpha / the number of tests)."""
    tests = [section["equal_seats"] for section in sections.values()]
    tested = sum(1 for test in tests if test is not None)
    adjusted = stats.holm([test["p_value"] if test else None for test in tests])
    for section, test, p_adjusted in zip(sections.values(), tests, adjusted, strict=True):
        if test is None:
            continue
        level = stats.ALPHA / tested
        test.update({
            "p_adjusted": p_adjusted, "significant": p_adjusted is not None and p_adjusted < stats.ALPHA,
            "correction": f"Holm across {tested} player count{'s' if tested > 1 else ''}",
            "detectable_gap": stats.detectable_seat_gap(math.fsum(r["wins"] for r in section["seats"]),
                                                        len(section["seats"]), level),
            "detectable_alpha": level, "power": stats.POWER,
        })


def length(games: Sequence[LabGame]) -> dict[str, Any]:
    """Decisions, rounds and player turns per game (rounds and turns when the game tells them)."""
    def known(values: list[int | None]) -> dict[str, Any] | None:
        present = [float(v) for v in values if v is not None]
        return stats.distribution(present) if len(present) == len(values) else None

    count = len(games[0].seats) if games else 0
    return {
        "decisions": stats.distribution([g.decisions for g in games]),
        "rounds": known([g.rounds for g in games]),
        "turns": known([g.turns for g in games]),
        "decisions_per_seat": [math.fsum(g.seat_decisions[s] for g in games) / len(games) for s in range(count)]
        if games else [],
    }


def margin(game: LabGame) -> float | None:
    """The winning margin: the best winner's score minus the best other score (0 when every seat
    won; None alone at the table)."""
    if len(game.scores) < 2:
        return None
    others = [score for seat, score in enumerate(game.scores) if seat not in game.winners]
    if not others:
        return 0.0
    return max(game.scores[seat] for seat in game.winners) - max(others)


def lead_snapshot(game: LabGame, fraction: float | None) -> tuple[int, ...] | None:
    """Who led at a point of the game: ``fraction`` of its rounds played (rounded to a round's
    end), or as its last round began; None when the game had a single round or no rounds."""
    return standing_at(game.leaders, game.rounds, fraction)


def lead_changes(game: LabGame) -> int:
    """How often the sole leader changed from one round's end to a later one, and to the end of
    the game (moments of a shared lead are skipped)."""
    sole = [leaders[0] for leaders in game.leaders if len(leaders) == 1]
    return sum(1 for before, after in itertools.pairwise(sole) if before != after)


def scores(count: int, games: Sequence[LabGame], seats: Sequence[str]) -> dict[str, Any]:
    """Scores per seat, winning margin, ties, and how often the leader goes on to win."""
    n = len(games)
    per_seat = [{"seat": s, "agent": seats[s], "score": stats.distribution([g.scores[s] for g in games])}
                for s in range(count)]
    margins = [m for m in (margin(g) for g in games) if m is not None]
    shared = sum(1 for g in games if len(g.winners) > 1)
    top_tied = sum(1 for g in games if len(top_seats(g.scores)) > 1)
    points = []
    rounds_known = bool(games) and all(g.rounds is not None for g in games)
    for label, fraction in LEAD_POINTS if rounds_known and count > 1 else ():
        found = followed_to_the_end((game, lead_snapshot(game, fraction)) for game in games)
        points.append({"at": label, "fraction": fraction, "sole_leader_games": found["games"],
                       "shared_lead_games": found["shared"], "leader_wins": found["wins"],
                       "rate": found["rate"], "ci95": found["ci95"]})
    return {
        "per_seat": per_seat,
        "winning_margin": stats.distribution(margins) if margins else None,
        "ties": {
            "shared_wins": shared, "shared_win_rate": shared / n if n else 0.0, "ci95": list(stats.wilson(shared, n)),
            "top_score_tied": top_tied, "top_score_tied_rate": top_tied / n if n else 0.0,
            "note": "a shared win: several winners; a tied top score may be broken by the game's tie-break",
        },
        "lead": {
            "points": points,
            "lead_changes": stats.distribution([lead_changes(g) for g in games]) if points else None,
            "note": "the sole leader by score as a round ends; its win counts 1/k if the win is shared",
        } if points else None,
        "comeback": comeback(count, games),
    }


def base_rates(by_count: Mapping[int, Sequence[LabGame]]) -> dict[int, list[float]]:
    """Each seat position's mean win share, per player count: the rate an item is judged against."""
    return {count: [math.fsum(win_share(g, s) for g in games) / len(games) if games else 0.0 for s in range(count)]
            for count, games in by_count.items()}


def item_samples(by_count: Mapping[int, Sequence[LabGame]]) -> dict[tuple[str, str], tuple[list[float], list[float]]]:
    """Per item, the win shares and base rates of the seat-games that took it, in a fixed order
    (player count, game, seat)."""
    base = base_rates(by_count)
    samples: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
    for count in sorted(by_count):
        for game in by_count[count]:
            for seat, items in enumerate(game.items):
                share, rate = win_share(game, seat), base[count][seat]
                for item in items:
                    found = samples.setdefault(item, ([], []))
                    found[0].append(share)
                    found[1].append(rate)
    return samples


def content(by_count: Mapping[int, Sequence[LabGame]]) -> dict[str, Any]:
    """For every item: how often a seat took it and how that seat did against its base rate, with
    Benjamini-Hochberg q-values; the strongest first.

    Seats that win tend to take more (build more Gadgets, buy more Machines), so every item of a
    kind can show a positive lift. ``kind_lift`` compares the item with the other items of its
    kind: its lift minus the mean lift of all the takes of that kind, tested the same way (the
    kind's mean taken as known) with its own Benjamini-Hochberg q-values (``kind_q``).
    """
    seat_games = sum(count * len(games) for count, games in by_count.items())
    samples = item_samples(by_count)
    excess: dict[str, list[float]] = {}
    for (kind, _name), (shares, base) in sorted(samples.items()):
        excess.setdefault(kind, []).extend(share - rate for share, rate in zip(shares, base, strict=True))
    kind_mean = {kind: math.fsum(values) / len(values) for kind, values in excess.items()}
    items_of_kind = {kind: sum(1 for k, _ in samples if k == kind) for kind in kind_mean}
    rows = []
    for (kind, name) in sorted(samples):
        shares, base = samples[(kind, name)]
        effect = stats.item_effect(shares, base)
        kind_lift = kind_p = None
        if items_of_kind[kind] > 1:
            kind_lift = effect["lift"] - kind_mean[kind]
            if effect["p_value"] is not None and effect["lift_se"] > 0:
                kind_p = stats.two_sided_p(kind_lift / effect["lift_se"])
        rows.append({"kind": kind, "name": name, "take_rate": len(shares) / seat_games if seat_games else 0.0,
                     **effect, "kind_lift": kind_lift, "kind_p": kind_p})
    for row, q in zip(rows, stats.benjamini_hochberg([row["p_value"] for row in rows]), strict=True):
        row["q_value"] = q
        row["significant"] = q is not None and q < stats.ALPHA
    for row, q in zip(rows, stats.benjamini_hochberg([row["kind_p"] for row in rows]), strict=True):
        row["kind_q"] = q
    # the significant items first, then the others, each from the highest lift to the lowest
    rows.sort(key=lambda row: (not row["significant"], row["lift"] is None, -(row["lift"] or 0.0),
                               row["kind"], row["name"]))
    kinds: dict[str, int] = {}
    for row in rows:
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
    tested = sum(1 for row in rows if row["p_value"] is not None)
    return {
        "detectable_lift": detectable_lifts(by_count, tested),
        "seat_games": seat_games, "kinds": dict(sorted(kinds.items())), "items": rows,
        "tested": tested,
        "significant": sum(1 for row in rows if row["significant"]),
        "kind_mean_lift": dict(sorted(kind_mean.items())),
        "note": ("take rate: share of seat-games that took the item; lift: win rate of those seats minus "
                 "their seats' base rate; vs kind: lift minus the mean lift of its kind; q: Benjamini-Hochberg; "
                 "an item dealt at random measures its effect, an item chosen by the agents only its "
                 "association with winning"),
    }


#: the take rates at which a content section states the smallest lift it could detect
TAKE_RATES = (0.1, 0.25, 0.5)


def detectable_lifts(by_count: Mapping[int, Sequence[LabGame]], tested: int) -> dict[str, Any]:
    """The smallest lift an item's z test finds at 80% power, for an item taken in 10%, 25% and
    50% of the seat-games: alone (alpha 0.05) and as the one finding among the ``tested`` items
    (Benjamini-Hochberg's strictest level, alpha / tested). The variance of a seat-game is the
    mean of p(1 - p) over the seat-games' base rates."""
    base = base_rates(by_count)
    variances = [p * (1 - p) for count, games in by_count.items() for _ in games for p in base[count]]
    if not variances:
        return {"rows": [], "power": stats.POWER}
    variance = math.fsum(variances) / len(variances)
    rows = []
    for taken in TAKE_RATES:
        se = math.sqrt(variance / (taken * len(variances)))
        rows.append({"taken": taken, "seat_games": round(taken * len(variances)),
                     "alpha_05": stats.detectable_difference(se),
                     "one_of_tested": stats.detectable_difference(se, stats.ALPHA / max(tested, 1))})
    return {"rows": rows, "power": stats.POWER, "tested": tested}


def sections(plan: Plan, by_count: Mapping[int, Sequence[LabGame]]) -> dict[str, Any]:
    """The four sections of one version's games, each per player count."""
    seats = {str(c): seat_advantage(c, by_count[c], plan.seats[c]) for c in plan.counts}
    correct_seat_tests(seats)
    return {
        "seat_advantage": seats,
        "length": {str(c): length(by_count[c]) for c in plan.counts},
        "scores": {str(c): scores(c, by_count[c], plan.seats[c]) for c in plan.counts},
        "content": {str(c): content({c: by_count[c]}) for c in plan.counts},
    }


# ---------------------------------------------------------------------------- what-if
def compare(plan: Plan, a: Mapping[int, Sequence[LabGame]], b: Mapping[int, Sequence[LabGame]],
            content_a: Mapping[str, Any], content_b: Mapping[str, Any]) -> dict[str, Any]:
    """Version B against A, game by game (game i of both has the same seeds): paired differences
    of every per-game figure, and per item the change of its take rate (paired by seat-game) and
    of its lift; each family with Benjamini-Hochberg q-values."""
    figures: list[dict[str, Any]] = []

    def figure(count: int, name: str, unit: str, values_a: list[float], values_b: list[float]) -> None:
        paired = stats.paired_difference(values_a, values_b)
        figures.append({"players": count, "figure": name, "unit": unit,
                        "a": math.fsum(values_a) / len(values_a), "b": math.fsum(values_b) / len(values_b),
                        **paired})

    for count in plan.counts:
        games_a, games_b = a[count], b[count]
        if [g.seed for g in games_a] != [g.seed for g in games_b]:
            raise ValueError("the versions were not played from the same seeds")
        if not games_a:
            continue
        for seat in range(count):
            figure(count, f"seat {seat} win share", "share",
                   [win_share(g, seat) for g in games_a], [win_share(g, seat) for g in games_b])
        figure(count, "decisions per game", "decisions",
               [g.decisions for g in games_a], [g.decisions for g in games_b])
        if all(g.rounds is not None for g in [*games_a, *games_b]):
            figure(count, "rounds per game", "rounds",
                   [g.rounds or 0 for g in games_a], [g.rounds or 0 for g in games_b])
        if all(g.turns is not None for g in [*games_a, *games_b]):
            figure(count, "turns per game", "turns",
                   [g.turns or 0 for g in games_a], [g.turns or 0 for g in games_b])
        for seat in range(count):
            figure(count, f"seat {seat} score", "points",
                   [g.scores[seat] for g in games_a], [g.scores[seat] for g in games_b])
        if count > 1:
            figure(count, "winning margin", "points", [margin(g) or 0.0 for g in games_a],
                   [margin(g) or 0.0 for g in games_b])
            figure(count, "shared wins", "share", [float(len(g.winners) > 1) for g in games_a],
                   [float(len(g.winners) > 1) for g in games_b])
    for row, q in zip(figures, stats.benjamini_hochberg([f["p_value"] for f in figures]), strict=True):
        row["q_value"] = q
        row["significant"] = q is not None and q < stats.ALPHA

    items = item_changes(plan, a, b, content_a, content_b)
    significant = [f for f in figures if f["significant"]]
    return {
        "a": plan.versions[0].label, "b": plan.versions[1].label,
        "b_options": dict(plan.versions[1].options),
        "changes": whatif.describe(plan.game, plan.module, plan.versions[0].options, plan.versions[1].options),
        "figures": figures, "items": items,
        "significant_figures": len(significant),
        "significant_items": sum(1 for item in items if item["significant"]),
        "note": ("B minus A. Figures: paired by game (same seeds), mean difference with a 95% t interval; "
                 "items (per player count): take rate paired by seat-game, lift compared as independent "
                 "samples, listed by the larger standardized change (change / standard error); "
                 "q: Benjamini-Hochberg within figures and within items"),
    }


def item_changes(plan: Plan, a: Mapping[int, Sequence[LabGame]], b: Mapping[int, Sequence[LabGame]],
                 content_a: Mapping[str, Any], content_b: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Per player count and item seen in either version: take rate A and B with the paired
    change, lift A and B with its change, each with its standardized change; the one that
    changed most first (:func:`.whatif.rank_items`)."""
    rows = []
    for count in plan.counts:
        effects_a = {(row["kind"], row["name"]): row for row in content_a[str(count)]["items"]}
        effects_b = {(row["kind"], row["name"]): row for row in content_b[str(count)]["items"]}
        for key in sorted(set(effects_a) | set(effects_b)):
            taken_a: list[float] = []
            taken_b: list[float] = []
            for game_a, game_b in zip(a[count], b[count], strict=True):
                for seat in range(count):
                    taken_a.append(float(key in game_a.items[seat]))
                    taken_b.append(float(key in game_b.items[seat]))
            take = stats.paired_difference(taken_a, taken_b)
            empty = {"lift": None, "seat_games": 0}
            lift = stats.difference_of_lifts(effects_a.get(key, empty), effects_b.get(key, empty))
            rows.append({
                "players": count, "kind": key[0], "name": key[1],
                "take_a": math.fsum(taken_a) / len(taken_a) if taken_a else 0.0,
                "take_b": math.fsum(taken_b) / len(taken_b) if taken_b else 0.0,
                "take_diff": take["diff"], "take_ci95": take["ci95"], "take_p": take["p_value"],
                "take_z": whatif.standardized(take["diff"], take["se"]),
                "lift_a": effects_a.get(key, empty)["lift"], "lift_b": effects_b.get(key, empty)["lift"],
                "lift_diff": lift["diff"], "lift_ci95": lift["ci95"], "lift_p": lift["p_value"],
                "lift_z": whatif.standardized(lift["diff"], lift["se"]),
            })
    q_values = stats.benjamini_hochberg([p for row in rows for p in (row["take_p"], row["lift_p"])])
    for i, row in enumerate(rows):
        row["take_q"], row["lift_q"] = q_values[2 * i], q_values[2 * i + 1]
        row["significant"] = any(q is not None and q < stats.ALPHA for q in (row["take_q"], row["lift_q"]))
    return whatif.rank_items(rows)


# ---------------------------------------------------------------------------- the whole report
def unfinished(plan: Plan, groups: Sequence[Mapping[int, Sequence[LabGame]]]) -> dict[str, Any]:
    """The games stopped without an end, per version and player count: how many, and the seeds of
    the first ten (``boardwright simulate`` with that seed's batch replays them)."""
    found: dict[str, Any] = {"max_decisions": plan.max_decisions, "games": 0, "groups": []}
    for version, group in zip(plan.versions, groups, strict=True):
        for count in plan.counts:
            stopped = [g for g in group[count] if not g.finished]
            if stopped:
                found["games"] += len(stopped)
                found["groups"].append({"version": version.label, "players": count, "games": len(stopped),
                                        "game_numbers": [g.index % plan.n for g in stopped[:10]],
                                        "seeds": [g.seed for g in stopped[:10]]})
    return found


def timing(plan: Plan, games: Sequence[LabGame], seconds: float, backend: str, jobs: int) -> dict[str, Any]:
    """Wall-clock figures: they vary from run to run and machine to machine."""
    per_count = {}
    for count in plan.counts:
        mine = [g.seconds for g in games if len(g.seats) == count]
        per_count[str(count)] = stats.distribution(mine) if mine else None
    return {"backend": backend, "jobs": jobs, "seconds": seconds, "games": len(games),
            "games_per_second": len(games) / seconds if seconds > 0 else None,
            "seconds_per_game": per_count}


def over_and_under(rows: Sequence[Mapping[str, Any]], shown: int) -> tuple[list[Any], list[Any]]:
    """The items that over-perform (positive lift) and under-perform (negative lift), the
    significant ones first, each list from the largest effect down, at most ``shown`` each."""
    over = sorted((r for r in rows if r["lift"] is not None and r["lift"] > 0),
                  key=lambda r: (not r["significant"], -r["lift"]))
    under = sorted((r for r in rows if r["lift"] is not None and r["lift"] < 0),
                   key=lambda r: (not r["significant"], r["lift"]))
    return over[:shown], under[:shown]


def probability(value: float | None) -> str:
    """A p- or q-value for people: three significant digits, or "< 0.001"."""
    if value is None:
        return "—"
    return "< 0.001" if value < 0.001 else f"= {value:.3g}"


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def points(value: float | None, signed: bool = True) -> str:
    """A difference of rates in percentage points."""
    return "—" if value is None else f"{100 * value:+.1f} pts" if signed else f"{100 * value:.1f} pts"


def headline(report: Mapping[str, Any]) -> list[str]:
    """The study in a few sentences: what a what-if changed (first), seat advantage, length, ties
    and leads, the strongest and weakest items."""
    lines: list[str] = []
    comparison = report.get("compare")
    if comparison:
        lines.append(f"What-if {comparison['b']} changes: {whatif.summary(comparison['changes'])}.")
        changed = [f for f in comparison["figures"] if f["significant"]]
        moved = [row for row in comparison["items"] if row["significant"]]
        if not changed and not moved:
            lines.append(f"What-if {comparison['b']}: no significant change against {comparison['a']}.")
        for f in changed[:8]:
            lines.append(f"What-if {comparison['b']}: {f['players']} players, {f['figure']} "
                         f"{describe_change(f['diff'], f['ci95'], f['unit'])} (q {probability(f['q_value'])}).")
        for row in moved[:5]:
            lines.append(f"What-if {comparison['b']}: {row['players']} players, {row['kind']} {row['name']}: taken "
                         f"{percent(row['take_a'])} → {percent(row['take_b'])}, lift "
                         f"{points(row['lift_a'])} → {points(row['lift_b'])}.")
    from .suspects import headline as suspect_lines

    lines += suspect_lines(report.get("suspects") or [])
    for count, seats in report["seat_advantage"].items():
        test = seats["equal_seats"]
        shares = ", ".join(f"seat {row['seat']} {percent(row['win_share'])}" for row in seats["seats"])
        if test is None:
            lines.append(f"{count} player: {shares} of {seats['games']} games.")
            continue
        verdict = "the seats do NOT win equally often" if test["significant"] else "no seat advantage detected"
        corrected = (f", {test['correction']} p {probability(test['p_adjusted'])}"
                     if len(report["seat_advantage"]) > 1 else "")
        power = ""
        if not test["significant"] and test.get("detectable_gap") is not None:
            power = (f"; not proof of balance: these games find one seat "
                     f"{points(test['detectable_gap'], signed=False)} above its fair share 80% of the time")
        lines.append(f"{count} players: {shares} (equal would be {percent(1 / int(count))}); "
                     f"{verdict} (chi-square p {probability(test['p_value'])}{corrected}){power}.")
    stopped = report["unfinished"]
    if stopped["games"]:
        where = "; ".join(f"{g['games']} of {report['games_per_count']} at {g['players']} players"
                          + (f" in {g['version']}" if report["compare"] else "") for g in stopped["groups"])
        lines.append(f"UNFINISHED: {where} did not end within {stopped['max_decisions']:,} decisions "
                     "(a stalemate or bots that never end it); they are left out of every figure.")
    for count, figures in report["length"].items():
        if not figures["decisions"].get("n"):
            continue
        parts = [f"{figures['decisions']['median']:g} decisions"]
        for key in ("rounds", "turns"):
            if figures[key] is not None:
                parts.append(f"{figures[key]['median']:g} {key}" + (" (every game)" if is_fixed(figures[key]) else ""))
        score = report["scores"][count]
        ties = score["ties"]
        sentence = (f"{count} players: a median game has {', '.join(parts)}; "
                    f"{percent(ties['shared_win_rate'])} shared wins")
        lead = score["lead"]
        if lead:
            half = next(point for point in lead["points"] if point["fraction"] == 0.5)
            if half["rate"] is not None:
                sentence += f"; the leader half-way wins {percent(half['rate'])}"
        behind = score.get("comeback")
        if behind:
            half = behind["points"][0]
            if half["rate"] is not None:
                sentence += f", the last half-way {percent(half['rate'])} (chance {percent(behind['chance'])})"
        lines.append(sentence + ".")
    for count, section in report["content"].items():
        line = content_headline(section)
        if line:
            lines.append(f"{count} players, content: {line}")
    lines += players.notes(report.get("agents") or [])
    return lines


def content_headline(section: Mapping[str, Any]) -> str:
    """One player count's content in a sentence: how many items differ, the strongest and the
    weakest, and those apart from their kind."""
    items = section["items"]
    if not items:
        return ""
    found = [row for row in items if row["significant"]]
    line = (f"{section['significant']} of {section['tested']} items tested differ from their seats' base rate "
            "(q < 0.05).")
    over = [row for row in found if row["lift"] > 0]
    under = [row for row in found if row["lift"] < 0]
    named = []
    if over:
        named.append(f"strongest {over[0]['kind']} {over[0]['name']} ({points(over[0]['lift'])})")
    if under:
        named.append(f"weakest {under[-1]['kind']} {under[-1]['name']} ({points(under[-1]['lift'])})")
    if named:
        text = "; ".join(named)
        line += f" {text[0].upper()}{text[1:]}."
    apart = sorted((row for row in items if row.get("kind_q") is not None and row["kind_q"] < stats.ALPHA),
                   key=lambda row: -row["kind_lift"])
    if apart:
        ends = [apart[0]] if len(apart) == 1 else [apart[0], apart[-1]]
        line += " Against the other items of their kind: " + ", ".join(
            f"{row['kind']} {row['name']} {points(row['kind_lift'])}" for row in ends) + "."
    return line


def is_fixed(figure: Mapping[str, Any] | None) -> bool:
    """True when every game has the same value of a length figure (rounds in a game of a fixed
    number of rounds): its histogram would be a single bar."""
    return bool(figure and figure.get("n") and figure["min"] == figure["max"])


def describe_change(diff: float, ci95: Sequence[float], unit: str) -> str:
    if unit == "share":
        return f"{points(diff)} [{points(ci95[0])}, {points(ci95[1])}]"
    return f"{diff:+.2f} {unit} [{ci95[0]:+.2f}, {ci95[1]:+.2f}]"


def tidy(value: Any) -> Any:
    """JSON-ready: floats rounded to 6 decimals (NaN and infinities become None), tuples lists."""
    if isinstance(value, float):
        return round(value, 6) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {str(key): tidy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [tidy(item) for item in value]
    return value


def efficiency(plan: Plan) -> dict[tuple[str, str], tuple[float, float, str]]:
    """What the content of the study's first version says each item scores and costs (the
    game's ``lab_efficiency`` hook)."""
    from ... import load

    return load(plan.game).lab_efficiency(plan.versions[0].options)


def build(plan: Plan, games: Sequence[LabGame], name: str, seconds: float, backend: str,
          jobs: int) -> dict[str, Any]:
    """The whole report of a study as one JSON-ready dict (only ``timing`` depends on the run).

    Unfinished games (stopped after ``plan.max_decisions``) are left out of every figure and
    listed under ``unfinished``; a what-if compares only the games both versions finished.
    """
    groups = plan.split(games)
    done = [{count: [g for g in group[count] if g.finished] for count in plan.counts} for group in groups]
    from . import suspects

    base = sections(plan, done[0])
    suspected, suspect_rules = suspects.build(done[0], efficiency(plan))
    report: dict[str, Any] = {
        "game": plan.game, "name": name, "players": list(plan.counts), "games_per_count": plan.n,
        "seed": plan.seed, "seats": {str(c): list(plan.seats[c]) for c in plan.counts},
        "options": dict(plan.versions[0].options),
        "versions": [{"label": v.label, "options": dict(v.options)} for v in plan.versions],
        "headline": [], "unfinished": unfinished(plan, groups), **base, "compare": None,
        "suspects": suspected, "suspect_rules": suspect_rules,
    }
    if len(plan.versions) > 1:
        other = sections(plan, done[1])
        paired = [{count: [pair[v] for pair in zip(groups[0][count], groups[1][count], strict=True)
                           if pair[0].finished and pair[1].finished] for count in plan.counts} for v in (0, 1)]
        report["compare"] = {**compare(plan, paired[0], paired[1], base["content"], other["content"]),
                             "b_sections": other}
    report["agents"] = players.section(plan.seats, load(plan.game))
    report = tidy(report)
    report["headline"] = headline(report)
    report["timing"] = tidy(timing(plan, games, seconds, backend, jobs))
    return report
