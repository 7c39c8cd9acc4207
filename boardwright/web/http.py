"""The request layer every route shares: refusals as one JSON line, request bodies read within
their bound, and the outer guard of the app (the per-address request limit, what every answer
tells the browser, the refusal of bodies that are not JSON and of other sites' pages, and the
access log).

A route is a coroutine ``view(request) -> Response`` wrapped by :func:`handle`, which turns a
:class:`~.protocol.BadRequest` into its status and one line, and any other failure into a 500
whose details go to the log only.
"""

from __future__ import annotations

import logging
import math
import time
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from .buckets import Buckets
from .protocol import MAX_BODY, BadRequest, parse_json

log = logging.getLogger("boardwright.web")

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]
View = Callable[[Request], Awaitable[Response]]
#: an origin as compared: scheme, host (lower case), port (the scheme's default when not written)
Origin = tuple[str, str, int]

#: what the pages may load and run: scripts, styles, images and connections (fetch and WebSockets)
#: from this server only, no inline script or style attribute, never shown in a frame
CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                           "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: the headers every answer carries
BROWSER_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
#: and every answer but the static files (those of the API depend on a token): kept by no cache
PRIVATE_HEADERS = (*BROWSER_HEADERS, (b"cache-control", b"no-store"))
#: the names of the headers the guard sets
TOLD = frozenset(name for name, _ in PRIVATE_HEADERS)
#: the paths whose answers are the same for everyone and may be cached
PUBLIC_PATHS = ("/static/", "/favicon.ico")
#: the methods that never change anything (the others carry a JSON body and an origin check)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
DEFAULT_PORTS = {"http": 80, "https": 443}


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    """A refusal: ``{"error": message}`` with ``status``."""
    # a refusal may quote what the client sent, which can hold text UTF-8 cannot carry (a lone surrogate)
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": message, **extra}, status_code=status)


def refusal(refused: BadRequest) -> JSONResponse:
    """The answer to a refused request: its status and one line, and when to try again."""
    if refused.retry_after is None:
        return error(refused.status, str(refused))
    response = error(refused.status, str(refused), retry_after=refused.retry_after)
    response.headers["Retry-After"] = str(refused.retry_after)
    return response


def close_reason(text: str) -> str:
    """``text`` cut to what a WebSocket close frame carries (123 bytes of UTF-8)."""
    return text.encode()[:123].decode(errors="ignore")


def address_of(connection: HTTPConnection) -> str:
    """The client's address (a request's or a WebSocket's), as the limits and quotas count it: the
    forwarded client's behind a proxy that ``--forwarded-allow`` names."""
    return connection.client.host if connection.client else ""


def digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0-9 (``str.isdigit`` also takes
    "²" and other digits ``int`` refuses)."""
    return text.isascii() and text.isdigit()


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object body, read no further than :data:`~.protocol.MAX_BODY` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not digits(declared) or int(declared) > MAX_BODY):
        raise BadRequest(413, f"a request body is at most {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BadRequest(413, f"a request body is at most {MAX_BODY} bytes")
    return parse_json(bytes(data))


def origin_of(text: str) -> Origin | None:
    """The origin ``scheme://host[:port]`` as compared (see :data:`Origin`), or None when ``text``
    is not one (``null``, a path, credentials, an unknown scheme)."""
    try:
        parts = urllib.parse.urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if (parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/") or parts.query
            or parts.fragment or parts.username is not None or parts.password is not None):
        return None
    return parts.scheme, parts.hostname, port if port is not None else DEFAULT_PORTS[parts.scheme]


def parse_origins(text: str) -> frozenset[Origin]:
    """The origins of ``--allow-origins`` (comma-separated, such as ``https://games.example.org``);
    a ``ValueError`` naming the flag and the first one that is not an origin."""
    found = set()
    for item in filter(None, (piece.strip() for piece in text.split(","))):
        origin = origin_of(item)
        if origin is None:
            raise ValueError(f"--allow-origins: {item[:80]!r} is not an origin such as https://games.example.org")
        found.add(origin)
    return frozenset(found)


def handle(view: View) -> View:
    """``view`` with its refusals answered as one line and its failures logged."""
    async def guarded(request: Request) -> Response:
        try:
            return await view(request)
        except BadRequest as refused:
            return refusal(refused)
        except ClientDisconnect:  # nobody is left to answer; the access log has the request
            log.info("%s %s: the client went away before its request was read", request.method,
                     request.url.path)
            return Response(status_code=499)
        except Exception:
            log.exception("%s %s failed", request.method, request.url.path)
            return error(500, "the server failed on this request (the error is in its log)")
    return guarded


class Guard:
    """The outer layer: a per-client request limit (a token bucket per address), the browser's
    headers on every answer (:meth:`told`), the refusal of a body that is not JSON and of another
    site's page (:meth:`refusal`), and an access log that writes the path without its query
    (tokens travel in queries and are never logged).

    ``origins`` are the other sites whose pages may post and connect here (``--allow-origins``).
    ``forwarded`` says that a proxy the operator trusts stands in front (``--forwarded-allow``): its
    ``X-Forwarded-Host`` then names this server too. A page of another site cannot send that header
    (it is not one a browser lets a cross-site request carry without a preflight this server never
    grants), so the check holds either way; without a trusted proxy the header is not read.
    """

    def __init__(self, app: Any, rate: float, burst: int, origins: Iterable[Origin] = (),
                 forwarded: bool = False) -> None:
        self.app = app
        self.requests = Buckets(rate, burst)
        self.origins = frozenset(origins)
        self.forwarded = forwarded

    def wait(self, client: str) -> float:
        """0 when ``client`` may make a request now (and it is counted), else how many seconds
        until it may."""
        wait = self.requests.wait(client, 1.0)
        if not wait:
            self.requests.take(client, 1.0)
        return wait

    @staticmethod
    def told(message: dict[str, Any], path: str) -> dict[str, Any]:
        """The start of an answer (``http.response.start`` or ``websocket.accept``) with the headers
        the browser is told: :data:`BROWSER_HEADERS` everywhere, and no-store but on the static files
        (:data:`PUBLIC_PATHS`). They replace any of the same name the app set."""
        added = BROWSER_HEADERS if path.startswith(PUBLIC_PATHS) else PRIVATE_HEADERS
        kept = [(name, value) for name, value in message.get("headers") or () if name.lower() not in TOLD]
        return {**message, "headers": [*kept, *added]}

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """Why a request is refused before the app sees it, as (status, one line), or None: a body
        that is not JSON (415; a form or ``text/plain`` post from another site needs no preflight),
        and a page of another site posting or opening a WebSocket (403)."""
        http = scope["type"] == "http"
        if http and scope["method"] in SAFE_METHODS:
            return None
        kind = origin = None
        hosts = []  # the names this server goes by in the request
        for name, value in scope["headers"]:
            if name == b"content-type":
                kind = value
            elif name == b"origin":
                origin = value
            elif name == b"host" or (name == b"x-forwarded-host" and self.forwarded):
                hosts.append(value.split(b",", 1)[0].strip().lower())
        if http and (kind is None or kind.split(b";", 1)[0].strip().lower() != b"application/json"):
            return 415, "a request body is JSON: send it with Content-Type: application/json"
        if origin is not None and not self.is_own(origin.lower(), hosts):
            return 403, "a page of another site may not use this server (its Origin is not this server's)"
        return None

    def is_own(self, origin: bytes, hosts: list[bytes]) -> bool:
        """Whether ``origin`` is this server's: one of the ``hosts`` the request names (``Host``, and a
        trusted proxy's ``X-Forwarded-Host``) on its own port, or one of ``--allow-origins``. The
        scheme is not compared with the host: a proxy that ends TLS hands https pages' requests on as
        http."""
        for host in hosts:  # the usual case: this server's page, named alike in both headers
            if origin in (b"http://" + host, b"https://" + host):
                return True
        found = origin_of(origin.decode("latin-1"))
        if found is None:
            return False
        if found in self.origins:
            return True
        scheme, hostname, port = found
        for host in hosts:
            try:
                parts = urllib.parse.urlsplit("//" + host.decode("latin-1"))
                if parts.hostname == hostname and (parts.port or DEFAULT_PORTS[scheme]) == port:
                    return True
            except ValueError:
                continue
        return False

    @staticmethod
    async def refuse(scope: Scope, receive: Any, send: Any, status: int, message: str) -> None:
        """Answer a refused request: ``status`` and one line, or on a WebSocket the close code
        4000 + ``status`` with the line as its reason."""
        if scope["type"] == "http":
            await error(status, message)(scope, receive, send)
        elif (await receive())["type"] == "websocket.connect":  # a close code needs an accepted socket
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 4000 + status, "reason": close_reason(message)})

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        status = [0]

        async def sending(message: Any) -> None:
            kind = message["type"]
            if kind == "http.response.start":
                status[0] = message["status"]
                message = self.told(message, path)
            elif kind == "websocket.accept":
                message = self.told(message, path)
            await send(message)

        client = (scope.get("client") or ("?", 0))[0]
        wait = self.wait(client)
        if wait:
            if scope["type"] == "http":
                seconds = max(1, math.ceil(wait))  # when the next request will be let through
                response = error(429, "too many requests from this address; slow down", retry_after=seconds)
                response.headers["Retry-After"] = str(seconds)
                await response(scope, receive, sending)
            else:
                await self.refuse(scope, receive, sending, 429, "too many requests")
            log.info("%s %s 429", scope.get("method", "WS"), scope["path"])
            return
        started = time.monotonic()
        try:
            refused = self.refusal(scope)
            if refused is not None:
                await self.refuse(scope, receive, sending, *refused)
            else:
                await self.app(scope, receive, sending)
        finally:
            log.info("%s %s %s %.1f ms", scope.get("method", "WS"), scope["path"], status[0] or "-",
                     (time.monotonic() - started) * 1000)
