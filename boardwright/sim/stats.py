"""Statistics of a batch of games: win rates with Wilson intervals, mean scores and lengths.

A win shared by ``k`` seats counts as ``1/k`` of a win for each of them, so the win rates of one
batch always add up to 1 per game (a two-way tie is half a win each, not two wins). The Wilson
score interval is computed on that fractional count; with no shared wins it is the textbook
interval for a binomial proportion.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from .runner import GameResult

#: the normal quantile for a two-sided 95% interval
Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``games`` (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is sensible for 0 or all wins:

    >>> low, high = wilson_interval(0, 10)
    >>> (round(low, 4), round(high, 4))
    (0.0, 0.2775)
    >>> low, high = wilson_interval(5, 10)
    >>> (round(low, 4), round(high, 4))
    (0.2366, 0.7634)

    ``wins`` may be fractional (shared wins); no games gives the uninformative (0, 1).
    """
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and the number of games, not {wins!r} of {games}")
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_share(result: GameResult, seat: int) -> float:
    """The part of a win ``seat`` earned in one game: 1/k if it is one of k winners, else 0."""
    if seat in result.winners:
        return 1.0 / len(result.winners)
    return 0.0


@dataclass(frozen=True)
class Summary:
    """The record of one seat (or of one agent over all its seats) in a batch."""

    #: the seat number, or None for an agent's summary over several seats
    seat: int | None
    #: the agent spec (e.g. ``"heuristic"`` or ``"ismcts:iterations=500"``)
    agent: str
    #: games played (an agent in two seats of each game counts each seat: seat-games)
    games: int
    #: wins, a shared win counting 1/k
    wins: float
    #: wins / games
    win_rate: float
    #: the 95% Wilson interval of the win rate
    win_ci95: tuple[float, float]
    #: the mean final score
    mean_score: float
    #: the mean number of decisions this seat (agent) made per game
    mean_decisions: float

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["win_ci95"] = list(self.win_ci95)
        if self.seat is None:
            del data["seat"]
        return data


def _summary(seat: int | None, agent: str, pairs: Sequence[tuple[GameResult, int]]) -> Summary:
    games = len(pairs)
    wins = sum(win_share(result, s) for result, s in pairs)
    # Guard the interval against float sums like 3.0000000000000004 of 3 games.
    wins = min(float(games), round(wins, 12))
    rate = wins / games if games else 0.0
    mean_score = sum(result.scores[s] for result, s in pairs) / games if games else 0.0
    mean_decisions = sum(result.seat_decisions[s] for result, s in pairs) / games if games else 0.0
    return Summary(seat, agent, games, wins, rate, wilson_interval(wins, games), mean_score, mean_decisions)


def seat_summaries(results: Sequence[GameResult]) -> list[Summary]:
    """One summary per seat, in seat order; a seat's agent is the spec it had in the games.

    When the same seat held different agents across the batch (a tournament), the seat is
    summarised once per agent.
    """
    groups: dict[tuple[int, str], list[tuple[GameResult, int]]] = {}
    for result in results:
        for seat, agent in enumerate(result.seats):
            groups.setdefault((seat, agent), []).append((result, seat))
    return [_summary(seat, agent, pairs) for (seat, agent), pairs in sorted(groups.items())]


def agent_summaries(results: Sequence[GameResult]) -> list[Summary]:
    """One summary per agent spec over every seat it held (games are seat-games), by name."""
    groups: dict[str, list[tuple[GameResult, int]]] = {}
    for result in results:
        for seat, agent in enumerate(result.seats):
            groups.setdefault(agent, []).append((result, seat))
    return [_summary(None, agent, pairs) for agent, pairs in sorted(groups.items())]


@dataclass(frozen=True)
class BatchSummary:
    """Everything ``boardwright simulate`` reports about a batch of games."""

    games: int
    mean_length: float
    min_length: int
    max_length: int
    shared_wins: int
    seats: list[Summary]
    agents: list[Summary]

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "mean_length": self.mean_length,
            "min_length": self.min_length,
            "max_length": self.max_length,
            "shared_wins": self.shared_wins,
            "seats": [summary.as_json() for summary in self.seats],
            "agents": [summary.as_json() for summary in self.agents],
        }


def summarize(results: Sequence[GameResult]) -> BatchSummary:
    """The statistics of a batch: per seat, per agent, and game lengths (in decisions)."""
    lengths = [result.decisions for result in results]
    return BatchSummary(
        games=len(results),
        mean_length=sum(lengths) / len(lengths) if lengths else 0.0,
        min_length=min(lengths, default=0),
        max_length=max(lengths, default=0),
        shared_wins=sum(1 for result in results if len(result.winners) > 1),
        seats=seat_summaries(results),
        agents=agent_summaries(results),
    )
