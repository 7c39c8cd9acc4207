"""Text for the terminal's markup, without the terminal's library: games draw their boards as
Rich markup strings (``[bold]``, ``[seat2]``) but the core needs only the standard library."""

from __future__ import annotations

import re

_OPENING = re.compile(r"(\\*)\[")


def escape(text: str) -> str:
    """``text`` shown as it is: every ``[`` (and any backslashes before it) escaped, so a name
    such as ``Card [beta]`` is never read as a style."""
    return _OPENING.sub(lambda m: m.group(1) * 2 + "\\[", text)
