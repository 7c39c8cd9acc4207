"""The coach: a hint for the seat to act, with the search's reasons in words.

``hint(state, seat)`` runs the information-set search (:mod:`.ismcts`) for ``seat`` and reports the
moves it rates best, each with its estimated win chance (the mean of the search's rewards:
1 shared by the winners of a simulation that reached the end, the game's evaluation at a cut-off),
the seat's mean score at the end of the simulations that started with it, and how many did.

The why compares the two best moves line by line of the seat's score breakdown at the end of
those simulations. A breakdown line is compared under its ``group`` when it has one (the row the
seats' scores are set side by side under: "Gadgets"), else under its own label; the rows whose
mean points differ most are named with the game's own words, the member of a group that makes
most of the difference beside it. Nothing here knows any game.

The hint depends only on what the seat may see: the search starts every simulation from a
determinization for the seat (``state.determinize(seat, s)``, ``s`` from the seed) and reads
nothing else of the state but the seat's legal actions. So with an iteration budget and a seed,
the hint from the true state and from any determinization for the seat is the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import State
from .ismcts import ISMCTSAgent, first_action

#: at most this many moves are reported
MOVES_SHOWN = 5
#: at most this many breakdown rows are named in the why
ROWS_NAMED = 3
#: the budget's bounds: a hint is asked by a person waiting for it
MAX_TIME = 60.0
MAX_ITERATIONS = 200_000


@dataclass
class _Outcomes:
    """What the simulations that started with one move ended with, for the seat hinted."""

    simulations: int = 0
    score: float = 0.0
    #: per breakdown row (group, else label): the summed points
    rows: dict[str, float] = field(default_factory=dict)
    #: per row, per member label: the summed points
    members: dict[str, dict[str, float]] = field(default_factory=dict)

    def add(self, lines: list[dict[str, Any]], total: float) -> None:
        self.simulations += 1
        self.score += total
        for line in lines:
            label = str(line["label"])
            row = str(line.get("group") or label)
            self.rows[row] = self.rows.get(row, 0.0) + line["points"]
            if row != label:
                members = self.members.setdefault(row, {})
                members[label] = members.get(label, 0.0) + line["points"]

    def mean(self, row: str) -> float:
        return self.rows.get(row, 0.0) / self.simulations if self.simulations else 0.0

    def member_mean(self, row: str, label: str) -> float:
        return self.members.get(row, {}).get(label, 0.0) / self.simulations if self.simulations else 0.0


def check_budget(time: Any, iterations: Any) -> None:
    """Refuse, in one line, a budget that is not positive or beyond the bounds."""
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"a hint's iterations are a whole number from 1 to {MAX_ITERATIONS:,}, "
                             f"not {iterations!r}")
        return
    if isinstance(time, bool) or not isinstance(time, (int, float)) or not 0 < time <= MAX_TIME:
        raise ValueError(f"a hint's time is a number of seconds above 0 and at most {MAX_TIME:g}, not {time!r}")


def hint(state: State, seat: int, time: float = 1.0, iterations: int | None = None,
         seed: int | None = None, **search: Any) -> dict[str, Any]:
    """The search's advice to ``seat``, who owes a decision in ``state``.

    ``{"moves": [{"action", "win", "score", "visits", "rows"}, ...], "why": str, "iterations": n}``:
    at most :data:`MOVES_SHOWN` moves, best first (the most simulated, then the better win
    chance, as the search agent chooses); ``win`` is the mean reward of the seat in [0, 1],
    ``score`` its mean score at the end of those simulations, ``visits`` how many started with the
    move, ``rows`` the mean points of each row of its score breakdown there. ``iterations`` wins
    over ``time`` when given (then, with a ``seed``, the hint is reproducible); ``search`` passes
    the search's own settings (``c``, ``rollout``, ``depth``, ``bias``). ``ValueError`` (one line)
    for a bad budget or a seat with no decision to make.
    """
    appraisal = appraise(state, seat, time=time, iterations=iterations, seed=seed, **search)
    moves = appraisal.moves[:MOVES_SHOWN]
    return {"moves": moves, "why": appraisal.why(), "iterations": appraisal.iterations}


@dataclass
class Appraisal:
    """Every move the search tried for a seat, best first (as in :func:`hint`), with what the
    simulations that started with each ended with."""

    moves: list[dict[str, Any]]
    outcomes: dict[str, _Outcomes]
    #: how many legal actions the seat had
    legal: int
    iterations: int

    def move(self, action: str) -> dict[str, Any] | None:
        """The entry of ``action`` (its text), or ``None`` when the search never tried it."""
        return next((move for move in self.moves if move["action"] == action), None)

    def why(self, first: str | None = None, second: str | None = None) -> str:
        """Why ``first`` beats ``second`` in words (default: the best move and the next best)."""
        chosen = [move for move in (self.move(first) if first else None, self.move(second) if second else None)
                  if move is not None]
        pair = chosen if len(chosen) == 2 else self.moves[:2]
        return why(pair, [self.outcomes[move["action"]] for move in pair], self.legal)


def appraise(state: State, seat: int, time: float = 1.0, iterations: int | None = None,
             seed: int | None = None, **search: Any) -> Appraisal:
    """Search for ``seat`` as :func:`hint` does, keeping every move the search tried."""
    check_budget(time, iterations)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"a hint's seed is a whole number, not {seed!r}")
    legal = state.legal_actions(seat) if seat in state.to_act else []
    if not legal:
        raise ValueError(f"seat {seat} owes no decision now")
    agent = ISMCTSAgent(seed=seed, iterations=iterations, time=None if iterations is not None else float(time),
                        **search)
    outcomes: dict[str, _Outcomes] = {}

    def record(path: list[tuple[list[Any], int]], end: State, rewards: list[float]) -> None:
        entry = end.score_breakdown()[seat]
        action = str(first_action(path, seat))
        outcome = outcomes.get(action)
        if outcome is None:
            outcome = outcomes[action] = _Outcomes()
        outcome.add(entry["lines"], entry["total"])

    agent.observe = record
    totals = agent.search(state, seat).totals(seat)
    order = {str(action): index for index, action in enumerate(legal)}
    tried = [text for text in order if totals.get(text, (0, 0.0))[0] > 0]
    tried.sort(key=lambda text: (-totals[text][0], -totals[text][1] / totals[text][0], order[text]))
    moves = [{"action": text, "win": totals[text][1] / totals[text][0],
              "score": outcomes[text].score / outcomes[text].simulations, "visits": totals[text][0],
              "rows": {row: outcomes[text].mean(row) for row in outcomes[text].rows}}
             for text in tried]
    return Appraisal(moves, {text: outcomes[text] for text in tried}, len(legal), agent.last_iterations)


def why(moves: list[dict[str, Any]], outcomes: list[_Outcomes], legal: int) -> str:
    """The best move against the next best, in words (see the module's description)."""
    if not moves:
        return "The search finished no simulation in its time: ask again with more time."
    best = moves[0]
    if legal == 1:
        return (f'"{best["action"]}" is the only move: it wins {percent(best["win"])}, '
                f"with {best['score']:.1f} points on average.")
    if len(moves) == 1:
        return (f'"{best["action"]}" is the only move the search tried in its time: it wins '
                f"{percent(best['win'])}, with {best['score']:.1f} points on average.")
    second = moves[1]
    differences = sorted(((outcomes[0].mean(row) - outcomes[1].mean(row), row)
                          for row in dict.fromkeys([*outcomes[0].rows, *outcomes[1].rows])),
                         key=lambda pair: -abs(pair[0]))
    named = [(difference, row) for difference, row in differences if round(difference, 1) != 0][:ROWS_NAMED]
    parts = []
    for index, (difference, row) in enumerate(named):
        points = " points" if index == 0 else ""
        parts.append(f"{signed(difference)}{points} from {row}{member(outcomes, row, difference)}")
    gains = ", ".join(parts) if parts else "the same points on average"
    return (f'"{best["action"]}" now: {gains}; wins {percent(best["win"])} against '
            f'{percent(second["win"])} for "{second["action"]}".')


def member(outcomes: list[_Outcomes], row: str, difference: float) -> str:
    """The member of a group that makes most of its difference, in brackets, without the group's
    name when its label repeats it ("Bugs: Memory Leak" under "Bugs"); none when no single member
    makes half of it."""
    labels = dict.fromkeys([*outcomes[0].members.get(row, {}), *outcomes[1].members.get(row, {})])
    if not labels:
        return ""
    share, label = max((outcomes[0].member_mean(row, label) - outcomes[1].member_mean(row, label), label)
                       for label in labels) if difference > 0 else \
        min((outcomes[0].member_mean(row, label) - outcomes[1].member_mean(row, label), label) for label in labels)
    if abs(share) * 2 < abs(difference):
        return ""
    return f" (mostly {label.removeprefix(f'{row}: ')})"


def signed(points: float) -> str:
    """Points with their sign, to a tenth: "+2.1", "−0.4" (a minus sign, not a hyphen)."""
    return f"+{points:.1f}" if points > 0 else f"\N{MINUS SIGN}{-points:.1f}"


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


__all__ = ["MAX_ITERATIONS", "MAX_TIME", "MOVES_SHOWN", "ROWS_NAMED", "Appraisal", "appraise", "check_budget", "hint",
           "why"]
