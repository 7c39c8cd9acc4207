"""The request layer every route shares: refusals as one JSON line, request bodies read within
their bound, and the outer guard of the app (the per-address request limit and the access log).

A route is a coroutine ``view(request) -> Response`` wrapped by :func:`handle`, which turns a
:class:`~.protocol.BadRequest` into its status and one line, and any other failure into a 500
whose details go to the log only.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from .protocol import MAX_BODY, BadRequest, parse_json

log = logging.getLogger("boardwright.web")

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]
View = Callable[[Request], Awaitable[Response]]


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
    """The outer layer: a per-client request limit (a token bucket per address) and an access
    log that writes the path without its query (tokens travel in queries and are never logged)."""

    def __init__(self, app: Any, rate: float, burst: int) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def wait(self, client: str) -> float:
        """0 when ``client`` may make a request now (and it is counted), else how many seconds
        until it may."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        level, then = self.buckets.get(client, (float(self.burst), now))
        level = min(float(self.burst), level + (now - then) * self.rate)
        if level < 1.0:
            self.buckets[client] = (level, now)
            return (1.0 - level) / self.rate
        self.buckets[client] = (level - 1.0, now)
        if len(self.buckets) > 100_000:  # forget the quietest clients rather than grow without end
            self.buckets.clear()
        return 0.0

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("?", 0))[0]
        wait = self.wait(client)
        if wait:
            if scope["type"] == "http":
                seconds = max(1, math.ceil(wait))  # when the next request will be let through
                response = error(429, "too many requests from this address; slow down", retry_after=seconds)
                response.headers["Retry-After"] = str(seconds)
                await response(scope, receive, send)
            elif (await receive())["type"] == "websocket.connect":  # a close code needs an accepted socket
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": 4429, "reason": "too many requests"})
            log.info("%s %s 429", scope.get("method", "WS"), scope["path"])
            return
        started = time.monotonic()
        status = [0]

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            log.info("%s %s %s %.1f ms", scope.get("method", "WS"), scope["path"], status[0] or "-",
                     (time.monotonic() - started) * 1000)
