"""``boardwright serve``: the game server under uvicorn, with its database in the user's data folder."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from . import logs, sqlitefile
from .limits import Limits
from .protocol import MAX_BODY

#: seconds an idle HTTP connection is kept open. Longer than uvicorn's 5 s: a person thinks longer
#: than that between moves, and a move sent as the server closes its idle connection is lost in
#: transit (the client sees the connection reset and must send it again)
KEEP_ALIVE = 60


def data_dir() -> Path:
    """Where the server keeps its database unless told otherwise: ``$BOARDWRIGHT_DATA``, else
    the user's data folder (``$XDG_DATA_HOME/boardwright`` or ``~/.local/share/boardwright``;
    ``%APPDATA%\\boardwright`` on Windows)."""
    if os.environ.get("BOARDWRIGHT_DATA"):
        return Path(os.environ["BOARDWRIGHT_DATA"]).expanduser()
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "boardwright"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "boardwright"


def default_db() -> str:
    return f"sqlite:///{data_dir() / 'boardwright.db'}"


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, limits: Limits | None = None) -> None:
    """Run the server until interrupted."""
    import uvicorn

    from .app import create_app

    logs.configure()
    database = db or default_db()
    claim_database(database)
    shown_host = f"[{host}]" if ":" in host else host
    app = create_app(database, limits or Limits(), base_url=f"http://{shown_host}:{port}")
    logging.getLogger("boardwright.web").info("serving on http://%s:%d (database: %s)", shown_host, port,
                                              _without_password(database))
    uvicorn.run(app, host=host, port=port, access_log=False, ws_max_size=MAX_BODY, log_level="warning",
                timeout_graceful_shutdown=5, timeout_keep_alive=KEEP_ALIVE)


def claim_database(url: str) -> None:
    """Make an SQLite database this server's alone while it runs (its folder and file created
    private, the lock of :mod:`.sqlitefile` held; :class:`~.sqlitefile.DatabaseInUse` if another
    server holds it), and warn when other users may read the file, which holds every seed."""
    path = sqlitefile.sqlite_path(url)
    if path is None:
        return
    sqlitefile.hold(path)
    mode = sqlitefile.open_to_others(path)
    if mode is not None:
        logging.getLogger("boardwright.web").warning(
            "the database file %s has mode %s: other users can read every table's seed in it (chmod 600 it)",
            path, mode)


def _without_password(url: str) -> str:
    if "://" in url and "@" in url:
        scheme, _, rest = url.partition("://")
        credentials, _, place = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user}@{place}"
    return url
