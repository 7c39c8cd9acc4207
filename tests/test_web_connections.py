"""Connections to a real server, as a hostile client makes them: sockets that never finish their
request, endless header lines, more connections than one address or the server should hold,
WebSockets that say nothing, and X-Forwarded-For from clients that are not a proxy.

Linux routes all of 127/8 to loopback: a client bound to 127.0.0.2 is another address than the
attacker on 127.0.0.1, so the per-address caps tell them apart.
"""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from services import ROOT, Server, missing
from webplay import client, create, tokens, wait_until
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

ATTACKER, OTHER, THIRD, FOURTH = "127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4"
#: the first bytes of a request whose headers never end
UNFINISHED = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Still-Typing: "


def dial(server: Server, source: str = ATTACKER, timeout: float = 10.0) -> socket.socket:
    """A TCP connection to ``server`` from the loopback address ``source``."""
    return socket.create_connection(("127.0.0.1", server.port), timeout=timeout, source_address=(source, 0))


def http_from(server: Server, source: str, timeout: float = 10.0) -> httpx.Client:
    """An HTTP client of ``server`` whose connections come from ``source``."""
    return httpx.Client(base_url=server.url, trust_env=False, timeout=timeout,
                        transport=httpx.HTTPTransport(local_address=source))


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (whatever it answered first), without waiting."""
    sock.setblocking(False)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


def answer_of(sock: socket.socket, timeout: float = 10.0) -> bytes:
    """Everything the server sends on ``sock`` until it closes it."""
    sock.settimeout(timeout)
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def resident_bytes(pid: int) -> int:
    """The resident memory of process ``pid``, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for process {pid}")


def open_file_limit(pid: int) -> int:
    """The soft limit on open files of process ``pid``, from /proc."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError(f"no open-file limit for process {pid}")


def python_with_open_files(tmp_path: Path, soft: int, hard: int | None = None) -> str:
    """A stand-in for this Python that starts it with these limits on open files (the server
    started with it inherits them)."""
    script = tmp_path / f"python-nofile-{soft}-{hard}"
    lower_hard = f"ulimit -H -n {hard} && " if hard is not None else ""
    script.write_text(f'#!/bin/sh\nulimit -S -n {soft} && {lower_hard}exec "{sys.executable}" "$@"\n')
    script.chmod(0o755)
    return str(script)


@pytest.fixture
def many_files() -> None:
    """This test process may open a few thousand sockets (its soft limit raised if need be)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4000:
        if hard != resource.RLIM_INFINITY and hard < 1500:
            missing(f"the hard limit on open files is {hard}: this test opens 1,100 sockets")
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4000, hard) if hard != resource.RLIM_INFINITY else 4000,
                                                    hard))


@contextlib.contextmanager
def sockets() -> Iterator[list[socket.socket]]:
    """A list of sockets closed at the end."""
    opened: list[socket.socket] = []
    try:
        yield opened
    finally:
        for sock in opened:
            sock.close()


def refusal_lines(log: str, address: str, rule: str) -> list[str]:
    return [line for line in log.splitlines() if f"{address}: connections refused" in line and rule in line]


# ----------------------------------------------------------------------------------- half-open sockets
def test_a_fresh_client_is_served_while_1100_sockets_hang_mid_header(start_server, tmp_path, many_files):
    # the server starts as a login shell starts it: at most 1,024 open files unless it raises that
    server = start_server(python=python_with_open_files(tmp_path, 1024))
    assert open_file_limit(server.process.pid) > 1100, "the server did not raise its soft limit on open files"
    with sockets() as hanging:
        for _ in range(1100):
            sock = dial(server, ATTACKER)
            sock.sendall(UNFINISHED)
            hanging.append(sock)
        started = time.monotonic()
        with http_from(server, OTHER, timeout=5) as other:
            answer = other.get("/api/games")
        took = time.monotonic() - started
        assert answer.status_code == 200 and took < 2.0, (answer.status_code, f"{took:.2f} s")
        # the attacker's sockets still hang (the request timeout has not freed them): its cap did
        still_open = sum(not closed_by_server(sock) for sock in hanging)
        assert 200 <= still_open <= 256, still_open
        with http_from(server, ATTACKER) as attacker:
            refused = attacker.get("/api/games")
        assert refused.status_code == 503 and refused.headers["Retry-After"] == "5", refused.text
        assert "too many connections" in refused.json()["error"]
    log = wait_until(lambda: refusal_lines(server.log(), ATTACKER, "--max-connections-per-address"), 5,
                   "the refusals logged")
    assert len(log) == 1, log  # 845 refusals, one line


def test_sockets_that_never_finish_a_request_are_closed_after_the_request_timeout(start_server):
    server = start_server(args=("--request-timeout", "2"))
    with sockets() as typing, sockets() as silent, sockets() as slow:
        for _ in range(10):
            sock = dial(server)
            sock.sendall(UNFINISHED)
            typing.append(sock)
        silent.extend(dial(server) for _ in range(5))
        slow.append(dial(server))
        slow[0].sendall(UNFINISHED)
        kept = dial(server)  # a kept-alive connection between two requests is not cut
        kept.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        started = time.monotonic()
        time.sleep(1.0)
        assert not any(closed_by_server(sock) for sock in typing + silent + slow), "closed before its time"

        def all_closed() -> bool:
            with contextlib.suppress(OSError):
                slow[0].send(b"x")  # a byte now and then does not keep a half-sent request alive
            return all(closed_by_server(sock) for sock in typing + silent + slow)

        wait_until(all_closed, 12, "the half-sent requests closed", pause=0.25)
        took = time.monotonic() - started
        assert 1.5 < took < 12, took
        kept.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert answer_of(kept).count(b"HTTP/1.1 200 OK") == 2
        kept.close()
    with dial(server) as late:  # a request started but not finished is told why it was closed
        late.sendall(UNFINISHED)
        told = answer_of(late)
    assert told.startswith(b"HTTP/1.1 408 ") and b"within 2 s" in told, told
    lines = [line for line in server.log().splitlines() if "WARNING" in line and "--request-timeout" in line]
    assert len(lines) == 1, lines  # 17 connections closed, one line


def test_an_endless_header_line_is_cut_off_and_costs_no_memory(start_server):
    server = start_server()
    before = resident_bytes(server.process.pid)
    piece, line = b"a" * 65536, 20 * 1024 * 1024
    sent = [0] * 8
    cut = [False] * 8
    with sockets() as lines:
        for _ in range(8):
            sock = dial(server)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)  # what is sent is what was read
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Endless: ")
            lines.append(sock)
        while not all(cut) and min(sent) < line:  # a piece to each in turn, as a slow client would
            for number, sock in enumerate(lines):
                if cut[number] or sent[number] >= line:
                    continue
                try:
                    sock.sendall(piece)
                    sent[number] += len(piece)
                except OSError:  # reset: the server closed it
                    cut[number] = True
            time.sleep(0.001)
        grown = resident_bytes(server.process.pid) - before
        assert all(cut), f"sent {[f'{count / 2**20:.1f} MB' for count in sent]}, not cut off"
        assert max(sent) < 8 * 2**20, sent  # the server's receive buffer holds some
        assert grown < 40 * 2**20, f"the server grew by {grown / 2**20:.0f} MB"
    with dial(server) as sock:  # what a client that waits for the answer is told
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Endless: " + b"a" * 20000)
        told = answer_of(sock)
    assert told.startswith(b"HTTP/1.1 431 ") and b"at most 16384 bytes" in told, told


# ----------------------------------------------------------------------------------- the caps
def test_the_connection_caps_answer_503_and_log_one_line_per_address(start_server):
    server = start_server(args=("--max-connections-per-address", "5", "--max-connections", "12"))
    with client(server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
    url = f"{server.ws_url}/ws/tables/{created['table']}?token={tokens(created)[0]}"
    with contextlib.ExitStack() as stack:
        # five WebSockets from the attacker: counted until their sockets close
        watchers = [stack.enter_context(connect(url, open_timeout=10, proxy=None)) for _ in range(5)]
        for watcher in watchers:
            watcher.recv(timeout=10)
        for _ in range(20):
            with http_from(server, ATTACKER) as attacker:
                refused = attacker.get("/api/games")
            assert refused.status_code == 503, refused.text[:200]
            assert refused.json() == {"error": "too many connections from this address"}
        with pytest.raises(InvalidStatus) as refused_socket:
            connect(url, open_timeout=10, proxy=None)
        assert refused_socket.value.response.status_code == 503
        with http_from(server, OTHER) as other:
            assert other.get("/api/games").status_code == 200
        watchers.pop().close()

        def attacker_served() -> bool:
            with http_from(server, ATTACKER) as attacker:
                return attacker.get("/api/games").status_code == 200

        wait_until(attacker_served, 5, "a closed WebSocket's place freed")
        # the cap in all: 12 connections held by three addresses, a fourth is refused
        stack.enter_context(connect(url, open_timeout=10, proxy=None)).recv(timeout=10)
        held = stack.enter_context(sockets())
        for source in (OTHER, OTHER, OTHER, OTHER, OTHER, THIRD, THIRD):
            held.append(dial(server, source))
        for _ in range(3):
            with http_from(server, FOURTH) as fourth:
                full = fourth.get("/api/games")
            assert full.status_code == 503 and "the server is full" in full.json()["error"], full.text
    log = server.log()
    assert len(refusal_lines(log, ATTACKER, "--max-connections-per-address")) == 1, log
    assert len(refusal_lines(log, FOURTH, "--max-connections allows")) == 1, log


def test_a_low_hard_limit_on_open_files_lowers_the_cap_instead_of_failing_accept(start_server, tmp_path):
    server = start_server(python=python_with_open_files(tmp_path, 400, 400),
                          args=("--max-connections-per-address", "0"))
    assert "--max-connections 4096 is lowered to 144" in server.log()
    with sockets() as held:
        for _ in range(144):
            sock = dial(server)
            sock.sendall(UNFINISHED)
            held.append(sock)
        with http_from(server, OTHER, timeout=5) as other:
            full = other.get("/api/games")  # refused at once, not left waiting for a free file
        assert full.status_code == 503, full.text
    with http_from(server, OTHER, timeout=5) as other:
        assert wait_until(lambda: other.get("/api/games").status_code == 200, 5, "served again")


# ----------------------------------------------------------------------------------- WebSockets
def test_a_silent_websocket_is_closed_with_4408_and_one_that_pings_is_kept(start_server):
    server = start_server(args=("--websocket-idle-timeout", "2"))
    with client(server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
    url = f"{server.ws_url}/ws/tables/{created['table']}?token={tokens(created)[0]}"
    with connect(url, open_timeout=10, proxy=None) as pinging, connect(url, open_timeout=10, proxy=None) as silent:
        pinging.recv(timeout=10)
        silent.recv(timeout=10)
        started = time.monotonic()
        for _ in range(10):  # 4 s: twice the idle timeout
            pinging.send(json.dumps({"type": "ping"}))
            time.sleep(0.4)
        with pytest.raises(ConnectionClosed) as closed:
            silent.recv(timeout=10)
        took = time.monotonic() - started
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408, closed.value
        assert "silent for 2 s" in closed.value.rcvd.reason
        assert 1.5 < took < 12, took
        with pytest.raises(TimeoutError):  # still open: it reads what is pushed (the other left), no close
            while True:
                pinging.recv(timeout=0.5)


#: a script the page runs first: it notes the close code of every WebSocket the page opens
NOTE_CLOSE_CODES = """
window.closeCodes = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("close", (event) => window.closeCodes.push(event.code));
  }
};
"""


def test_the_page_pings_and_reconnects_after_a_close_for_silence(start_server, page):
    server = start_server(args=("--websocket-idle-timeout", "3", "--workers", "1"))
    with client(server) as http:
        created = create(http, "gadgeteers", ["human", "heuristic"])
    opened: list[Any] = []
    sent: list[Any] = []

    def opening(socket: Any) -> None:
        opened.append(socket)
        socket.on("framesent", lambda payload: sent.append(payload))

    page.on("websocket", opening)
    page.add_init_script(NOTE_CLOSE_CODES)
    page.clock.install()  # the page's timers run by the wall clock, and jump when the test says
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("body[data-connection='connected']", state="attached")
    for _ in range(6):  # 4.8 s of the wall clock, 30 s of the page's clock every 0.8 s
        page.clock.fast_forward(30_000)
        page.wait_for_timeout(800)  # (Playwright reports events while it is called)
    assert len(opened) == 1 and not opened[0].is_closed(), "the page was closed though it pinged"
    pings = [payload for payload in sent if json.loads(payload) == {"type": "ping"}]
    assert len(pings) >= 5 and len(pings) == len(sent), sent
    # now the page is silent (its clock runs at the wall clock's pace): closed after 3 s, it reconnects
    wait_until(lambda: page.wait_for_timeout(50) or len(opened) == 2, 15, "the page reconnected")
    page.wait_for_selector("body[data-connection='connected']", state="attached")
    assert page.evaluate("window.closeCodes") == [4408]


# ----------------------------------------------------------------------------------- X-Forwarded-For
def first_429(server: Server, forwarded: Callable[[int], str], count: int = 260) -> int | None:
    """The number of the first request answered 429, each sent with ``X-Forwarded-For:
    forwarded(number)``, or None."""
    with client(server) as http:
        for number in range(count):
            answer = http.get("/api/tables/no-such-table", headers={"X-Forwarded-For": forwarded(number)})
            if answer.status_code == 429:
                return number
            assert answer.status_code == 404, answer.text
    return None


def test_x_forwarded_for_is_believed_only_from_the_proxies_named(start_server):
    direct = start_server(args=("--rate-limit", "1"))
    assert first_429(direct, lambda number: f"10.0.{number // 250}.{number % 250}") is not None, \
        "a client on loopback chose its own rate-limit bucket with X-Forwarded-For"
    behind = start_server(args=("--rate-limit", "1", "--forwarded-allow", "127.0.0.1, 10.9.0.0/16",
                                "--max-connections-per-address", "3"))
    assert first_429(behind, lambda number: f"10.0.{number // 250}.{number % 250}") is None
    assert first_429(behind, lambda number: "203.0.113.7") is not None  # one client behind the proxy
    # the proxy's own connections are not capped per address: it carries every client
    with sockets() as held:
        for number in range(6):
            sock = dial(behind)
            sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.1.0.{number}\r\n\r\n".encode())
            held.append(sock)
        for sock in held:
            sock.settimeout(10)
            assert sock.recv(12) == b"HTTP/1.1 200"


@pytest.mark.parametrize(("flag", "value", "words"), [
    ("--forwarded-allow", "127.0.0.1,proxy.lan", "takes addresses or networks separated by commas (like 127.0.0.1 or "
                                                 "10.0.0.0/8), not 'proxy.lan'"),
    ("--request-timeout", "nan", "is 0 to 3600, not nan"),
])
def test_a_bad_connection_flag_stops_the_server_in_one_line(tmp_path, flag, value, words):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "boardwright", "serve", flag, value,
                           "--db", f"sqlite:///{tmp_path / 'never.db'}"], capture_output=True, text=True,
                          timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 2, done
    assert done.stderr.strip() == f"boardwright: {flag} {words}", done.stderr
    assert not (tmp_path / "never.db").exists()
