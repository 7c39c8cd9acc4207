"""Bot levels by name: ``easy``, ``medium``, ``hard`` and ``expert``, each an agent spec per game.

A level is an agent spec like any other (``make("hard", seed=1)``, ``--seats human,hard``, a
server's seat kind). What it plays is decided per game: :data:`boardwright.agents.LEVELS` gives
the defaults, and a game's ``Game.levels`` replaces those it plays better otherwise (The Game
Makers' searches are guided by its bot). Parameters written after a level's name are put over the
level's own (``"hard:iterations=1000"``, ``"easy:noise=0.3"``): they are the parameters of the agent the
level resolves to.

>>> from boardwright import agents
>>> agents.make("easy", seed=1).name
'easy'
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Game, State
from .base import Agent


class LevelAgent(Agent):
    """The agent of a level: for each game it plays, the agent that the level resolves to there
    (:func:`boardwright.agents.resolve`), built once with this agent's seed."""

    def __init__(self, level: str, seed: int | None = None, **params: Any) -> None:
        from . import LEVELS, make, parse_spec, spec_text
        super().__init__(seed)
        self.name = level
        self.params = params
        #: the most seconds a decision may take (:func:`boardwright.agents.within`), if told
        self.limit: float | None = None
        self._agents: dict[str, Agent] = {}
        base, own = parse_spec(LEVELS[level])
        try:  # a parameter the level's agent refuses fails now, not at its first move
            make(spec_text(base, {**own, **params}), seed=0)
        except ValueError as error:
            raise ValueError(f"level '{level}' plays {LEVELS[level]} by default: {error}") from None

    def spec(self, game: Game) -> str:
        """The spec this level plays ``game`` with."""
        from . import resolve, spec_text
        return resolve(spec_text(self.name, self.params), game)

    def agent_for(self, game: Game) -> Agent:
        """The agent that plays ``game`` for this level."""
        from . import make, within
        agent = self._agents.get(game.id)
        if agent is None:
            agent = make(self.spec(game), seed=self.seed)
            if self.limit is not None:
                within(agent, self.limit)
            self._agents[game.id] = agent
        return agent

    def within(self, seconds: float) -> None:
        """Every decision within ``seconds``, in every game (see :func:`boardwright.agents.within`)."""
        from . import within
        self.limit = seconds
        for agent in self._agents.values():
            within(agent, seconds)

    def choose(self, state: State, seat: int) -> Action:
        return self.agent_for(state.game).choose(state, seat)


def describe(spec: str) -> str:
    """A level's spec in a few words, for a player choosing an opponent: ``"heuristic:noise=0.5"``
    -> ``"the game's rule-of-thumb bot, with a random move 50% of the time"``."""
    from . import parse_spec
    name, params = parse_spec(spec)
    if name == "heuristic":
        noise = params.get("noise", 0)
        about = "the game's rule-of-thumb bot"
        return about + (f", with a random move {noise:.0%} of the time" if noise else "")
    if name == "ismcts":
        # the simulations set the strength; a time beside them only bounds the wait on a slow machine
        budget = (f"{params['iterations']} simulations" if "iterations" in params
                  else f"{params['time']:g} s" if "time" in params else "1000 simulations")
        guided = ", guided by the rule-of-thumb bot" if params.get("bias") else ""
        rollouts = ", playing ahead with the rule-of-thumb bot" if params.get("rollout") == "heuristic" else ""
        return f"a search of {budget} a move{guided}{rollouts}"
    if name == "random":
        return "random legal moves"
    return spec
