"""The statistics of the balance lab (NumPy and SciPy), each stated with its assumptions.

Every function takes its data in a fixed order and returns plain floats, so the same games give
the same figures however they were played. Intervals are 95%.

- A win shared by ``k`` seats counts ``1/k`` for each (win *share*); rates of wins use the
  Wilson score interval on that fractional count (:func:`boardwright.sim.stats.wilson_interval`).
- "All seats win equally often" is tested with Pearson's chi-square goodness of fit on the win
  shares per seat (``players - 1`` degrees of freedom). With shared wins the counts are
  fractional; the test is then approximate, as it is when an expected count is below 5.
- Paired differences (a what-if study plays game ``i`` of both versions from the same seeds) use
  the per-game difference: its mean, a Student t interval and a one-sample t test against 0.
- An item's effect compares the win share of the seats that took it with what those seats were
  expected to win from their seat's base rate (a z test on the sum of Bernoulli variances).
- Many items are tested at once, so their p-values get the Benjamini-Hochberg correction
  (q-values): among items called significant at q < 0.05, about 5% are expected to be false
  discoveries. The seat tests of several player counts are few and each is a claim of its own,
  so they get Holm's correction (the chance of any false "the seats differ" stays below 5%).
- "No difference found" is not "balanced": each test states the smallest effect its sample
  would find 80% of the time (its minimum detectable effect, at the test's level).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import optimize
from scipy import stats as sps

from ..stats import Z95, wilson_interval

#: the significance level of every test and of the false-discovery rate
ALPHA = 0.05
#: fewest observations before a test is run (below, the figure is shown without a p-value)
MIN_TESTED = 10
#: the power at which the lab states the smallest effect a test would detect
POWER = 0.8


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson interval of ``successes / trials`` (fractional successes allowed)."""
    successes = min(float(trials), max(0.0, round(successes, 12)))
    return wilson_interval(successes, trials)


def distribution(values: Sequence[float], bins: int = 20) -> dict[str, Any]:
    """Summary of a sample: count, mean, standard deviation, quantiles (5, 25, 50, 75, 95%,
    linear interpolation), extremes and a histogram of equal-width bins (whole-number bins for
    whole-number data with a small range)."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return {"n": 0}
    low, high = float(data.min()), float(data.max())
    whole = bool(np.all(data == np.round(data)))
    if whole and high - low + 1 <= bins * 2:
        edges = np.arange(low - 0.5, high + 1.5)
    else:
        edges = np.linspace(low, high if high > low else low + 1, bins + 1)
    counts, edges = np.histogram(data, bins=edges)
    p05, p25, p50, p75, p95 = np.percentile(data, [5, 25, 50, 75, 95])
    return {
        "n": int(data.size), "mean": float(data.mean()), "sd": float(data.std(ddof=1)) if data.size > 1 else 0.0,
        "min": low, "p05": float(p05), "p25": float(p25), "median": float(p50), "p75": float(p75),
        "p95": float(p95), "max": high,
        "histogram": {"edges": [float(e) for e in edges], "counts": [int(c) for c in counts]},
    }


def equal_seats_test(wins: Sequence[float]) -> dict[str, Any] | None:
    """Pearson's chi-square test that every seat wins equally often, from each seat's win shares
    (None with one seat or no games). ``approximate`` flags fractional counts or an expected
    count below 5, where the chi-square distribution fits less well."""
    seats = len(wins)
    total = float(sum(wins))
    if seats < 2 or total <= 0:
        return None
    observed = np.asarray(wins, dtype=float)
    expected = total / seats
    statistic, p_value = sps.chisquare(observed)
    return {
        "test": "chi-square goodness of fit: every seat wins 1/players of the games",
        "statistic": float(statistic), "df": seats - 1, "p_value": float(p_value),
        "significant": bool(p_value < ALPHA),
        "approximate": bool(expected < 5 or np.any(observed != np.round(observed))),
    }


def benjamini_hochberg(p_values: Sequence[float | None]) -> list[float | None]:
    """Benjamini-Hochberg q-values of the p-values given (None stays None and is not counted)."""
    present = [i for i, p in enumerate(p_values) if p is not None]
    q: list[float | None] = [None] * len(p_values)
    if present:
        adjusted = sps.false_discovery_control([float(p_values[i]) for i in present], method="bh")  # type: ignore[arg-type]
        for i, value in zip(present, adjusted, strict=True):
            q[i] = float(value)
    return q


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (family-wise error control) of the p-values given;
    None stays None and is not counted."""
    present = sorted((float(p), i) for i, p in enumerate(p_values) if p is not None)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (len(present) - rank) * p))
        adjusted[i] = running
    return adjusted


def detectable_seat_gap(games: float, seats: int, alpha: float = ALPHA, power: float = POWER) -> float | None:
    """The smallest advantage of one seat over the fair share 1/seats (the other seats sharing the
    rest equally) that the chi-square test of ``games`` wins at level ``alpha`` finds with
    probability ``power``: the non-centrality λ where the non-central chi-square reaches the
    power, Cohen's w = √(λ/games), and the gap d = w·√(seats − 1)/seats (as w² = seats²·d²/(seats − 1)
    for that pattern). None with fewer than two seats or no games."""
    if seats < 2 or games <= 0:
        return None
    df = seats - 1
    critical = float(sps.chi2.isf(alpha, df))

    def shortfall(noncentrality: float) -> float:
        return float(sps.ncx2.sf(critical, df, noncentrality)) - power

    high = 1.0
    while shortfall(high) < 0:
        high *= 2
    noncentrality = float(optimize.brentq(shortfall, 1e-9, high, xtol=1e-10))
    w = math.sqrt(noncentrality / games)
    return w * math.sqrt(seats - 1) / seats


def detectable_difference(se: float, alpha: float = ALPHA, power: float = POWER) -> float | None:
    """The smallest true difference a two-sided z test with standard error ``se`` at level
    ``alpha`` finds with probability ``power``: (z(1 − alpha/2) + z(power)) · se."""
    if se <= 0:
        return None
    return float(sps.norm.isf(alpha / 2) + sps.norm.ppf(power)) * se


def paired_difference(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """The mean of ``b[i] - a[i]`` over pairs, its 95% Student t interval and the two-sided p-value
    of a t test that it is 0, with its standard error ``se``. Identical pairs give a zero
    interval and p = 1."""
    diff = np.asarray(b, dtype=float) - np.asarray(a, dtype=float)
    n = int(diff.size)
    mean = float(diff.mean()) if n else 0.0
    if n < 2:
        return {"diff": mean, "ci95": [mean, mean], "p_value": None, "se": None}
    sd = float(diff.std(ddof=1))
    if sd == 0.0:
        return {"diff": mean, "ci95": [mean, mean], "p_value": 1.0 if mean == 0.0 else 0.0, "se": 0.0}
    se = sd / math.sqrt(n)
    half = float(sps.t.ppf(0.975, n - 1)) * se
    p_value = float(2 * sps.t.sf(abs(mean) / se, n - 1))
    return {"diff": mean, "ci95": [mean - half, mean + half], "p_value": p_value, "se": se}


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``."""
    return float(2 * sps.norm.sf(abs(z)))


def item_effect(shares: Sequence[float], base: Sequence[float]) -> dict[str, Any]:
    """How the seats that took an item did against their base rates.

    ``shares[j]`` is the win share of the j-th seat-game with the item, ``base[j]`` the win rate
    of that seat position (in that player count) over the whole batch. ``win_rate`` is the mean
    share with its Wilson interval; ``expected`` the mean base rate; ``lift`` their difference,
    with the Wilson interval shifted by ``expected``. The z test treats each seat-game as a
    Bernoulli trial won with its base rate: z = (wins - expected wins) / sqrt(sum p(1-p)); it is
    run from :data:`MIN_TESTED` seat-games on.
    """
    m = len(shares)
    if m == 0:
        return {"seat_games": 0, "win_rate": None, "win_ci95": None, "expected": None, "lift": None,
                "lift_ci95": None, "lift_se": 0.0, "z": None, "p_value": None, "detectable_lift": None}
    wins = math.fsum(shares)
    expected_wins = math.fsum(base)
    variance = math.fsum(p * (1 - p) for p in base)
    low, high = wilson(wins, m)
    rate, expected = wins / m, expected_wins / m
    z = p_value = None
    if m >= MIN_TESTED and variance > 0:
        z = (wins - expected_wins) / math.sqrt(variance)
        p_value = two_sided_p(z)
    lift_se = math.sqrt(variance) / m
    return {"seat_games": m, "win_rate": rate, "win_ci95": [low, high], "expected": expected,
            "lift": rate - expected, "lift_ci95": [low - expected, high - expected],
            "lift_se": lift_se, "z": z, "p_value": p_value,
            "detectable_lift": detectable_difference(lift_se) if p_value is not None else None}


def difference_of_lifts(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The change of an item's lift from version A to B (independent seat-games: the item is
    taken in different games): difference, normal 95% interval, two-sided p-value and standard
    error (None where either version saw the item too rarely to test)."""
    if a.get("lift") is None or b.get("lift") is None:
        return {"diff": None, "ci95": None, "p_value": None, "se": None}
    diff = b["lift"] - a["lift"]
    se = math.sqrt(a["lift_se"] ** 2 + b["lift_se"] ** 2)
    if a["seat_games"] < MIN_TESTED or b["seat_games"] < MIN_TESTED or se == 0:
        return {"diff": diff, "ci95": None, "p_value": None, "se": None}
    return {"diff": diff, "ci95": [diff - Z95 * se, diff + Z95 * se], "p_value": float(2 * sps.norm.sf(abs(diff) / se)),
            "se": se}
