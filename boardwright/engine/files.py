"""Reading a file a user names (a content file, a game record) with bounds: only a regular file, no
larger than a stated size, UTF-8 text. A folder, a device or a pipe is refused before it is opened,
so a hostile path can neither hang the reader nor fill the memory."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

MB = 1024 * 1024


def read_text(path: str | Path, limit: int, error: Callable[[str], Exception]) -> str:
    """The text of the file at ``path``; ``error(problem)`` is raised, with a short problem such as
    ``"is a folder, not a file"``, when it is not a regular UTF-8 file of at most ``limit`` bytes."""
    try:
        info = os.stat(path)
    except OSError as failure:
        raise error(f"cannot be read ({failure.strerror})") from None
    except ValueError:  # a NUL byte in the path
        raise error("is not a usable file name") from None
    if stat.S_ISDIR(info.st_mode):
        raise error("is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise error("is not a regular file (a device, pipe or socket)")
    if info.st_size > limit:
        raise error(f"is larger than {limit // MB} MB ({info.st_size / MB:.1f} MB)")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as failure:
        raise error(f"cannot be read ({failure.strerror})") from None
    if len(data) > limit:
        raise error(f"is larger than {limit // MB} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as failure:
        raise error(f"is not UTF-8 text (byte {failure.start})") from None
