"""The agent interface: ``agent.choose(state, seat) -> action``, through the public contract only."""

from __future__ import annotations

from typing import Any

from ..engine import Action, State, Stream


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


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        return actions[self.rng.below(len(actions))]
