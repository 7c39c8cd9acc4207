"""Operator faults are loud, and ids and paths a client makes up cannot hurt, over the real server:
a lost PostgreSQL listener is logged and every live table caught up once it listens again; a second
server on one SQLite file refuses to start; a database file deleted or replaced under the server
stops every change with a 503 before it is acknowledged; the data folder and the database's files
are created private; a table id no table has (a NUL in it) is a 404 on SQLite and PostgreSQL alike;
and what a client sends cannot write a line of its own into the log.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import sqlite3
import stat
import subprocess
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from services import ROOT, Server, sqlite_url
from webplay import Follower, act, client, create, get, tokens, views, wait_until
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

ARGS = ("--rate-limit", "0", "--workers", "1")
#: how soon a server that listens again must have pushed what it missed
CAUGHT_UP_WITHIN = 15.0
#: what a log line written by the server starts with (logging's asctime)
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ ")


def one_line_refusal(answer: Any, status: int, *words: str) -> str:
    """``status`` and an ``{"error": ...}`` that is one printable line with ``words`` in it."""
    assert answer.status_code == status, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert error.isprintable() and len(error) < 300, error
    for word in words:
        assert word in error, (word, error)
    return error


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# ------------------------------------------------------------------------------ PostgreSQL listener
def test_a_lost_listener_is_logged_and_every_live_table_caught_up(postgres_url: str, postgres_db: str,
                                                                   start_server: Any) -> None:
    import psycopg

    a = start_server(db=postgres_db, args=ARGS)
    b = start_server(db=postgres_db, args=ARGS)  # started after A: the newer listener is B's
    on_a, on_b = client(a), client(b)
    created = create(on_a, "gadgeteers", ["human", "human", "human"])
    table, seat_tokens = created["table"], tokens(created)
    assert get(on_b, table)["version"] == 0
    follower = Follower(b, table)
    follower.connect()
    follower.until(lambda message: message["version"] == 0)

    database = postgres_db.rsplit("/", 1)[1]
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        # nobody may connect to the database for a while: B cannot listen again until the move is made
        admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS false')
        try:
            listeners = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND query LIKE 'LISTEN%%' "
                                      "ORDER BY backend_start", (database,)).fetchall()
            assert len(listeners) == 2, listeners
            assert admin.execute("SELECT pg_terminate_backend(%s)", (listeners[-1][0],)).fetchone() == (True,)
            wait_until(lambda: not admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s",
                                                 (listeners[-1][0],)).fetchone(), 10, "B's listener to end")
            # in the gap: a move and a seat handed to a bot, both through A
            seen = get(on_a, table)
            mover = seen["to_act"][0]
            legal = get(on_a, table, seat_tokens[mover])["legal_actions"]
            assert act(on_a, table, seat_tokens[mover], legal[-1], 0).status_code == 200
            waiting = next(seat for seat in range(3) if seat not in get(on_a, table)["to_act"])
            handed = on_a.post(f"/api/tables/{table}/seats/{waiting}",
                               json={"token": created["creator_token"], "kind": "random"})
            assert handed.status_code == 200, handed.text
            assert get(on_b, table)["version"] == 0, "B heard the move: there was no gap"
        finally:
            admin.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS true')

    # B listens again and catches the table up: served, and pushed to its WebSocket client
    follower.until(lambda message: message["version"] == 1 and message["seats"][waiting]["played_by"] == "random",
                   timeout=CAUGHT_UP_WITHIN)
    assert follower.events == get(on_b, table)["events"] == get(on_a, table)["events"], "the move's events"
    assert views(on_b, table, seat_tokens, 3) == views(on_a, table, seat_tokens, 3)
    follower.close()
    log = b.log()
    assert log.count("lost the PostgreSQL listener") == 1, log
    assert log.count("the PostgreSQL listener is back") == 1, log
    assert "PostgreSQL listener" not in a.log()
    with psycopg.connect(postgres_url, autocommit=True) as admin:  # it says whose listener it is
        names = admin.execute("SELECT application_name FROM pg_stat_activity WHERE datname = %s AND query LIKE "
                              "'LISTEN%%'", (database,)).fetchall()
    assert (f"boardwright-listen {b.process.pid}",) in names, names
    for server in (a, b):
        server.kill()


# ------------------------------------------------------------------------------ SQLite file
def run_to_exit(server: Server, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    """Run ``server``'s command to its exit, its output and error apart; fail if it is still
    running after ``timeout`` seconds (it was meant to refuse to start)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    process = subprocess.Popen(server.command, cwd=server.workdir, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"the second server was still running after {timeout:g} s: it did not refuse to start")
    return subprocess.CompletedProcess(server.command, process.returncode, out, err)


def test_a_second_server_on_one_sqlite_file_refuses_to_start(start_server: Any, tmp_path: Path) -> None:
    first = start_server()
    path = Path(first.db[len("sqlite:///"):])
    second = Server(first.db, workdir=tmp_path / "second")
    second.workdir.mkdir()
    refused = run_to_exit(second)
    assert refused.returncode == 2, refused
    lines = refused.stderr.splitlines()
    assert len(lines) == 1, refused.stderr
    assert str(path) in lines[0] and f"pid {first.process.pid}" in lines[0], lines[0]
    assert client(first).get("/api/games").status_code == 200  # the first one serves on

    first.kill()  # kill -9 leaves its lock behind in no way: the kernel releases it
    again = start_server(db=first.db)
    assert client(again).get("/api/games").status_code == 200


@pytest.mark.parametrize("fault", ["deleted", "replaced"])
def test_a_database_file_deleted_or_replaced_refuses_every_change_with_503(fault: str, start_server: Any,
                                                                            tmp_path: Path) -> None:
    server = start_server(args=ARGS)
    path = Path(server.db[len("sqlite:///"):])
    http = client(server)
    created = create(http, "gadgeteers", ["human", "human"])
    table, seat_tokens = created["table"], tokens(created)
    seat = get(http, table)["to_act"][0]
    legal = get(http, table, seat_tokens[seat])["legal_actions"]
    assert act(http, table, seat_tokens[seat], legal[0], 0).status_code == 200
    before = views(http, table, seat_tokens, 2)

    if fault == "deleted":
        path.unlink()
    else:  # a consistent copy (the WAL's changes in it) put in the file's place
        copy = tmp_path / "copy.db"
        with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
            source.backup(target)
        os.replace(copy, path)

    seat = get(http, table)["to_act"][0]
    legal = get(http, table, seat_tokens[seat])["legal_actions"]
    for action in (legal[0], legal[-1]):
        one_line_refusal(act(http, table, seat_tokens[seat], action, 1), 503, "database file", "restart")
    one_line_refusal(http.post("/api/tables", json={"game": "gadgeteers", "players": 2}), 503, "database file")
    one_line_refusal(http.post(f"/api/tables/{table}/seats/{1 - seat}",
                               json={"token": created["creator_token"], "kind": "random"}), 503, "database file")
    one_line_refusal(http.get("/api/tables"), 503, "database file")
    assert views(http, table, seat_tokens, 2) == before  # what is in memory is still served, unchanged
    log = server.log()
    assert log.count("was deleted or replaced while the server ran") == 1, log
    assert str(path) in log
    assert "Traceback" not in log


def test_the_data_folder_and_database_files_are_created_private(start_server: Any, tmp_path: Path) -> None:
    folder = tmp_path / "fresh" / "data"
    path = folder / "boardwright.db"
    previous = os.umask(0o022)  # a permissive umask, which the server inherits
    try:
        server = start_server(db=sqlite_url(path), args=ARGS)
    finally:
        os.umask(previous)
    create(client(server), "gadgeteers", ["human", "human"])
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    wait_until(lambda: wal.exists() and shm.exists(), 5, "the WAL and shared-memory files")
    modes = {item.name: f"{mode(item):04o}" for item in (folder, path, wal, shm)}
    assert modes == {"data": "0700", "boardwright.db": "0600", "boardwright.db-wal": "0600",
                     "boardwright.db-shm": "0600"}
    assert mode(Path(f"{path}.lock")) == 0o600  # the lock beside it (it holds only the server's pid)
    assert "mode" not in server.log()

    server.stop()  # a file the operator opened to others is left so, and the log says so
    path.chmod(0o644)
    server.restart()
    assert mode(path) == 0o644
    assert f"the database file {path} has mode 0644" in server.log()


# ------------------------------------------------------------------------------ hostile ids
@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "ids.db")
    return str(request.getfixturevalue("postgres_db"))


def ws_close_code(url: str) -> int:
    with connect(url, open_timeout=10, proxy=None) as connection, pytest.raises(ConnectionClosed) as closed:
        connection.recv(timeout=10)
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd.code


#: ids no table has: a NUL (which PostgreSQL cannot even compare), other control characters, too
#: long, a character a table id never has, and one of the right shape that is not there
MADE_UP_IDS = ["ab%00cd", "%00", "ab%0acd", "ab%1b%5b31mcd", "a" * 33, "ab~cd", "no-such-table"]


def test_a_table_id_no_table_has_is_a_404_with_one_printable_line(database: str, start_server: Any) -> None:
    server = start_server(db=database, args=ARGS)
    http = client(server)
    body = {"token": "t", "action": "a", "version": 0}
    for made_up in MADE_UP_IDS:
        for answer in (http.get(f"/api/tables/{made_up}"), http.post(f"/api/tables/{made_up}/actions", json=body),
                       http.post(f"/api/tables/{made_up}/undo", json=body), http.get(f"/t/{made_up}"),
                       http.get(f"/api/tables/{made_up}/record"), http.get(f"/api/tables/{made_up}/replay")):
            one_line_refusal(answer, 404, "there is no table")
        assert ws_close_code(f"{server.ws_url}/ws/tables/{made_up}") == 4404, made_up
    table = create(http, "gadgeteers", ["human", "human"])["table"]
    assert get(http, table)["version"] == 0  # real ids are still served
    wait_until(lambda: server.log().count("/ws/tables/") >= len(MADE_UP_IDS), 5, "the WebSockets' log lines")
    assert "Traceback" not in server.log()


# ------------------------------------------------------------------------------ the log
def test_what_a_client_sends_cannot_forge_a_log_line(shared_server: Server) -> None:
    marker = f"FORGED{secrets.token_hex(4)}"
    forged = urllib.parse.quote(f"\n2030-01-01 00:00:00,000 INFO boardwright.web: {marker}\r\x1b[2J\u202e",
                                safe="")
    body = {"token": "\n\x1b[31m", "action": f"\r\n{marker}\x1b[0m", "version": 0, "seat": "\n"}
    http = client(shared_server)
    requests = [
        lambda: http.get(f"/api/tables/x{forged}"),
        lambda: http.post(f"/api/tables/x{forged}/actions", json=body),
        lambda: http.post(f"/api/tables/x{forged}/undo", content=f'{{"token": "\\n{marker}"'.encode(),
                          headers={"Content-Type": "application/json"}),
        lambda: http.get(f"/t/x{forged}"),
        lambda: http.get(f"/static/{forged}.js"),
    ]
    for request in requests:
        request()
    assert ws_close_code(f"{shared_server.ws_url}/ws/tables/x{forged}") == 4404
    made = len(requests) + 1

    def logged() -> list[str]:
        return [line for line in shared_server.log().splitlines() if marker in line]
    # each request's line is written at once: once every request has one, all of them are there
    lines = wait_until(lambda: len(logged()) >= made and logged(), 5, "a log line for every request")
    assert len(lines) == made, "\n".join(lines)
    for line in lines:
        assert LOG_LINE.match(line), line
        assert "\\x0a2030-01-01" in line and "\\x0d\\x1b[2J\\u202e" in line, line
    assert "\x1b" not in shared_server.log() and "\r" not in shared_server.log()
