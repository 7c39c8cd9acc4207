"""The simplest agent, and the agent interface (defined in the engine, re-exported here)."""

from __future__ import annotations

from ..engine import Action, Agent, State

__all__ = ["Agent", "RandomAgent"]


class RandomAgent(Agent):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, seat: int) -> Action:
        actions = state.legal_actions(seat)
        return actions[self.rng.below(len(actions))]
