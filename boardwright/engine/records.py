"""Game records: a seed plus the action log, replayed to the identical state.

A record may come from anyone (a saved game, a shared link, a server), so every field is checked
before anything is replayed, each refusal is one line naming the field, and a record never makes
boardwright read a file: a content file named inside it is used only when the caller names it too.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .errors import BoardwrightError, RecordError, shown
from .files import MB, read_text
from .game import Game
from .state import MAX_ACTION_TEXT, State

REQUIRED = ("game", "version", "options", "players", "seed", "actions")

#: the largest record file read, and the most actions a record may hold
MAX_RECORD_BYTES = 64 * MB
MAX_ACTIONS = 1_000_000
#: the option that names a content file (a path on the machine that made the record)
CONTENT_OPTION = "content"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    """How a wrong value is named in a message: its JSON type, never its (maybe huge) text."""
    names = {type(None): "null", bool: "true/false", int: "a number", float: "a number",
             str: "text", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


def check_record(record: Any) -> None:
    """Raise :class:`RecordError`, naming the field, unless ``record`` has the shape of a game record."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a game record is a JSON object, not {_kind(record)}")
    missing = [key for key in REQUIRED if key not in record]
    if missing:
        raise RecordError(f"the record lacks {', '.join(missing)}")

    def field(name: str, expected: str) -> RecordError:
        return RecordError(f"the record's '{name}' must be {expected}, not {_kind(record[name])}")

    if not isinstance(record["game"], str) or not 0 < len(record["game"]) <= 100:
        raise field("game", "a game id (text)")
    if not isinstance(record["version"], str) or len(record["version"]) > 20:
        raise field("version", "the rules version (text)")
    if not isinstance(record["options"], Mapping) or not all(isinstance(k, str) for k in record["options"]):
        raise field("options", "an object of option names and values")
    if not _is_int(record["players"]):
        raise field("players", "a whole number")
    if not _is_int(record["seed"]):
        raise field("seed", "a whole number")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise field("actions", "a list of [seat, text] pairs")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"the record's 'actions' hold {len(actions)} entries; at most {MAX_ACTIONS} are read")
    for index, entry in enumerate(actions, 1):
        if not (isinstance(entry, list) and len(entry) == 2 and _is_int(entry[0])
                and isinstance(entry[1], str) and len(entry[1]) <= MAX_ACTION_TEXT):
            raise RecordError(f"the record's action {index} must be a [seat, text] pair "
                              f"(a whole number and a text of at most {MAX_ACTION_TEXT} characters)")


def replay(record: Mapping[str, Any], load: Callable[[str], Game], until: int | None = None,
           content: str | Path | None = None) -> State:
    """The state reached by replaying ``record`` (its first ``until`` actions, if given).

    A record made with a content file names that file's path, but replay reads a content file only
    when ``content`` names it (the command line's ``--content``): a record from someone else cannot
    make this machine read a path of its choosing.
    """
    check_record(record)
    actions = record["actions"]
    if until is not None and (not _is_int(until) or not 0 <= until <= len(actions)):
        raise RecordError(f"'until' must be a whole number from 0 to {len(actions)} (the record's "
                          f"actions), not {shown(until)}")
    try:
        game = load(record["game"])
    except ValueError as error:
        raise RecordError(f"the record's 'game': {error}") from None
    if record["version"] != game.version:
        raise RecordError(f"the record is of {game.name} version {record['version']}; "
                          f"this is version {game.version}")
    options = dict(record["options"])
    named = options.get(CONTENT_OPTION)
    if content is not None:
        if CONTENT_OPTION not in {option.name for option in game.options}:
            raise RecordError(f"{game.name} takes no content file")
        options[CONTENT_OPTION] = str(content)
    elif named is not None:
        raise RecordError(f"the record was played with the content file {str(named)[:200]!r}; replay "
                          f"reads a content file only when you name it (--content PATH)")
    try:
        state = game.new(record["players"], record["seed"], options)
    except (ValueError, BoardwrightError) as error:
        raise RecordError(f"the record's setup cannot be replayed: {error}") from None
    for index, (seat, text) in enumerate(actions if until is None else actions[:until]):
        try:
            state.apply(seat, text)
        except BoardwrightError as error:
            raise RecordError(f"action {index + 1} (Seat {seat}: {text[:80]!r}) cannot be replayed: "
                              f"{error}") from None
    return state


def save_record(state: State, path: str | Path) -> None:
    Path(path).write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> dict[str, Any]:
    """The record in a JSON file, checked (a regular UTF-8 file of at most 64 MB)."""
    text = read_text(path, MAX_RECORD_BYTES, lambda problem: RecordError(f"{path}: {problem}"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: is not JSON ({error})") from None
    except RecursionError:
        raise RecordError(f"{path}: nests JSON too deeply to be a game record") from None
    try:
        check_record(data)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    return data
