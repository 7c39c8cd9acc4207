"""Information-set Monte Carlo tree search (ISMCTS), for every game, through the public contract.

Each iteration draws a fresh determinization of the searching seat's information set
(``state.determinize(seat, seed)``: hidden cards, other seats' sealed choices and the future of
chance resampled from what the seat sees), then walks one shared tree with it:

- **selection** — UCT with availability counts: nodes are keyed by action text, and an action's
  availability grows each time it was legal when its node was visited (actions that are legal
  only in some determinizations are not starved or favoured); the value of an edge is the reward
  of the seat that acts there, so in a multi-player game each seat maximises its own reward;
- **sealed, simultaneous decisions** (several seats in ``to_act``) are decoupled: every seat
  picks from its own statistics at the node, never seeing what the others pick; the joint choice
  leads to the next node. A sealed decision the seat owes is searched whole, whoever has
  committed already: each sample gives the others' committed choices back to them
  (``determinize(seat, s, reopen=True)``), and they choose again by their own statistics. So
  the search, and its choice, are the same whether the seat decides first or last: deciding
  second gains nothing (had it met the others' choices drawn uniformly, as a plain sample
  draws them, a seat deciding second would answer weaker play than one deciding first);
- **multi-step decisions** are simply a chain of nodes of the same seat;
- **guidance** (``bias`` > 0) — the game's heuristic bot names its choice the first time a seat
  decides at a node; that action is tried first and its UCT value gets a prior term
  ``bias * sqrt(availability) / (visits + 1)``, which shrinks at the same pace as the exploration
  term: the search keeps leaning on the bot wherever its own evidence cannot tell the choices
  apart, at any budget, and overrules it where the evidence is clear (in a game of many small
  decisions, such as The Game Makers, the search then plays sound moves instead of noise);
- **expansion** — one new node per iteration;
- **rollout** — random or the game's heuristic bot, cut off after ``depth`` decision points
  (default 30), where ``game.evaluate_all(state)`` scores every seat; a finished game pays 1
  shared by the winners;
- **backpropagation** of the whole reward vector (one reward per seat).

The search touches only determinized copies, and draws its randomness from the agent's own stream,
so it never changes the game; for a given seed and iteration budget it is deterministic, and since
a determinization depends only on the seat's view and the seed, two states that look the same to
the seat get the same choice (the agent cannot cheat).

>>> from boardwright import agents
>>> agents.make("ismcts:iterations=200,c=0.7", seed=1).iterations
200
"""

from __future__ import annotations

import math
import time as _time
from collections.abc import Callable
from typing import Any

from ..engine import Action, State, Stream
from .base import Agent

#: the iteration budget when neither ``iterations`` nor ``time`` is given
DEFAULT_ITERATIONS = 1000
#: rollout decision points before ``game.evaluate_all`` judges the position. Random play runs far
#: longer than real play (a random Gadgeteers game takes ~450 decisions, a heuristic one ~70), so
#: a random game's ending says little; at 0.1 s a decision against the heuristic bots, a cut-off
#: at 30 won 65% of 40 Gadgeteers games (0% playing to the end) and 48% of 30 Game Development
#: games (30% to the end). ``depth=0`` plays every rollout to the end.
DEFAULT_DEPTH = 30

# An edge is a small list, indexed by these positions (lists are the fastest mutable record).
_VISITS, _REWARD, _AVAIL, _CHILD, _ACTION = 0, 1, 2, 3, 4


class Node:
    """A node of the search tree: per acting seat, the edges (actions) leaving it.

    ``edges[seat][text] = [visits, reward of seat, availability, child node or None, action]``.
    Which seat acts at a node may differ between determinizations (a reaction window asks
    the seats holding a card), so edges are kept per seat. At a sealed decision the children
    are reached by the joint choice of all deciding seats (``joint``).
    """

    __slots__ = ("edges", "hints", "joint")

    def __init__(self) -> None:
        self.edges: dict[int, dict[str, list[Any]]] = {}
        self.joint: dict[tuple[str, ...], Node] | None = None
        #: per seat, the guiding bot's choice here (only when the search is guided)
        self.hints: dict[int, str] = {}

    def totals(self, seat: int) -> dict[str, tuple[int, float]]:
        """Per action text of ``seat`` here: (simulations through it, their summed reward of
        ``seat``)."""
        return {str(edge[_ACTION]): (edge[_VISITS], edge[_REWARD])
                for edge in self.edges.get(seat, {}).values()}


class ISMCTSAgent(Agent):
    """Single-observer ISMCTS over determinizations, with per-seat rewards.

    Parameters: ``iterations`` (per decision), ``time`` (seconds per decision, a hard limit: the
    clock is read at every step of the selection and of the rollouts, and an iteration it
    interrupts is dropped; with both, the first reached stops the search), ``c`` (UCT
    exploration), ``rollout`` (``"random"`` or ``"heuristic"``: the game's bot), ``depth``
    (rollout decision points before the cut-off, default :data:`DEFAULT_DEPTH`; 0 plays to the
    end), ``bias`` (weight of the heuristic bot's choice in selection; 0, the default, searches
    unguided), ``seed``.
    """

    name = "ismcts"
    #: called after every finished simulation with its path (``(edge, seat)`` from the root
    #: down), its end state (the game's end or the rollout's cut-off) and the rewards; ``None``
    #: for a bot, which needs only the tree (the coach records the seat's final scores with it)
    observe: Callable[[list[tuple[list[Any], int]], State, list[float]], None] | None = None

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 time: float | None = None, c: float = 0.7, rollout: str = "random",
                 depth: int = DEFAULT_DEPTH, bias: float = 0.0) -> None:
        super().__init__(seed)
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise ValueError(f"iterations is a whole number of at least 1, not {iterations!r}")
        if time is not None and (isinstance(time, bool) or not isinstance(time, (int, float))
                                 or time <= 0):
            raise ValueError(f"time is a positive number of seconds, not {time!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
            raise ValueError(f"c is a number of at least 0, not {c!r}")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout is 'random' or 'heuristic', not {rollout!r}")
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth is a whole number of decisions (0: to the end), not {depth!r}")
        if isinstance(bias, bool) or not isinstance(bias, (int, float)) or bias < 0:
            raise ValueError(f"bias is a number of at least 0, not {bias!r}")
        self.iterations = iterations
        self.time = None if time is None else float(time)
        self.c = float(c)
        self.rollout = rollout
        self.depth = depth
        self.bias = float(bias)
        self._policy: Agent | None = None
        #: when the decision under way must be made (``time.perf_counter``), if it has a ``time``
        self._deadline: float | None = None
        #: iterations run by the last ``choose`` (for benchmarks and tests)
        self.last_iterations = 0
        #: the root of the last search (for inspection)
        self.last_root: Node | None = None

    @property
    def uses_heuristic(self) -> bool:
        """Whether the search asks the game's heuristic bot (its rollouts or its guidance)."""
        return self.rollout == "heuristic" or self.bias > 0

    # ------------------------------------------------------------------ the decision
    def choose(self, state: State, seat: int) -> Action:
        """The most visited action of ``seat`` after the search (on a tie, the better mean reward,
        then the first in legal order); a lone legal action is returned without searching."""
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} owes no decision now")
        if len(legal) == 1:
            return legal[0]
        edges = self.search(state, seat).edges.get(seat, {})
        best = legal[0]
        best_key = (-1, -math.inf)
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                continue
            key = (edge[_VISITS], edge[_REWARD] / edge[_VISITS] if edge[_VISITS] else -math.inf)
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, state: State, seat: int) -> Node:
        """Search for ``seat`` (who owes a decision) within the budget: the root of the tree.

        Every iteration starts from ``state.determinize(seat, s, reopen=True)``, ``s`` drawn from
        the agent's own stream, and nothing else of ``state`` is read but the seat's legal
        actions: the search is a function of what the seat may see, the agent's seed and the
        budget (with a ``time``, also of the clock), and not of who has committed a sealed choice."""
        base = self.rng.next64()
        root = Node()
        budget = self.iterations if self.iterations is not None else math.inf
        self._deadline = None if self.time is None else _time.perf_counter() + self.time
        done = 0
        try:
            while done < budget:
                self._iterate(state.determinize(seat, base + done, reopen=True), root)
                done += 1
                if self._deadline is not None and _time.perf_counter() >= self._deadline:
                    break
        except _OutOfTime:
            pass  # the iteration under way is dropped: its rollout was not finished
        self.last_iterations = done
        self.last_root = root
        return root

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, state: State, node: Node) -> None:
        """Select and expand with one determinization, roll out, and backpropagate."""
        path: list[tuple[list[Any], int]] = []
        log, sqrt = math.log, math.sqrt
        c, bias = self.c, self.bias
        deadline, clock = self._deadline, _time.perf_counter
        while not state.is_over:
            if deadline is not None and clock() >= deadline:
                raise _OutOfTime
            to_act = state.to_act
            if len(to_act) == 1:
                seat = to_act[0]
                edge = self._select_at(node, state, seat, c, bias, log, sqrt)
                state.apply(seat, edge[_ACTION])
                path.append((edge, seat))
                child = edge[_CHILD]
                if child is None:
                    edge[_CHILD] = Node()
                    break
                node = child
            else:
                # A sealed decision: each seat chooses from its own statistics, blind to the others.
                chosen = []
                for seat in to_act:
                    edge = self._select_at(node, state, seat, c, bias, log, sqrt)
                    path.append((edge, seat))
                    chosen.append((seat, edge[_ACTION]))
                for seat, action in chosen:
                    state.apply(seat, action)
                key = tuple(action for _, action in chosen)
                joint = node.joint
                if joint is None:
                    joint = node.joint = {}
                child = joint.get(key)
                if child is None:
                    joint[key] = Node()
                    break
                node = child
        rewards = self._playout(state)
        for edge, seat in path:
            edge[_VISITS] += 1
            edge[_REWARD] += rewards[seat]
        if self.observe is not None:
            self.observe(path, state, rewards)

    # ------------------------------------------------------------------ rollouts
    def _playout(self, state: State) -> list[float]:
        """Play on with the rollout policy until the end or the depth cut-off: reward per seat.

        A step of the cut-off is one decision point: one seat's choice, or a whole sealed round.
        """
        limit = self.depth or -1
        steps = 0
        deadline, clock = self._deadline, _time.perf_counter
        if self.rollout == "random":
            below, legal, apply = self.rng.below, state.legal_actions, state.apply
            while not state.is_over and steps != limit:
                if deadline is not None and clock() >= deadline:
                    raise _OutOfTime
                for seat in state.to_act:
                    actions = legal(seat)
                    apply(seat, actions[below(len(actions))])
                steps += 1
        else:
            policy = self._heuristic()
            while not state.is_over and steps != limit:
                if deadline is not None and clock() >= deadline:
                    raise _OutOfTime
                for seat in state.to_act:
                    state.apply(seat, policy.choose(state, seat))
                steps += 1
        return rewards_of(state)

    def _select_at(self, node: Node, state: State, seat: int, c: float, bias: float,
                   log: Any, sqrt: Any) -> list[Any]:
        """The edge ``seat`` takes at ``node``; on a guided search, the first visit asks the
        heuristic bot for its choice (on the determinization being walked)."""
        edges = node.edges.get(seat)
        if edges is None:
            edges = node.edges[seat] = {}
            if bias:
                node.hints[seat] = self._heuristic().choose(state, seat)
        return _select(edges, state.legal_actions(seat), self.rng, c, log, sqrt,
                       node.hints.get(seat) if bias else None, bias)

    def _heuristic(self) -> Agent:
        if self._policy is None:
            from . import HeuristicAgent
            self._policy = HeuristicAgent(seed=self.seed)
        return self._policy


class _OutOfTime(Exception):
    """The decision's time ran out in the middle of an iteration."""


def _select(edges: dict[str, list[Any]], legal: list[Action], rng: Stream, c: float,
            log: Any, sqrt: Any, hint: str | None = None, bias: float = 0.0) -> list[Any]:
    """UCT with availability counts: count every legal action as available, then pick one edge.

    An untried action comes first (the ``hint`` if it is untried and legal, else one at random);
    otherwise the edge with the best ``mean + c * sqrt(ln(availability) / visits)``, plus
    ``bias * sqrt(availability) / (visits + 1)`` for the hint, the first on a tie.
    """
    untried: list[list[Any]] | None = None
    best: list[Any] | None = None
    best_value = -math.inf
    for action in legal:
        edge = edges.get(action)
        if edge is None:
            edge = edges[action] = [0, 0.0, 1, None, action]
        else:
            edge[_AVAIL] += 1
        visits = edge[_VISITS]
        if visits == 0:
            if untried is None:
                untried = [edge]
            else:
                untried.append(edge)
        elif untried is None:
            value = edge[_REWARD] / visits + c * sqrt(log(edge[_AVAIL]) / visits)
            if action == hint:
                value += bias * sqrt(edge[_AVAIL]) / (visits + 1)
            if value > best_value:
                best, best_value = edge, value
    if untried is not None:
        if hint is not None:
            for edge in untried:
                if edge[_ACTION] == hint:
                    return edge
        return untried[0] if len(untried) == 1 else untried[rng.below(len(untried))]
    assert best is not None
    return best


def first_action(path: list[tuple[list[Any], int]], seat: int) -> Action:
    """The action ``seat`` took first on a simulation's path (at the root, for the seat the
    search is for)."""
    return next(edge[_ACTION] for edge, actor in path if actor == seat)


def rewards_of(state: State) -> list[float]:
    """Each seat's reward: 1 shared by the winners of a finished game, else ``game.evaluate_all``
    (every seat judged at once)."""
    players = state.players
    if state.is_over:
        winners = state.winners()
        share = 1.0 / len(winners) if winners else 0.0
        rewards = [0.0] * players
        for seat in winners:
            rewards[seat] = share
        return rewards
    return state.game.evaluate_all(state)


__all__ = ["DEFAULT_DEPTH", "DEFAULT_ITERATIONS", "ISMCTSAgent", "Node", "first_action", "rewards_of"]
