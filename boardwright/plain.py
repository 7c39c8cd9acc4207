"""Plain text where Rich is not installed: a console that prints markup as its text, and tables as
aligned columns.

The commands that only print (``games``, ``rules``, ``simulate``, ``replay`` ...) write through a
Rich ``Console`` when the ``cli`` extra is installed, and through :class:`Console` here otherwise:
the same calls (``print``, ``rule``, ``input``), the same markup (``[bold]...[/bold]``,
``[seat2]...[/seat2]``) read as Rich reads it, but printed without styles. Only the standard
library is used.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

#: a markup tag as Rich reads it (a name starting with a letter, #, / or @ in brackets), with the
#: backslashes before it (an odd number escapes the tag)
TAG = re.compile(r"(\\*)\[([a-z#/@][^[]*?)]")


def escape(text: str) -> str:
    """``text`` with whatever would read as a markup tag escaped (as ``rich.markup.escape``)."""
    escaped = re.sub(r"(\\*)(\[[a-z#/@][^[]*?])", lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", text)
    return escaped + "\\" if escaped.endswith("\\") and not escaped.endswith("\\\\") else escaped


def strip_markup(text: str) -> str:
    """The text that markup ``text`` shows: tags removed, escaped tags kept as written."""
    def tag(match: re.Match[str]) -> str:
        backslashes, escaped = divmod(len(match.group(1)), 2)
        return "\\" * backslashes + (f"[{match.group(2)}]" if escaped else "")

    return TAG.sub(tag, text)


class Table:
    """Rows under a header row, each column as wide as its widest cell (``rich.table.Table``'s
    calls: headers, ``title``, ``caption``, ``add_column``, ``add_row``; styles are ignored)."""

    def __init__(self, *headers: str, title: str | None = None, caption: str | None = None,
                 **_style: Any) -> None:
        self.title = title
        self.caption = caption
        self.headers: list[str] = []
        self.right: list[bool] = []
        self.rows: list[list[str]] = []
        for header in headers:
            self.add_column(header)

    def add_column(self, header: str, justify: str = "left", **_style: Any) -> None:
        self.headers.append(header)
        self.right.append(justify == "right")

    def add_row(self, *cells: str) -> None:
        self.rows.append([strip_markup(str(cell)) for cell in cells])

    def lines(self) -> Iterator[str]:
        """The table as lines of text: title, header, a rule, the rows, caption."""
        widths = [max([len(header)] + [len(row[i]) for row in self.rows if i < len(row)])
                  for i, header in enumerate(self.headers)]

        def line(cells: Sequence[str]) -> str:
            return "  ".join(cell.rjust(w) if right else cell.ljust(w)
                             for cell, w, right in zip(cells, widths, self.right, strict=False)).rstrip()

        if self.title:
            yield strip_markup(self.title)
        yield line(self.headers)
        yield "  ".join("-" * w for w in widths)
        for row in self.rows:
            yield line(row)
        if self.caption:
            yield strip_markup(self.caption)


class Console:
    """Prints as a Rich console would, without styles: markup shows its text, a :class:`Table`
    its aligned lines, a rule its title between dashes. ``width`` is the terminal's, or 120 when
    the output is not a terminal (nothing is cut: long lines run on)."""

    def __init__(self, file: TextIO | None = None) -> None:
        self.file = file
        out = self.file or sys.stdout
        self.is_terminal = out.isatty()
        self.width = shutil.get_terminal_size((120, 24)).columns if self.is_terminal else 120

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", markup: bool = True, **_style: Any) -> None:
        texts = []
        for thing in objects:
            if isinstance(thing, Table):
                texts.append("\n".join(thing.lines()))
            else:
                texts.append(strip_markup(str(thing)) if markup else str(thing))
        print(sep.join(texts), end=end, file=self.file or sys.stdout, flush=True)

    def rule(self, title: str = "", **_style: Any) -> None:
        text = strip_markup(title)
        self.print(f"-- {text} " + "-" * max(3, self.width - len(text) - 4) if text else "-" * self.width,
                   markup=False)

    def input(self, prompt: str = "") -> str:
        self.print(prompt, end="")
        return input()


def wrap_notes(notes: str, width: int) -> Iterator[str]:
    """Markdown notes as plain lines wrapped to ``width`` (a list item's lines under its text; no
    word is cut)."""
    for line in notes.splitlines():
        stripped = line.lstrip()
        bullet = re.match(r"([-*]|\d+\.)\s+", stripped)
        indent = len(line) - len(stripped) + (bullet.end() if bullet else 0)
        yield textwrap.fill(line, width, subsequent_indent=" " * indent, break_long_words=False,
                            break_on_hyphens=False) if line.strip() else ""
