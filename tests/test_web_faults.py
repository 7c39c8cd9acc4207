"""Ids and paths a client makes up cannot hurt, over the real server: a table id no table has (a
NUL in it) is a 404 on SQLite and PostgreSQL alike, and what a client sends cannot write a line of
its own into the log.
"""

from __future__ import annotations

import re
import secrets
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from services import Server, sqlite_url
from webplay import client, create, get, wait_until
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

ARGS = ("--rate-limit", "0", "--workers", "1")
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
        lambda: http.post(f"/api/tables/x{forged}/undo", content=f'{{"token": "\\n{marker}"'.encode()),
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
