"""Comebacks: how often the seat in last place part-way through a game goes on to win.

The mirror of "does the leader win?" (:func:`boardwright.sim.lab.analysis.scores`). As each round
ends the lab notes the seats with the lowest score the game shows (hidden points are not
counted). At half-way (half of the game's rounds, rounded to a round's end) and as the last round
begins, the sole last-placed seat's win share (1/k of a win shared by k) is counted, with a 95%
Wilson interval. A game where last place never wins is decided by the middle; one where it wins
about 1/players of the time lets anyone come back. Games where several seats share last place
(every seat level, early on) are counted apart and left out of the rate.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from . import stats
from .collect import LabGame, standing_at, win_share

#: where the lab looks at who is last: a fraction of the game's rounds, or None for "as the last
#: round begins"
COMEBACK_POINTS: tuple[tuple[str, float | None], ...] = (
    ("at half-way", 0.5), ("as the last round begins", None),
)


def followed_to_the_end(found: Iterable[tuple[LabGame, tuple[int, ...] | None]]) -> dict[str, Any]:
    """How often the seats found in each game (its leaders, or its last-placed seats, at some
    point; None when the game had no such point) went on to win, counting only the games with a
    sole such seat: ``games`` with a sole seat, ``shared`` (several seats), ``wins`` (win shares),
    ``rate`` and its 95% Wilson interval ``ci95``."""
    sole: list[tuple[LabGame, int]] = []
    shared = 0
    for game, seats in found:
        if seats is None:
            continue
        if len(seats) == 1:
            sole.append((game, seats[0]))
        else:
            shared += 1
    wins = math.fsum(win_share(game, seat) for game, seat in sole)
    return {"games": len(sole), "shared": shared, "wins": wins, "rate": wins / len(sole) if sole else None,
            "ci95": list(stats.wilson(wins, len(sole))) if sole else None}


def comeback(count: int, games: Sequence[LabGame]) -> dict[str, Any] | None:
    """How often the sole last-placed seat at each point of :data:`COMEBACK_POINTS` wins; None
    when the game does not tell its rounds, or alone at the table."""
    if count < 2 or not games or any(g.rounds is None for g in games):
        return None
    points = []
    for label, fraction in COMEBACK_POINTS:
        found = followed_to_the_end((game, standing_at(game.trailers, game.rounds, fraction)) for game in games)
        points.append({"at": label, "fraction": fraction, "sole_last_games": found["games"],
                       "shared_last_games": found["shared"], "last_wins": found["wins"],
                       "rate": found["rate"], "ci95": found["ci95"]})
    return {
        "points": points, "chance": 1.0 / count,
        "note": ("the sole seat with the lowest score as a round ends; its win counts 1/k if the win is shared; "
                 "games with several seats in last place are left out of the rate"),
    }
