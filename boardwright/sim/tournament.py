"""Tournaments: agents against each other over every seating, with win rates and OpenSkill ratings.

A tournament of ``n`` games seats the agents in every distinct arrangement over the seats (with
``k`` agents and ``p`` players: the permutations of the agents over the seats; fewer agents than
seats are repeated in turn to fill them) and rotates through those seatings evenly, game ``i``
taking seating ``i mod count``, so no agent profits from a seat. Every game has its own seed
derived from the tournament seed, and every seat a fresh agent seeded from the game seed; the games
are played by the balance lab's runner (:func:`boardwright.sim.runner.run_tasks`) on worker
processes or any injected ``concurrent.futures`` executor. The standings, the ratings and the JSON
report depend only on the game, the agents, ``n``, the players, the options and the seed.

Per agent (over all the seats it held, so "games" are seat-games): the win rate with its 95%
Wilson interval (a win shared by ``k`` seats counts ``1/k``), the mean score, the mean rank
(1 is best: winners rank first, the others by score, ties sharing the better rank), and an OpenSkill
rating (Plackett-Luce) updated game by game in game order.

>>> lineups(["ismcts", "heuristic"], 3)
[('ismcts', 'heuristic', 'ismcts'), ('ismcts', 'ismcts', 'heuristic'), ('heuristic', 'ismcts', 'ismcts')]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import Game, resolve_options
from .runner import GameResult, GameTask, check_task, game_seed, run_tasks
from .stats import agent_summaries

#: ``progress(done, total)``: games finished so far, and games in the tournament
TournamentProgress = Callable[[int, int], None]

NOTE = ("games are seat-games; a win shared by k seats counts 1/k; interval: 95% Wilson; "
        "rank 1 is best; rating: OpenSkill Plackett-Luce, ordinal = mu - 3 sigma")


# ---------------------------------------------------------------------- seatings
def lineups(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every distinct seating of the agents over ``players`` seats, in a fixed order.

    With as many agents as seats, every permutation; with more, every ordered choice of
    ``players`` of them; with fewer, the agents repeated in turn to fill the seats, then every
    distinct permutation of that line-up (two copies of an agent are the same agent).
    """
    if not agents:
        raise ValueError("a tournament needs at least one agent")
    if players < 1:
        raise ValueError(f"a tournament needs at least one seat, not {players}")
    pool = list(agents) if len(agents) >= players else [agents[i % len(agents)] for i in range(players)]
    seen: dict[tuple[str, ...], None] = {}
    for order in itertools.permutations(range(len(pool)), players):
        seen.setdefault(tuple(pool[i] for i in order), None)
    return list(seen)


def seat_count(game: Game, agents: int, players: int | None) -> int:
    """The players of a tournament: as given, else one seat per agent within the game's range."""
    if players is not None:
        if not game.min_players <= players <= game.max_players:
            raise ValueError(f"{game.name} plays {game.player_range()} players, not {players}")
        return players
    return min(max(agents, game.min_players), game.max_players)


def rank_seats(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 is best): winners first, then by score; equal seats share a place.

    >>> rank_seats([10, 12, 12, 7], [1, 2])
    [3, 1, 1, 4]
    """
    won = set(winners)

    def key(seat: int) -> tuple[bool, float]:
        return (seat in won, scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


# ---------------------------------------------------------------------- results
@dataclass(frozen=True)
class Standing:
    """One agent's record over the tournament (games are seat-games)."""

    agent: str
    games: int
    wins: float
    win_rate: float
    win_ci95: tuple[float, float]
    mean_score: float
    mean_rank: float
    rating_mu: float
    rating_sigma: float

    @property
    def rating(self) -> float:
        """The conservative rating (ordinal): ``mu - 3 sigma``."""
        return self.rating_mu - 3 * self.rating_sigma

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["win_ci95"] = list(self.win_ci95)
        data["rating"] = self.rating
        return data


@dataclass
class Tournament:
    """A finished tournament: its setup, the standings (best rating first) and every game."""

    game: str
    players: int
    seed: int
    options: Mapping[str, Any]
    agents: list[str]
    lineups: list[tuple[str, ...]]
    standings: list[Standing]
    results: list[GameResult] = field(repr=False)

    def lineup_counts(self) -> list[int]:
        """How many games each seating was played (equal when ``n`` is a multiple of the count)."""
        counts = [0] * len(self.lineups)
        for result in self.results:
            counts[self.lineups.index(result.seats)] += 1
        return counts

    def as_json(self) -> dict[str, Any]:
        """The JSON report: setup, seatings, standings and every game's result (seed, seats,
        scores, winners). No timings, so the same tournament always gives the same report."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "games": len(self.results),
            "agents": list(self.agents),
            "lineups": [{"seats": list(seats), "games": count}
                        for seats, count in zip(self.lineups, self.lineup_counts(), strict=True)],
            "standings": [standing.as_json() for standing in self.standings],
            "results": [{"index": r.index, "seed": r.seed, "seats": list(r.seats), "scores": list(r.scores),
                         "winners": list(r.winners), "decisions": r.decisions} for r in self.results],
            "note": NOTE,
        }

    def table(self) -> str:
        """The standings as a plain-text table for people."""
        headers = ["agent", "games", "wins", "win rate", "95% interval", "mean score", "mean rank",
                   "rating (mu ± sigma)", "ordinal"]
        rows = [headers]
        for s in self.standings:
            low, high = s.win_ci95
            rows.append([s.agent, str(s.games), f"{s.wins:.4g}", f"{s.win_rate:.1%}",
                         f"{low:.1%} – {high:.1%}", f"{s.mean_score:.2f}", f"{s.mean_rank:.2f}",
                         f"{s.rating_mu:.2f} ± {s.rating_sigma:.2f}", f"{s.rating:.2f}"])
        widths = [max(len(row[i]) for row in rows) for i in range(len(headers))]
        lines = [f"{self.game}: {len(self.results)} games, {self.players} player{'s' * (self.players != 1)}, "
                 f"{len(self.lineups)} seatings, seed {self.seed}"]
        for index, row in enumerate(rows):
            lines.append("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                                   for i, cell in enumerate(row)))
            if index == 0:
                lines.append("  ".join("-" * w for w in widths))
        counts = set(self.lineup_counts())
        if len(counts) > 1:
            lines.append(f"(the games do not divide evenly over the {len(self.lineups)} seatings: "
                         f"each was played {min(counts)} or {max(counts)} times)")
        lines.append(NOTE)
        return "\n".join(lines)


def _ratings(agents: Sequence[str], results: Sequence[GameResult]) -> dict[str, tuple[float, float]]:
    """OpenSkill (Plackett-Luce) ratings after the games, in game order: agent -> (mu, sigma).

    An agent in several seats of one game is rated in each; its new rating is the mean of them.
    Solo games leave the ratings alone (the standings then rank by win rate).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {agent: model.rating(name=agent) for agent in agents}
    for result in results:
        if len(result.seats) < 2:
            continue  # a solo game has no opponent to be rated against
        teams = [[ratings[agent]] for agent in result.seats]
        updated = model.rate(teams, ranks=[float(r) for r in rank_seats(result.scores, result.winners)])
        new: dict[str, list[Any]] = {}
        for agent, team in zip(result.seats, updated, strict=True):
            new.setdefault(agent, []).append(team[0])
        for agent, versions in new.items():
            rating = ratings[agent]
            rating.mu = sum(v.mu for v in versions) / len(versions)
            rating.sigma = sum(v.sigma for v in versions) / len(versions)
    return {agent: (rating.mu, rating.sigma) for agent, rating in ratings.items()}


def standings(agents: Sequence[str], results: Sequence[GameResult]) -> list[Standing]:
    """Each agent's record and rating, best rating (ordinal) first, then by win rate and name."""
    summaries = {summary.agent: summary for summary in agent_summaries(results)}
    ranks: dict[str, list[int]] = {agent: [] for agent in agents}
    for result in results:
        for agent, rank in zip(result.seats, rank_seats(result.scores, result.winners), strict=True):
            ranks[agent].append(rank)
    ratings = _ratings(agents, results)
    table = []
    for agent in dict.fromkeys(agents):
        summary = summaries.get(agent)
        places = ranks[agent]
        mu, sigma = ratings[agent]
        table.append(Standing(
            agent=agent,
            games=summary.games if summary else 0,
            wins=summary.wins if summary else 0.0,
            win_rate=summary.win_rate if summary else 0.0,
            win_ci95=summary.win_ci95 if summary else (0.0, 1.0),
            mean_score=summary.mean_score if summary else 0.0,
            mean_rank=sum(places) / len(places) if places else 0.0,
            rating_mu=mu, rating_sigma=sigma,
        ))
    table.sort(key=lambda s: (-s.rating, -s.win_rate, s.agent))
    return table


# ---------------------------------------------------------------------- running
def tournament_tasks(game_id: str, agents: Sequence[str], n: int, players: int, seed: int = 0,
                     options: Mapping[str, Any] | None = None,
                     module: str | None = None) -> tuple[list[tuple[str, ...]], list[GameTask]]:
    """The seatings and the ``n`` games of a tournament (game ``i`` takes seating ``i mod count``)."""
    if n < 0:
        raise ValueError(f"the number of games cannot be negative ({n})")
    seatings = lineups(agents, players)
    chosen = dict(options or {})
    tasks = [GameTask(i, game_id, seatings[i % len(seatings)], game_seed(seed, i), chosen, module)
             for i in range(n)]
    return seatings, tasks


def run_tournament(game_id: str, agents: Sequence[str], n: int, players: int | None = None, seed: int = 0,
                   options: Mapping[str, Any] | None = None, jobs: int = 1,
                   executor: Executor | None = None, progress: TournamentProgress | None = None,
                   module: str | None = None) -> Tournament:
    """Play a tournament of ``n`` games of ``game_id`` between ``agents`` (agent specs).

    ``jobs`` worker processes (or the given ``executor``; ``jobs=1`` plays here);
    ``progress(done, total)`` after each batch of finished games; ``module`` is imported by each
    worker before the game is loaded (a plug-in or test game that registers itself on import).
    """
    import importlib

    from .. import load

    if module:
        importlib.import_module(module)
    game = load(game_id)
    count = seat_count(game, len(agents), players)
    seatings, tasks = tournament_tasks(game_id, agents, n, count, seed, options, module)
    unchecked = set(agents)
    for seats in seatings:  # every agent is built once before any game starts
        if unchecked & set(seats):
            check_task(GameTask(0, game_id, seats, game_seed(seed, 0), dict(options or {}), module))
            unchecked -= set(seats)
    done = 0

    def advance(k: int) -> None:
        nonlocal done
        done += k
        if progress is not None:
            progress(done, n)

    results = run_tasks(tasks, jobs=jobs, executor=executor, progress=advance)
    resolved = resolve_options(game.id, game.options, dict(options or {}))
    return Tournament(game_id, count, seed, resolved, list(dict.fromkeys(agents)), seatings,
                      standings(agents, results), results)


__all__ = [
    "Standing", "Tournament", "TournamentProgress", "lineups", "rank_seats", "run_tournament",
    "seat_count", "standings", "tournament_tasks",
]
