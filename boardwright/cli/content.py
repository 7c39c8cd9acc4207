"""``boardwright content check FILE``: is a content file good, what does it hold, what does it change?

A file is checked exactly as a game would load it (the schema, then the game's own rules, then a
game set up with it), so a file this command passes is one ``play``, ``simulate`` and ``balance``
accept. The summary counts the entries of each section and lists what the file changes against the
game's own content, entry by entry and field by field (an overlay's changes, or a whole file's
differences). Also the card list ``boardwright rules GAME --content FILE`` adds to the rules.

It needs no extra: the output is plain text.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import boardwright as bw

from ..engine import Game
from ..engine.content import EXTENDS, REMOVE, content_changes, read_content, read_toml

#: the most changes listed one by one (a whole file of other cards differs everywhere)
SHOWN_CHANGES = 60


def add_content_arguments(commands: Any) -> None:
    """The ``content`` command and its action ``check``."""
    content = commands.add_parser("content", help="content files: check one and see what it changes")
    actions = content.add_subparsers(dest="content_action", required=True, metavar="ACTION")
    check = actions.add_parser("check", help="validate a content file and summarise it: entries per section, "
                                             "and what it changes against the game's own content")
    check.add_argument("file", metavar="FILE")
    check.add_argument("--game", metavar="GAME", help="the game the file is for (default: told from its sections)")


def game_of(data: dict[str, Any], file: str) -> Game:
    """The one game whose content files have every section ``data`` has."""
    from . import UsageError

    sections = set(data) - {EXTENDS, REMOVE}
    fits = [bw.load(game_id) for game_id in bw.games()]
    fits = [game for game in fits if game.content_schema
            and sections <= {section.name for section in game.content_schema}]
    if sections and len(fits) == 1:
        return fits[0]
    listed = ", ".join(sorted(sections))
    problem = ("has no sections to tell its game by" if not sections
               else f"no game's content has the sections {listed}" if not fits
               else f"the sections {listed} fit several games ({', '.join(game.id for game in fits)})")
    raise UsageError(f"{file}: {problem}; name it with --game GAME")


def checked_game(file: str, game_id: str | None) -> Game:
    """The game a content file is for, which takes content files."""
    from . import UsageError, load_game

    if game_id is None:
        return game_of(read_toml(file), file)
    game = load_game(game_id)
    if not game.content_schema:
        raise UsageError(f"{game.name} takes no content file")
    return game


def check_with_game(game: Game, path: str) -> None:
    """Load ``path`` as ``game`` loads it and set up a game with it: a ``ContentError`` (or an
    option error) when the game refuses it."""
    options = {"content": path}
    game.catalog(options)
    game.new(players=game.min_players, seed=0, options=options, events=False)


def change_line(change: dict[str, Any]) -> str:
    where = f"{change['section']} {change['entry']!r}"
    if change["change"] != "changed":
        return f"  {change['change']}: {where}"
    fields = "; ".join(f"{name} {old!r} -> {new!r}" for name, (old, new) in change["fields"].items())
    return f"  changed: {where}: {fields}"


def cmd_content(args: argparse.Namespace, _: None) -> int:
    from . import content_path

    path = content_path(args.file)
    game = checked_game(path, args.game)
    entries, base = read_content(path, game.content_schema, game.content_default)
    check_with_game(game, path)
    overlay = base is not None
    if base is None and game.content_default is not None:
        base = read_content(game.content_default, game.content_schema)[0]
    kind = "an overlay of the game's own content" if overlay else "a whole content file"
    print(f"{args.file}: a valid {game.name} content file ({kind})")
    print("entries: " + ", ".join(f"{name} {len(listed)}" for name, listed in entries.items()))
    if base is None:
        return 0
    changes = content_changes(base, entries, game.content_schema)
    counts = {what: sum(1 for c in changes if c["change"] == what) for what in ("changed", "added", "removed")}
    print("against the game's own content: " + ", ".join(f"{n} {what}" for what, n in counts.items()))
    for change in changes[:SHOWN_CHANGES]:
        print(change_line(change))
    if len(changes) > SHOWN_CHANGES:
        print(f"  ... and {len(changes) - SHOWN_CHANGES} more")
    return 0


def card_texts(game: Game, path: str) -> str:
    """Markdown: every piece of content ``path`` gives ``game``, by kind, with its text."""
    catalog = game.catalog({"content": path})
    kinds: dict[str, list[str]] = {}
    for name, entry in catalog.items():
        kinds.setdefault(str(entry.get("kind", "other")), []).append(f"- **{name}**: {entry.get('text', '')}")
    lines = [f"## The content of {Path(path).name}", ""]
    for kind, shown in kinds.items():
        lines += [f"### {kind[:1].upper() + kind[1:]}", "", *shown, ""]
    return "\n".join(lines)
