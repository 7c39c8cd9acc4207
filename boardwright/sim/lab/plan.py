"""The games a balance study plays: player counts, seats, versions, seeds (standard library only).

Game ``i`` of every player count and every version is seeded ``game_seed(seed, i)``, with the
agent in seat ``k`` seeded ``agent_seed(that seed, k)``, exactly as ``boardwright simulate``
seeds its game ``i``. So in a what-if study game ``i`` of version A and of version B share their
seeds (common random numbers): the versions differ only by the change studied, and a paired
comparison cancels most of the luck of the deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..runner import GameTask, game_seed
from .collect import LAB_MAX_DECISIONS


@dataclass(frozen=True)
class Version:
    """One version of the game studied: a label and the options it is played with."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    """A balance study: ``n`` games per player count and per version."""

    game: str
    counts: tuple[int, ...]
    #: the agent spec of each seat, per player count
    seats: Mapping[int, tuple[str, ...]]
    n: int
    seed: int
    #: the base version first; a what-if study has a second
    versions: tuple[Version, ...]
    #: a module to import on each worker before loading the game (a plug-in or test game)
    module: str | None = None
    #: a game still running after this many decisions is stopped and reported as unfinished
    max_decisions: int = LAB_MAX_DECISIONS

    def __post_init__(self) -> None:
        if not self.counts or not self.versions:
            raise ValueError("a study needs at least one player count and one version")
        for count in self.counts:
            if len(self.seats.get(count, ())) != count:
                raise ValueError(f"{count} players need {count} seats")

    @property
    def total(self) -> int:
        return self.n * len(self.counts) * len(self.versions)

    def tasks(self) -> list[GameTask]:
        """Every game of the study, indexed ``(version, count, i)`` in that order."""
        tasks = []
        index = 0
        for version in self.versions:
            for count in self.counts:
                seats = tuple(self.seats[count])
                for i in range(self.n):
                    tasks.append(GameTask(index, self.game, seats, game_seed(self.seed, i),
                                          dict(version.options), self.module, self.max_decisions))
                    index += 1
        return tasks

    def split(self, results: Sequence[Any]) -> list[dict[int, list[Any]]]:
        """The results (in task order) per version, then per player count, each in game order."""
        if len(results) != self.total:
            raise ValueError(f"{len(results)} results for a study of {self.total} games")
        ordered = sorted(results, key=lambda result: result.index)
        groups: list[dict[int, list[Any]]] = []
        position = 0
        for _version in self.versions:
            by_count: dict[int, list[Any]] = {}
            for count in self.counts:
                by_count[count] = ordered[position:position + self.n]
                position += self.n
            groups.append(by_count)
        return groups
