"""The SQLite file of a server: created private, held by one server at a time, watched while it runs.

The file holds every table's seed, so its folder is created readable by its owner only (0700) and
the file itself 0600 (SQLite gives its ``-wal`` and ``-shm`` files the database file's mode).

One server per file: two servers on one SQLite file would each keep their tables in memory and
never hear the other's moves (SQLite has no NOTIFY), so the second one would serve stale tables.
A server holds an exclusive ``flock`` on a sidecar file, ``<database>.lock``, for as long as it
runs. A sidecar rather than the database itself: SQLite locks the database with POSIX record
locks, which the kernel drops for the whole process as soon as any descriptor of that file is
closed, and which an NFS mount may implement with the very lock ``flock`` would take. The sidecar
also carries the holder's pid, for the refusal to name. The kernel releases a ``flock`` when its
process dies, however it dies, so a killed server never blocks the next start.

While it runs, the server checks before acknowledging a change that the file at the database's
path is still the one it opened (same device and inode): a file deleted or replaced under it would
take every later change with it at the next restart.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from sqlalchemy.engine import make_url

from boardwright.engine.errors import BoardwrightError

try:
    import fcntl
except ImportError:  # Windows: no flock; a second server there is not refused
    fcntl = None  # type: ignore[assignment]

#: the locks this process holds, kept open until it exits (closing one would release it)
_held: dict[Path, int] = {}


class DatabaseInUse(BoardwrightError):
    """Another running server holds the database file."""


def sqlite_path(url: str) -> Path | None:
    """The absolute path of the file an SQLite URL names (``~`` expanded); ``None`` for an
    in-memory database or another kind of database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).expanduser().absolute()


def create_private(path: Path) -> None:
    """Create the database's folder (0700) and an empty database file (0600) where they are missing.
    An empty file is an empty SQLite database; SQLite would have created it 0644. Existing ones
    are left as the operator made them."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def open_to_others(path: Path) -> str | None:
    """The file's mode (``"0644"``) when users other than its owner may read or write it, else ``None``."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return None
    return f"{mode:04o}" if mode & 0o077 else None


def hold(path: Path) -> None:
    """Take this process's exclusive lock on the database at ``path`` (creating it privately first)
    for as long as the process runs; :class:`DatabaseInUse` naming the file, and the other
    server's pid when it is known, if another process holds it."""
    create_private(path)
    if fcntl is None or path in _held:
        return
    lock_path = path.with_name(path.name + ".lock")
    descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(descriptor, 32).decode("ascii", "replace").strip()
        os.close(descriptor)
        who = f"another server (pid {holder})" if holder.isdigit() else "another server"
        raise DatabaseInUse(f"the database {path} is in use by {who}; stop it first, or give this server "
                            f"another --db") from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode())
    _held[path] = descriptor


def identity(path: Path) -> tuple[int, int] | None:
    """The file's device and inode, or ``None`` when there is no file at ``path``."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino
