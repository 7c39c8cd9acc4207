"""A client that goes away in the middle of its request (a closed tab, a load test stopping) is not
a failure of the server: the log says so in one line, with no traceback and no ERROR."""

from __future__ import annotations

import socket
import time


def test_a_request_abandoned_mid_body_is_logged_quietly(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"POST /api/tables/nosuchtable/actions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"token\": \"")
        time.sleep(0.3)  # the server is reading the body now
    deadline = time.monotonic() + 10
    while "/api/tables/nosuchtable/actions" not in server.log() and time.monotonic() < deadline:
        time.sleep(0.05)
    log = server.log()
    assert "/api/tables/nosuchtable/actions" in log, log
    assert "Traceback" not in log and " ERROR " not in log, log
    assert "went away" in log, log
