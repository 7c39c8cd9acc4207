"""Research interfaces: the games as PettingZoo, Gymnasium and OpenSpiel environments.

Needs the ``rl`` extra (``pip install 'boardwright[rl]'``: NumPy, Gymnasium, PettingZoo, OpenSpiel).

>>> import boardwright.rl
>>> env = boardwright.rl.pettingzoo_env("gadgeteers", players=3, seed=1)     # doctest: +SKIP
>>> env = boardwright.rl.gymnasium_env("gadgeteers", players=2, opponents="random")  # doctest: +SKIP
>>> boardwright.rl.openspiel.register()                                       # doctest: +SKIP

Actions are indexes into ``game.action_space(players, options)`` relative to the acting seat (an
action naming a seat names it by its offset clockwise from the actor; ``action_text(index, seat)``
and ``action_index(text, seat)`` map to and from the engine's texts); observations are
``game.observer(players, options)`` vectors from the acting seat's view, with an ``action_mask``.
``docs/rl.md`` documents both for each game.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .gymnasium import BoardwrightEnv
    from .pettingzoo import BoardwrightAEC

_NEEDS = "the research interfaces need the rl extra: pip install 'boardwright[rl]'"


def _module(name: str) -> Any:
    try:
        return importlib.import_module(f"boardwright.rl.{name}")
    except ModuleNotFoundError as missing:
        if missing.name and missing.name.split(".")[0] in ("numpy", "gymnasium", "pettingzoo", "pyspiel",
                                                           "open_spiel"):
            raise ModuleNotFoundError(f"{_NEEDS} ({missing.name} is missing)") from None
        raise


def pettingzoo_env(game_id: str, players: int | None = None, seed: int | None = None,
                   options: Mapping[str, Any] | None = None, **settings: Any) -> BoardwrightAEC:
    """A PettingZoo AEC environment of ``game_id`` for ``players`` seats (agents ``seat_0`` ...).

    ``settings``: ``reward`` ("result" or "margin"), ``illegal`` ("lose" or "raise"), ``render_mode``.
    """
    return _module("pettingzoo").BoardwrightAEC(game_id, players=players, seed=seed, options=options, **settings)


def gymnasium_env(game_id: str, players: int | None = None, opponents: str | Sequence[str] = "heuristic",
                  seat: int = 0, options: Mapping[str, Any] | None = None, **settings: Any) -> BoardwrightEnv:
    """A Gymnasium environment in which the learner plays ``seat`` and ``opponents`` (an agent spec,
    or one per other seat) play the rest."""
    return _module("gymnasium").BoardwrightEnv(game_id, players=players, opponents=opponents, seat=seat,
                                               options=options, **settings)


def __getattr__(name: str) -> Any:
    if name == "openspiel":
        return _module("openspiel")
    raise AttributeError(f"module 'boardwright.rl' has no attribute {name!r}")


__all__ = ["gymnasium_env", "openspiel", "pettingzoo_env"]
