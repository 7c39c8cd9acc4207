"""Real services for the web tests: the `boardwright serve` process, a PostgreSQL database and a
headless Chromium. Plain helpers (`free_port`, `Server`) plus pytest fixtures that tests/conftest.py
registers. Tests that use a fixture from here get the `web` marker automatically.

Policy for services that may be missing (PostgreSQL binaries, Chromium, Playwright): the test is
skipped with the reason, except under BOARDWRIGHT_CI=1, where it fails: CI never skips them silently.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pgcluster
import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: the fixtures that start a real service; a test using any of them is marked `web`
SERVICE_FIXTURES = frozenset({"server", "start_server", "shared_server", "postgres_url", "postgres_db", "browser",
                              "page"})

free_port = pgcluster.free_port
#: an opener that ignores http_proxy and friends: the server is on loopback
_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def in_ci() -> bool:
    return os.environ.get("BOARDWRIGHT_CI") == "1"


def missing(reason: str) -> None:
    """A service this test needs is not here: skip, or fail under CI (BOARDWRIGHT_CI=1)."""
    if in_ci():
        pytest.fail(f"{reason} (BOARDWRIGHT_CI=1: CI must not skip this)", pytrace=False)
    pytest.skip(reason)


class ServerError(RuntimeError):
    """The server did not come up (or came up wrong); the message carries its output."""


class Server:
    """`python -m boardwright serve` in its own process group, on 127.0.0.1.

    `start()` returns once GET /api/games answers 200 and raises ServerError (with the server's output)
    if the process exits first or `ready_timeout` seconds pass. Its stdout and stderr go to one log file
    that survives restarts (`log()` reads it). It runs from `workdir` as its current directory, with
    this checkout first on PYTHONPATH, so it runs the code under test and cannot lean on the repository
    being the current directory.
    """

    def __init__(self, db: str, port: int | None = None, *, workdir: str | os.PathLike[str] | None = None,
                 ready_timeout: float = 20.0, args: tuple[str, ...] = (), env: dict[str, str] | None = None,
                 python: str = sys.executable) -> None:
        self.db = db
        self._port_given = port is not None
        self.port = port if port is not None else free_port()
        self.workdir = Path(workdir) if workdir is not None else Path(tempfile.mkdtemp(prefix="bw-server-"))
        self.log_path = self.workdir / "server.log"
        self.ready_timeout = ready_timeout
        self.args = tuple(args)
        self.extra_env = dict(env or {})
        self.python = python
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self._log_offset = 0

    @property
    def url(self) -> str:
        """The base URL, without a trailing slash: http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The same base for WebSockets: ws://127.0.0.1:PORT"""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def command(self) -> list[str]:
        return [self.python, "-m", "boardwright", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                "--db", self.db, *self.args]

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def returncode(self) -> int | None:
        """The exit status of the last run (negative: killed by that signal), None while running."""
        return None if self.process is None else self.process.poll()

    def log(self) -> str:
        """Everything the server wrote to stdout and stderr, over all its starts."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def start(self) -> Server:
        """Start the server and wait until it answers. If it fails to bind a port we picked ourselves
        (taken by someone else since), it tries again on another; a port given by the caller is kept."""
        if self.running:
            raise ServerError(f"server on port {self.port} is already running")
        for attempt in range(3):
            self._spawn()
            try:
                self._wait_ready()
                return self
            except ServerError:
                taken = "address already in use" in self._this_run_output().lower()
                if self._port_given or not taken or attempt == 2:
                    raise
                self.port = free_port()
        raise AssertionError("unreachable")

    def restart(self) -> Server:
        """Start again on the same port and database (after `kill()` or `stop()`; stops it first if
        it still runs)."""
        if self.running:
            self.stop()
        self._port_given = True
        return self.start()

    def kill(self) -> int:
        """SIGKILL the whole process group (a crash: no shutdown code runs) and wait for it."""
        return self._end(signal.SIGKILL, timeout=10.0)

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM (a graceful shutdown), wait up to `timeout` seconds, then SIGKILL whatever is left.
        Returns the exit status: -9 means it had to be killed."""
        return self._end(signal.SIGTERM, timeout)

    def __enter__(self) -> Server:
        return self.start() if not self.running else self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.running else f"exited {self.returncode}"
        return f"<Server {self.url} db={self.db} {state}>"

    # -- internals -----------------------------------------------------------------------------

    def _spawn(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        env["PYTHONUNBUFFERED"] = "1"
        env.update(self.extra_env)
        self.starts += 1
        with open(self.log_path, "ab") as log:
            self._log_offset = log.tell()
            log.write(f"=== [test harness] start {self.starts}: {' '.join(self.command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(self.command, cwd=self.workdir, env=env, stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def _this_run_output(self) -> str:
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self._log_offset)
                return log.read().decode("utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def _wait_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + self.ready_timeout
        last = "no answer yet"
        while True:
            code = self.process.poll()
            if code is not None:
                raise ServerError(f"server exited with status {code} before it was ready\n"
                                  f"command: {' '.join(self.command)}\n--- its output ---\n{self._this_run_output()}")
            try:
                with _direct.open(f"{self.url}/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return
                    last = f"GET /api/games answered {answer.status}"
            except urllib.error.HTTPError as error:
                last = f"GET /api/games answered {error.code}"
            except (OSError, urllib.error.URLError) as error:
                last = f"GET /api/games: {error}"
            if time.monotonic() > deadline:
                self.kill()
                raise ServerError(f"server not ready after {self.ready_timeout:.0f} s ({last})\n"
                                  f"command: {' '.join(self.command)}\n--- its output ---\n{self._this_run_output()}")
            time.sleep(0.05)

    def _end(self, sig: signal.Signals, timeout: float) -> int:
        process = self.process
        if process is None:
            raise ServerError("server was never started")
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        with contextlib.suppress(ProcessLookupError):  # a child left behind in the group goes too
            os.killpg(process.pid, signal.SIGKILL)
        return process.returncode


def sqlite_url(path: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL of an SQLite file: sqlite:////abs/path.db"""
    return f"sqlite:///{Path(path).resolve()}"


# -- server fixtures ----------------------------------------------------------------------------------

@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """A factory: `start_server(db=None, port=None, **kw)` starts a server and returns it once ready.
    Without `db` each server gets a fresh SQLite file in tmp_path. Every server it started is stopped
    at teardown, and their logs are printed (pytest shows them when the test fails)."""
    servers: list[Server] = []

    def start(db: str | None = None, port: int | None = None, **kw: Any) -> Server:
        n = len(servers) + 1
        workdir = tmp_path / f"server{n}"
        workdir.mkdir()
        server = Server(db if db is not None else sqlite_url(workdir / "boardwright.db"), port,
                        workdir=workdir, **kw)
        servers.append(server)
        return server.start()

    yield start
    for server in servers:
        if server.process is not None:
            server.stop()
        print(f"--- log of {server!r} ---\n{server.log()}")


@pytest.fixture
def server(start_server: Callable[..., Server]) -> Server:
    """A fresh server on a fresh SQLite file in tmp_path; stopped after the test."""
    return start_server()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the whole test process (each xdist worker starts its own), for tests that
    only create tables of their own and leave the server as it was: a fresh SQLite file, no request
    limit and no cap on the open tables of its one client address, one bot worker. Its log is
    printed at the end. Starting a server costs about a second of CPU; a test that kills, restarts
    or configures a server uses `start_server` instead."""
    workdir = tmp_path_factory.mktemp("shared-server")
    server = Server(sqlite_url(workdir / "boardwright.db"), workdir=workdir,
                    args=("--rate-limit", "0", "--max-tables-per-address", "0", "--workers", "1")).start()
    try:
        yield server
    finally:
        server.stop()
        print(f"--- log of the shared {server!r} ---\n{server.log()}")


# -- PostgreSQL --------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A URL (user postgres, or whoever BOARDWRIGHT_TEST_POSTGRES names) of a running PostgreSQL where
    databases may be created: BOARDWRIGHT_TEST_POSTGRES if set, else a private cluster started for this
    test process (each xdist worker its own) and removed at the end. Skips, or fails under CI, when
    neither is possible."""
    given = os.environ.get("BOARDWRIGHT_TEST_POSTGRES")
    if given:
        yield given
        return
    reason = pgcluster.unavailable_reason()
    if reason:
        missing(f"no PostgreSQL: BOARDWRIGHT_TEST_POSTGRES is not set and {reason}")
    directory = tempfile.mkdtemp(prefix="bw-pg-")
    url = pgcluster.start(directory)
    try:
        yield url
    finally:
        pgcluster.stop(directory)


def _psycopg() -> Any:
    try:
        import psycopg  # an optional extra, needed only here
    except ImportError:
        missing("psycopg is not installed (pip install -e '.[test]')")
    return psycopg


def with_database(url: str, name: str) -> str:
    """The same server URL with another database name."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture
def postgres_db(postgres_url: str) -> Iterator[str]:
    """The URL of a new, empty database (`t_<random>`) for this test alone, dropped afterwards (with
    FORCE, so connections a test left open do not stop it). A plain postgresql:// URL: SQLAlchemy needs
    the driver named (postgresql+psycopg://) or it looks for psycopg2."""
    psycopg = _psycopg()
    name = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield with_database(postgres_url, name)
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# -- Chromium ----------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium (/usr/bin/chromium) driven by Playwright; one per test process.
    Playwright never downloads a browser here."""
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    if not os.access(CHROMIUM, os.X_OK):
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright  # an optional extra
    except ImportError:
        missing("Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh context and page. Script errors (uncaught exceptions and console.error calls) are
    collected in `page.errors`, a list of strings; the test fails at teardown if any are left there. A
    test that provokes errors on purpose reads them and then calls `page.errors.clear()`.

    Responses with an error status are not script errors (Chromium reports each one in the console as
    "Failed to load resource", the favicon's 404 included, and an app's fetch may get a 409 on purpose):
    they go to `page.resource_errors` instead, for tests that want to look. So does Chromium's report of
    a WebSocket that could not connect (a server restarting under the page): a network error, which the
    page's own code handles by trying again."""
    context = browser.new_context()
    context.set_default_timeout(10_000)
    new_page = context.new_page()
    errors: list[str] = []
    resource_errors: list[str] = []
    new_page.errors = errors
    new_page.resource_errors = resource_errors

    def on_console(message: Any) -> None:
        if message.type != "error":
            return
        if message.text.startswith(("Failed to load resource", "WebSocket connection to")):
            resource_errors.append(f"{message.location.get('url', '?')}: {message.text}")
        else:
            errors.append(f"console.error: {message.text}")

    new_page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    new_page.on("console", on_console)
    try:
        yield new_page
    finally:
        context.close()
    if errors:
        pytest.fail("script errors in the page:\n" + "\n".join(errors), pytrace=False)


def run_apart(main: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """``asyncio.run(main())`` in a thread of its own, its answer or its exception: a browser test
    on the same worker may hold a running event loop in this one (Playwright's sync API)."""
    answer: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            answer.append(asyncio.run(main()))
        except BaseException as error:
            failure.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failure:
        raise failure[0]
    return answer[0]
