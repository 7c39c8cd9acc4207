"""The connection layer under the app: how many connections the server holds open, in all and
per client address (:mod:`.addresses` says what one client is), how long a client may take to
send a request, and how large a request's head may be.

uvicorn builds one protocol object per accepted socket; :func:`protocols` gives it ours:

- a connection over :class:`Connections`' caps (in all, and per client address) is answered 503
  at once and closed, before a byte of it is read;
- a request must arrive whole (its line, headers and body) within the request timeout, counted
  from the connection's opening or from the request's first byte; the wait between requests on a
  kept-alive connection is uvicorn's keep-alive timeout;
- a request line and headers longer than the cap are answered 431 and the connection closed, as
  soon as that many bytes have come (an unfinished 20 MB header line is cut off after the cap);
- a connection is counted from its opening until its socket closes, through a WebSocket upgrade
  (uvicorn then hands the socket to another protocol object, which releases it).

Refusals and timeouts are logged once per client address and rule per minute, with a count of
the rest (:class:`Notices`), so a flood writes a few lines, not one per socket.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from .addresses import Network, address_key, is_within

log = logging.getLogger("boardwright.web")

#: open files the server keeps for itself beyond its clients' connections: database connections,
#: bot workers' pipes, the log, files being sent
RESERVED_FILES = 256
#: seconds a client is told to wait after a refusal for want of room
RETRY_AFTER = 5


# -- notices -----------------------------------------------------------------------------------------

@dataclass
class _Pending:
    text: str
    count: int = 0


class Notices:
    """Log lines about what the server refused a client address: the first of a kind at once,
    the rest of that kind from that address counted and summed up in one line at the end of the
    period. At most ``most`` addresses are tracked at once; past that, the rest share one entry."""

    def __init__(self, period: float = 60.0, most: int = 1000) -> None:
        self.period = period
        self.most = most
        self.pending: dict[tuple[str, str], _Pending] = {}

    def note(self, kind: str, address: str, text: str) -> None:
        """A refusal of ``kind`` (a flag's name, say) for ``address``; ``text`` says what happened."""
        if len(self.pending) >= self.most and (kind, address) not in self.pending:
            address = "other addresses"
        key = (kind, address)
        pending = self.pending.get(key)
        if pending is not None:
            pending.count += 1
            return
        log.warning("%s: %s (more of this from that address are counted for %g s)", address, text, self.period)
        self.pending[key] = _Pending(text)
        asyncio.get_running_loop().call_later(self.period, self._sum_up, key)

    def _sum_up(self, key: tuple[str, str]) -> None:
        pending = self.pending.pop(key, None)
        if pending is not None and pending.count:
            log.warning("%s: %d more times in the last %g s: %s", key[1], pending.count, self.period, pending.text)


# -- counting ----------------------------------------------------------------------------------------

@dataclass
class Connections:
    """The server's open connections, each counted from its opening until its socket closes,
    in all and per client address (:func:`address_key`). The addresses of trusted proxies are not
    capped per address: every client of a proxy comes from it (the cap in all still holds)."""

    most: int = 0
    most_per_address: int = 0
    proxies: tuple[Network, ...] = ()
    notices: Notices = field(default_factory=Notices)
    open: dict[object, str] = field(default_factory=dict)
    per_address: dict[str, int] = field(default_factory=dict)

    def admit(self, transport: object, host: str | None) -> str | None:
        """Count ``transport``'s connection from ``host`` and return None, or return why it is
        refused (then it is not counted)."""
        key = address_key(host) if host else "?"
        if self.most and len(self.open) >= self.most:
            self.notices.note("max-connections", key, f"connections refused: the server holds {self.most}, "
                                                      "the most --max-connections allows")
            return "the server is full; try again in a few seconds"
        held = self.per_address.get(key, 0)
        if self.most_per_address and held >= self.most_per_address and not is_within(host, self.proxies):
            self.notices.note("max-connections-per-address", key,
                              f"connections refused: that address holds {held}, the most "
                              "--max-connections-per-address allows")
            return "too many connections from this address"
        self.open[transport] = key
        self.per_address[key] = held + 1
        return None

    def release(self, transport: object) -> None:
        """Stop counting ``transport`` (its socket closed); nothing if it was not counted."""
        key = self.open.pop(transport, None)
        if key is not None:
            left = self.per_address[key] - 1
            if left:
                self.per_address[key] = left
            else:
                del self.per_address[key]


# -- the protocols -----------------------------------------------------------------------------------

class HeadTooLarge(Exception):
    """A request's line and headers went past the cap (raised inside the parser's callbacks)."""


def answer(status: int, message: str, *extra: tuple[str, str]) -> bytes:
    """A whole HTTP response that closes the connection: ``{"error": message}`` with ``status``."""
    body = json.dumps({"error": message}).encode()
    head = [STATUS_LINE[status], b"content-type: application/json\r\n",
            b"content-length: %d\r\n" % len(body), b"connection: close\r\n"]
    head += [f"{name}: {value}\r\n".encode() for name, value in extra]
    return b"".join([*head, b"\r\n", body])


#: seconds a connection refused as it opens waits for its request (answered 503 when it comes) before
#: it closes, and the bytes it reads and drops meanwhile
LINGER = 0.5
LINGER_BYTES = 64 * 1024


class BoundedHttp(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools) within the caps and the request timeout of the
    class attributes :func:`protocols` sets."""

    caps: Connections
    request_timeout: float = 0.0
    max_head: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_clock: asyncio.TimerHandle | None = None
        self.head_bytes = 0  # bytes read since the last request ended (or the opening); -1 in a body
        self.head_size = 0  # the line and headers of the request being read, parsed so far
        self.head_too_large = False
        self.requesting = False  # between a request's first byte and its end
        self.closing = False  # refused and answered: closing once the client has had the answer
        self.refusal: bytes | None = None  # the answer to a connection refused as it opened

    # -- the connection
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        refusal = self.caps.admit(transport, self.client[0] if self.client else None)
        if refusal is not None:  # answered when the request comes (a client may not read an answer
            # sent before it has written its request), or closed unanswered if it does not come soon
            self.refusal = answer(503, refusal, ("retry-after", str(RETRY_AFTER)))
            self.loop.call_later(LINGER, self.transport.close)
            return
        self.start_clock()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_clock()
        self.caps.release(self.transport)
        super().connection_lost(exc)

    def close_with(self, response: bytes | None, linger: bool = False) -> None:
        """Close the connection, first answering ``response`` when there is one. With ``linger``
        (a connection refused as it opened, whose client is sending its request), the answer is
        followed by the end of what the server sends, and what the client still sends is read and
        dropped until the socket closes (:data:`LINGER` after it opened, at most
        :data:`LINGER_BYTES`): a socket closed with unread data resets the connection, and the
        client would lose the answer with it."""
        if self.transport.is_closing() or self.closing:
            return
        if response is None or not linger or not self.transport.can_write_eof():
            if response is not None:
                self.transport.write(response)
            self.transport.close()
            return
        self.closing = True
        self.stop_clock()
        self.transport.write(response)
        self.transport.write_eof()

    # -- the request clock
    def start_clock(self) -> None:
        if self.request_timeout and self.request_clock is None:
            self.request_clock = self.loop.call_later(self.request_timeout, self.out_of_time)

    def stop_clock(self) -> None:
        if self.request_clock is not None:
            self.request_clock.cancel()
            self.request_clock = None

    def out_of_time(self) -> None:
        self.request_clock = None
        if self.transport.is_closing():
            return
        if self.flow.read_paused:  # the server is not reading it yet (it is answering its last request)
            self.start_clock()
            return
        host = self.client[0] if self.client else "?"
        self.caps.notices.note("request-timeout", address_key(host),
                               f"connections closed: no whole request within {self.request_timeout:g} s "
                               "(--request-timeout)")
        answering = self.cycle is not None and not self.cycle.response_complete
        started = self.requesting or self.head_bytes > 0  # a connection that said nothing is just closed
        self.close_with(answer(408, f"a request must arrive within {self.request_timeout:g} s")
                        if started and not answering else None)

    # -- reading
    def data_received(self, data: bytes) -> None:
        if self.refusal is not None:  # refused as it opened: the answer, once, then what comes is dropped
            self.close_with(self.refusal, linger=True)
            self.refusal = b""
        if self.closing:  # answered and closing: what comes is dropped, up to a point
            self.head_bytes += len(data)
            if self.head_bytes > LINGER_BYTES:
                self.transport.close()
            return
        self._unset_keepalive_if_required()
        if self.head_bytes >= 0:
            self.head_bytes += len(data)
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        except httptools.HttpParserError:
            if self.head_too_large:
                self.refuse_head()
            else:
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Invalid HTTP request received.")
            return
        if self.max_head and self.head_bytes > self.max_head:
            self.refuse_head()

    def refuse_head(self) -> None:
        host = self.client[0] if self.client else "?"
        self.caps.notices.note("max-header-size", address_key(host),
                               f"requests refused: line and headers over {self.max_head} bytes (--max-header-size)")
        self.close_with(answer(431, f"a request's line and headers are at most {self.max_head} bytes"))

    def grow_head(self, size: int) -> None:
        self.head_size += size
        if self.max_head and self.head_size > self.max_head:
            self.head_too_large = True
            raise HeadTooLarge

    def on_message_begin(self) -> None:
        self.requesting = True
        self.head_size = 0
        self.start_clock()
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self.grow_head(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.grow_head(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.head_bytes = -1
        if self.parser.should_upgrade() and self._should_upgrade():
            self.stop_clock()  # a WebSocket has no body; its own protocol takes over
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.requesting = False
        self.head_bytes = 0
        self.stop_clock()
        super().on_message_complete()


def protocols(connections: Connections, request_timeout: float, max_head: int) -> tuple[type, type | None]:
    """The HTTP and WebSocket protocol classes for uvicorn (``http=``, ``ws=``) that keep
    ``connections`` and time and size requests: ``request_timeout`` seconds (0: none) and
    ``max_head`` bytes of line and headers (0: no cap)."""
    http = type("HttpProtocol", (BoundedHttp,), {"caps": connections, "request_timeout": request_timeout,
                                                 "max_head": max_head})
    if AutoWebSocketsProtocol is None:  # no WebSocket library: uvicorn refuses upgrades
        return http, None
    base: type = AutoWebSocketsProtocol  # type: ignore[assignment]

    def connection_lost(self: Any, exc: Exception | None) -> None:
        try:
            base.connection_lost(self, exc)  # type: ignore[attr-defined]
        finally:
            connections.release(self.transport)

    return http, type("WebSocketProtocol", (base,), {"connection_lost": connection_lost})


# -- open files --------------------------------------------------------------------------------------

def raise_open_file_limit() -> int | None:
    """Raise this process's soft limit on open files as far as its hard limit lets; the soft limit
    then (None where the platform has none). Each connection is an open file: past the limit the
    server can accept nobody, so the connection caps must decide first."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return None
    unlimited = hard == resource.RLIM_INFINITY
    for wanted in (hard, 1 << 20, 65536, 10240):  # macOS refuses more than its per-process maximum
        if wanted == resource.RLIM_INFINITY or wanted <= soft or (not unlimited and wanted > hard):
            continue
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            continue
        return wanted
    return soft


def connection_room(most: int, open_files: int | None) -> int:
    """The cap on connections in all that the open-file limit leaves room for: ``most`` (0: no
    cap) or less."""
    if open_files is None:
        return most
    room = max(16, open_files - RESERVED_FILES)
    return room if most == 0 or most > room else most

