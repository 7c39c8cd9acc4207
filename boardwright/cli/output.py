"""What the printing commands write through: Rich when the ``cli`` extra is installed, else the
plain text of :mod:`boardwright.plain` (the same markup, printed without styles).

Only ``play`` needs Rich (the interactive terminal table); every other command prints either way.
"""

from __future__ import annotations

from typing import Any

from .. import plain
from ..engine.names import named


def has_rich() -> bool:
    """Whether Rich (the ``cli`` extra) can be imported."""
    try:
        import rich.console  # noqa: F401
    except ImportError:
        return False
    return True


def make_console() -> Any:
    """Rich output on stdout (boards are never wrapped, piped output is 120 columns wide), or the
    plain console without Rich."""
    if not has_rich():
        return plain.Console()
    from rich.console import Console

    from ..terminal import THEME

    console = Console(highlight=False, soft_wrap=True, theme=THEME)
    if not console.is_terminal:
        console.width = max(console.width, 120)
    return console


def escape(text: str) -> str:
    """``text`` with anything that reads as markup escaped."""
    return plain.escape(text)


def table(*headers: str, **settings: Any) -> Any:
    """A table with these column headers: Rich's, or the plain one (``title``, ``title_justify``,
    ``caption`` ... as Rich takes them)."""
    if has_rich():
        from rich.table import Table

        return Table(*headers, **settings)
    return plain.Table(*headers, **settings)


def coloured(text: str, players: int) -> str:
    """A text of the game as markup, each seat it mentions by its label (in the seat's colour
    with Rich)."""
    if has_rich():
        from ..terminal import coloured as in_colour

        return in_colour(text, players)
    return plain.escape(named(text, players))


def print_markup(console: Any, text: str) -> None:
    """Print text that may hold markup; plainly if the markup is broken."""
    if isinstance(console, plain.Console):
        console.print(text)
        return
    from ..terminal import print_markup as rich_print

    rich_print(console, text)


def print_notes(console: Any, notes: str) -> None:
    """Markdown notes: rendered on a terminal with Rich, else wrapped to the console's width."""
    if isinstance(console, plain.Console):
        for line in plain.wrap_notes(notes, max(40, console.width)):
            console.print(line, markup=False)
        return
    from ..terminal import print_notes as rich_notes

    rich_notes(console, notes)
