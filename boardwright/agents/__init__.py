"""Agents: random, each game's heuristic bot, and search (built by name with parameters).

>>> import boardwright as bw
>>> from boardwright import agents
>>> agents.make("random", seed=1).name
'random'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..engine import Action, Game, State
from .base import Agent, RandomAgent


class HeuristicAgent(Agent):
    """The game's own heuristic bot (each game names it in ``Game.bot``), for any game."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed)
        self.params = params
        self._bots: dict[str, Agent] = {}

    def choose(self, state: State, seat: int) -> Action:
        return self.bot_for(state.game).choose(state, seat)

    def bot_for(self, game: Game) -> Agent:
        """The game's own bot, built once with this agent's seed and parameters; ``ValueError``
        when the game has none or its bot refuses the parameters."""
        bot = self._bots.get(game.id)
        if bot is None:
            path = getattr(game, "bot", "")
            if not path:
                raise ValueError(f"{game.name} has no heuristic bot")
            module_name, _, class_name = path.partition(":")
            cls = getattr(importlib.import_module(module_name), class_name)
            try:
                bot = cls(seed=self.seed, **self.params)
            except TypeError as error:
                raise ValueError(f"agent 'heuristic': {error}") from None
            self._bots[game.id] = bot
        return bot


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}


def _ismcts(**params: Any) -> Agent:
    from .ismcts import ISMCTSAgent  # imported on use: the search module is not needed to play
    return ISMCTSAgent(**params)


AGENTS["ismcts"] = _ismcts


def hint(state: State, seat: int, time: float = 1.0, iterations: int | None = None,
         seed: int | None = None, **search: Any) -> dict[str, Any]:
    """The search's best moves for ``seat`` with their win chances, mean scores and simulations,
    and why the best beats the next (see :func:`boardwright.agents.coach.hint`)."""
    from .coach import hint as coach_hint  # imported on use, like the search
    return coach_hint(state, seat, time=time, iterations=iterations, seed=seed, **search)


def register(name: str, factory: Callable[..., Agent]) -> None:
    """Make an agent available by name to ``make`` (and so to ``--seats``)."""
    AGENTS[name] = factory


def names() -> list[str]:
    return sorted(AGENTS)


def _parse_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=5000,c=0.7"`` -> ``("ismcts", {"iterations": 5000, "c": 0.7})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"agent parameters are written name=value, not {pair!r} (in {spec!r})")
        params[key.strip()] = _parse_value(value.strip())
    return name, params


def split_specs(text: str) -> list[str]:
    """A comma-separated list of agent specs, one per seat:
    ``"human,ismcts:iterations=500,c=0.7,random"`` -> ``["human", "ismcts:iterations=500,c=0.7",
    "random"]``; a piece ``name=value`` without a colon continues the previous spec's parameters.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise ValueError(f"an empty seat in {text!r}")
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def make(spec: str, **params: Any) -> Agent:
    """An agent by name (or ``"name:key=value,..."``), e.g. ``make("random", seed=1)``."""
    name, parsed = parse_spec(spec)
    parsed.update(params)
    factory = AGENTS.get(name)
    if factory is None:
        raise ValueError(f"there is no agent '{name}' (agents: {', '.join(names())})")
    try:
        return factory(**parsed)
    except TypeError as error:
        raise ValueError(f"agent '{name}': {error}") from None


def check(spec: str, game: Game) -> Agent:
    """The agent ``spec`` names, built as it would play ``game``: a ``ValueError`` of one line when
    the agent refuses its parameters, when ``heuristic`` names a game without a bot or a bot that
    refuses them, or when a search's rollouts or guidance need a bot the game lacks. The one check
    of a spec for the command line, the batch runner and the server."""
    agent = make(spec, seed=0)
    if isinstance(agent, HeuristicAgent):
        agent.bot_for(game)
    elif getattr(agent, "uses_heuristic", False):
        try:
            HeuristicAgent().bot_for(game)
        except ValueError as error:
            raise ValueError(f"{error}, which the search's heuristic rollouts or bias need") from None
    return agent


def within(agent: Agent, seconds: float) -> Agent:
    """``agent``, told to decide every move within ``seconds``: an agent with a clock of its own (a
    ``time`` per decision, which the search checks as it goes) keeps the shorter of its time and
    ``seconds``; one without a clock decides at its own pace, and whoever runs it stops it."""
    if hasattr(agent, "time"):
        own = agent.time
        agent.time = seconds if own is None else min(float(own), seconds)
    return agent


__all__ = ["AGENTS", "Agent", "HeuristicAgent", "RandomAgent", "check", "hint", "make", "names",
           "parse_spec", "register", "split_specs", "within"]
