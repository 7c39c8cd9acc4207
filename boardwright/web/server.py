"""``boardwright serve``: the game server under uvicorn, with its database in the user's data folder."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from . import logs, sqlitefile
from .addresses import parse_proxies
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
    from .connections import Connections, connection_room, protocols, raise_open_file_limit

    logs.configure()
    log = logging.getLogger("boardwright.web")
    limits = limits or Limits()
    database = db or default_db()
    claim_database(database)
    shown_host = f"[{host}]" if ":" in host else host
    proxies = parse_proxies(limits.forwarded_allow)
    most = connection_room(limits.max_connections, raise_open_file_limit())
    if limits.max_connections and most < limits.max_connections:
        log.warning("the open-file limit leaves room for %d connections: --max-connections %d is lowered to %d "
                    "(raise the limit with ulimit -n or LimitNOFILE)", most, limits.max_connections, most)
    connections = Connections(most, limits.max_connections_per_address, proxies)
    http, ws = protocols(connections, limits.request_timeout, limits.max_header_size)
    app = create_app(database, limits, base_url=limits.base_url.rstrip("/") or f"http://{shown_host}:{port}")
    log.info("serving on http://%s:%d (database: %s)", shown_host, port, _without_password(database))
    uvicorn.run(app, host=host, port=port, http=http, ws=ws or "none", access_log=False, ws_max_size=MAX_BODY,
                log_level="warning", timeout_graceful_shutdown=5, timeout_keep_alive=KEEP_ALIVE,
                proxy_headers=bool(proxies), forwarded_allow_ips=[str(network) for network in proxies])


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
