"""The errors every game raises through the engine: one type per kind of bad input."""

from __future__ import annotations

from typing import Any


def shown(value: Any, width: int = 60) -> str:
    """``value`` as an error message shows it: its ``repr`` cut to a line, or for a container or
    an integer too long to write out, its kind (a hostile value may be huge)."""
    if isinstance(value, (list, dict, tuple, set)):
        return f"a {type(value).__name__}"
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a {type(value).__name__} of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except ValueError:
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= width else text[: width - 3] + "..."


class BoardwrightError(Exception):
    """Base of every error boardwright raises on purpose."""


class IllegalAction(BoardwrightError, ValueError):
    """An action the rules forbid now. The message names the rule; the state is unchanged.

    ``rule`` is the rulebook section or ruling that forbids it (e.g. ``"Gadgets Phase"``),
    ``reason`` the plain explanation. ``str(error)`` is ``"<rule>: <reason>"``.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class OptionError(BoardwrightError, ValueError):
    """An unknown option, or an option value of the wrong type or out of range."""


class ContentError(BoardwrightError, ValueError):
    """A content file that does not match its schema: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str | None, field: str | None, problem: str) -> None:
        where = [file]
        if entry is not None:
            where.append(entry)
        if field is not None:
            where.append(f"field '{field}'")
        super().__init__(": ".join(where) + f": {problem}")
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem


class RecordError(BoardwrightError, ValueError):
    """A game record that cannot be replayed: malformed, another version, or an illegal step."""
