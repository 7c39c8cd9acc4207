"""The agent contract: ``agent.choose(state, seat) -> action``, through the public contract only.

It lives in the engine so that a game can ship its own bot (``Game.bot``) without importing the
agents package, which sits above the games.
"""

from __future__ import annotations

from typing import Any

from .actions import Action
from .rng import Stream
from .state import State


class Agent:
    """A player: given a state and a seat in ``state.to_act``, returns one legal action.

    Agents see games only through the public State contract. An agent that needs randomness
    draws from its own stream (``self.rng``), never from the game's, so playing or searching
    never changes the game's own shuffles.
    """

    name = "agent"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        if params:
            raise TypeError(f"{self.name} takes no parameter {', '.join(sorted(params))}")
        self.seed = 0 if seed is None else seed
        self.rng = Stream.named(self.seed, f"agent/{self.name}")

    def choose(self, state: State, seat: int) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
