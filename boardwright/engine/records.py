"""Game records: a seed plus the action log, replayed to the identical state."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .errors import BoardwrightError, RecordError
from .game import Game
from .state import State

REQUIRED = ("game", "version", "options", "players", "seed", "actions")


def check_record(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` has the shape of a game record."""
    if not isinstance(record, Mapping):
        raise RecordError("a game record is a JSON object")
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        raise RecordError(f"the record lacks {', '.join(missing)}")
    actions = record["actions"]
    if not isinstance(actions, list) or not all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str)
            for a in actions):
        raise RecordError("the record's actions must be a list of [seat, text] pairs")


def replay(record: Mapping[str, Any], load: Callable[[str], Game], until: int | None = None) -> State:
    """The state reached by replaying ``record`` (its first ``until`` actions, if given)."""
    check_record(record)
    game = load(record["game"])
    if record["version"] != game.version:
        raise RecordError(f"the record is of {game.name} version {record['version']}; "
                          f"this is version {game.version}")
    try:
        state = game.new(record["players"], record["seed"], record["options"])
    except (ValueError, BoardwrightError) as error:
        raise RecordError(f"the record's setup cannot be replayed: {error}") from None
    actions = record["actions"] if until is None else record["actions"][:until]
    for index, (seat, text) in enumerate(actions):
        try:
            state.apply(seat, text)
        except BoardwrightError as error:
            raise RecordError(f"action {index + 1} (seat {seat}: {text!r}) cannot be replayed: {error}") from None
    return state


def save_record(state: State, path: str | Path) -> None:
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise RecordError(f"{path}: cannot be read ({error.strerror})") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: is not JSON ({error})") from None
    check_record(data)
    return data
