"""The test services work: the Server harness (against a stand-in that only answers /api/games), a fresh
PostgreSQL database per test with LISTEN/NOTIFY, and headless Chromium that clicks and reports script
errors."""

from __future__ import annotations

import http.server
import os
import signal
import sys
import textwrap
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from services import SERVICE_FIXTURES, Server, ServerError, free_port

# A stand-in for `python -m boardwright serve`: Server runs `<python> -m boardwright serve --host H
# --port P --db URL`, so an executable script given as `python` receives those arguments.
STAND_IN = f"""#!{sys.executable}
import http.server, json, os, sys
args = sys.argv[1:]
assert args[:3] == ["-m", "boardwright", "serve"], args
port, db = int(args[args.index("--port") + 1]), args[args.index("--db") + 1]
mode = os.environ.get("STAND_IN", "ok")
print("stand-in serving", db, flush=True)
print("a line on stderr", file=sys.stderr, flush=True)
if mode == "crash":
    sys.exit("stand-in: cannot open the database")
if mode == "silent":
    import time; time.sleep(60)
class Games(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({{"pid": os.getpid(), "db": db}}).encode()
        self.send_response(200 if self.path == "/api/games" else 404)
        self.end_headers()
        self.wfile.write(body)
http.server.HTTPServer(("127.0.0.1", port), Games).serve_forever()
"""


@pytest.fixture
def stand_in(tmp_path: Path) -> str:
    script = tmp_path / "stand_in"
    script.write_text(STAND_IN)
    script.chmod(0o755)
    return str(script)


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as answer:
        return answer.read().decode()


def test_free_port_is_bindable():
    import socket

    port = free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))


def test_server_starts_restarts_and_logs(stand_in, tmp_path):
    server = Server("sqlite:///x.db", workdir=tmp_path / "run", python=stand_in).start()
    try:
        assert server.url == f"http://127.0.0.1:{server.port}"
        first = get(f"{server.url}/api/games")
        assert '"db": "sqlite:///x.db"' in first
        assert server.kill() == -signal.SIGKILL
        assert not server.running
        port = server.port
        server.restart()
        assert server.port == port and server.running
        assert get(f"{server.url}/api/games") != first  # another process answers
        assert server.stop() == -signal.SIGTERM
        log = server.log()
        assert log.count("stand-in serving sqlite:///x.db") == 2
        assert "a line on stderr" in log
    finally:
        if server.running:
            server.kill()


def test_server_that_exits_reports_its_output(stand_in, tmp_path):
    server = Server("sqlite:///x.db", workdir=tmp_path, python=stand_in, env={"STAND_IN": "crash"})
    with pytest.raises(ServerError, match="exited with status 1") as failure:
        server.start()
    assert "cannot open the database" in str(failure.value)


def test_server_that_never_answers_times_out_and_is_killed(stand_in, tmp_path):
    server = Server("sqlite:///x.db", workdir=tmp_path, python=stand_in, env={"STAND_IN": "silent"},
                    ready_timeout=1)
    with pytest.raises(ServerError, match="not ready after 1 s") as failure:
        server.start()
    assert "a line on stderr" in str(failure.value)
    assert server.returncode == -signal.SIGKILL


def test_service_tests_are_marked_web(request):
    assert not SERVICE_FIXTURES.intersection(request.fixturenames)
    assert request.node.get_closest_marker("web") is None


# -- PostgreSQL --------------------------------------------------------------------------------------

def test_postgres_database_is_fresh_and_works(postgres_db, request):
    import psycopg

    assert request.node.get_closest_marker("web") is not None
    assert postgres_db.rsplit("/", 1)[1].startswith("t_")
    with psycopg.connect(postgres_db) as conn:
        assert conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone() == (0,)
        conn.execute("CREATE TABLE seats (game text, seat int, PRIMARY KEY (game, seat))")
        conn.execute("INSERT INTO seats VALUES ('g1', 0), ('g1', 1)")
        conn.commit()
    with psycopg.connect(postgres_db) as conn:
        assert conn.execute("SELECT count(*) FROM seats").fetchone() == (2,)
        assert conn.execute("SELECT current_database()").fetchone() == (postgres_db.rsplit("/", 1)[1],)


def test_postgres_listen_notify_round_trip(postgres_db):
    import psycopg

    with psycopg.connect(postgres_db, autocommit=True) as listener, \
            psycopg.connect(postgres_db, autocommit=True) as talker:
        listener.execute("LISTEN game_events")
        talker.execute("SELECT pg_notify('game_events', 'game 7 moved')")
        got = [(n.channel, n.payload) for n in listener.notifies(timeout=5, stop_after=1)]
    assert got == [("game_events", "game 7 moved")]


# -- Chromium ----------------------------------------------------------------------------------------

PAGES = {
    "/index.html": """<!doctype html><title>t</title>
        <button id="go" onclick="document.getElementById('out').textContent = 6 * 7">go</button>
        <p id="out">nothing</p><img src="/missing.png" alt="">""",
    "/throws.html": """<!doctype html><title>t</title>
        <script>console.error("logged on purpose"); throw new Error("thrown on purpose");</script>""",
}


@pytest.fixture
def site() -> Iterator[str]:
    """A tiny HTTP server on loopback for the pages above."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = PAGES.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(textwrap.dedent(body or "").encode())

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def soon(page: Any, condition: Any, seconds: float = 5.0) -> bool:
    """Whether the condition holds within the time; waiting on the page lets its events arrive."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return True
        page.wait_for_timeout(50)
    return bool(condition())


def test_chromium_clicks_and_reads(page, site):
    page.goto(f"{site}/index.html")
    assert page.text_content("#out") == "nothing"
    page.click("#go")
    assert page.text_content("#out") == "42"
    # the page's image is missing: a 404 is no script error, it is listed apart
    assert soon(page, lambda: any("missing.png" in error for error in page.resource_errors)), page.resource_errors
    assert page.errors == []


def test_chromium_reports_script_errors(page, site):
    page.goto(f"{site}/throws.html")
    assert soon(page, lambda: len(page.errors) == 2), page.errors
    assert "thrown on purpose" in page.errors[0] or "thrown on purpose" in page.errors[1]
    assert any(error == "console.error: logged on purpose" for error in page.errors), page.errors
    page.errors.clear()  # expected here; any error left in the list fails the test


def test_chromium_is_debians(browser):
    assert os.environ.get("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD") == "1"
    assert browser.version.split(".")[0].isdigit()
