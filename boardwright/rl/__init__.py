"""Research interfaces: the games as PettingZoo, Gymnasium and OpenSpiel environments.

Needs the ``rl`` extra (``pip install 'boardwright[rl]'``: NumPy, Gymnasium, PettingZoo, OpenSpiel).

>>> import boardwright.rl
>>> env = boardwright.rl.pettingzoo_env("gadgeteers", players=3, seed=1)     # doctest: +SKIP
>>> env = boardwright.rl.gymnasium_env("gadgeteers", players=2, opponents="random")  # doctest: +SKIP
>>> boardwright.rl.openspiel.register()                                       # doctest: +SKIP
>>> envs = boardwright.rl.vector_env("gadgeteers", 64, players=2, opponents="random")  # doctest: +SKIP
>>> gymnasium.make("boardwright/GameDevelopment-v0", players=2, opponents="random")    # doctest: +SKIP

Importing this package registers every game with Gymnasium when Gymnasium is installed
(:func:`gymnasium_id`: ``boardwright/Gadgeteers-v0``, ``boardwright/GameDevelopment-v0``,
``boardwright/MakersOfUniverse-v0``, ``boardwright/TheGameMakers-v0``).

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
    from .vector import BoardwrightVectorEnv

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


def vector_env(game_id: str, num_envs: int, players: int | None = None,
               opponents: str | Sequence[str] = "heuristic", seat: int = 0, seed: int | None = None,
               options: Mapping[str, Any] | None = None, **settings: Any) -> BoardwrightVectorEnv:
    """``num_envs`` games of ``game_id`` stepped together in this process, the learner in ``seat`` of
    each (a Gymnasium ``VectorEnv``, resetting a finished game in the same step).

    ``settings``: ``reward`` ("result" or "margin"), ``illegal`` ("lose" or "raise"), ``copy``.
    """
    return _module("vector").BoardwrightVectorEnv(game_id, num_envs, players=players, opponents=opponents,
                                                  seat=seat, seed=seed, options=options, **settings)


def gymnasium_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``game-development`` is ``boardwright/GameDevelopment-v0``."""
    return "boardwright/" + "".join(word.capitalize() for word in game_id.split("-")) + "-v0"


def register_gymnasium(game_ids: Sequence[str] | None = None) -> list[str]:
    """Register each game (every registered game by default) with Gymnasium under
    :func:`gymnasium_id`, and return the ids; an id already registered is kept. Done on import
    when Gymnasium is installed. ``gymnasium.make(id, players=..., opponents=..., seat=...)`` makes
    a :class:`~boardwright.rl.gymnasium.BoardwrightEnv`; ``gymnasium.make_vec(id, num_envs,
    vectorization_mode="vector_entry_point")`` a :class:`~boardwright.rl.vector.BoardwrightVectorEnv`."""
    from gymnasium.envs.registration import register, registry

    import boardwright as bw

    ids = []
    for game_id in bw.games() if game_ids is None else game_ids:
        env_id = gymnasium_id(game_id)
        if env_id not in registry:
            register(id=env_id, entry_point="boardwright.rl.gymnasium:BoardwrightEnv",
                     vector_entry_point="boardwright.rl.vector:BoardwrightVectorEnv",
                     kwargs={"game_id": game_id})
        ids.append(env_id)
    return ids


def _register_if_gymnasium() -> None:
    try:
        import gymnasium  # noqa: F401  (present only with the rl extra)
    except ImportError:
        return
    register_gymnasium()


_register_if_gymnasium()


def __getattr__(name: str) -> Any:
    if name == "openspiel":
        return _module("openspiel")
    raise AttributeError(f"module 'boardwright.rl' has no attribute {name!r}")


__all__ = ["gymnasium_env", "gymnasium_id", "openspiel", "pettingzoo_env", "register_gymnasium", "vector_env"]
