"""The game server's ASGI app: the public protocol over HTTP and WebSockets, and the browser client.

Routes (the protocol's names are public; third-party clients use them):

- ``GET /api/games``: games, player counts, options and catalogs;
- ``POST /api/tables``: create a table; ``GET /api/tables``: the newest tables (no secrets);
- ``GET /api/tables/{table}?token=T&since=N``: what that seat may know now (no token: a spectator);
- ``POST /api/tables/{table}/actions`` ``{token, action, version}``: make a move;
- ``POST /api/tables/{table}/undo`` ``{token, version}``: take back the seat's last action;
- ``POST /api/tables/{table}/seats/{seat}`` ``{token, kind}``: the creator hands a seat to a bot or back;
- ``GET /api/tables/{table}/record``: the game record, once the game is over;
- ``GET /api/tables/{table}/replay?step=K&seat=N``: a finished game as seat N saw it after K actions;
- ``GET /ws/tables/{table}?token=T``: the same object as the GET, pushed after every change;
- ``/``, ``/t/{table}``: the lobby and the table page; ``/static/...``: their files.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .bots import Bots
from .protocol import (
    HUMAN,
    MAX_BODY,
    BadRequest,
    check_spec,
    games_list,
    parse_create,
    parse_json,
    parse_move,
)
from .storage import Storage
from .tables import Hub, Live, Subscriber, seat_for

log = logging.getLogger("boardwright.web")
STATIC = Path(__file__).parent / "static"
#: a WebSocket client may send at most this many messages (pings, say) in this many seconds
WS_MESSAGES, WS_WINDOW = 60, 10.0

Scope = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    # a refusal may quote what the client sent, which can hold text UTF-8 cannot carry (a lone surrogate)
    message = message.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"error": message, **extra}, status_code=status)


def close_reason(text: str) -> str:
    """``text`` cut to what a WebSocket close frame carries (123 bytes of UTF-8)."""
    return text.encode()[:123].decode(errors="ignore")


def _digits(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0-9 (``str.isdigit`` also takes
    "²" and other digits ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _since(value: str | None) -> int:
    if value is None:
        return 0
    if not _digits(value) or len(value) > 9:
        raise BadRequest(422, "'since' is an event number, 0 or more")
    return int(value)


def create_app(db: str, *, bot_workers: int | None = None, rate: float = 50.0, burst: int = 200,
               base_url: str = "") -> ASGIApp:
    """The server's app for the database at ``db`` (an SQLAlchemy URL)."""
    hub = Hub(Storage(db), Bots(bot_workers), base_url)
    games_json = json.dumps(games_list()).encode()

    async def body(request: Request) -> dict[str, Any]:
        declared = request.headers.get("content-length")
        if declared is not None and (not _digits(declared) or int(declared) > MAX_BODY):
            raise BadRequest(413, f"a request body is at most {MAX_BODY} bytes")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_BODY:
                raise BadRequest(413, f"a request body is at most {MAX_BODY} bytes")
        return parse_json(bytes(data))

    async def table_of(request: Request) -> Live:
        return await hub.table(request.path_params["table"])

    async def games(_: Request) -> Response:
        return Response(games_json, media_type="application/json")

    async def create(request: Request) -> Response:
        return JSONResponse(await hub.create(parse_create(await body(request))), status_code=201)

    async def recent(_: Request) -> Response:
        return JSONResponse(await anyio.to_thread.run_sync(hub.storage.recent))

    async def show(request: Request) -> Response:
        live = await table_of(request)
        seat = seat_for(live, request.query_params.get("token"))
        return JSONResponse(live.message(seat, _since(request.query_params.get("since"))))

    async def move(request: Request, kind: str) -> Response:
        data = await body(request)
        live = await table_of(request)
        token, action, version = parse_move(data, needs_action=kind == "act")
        seat = seat_for(live, token)
        assert seat is not None
        claimed = data.get("seat", seat)
        if claimed != seat:
            raise BadRequest(403, f"this token is seat {seat}'s; it cannot act for seat {claimed!r}"[:120])

        def human() -> None:
            if live.controller(seat) != HUMAN:
                raise BadRequest(403, f"a bot plays seat {seat} now; the table's creator can hand it back")

        human()
        text = action or ""
        if version < live.version and hub.matches(live, seat, kind, text, version):
            return JSONResponse(live.message(seat))  # a retry of a move already made
        try:
            await hub.change(live, seat, kind, text, version, check=human)  # checked again under the lock
        except BadRequest as refused:
            if refused.status == 409 and hub.matches(live, seat, kind, text, version):
                return JSONResponse(live.message(seat))
            raise
        return JSONResponse(live.message(seat))

    async def act(request: Request) -> Response:
        return await move(request, "act")

    async def undo(request: Request) -> Response:
        return await move(request, "undo")

    async def replace(request: Request) -> Response:
        data = await body(request)
        live = await table_of(request)
        seat_text = request.path_params["seat"]
        if not _digits(seat_text) or len(seat_text) > 3:
            raise BadRequest(422, "a seat is a whole number")
        token = data.get("token")
        kind = data.get("kind")
        if not isinstance(token, str) or not isinstance(kind, str):
            raise BadRequest(422, "the fields 'token' (the creator token) and 'kind' (\"human\" or a bot) are needed")
        await hub.replace(live, token, int(seat_text), check_spec(kind))
        return JSONResponse({"seats": live.public_seats(), "version": live.version})

    async def record(request: Request) -> Response:
        live = await table_of(request)
        if not live.state.is_over:
            raise BadRequest(403, "the record is published when the game is over (its seed is secret until then)")
        return JSONResponse(live.state.record())

    async def replay(request: Request) -> Response:
        live = await table_of(request)
        if not live.state.is_over:
            raise BadRequest(403, "a game is replayed once it is over (until then the replay would show hidden cards)")
        query = request.query_params
        seat_text, step_text = query.get("seat"), query.get("step", "0")
        if not _digits(step_text) or len(step_text) > 7 or (seat_text is not None and not _digits(seat_text)):
            raise BadRequest(422, "'step' and 'seat' are whole numbers")
        seat = None if seat_text is None else int(seat_text[:3])
        if seat is not None and not 0 <= seat < live.state.players:
            raise BadRequest(422, f"there is no seat {seat} (seats are 0 to {live.state.players - 1})")
        async with live.lock:
            return JSONResponse(live.replay(int(step_text), seat))

    async def lobby(_: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        await table_of(request)
        return FileResponse(STATIC / "table.html")

    async def watch(websocket: WebSocket) -> None:
        try:
            live = await hub.table(websocket.path_params["table"])
            seat = seat_for(live, websocket.query_params.get("token"))
            since = _since(websocket.query_params.get("since"))
        except BadRequest as refused:
            # accepted first, so that the client sees the code: a close before the handshake is
            # an HTTP 403 to it, whatever the reason, and a browser would keep trying again
            await websocket.accept()
            await websocket.close(code=4000 + refused.status, reason=close_reason(str(refused)))
            return
        await websocket.accept()
        subscriber = Subscriber(websocket.send_text, seat, since)
        subscriber.wake.set()
        pusher = hub._spawn(hub.subscribe(live, subscriber))
        heard: list[float] = []
        try:
            while True:  # the client sends nothing the server needs; reading notices the close
                if (await websocket.receive())["type"] == "websocket.disconnect":
                    break
                now = time.monotonic()
                heard = [moment for moment in heard if now - moment < WS_WINDOW]
                heard.append(now)
                if len(heard) > WS_MESSAGES:
                    await websocket.close(code=4429, reason="too many messages")
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pusher.cancel()

    def handle(view: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def guarded(request: Request) -> Response:
            try:
                return await view(request)
            except BadRequest as refused:
                return error(refused.status, str(refused))
            except ClientDisconnect:  # nobody is left to answer; the access log has the request
                log.info("%s %s: the client went away before its request was read", request.method,
                         request.url.path)
                return Response(status_code=499)
            except Exception:
                log.exception("%s %s failed", request.method, request.url.path)
                return error(500, "the server failed on this request (the error is in its log)")
        return guarded

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = Starlette(routes=[
        Route("/api/games", handle(games)),
        Route("/api/tables", handle(create), methods=["POST"]),
        Route("/api/tables", handle(recent), methods=["GET"]),
        Route("/api/tables/{table}", handle(show)),
        Route("/api/tables/{table}/actions", handle(act), methods=["POST"]),
        Route("/api/tables/{table}/undo", handle(undo), methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}", handle(replace), methods=["POST"]),
        Route("/api/tables/{table}/record", handle(record)),
        WebSocketRoute("/ws/tables/{table}", watch),
        Route("/", lobby),
        Route("/api/tables/{table}/replay", handle(replay)),
        Route("/t/{table}", handle(table_page)),
        Route("/t/{table}/replay", handle(table_page)),
        Mount("/static", StaticFiles(directory=STATIC)),
    ], lifespan=lifespan)
    app.state.hub = hub
    return Guard(app, rate, burst)


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
