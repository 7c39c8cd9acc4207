"""boardwright: four modern tabletop games, played faithfully and well.

>>> import boardwright as bw
>>> game = bw.load("gadgeteers")
>>> s = game.new(players=2, seed=7)
>>> s.to_act
(0,)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .engine import (
    Action,
    BoardwrightError,
    ContentError,
    Game,
    IllegalAction,
    Option,
    OptionError,
    RecordError,
    State,
)
from .engine import records as _records
from .games import game_ids, load

__version__ = "0.1.0"


def games() -> list[str]:
    """The ids of the games boardwright plays."""
    return game_ids()


def replay(record: Mapping[str, Any], until: int | None = None, content: str | None = None) -> State:
    """The state a game record leads to, replayed exactly from its seed and actions (the first
    ``until`` of them, if given). A record played with a content file replays only when ``content``
    names the file: a record never makes boardwright read a path written inside it."""
    return _records.replay(record, load, until, content)


__all__ = [
    "Action", "BoardwrightError", "ContentError", "Game", "IllegalAction", "Option", "OptionError",
    "RecordError", "State", "games", "load", "replay",
]
