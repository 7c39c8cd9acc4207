"""The registry of games: one row per game, imported only when loaded.

(``bw.games()`` is a function of the top-level package; write ``from boardwright.games import load``
rather than ``import boardwright.games as ...`` to reach this module.)
"""

from __future__ import annotations

import importlib

from ..engine import Game

#: game id -> "module:class"
REGISTRY: dict[str, str] = {
    "gadgeteers": "boardwright.games.gadgeteers:Gadgeteers",
    "game-development": "boardwright.games.game_development:GameDevelopment",
    "makers-of-universe": "boardwright.games.makers_of_universe:MakersOfUniverse",
    "the-game-makers": "boardwright.games.the_game_makers:TheGameMakers",
}

_LOADED: dict[str, Game] = {}


def game_ids() -> list[str]:
    return sorted(REGISTRY)


def register(game: Game) -> None:
    """Make a game instance loadable by its id (a plug-in or test game; not listed by games())."""
    _LOADED[game.id] = game


def load(game_id: str) -> Game:
    """The game with this id (``bw.load("gadgeteers")``)."""
    game = _LOADED.get(game_id)
    if game is None:
        path = REGISTRY.get(game_id)
        if path is None:
            known = ", ".join(game_ids())
            raise ValueError(f"there is no game '{game_id}' (games: {known})")
        module_name, _, class_name = path.partition(":")
        game = _LOADED[game_id] = getattr(importlib.import_module(module_name), class_name)()
    return game
