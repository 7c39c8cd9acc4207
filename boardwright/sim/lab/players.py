"""Who played a study: each agent spec of ``--seats``, what it plays as in this game, and whether
its play is reproducible (standard library only).

A level's name (``hard``) is the game's own spec for that level (``boardwright levels GAME``), so
the report names both. A search given a time budget (``ismcts:time=0.05``) thinks for as long as
the clock allows: how far it gets depends on the machine, its load and the number of jobs, so the
same command no longer gives the same report. An iteration budget (``ismcts:iterations=200``)
plays the same moves anywhere, on any number of jobs and on Ray.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ... import agents
from ...agents.level import describe
from ...engine import Game

#: the agent that searches (its games take seconds where a bot's take milliseconds)
SEARCH = "ismcts"


def plays_as(spec: str, game: Game) -> tuple[str, dict[str, Any]]:
    """The agent ``spec`` is in ``game`` (a level resolved) and its parameters."""
    return agents.parse_spec(agents.resolve(spec, game))


def searches(specs: Iterable[str], game: Game) -> bool:
    """Whether any of ``specs`` is a search (its games are slow: the backends send them in small
    batches)."""
    return any(plays_as(spec, game)[0] == SEARCH for spec in specs)


def section(seats: Mapping[int, Sequence[str]], game: Game) -> list[dict[str, Any]]:
    """Each agent of the study, in the order of the seats: ``spec`` as given, ``plays_as`` (the
    spec it resolves to in this game), ``about`` (in words), ``seats`` (player count -> the seats
    it held), ``budget`` (``time``, ``iterations`` or None) and ``reproducible``."""
    found: dict[str, dict[str, Any]] = {}
    for count, specs in seats.items():
        for seat, spec in enumerate(specs):
            row = found.get(spec)
            if row is None:
                resolved = agents.resolve(spec, game)
                name, params = agents.parse_spec(resolved)
                budget = None if name != SEARCH else "time" if "time" in params else "iterations"
                row = found[spec] = {"spec": spec, "plays_as": resolved, "about": describe(resolved),
                                     "seats": {}, "budget": budget, "reproducible": budget != "time"}
            row["seats"].setdefault(str(count), []).append(seat)
    return list(found.values())


def notes(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Headline lines about the players: who played, and a warning when a time budget makes the
    study unrepeatable."""
    played = "; ".join(row["spec"] + (f" ({row['plays_as']})" if row["plays_as"] != row["spec"] else "")
                       + f": {row['about']}" for row in rows)
    lines = [f"Played by {played}."]
    timed = [row["spec"] for row in rows if not row["reproducible"]]
    if timed:
        verb = "thinks" if len(timed) == 1 else "think"
        lines.append(f"Not reproducible: {', '.join(timed)} {verb} for a set time per move, so the moves depend "
                     "on this machine's speed, its load and the jobs; give a search iterations "
                     "(ismcts:iterations=N) for a report the same command gives again.")
    return lines
