"""The public protocol of tables (docs/server.md), over HTTP and WebSockets:

- ``POST /api/tables``: create a table (private or open: :mod:`..lobby`); ``GET /api/tables``: the
  open tables waiting for players, then the newest tables (no secrets);
- ``GET /api/tables/{table}?token=T&since=N``: what that seat may know now (no token: a spectator);
- ``POST /api/tables/{table}/actions`` ``{token, action, version, since?}``: make a move;
- ``POST /api/tables/{table}/undo`` ``{token, version, since?}``: take back the seat's last action;
- ``POST /api/tables/{table}/seats/{seat}`` ``{token, kind}``: the creator hands a seat to a bot or back;
- ``GET /api/tables/{table}/record``: the game record, once the game is over;
- ``GET /api/tables/{table}/replay?step=K&seat=N&since=E``: a finished game as seat N saw it after K actions;
- ``GET /ws/tables/{table}?token=T``: the same object as the GET, pushed after every change.
"""

from __future__ import annotations

import asyncio
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..accounts import signed_in
from ..http import address_of, close_reason, digits, handle, read_json
from ..limits import Limits
from ..lobby import Lobby, parse_table
from ..protocol import HUMAN, BadRequest, check_spec, parse_move
from ..tables import Hub, Live, Subscriber, seat_for

#: a WebSocket client may send at most this many messages (pings, say) in this many seconds
WS_MESSAGES, WS_WINDOW = 60, 10.0
#: the close code of a WebSocket silent for longer than ``--websocket-idle-timeout`` (4000 + 408,
#: Request Timeout): the client is alive enough to reconnect, and should ping
WS_IDLE = 4408


def since_of(value: str | None) -> int:
    """The ``since`` of a query: how many of the seat's events the client has."""
    if value is None:
        return 0
    if not digits(value) or len(value) > 9:
        raise BadRequest(422, "'since' is an event number, 0 or more")
    return int(value)


def json_text(text: str) -> Response:
    return Response(text, media_type="application/json")


async def viewer(connection: Request | WebSocket, live: Live) -> int | None:
    """Whose eyes a read of ``live`` is through: the seat of the query's ``token``; without one,
    the signed-in person's seat there (``seat=N`` picks among several); else a spectator."""
    token = connection.query_params.get("token")
    if token is not None:
        return seat_for(live, token)
    wanted = connection.query_params.get("seat")
    account = await signed_in(connection)
    return seat_for(live, None, account, int(wanted) if wanted and digits(wanted) and len(wanted) < 4 else None)


def routes(hub: Hub, limits: Limits) -> list[BaseRoute]:
    lobby = Lobby(hub)

    async def table_of(request: Request) -> Live:
        return await hub.table(request.path_params["table"], address_of(request))

    async def create(request: Request) -> Response:
        asked = parse_table(await read_json(request), limits.shortest_timer)
        account = await signed_in(request, changes=True)
        if account is not None:
            asked["creator_account"] = account.id
            if asked["creator_seat"] is None and asked["seats"][0] == HUMAN:
                asked["creator_seat"] = 0
            seat = asked["creator_seat"]
            if seat is not None and asked["names"][seat] is None:
                asked["names"][seat] = account.username
        made = await hub.create(asked, address_of(request))
        return JSONResponse(made, status_code=201)

    async def recent(_: Request) -> Response:
        return JSONResponse(await lobby.listing())

    async def show(request: Request) -> Response:
        live = await table_of(request)
        seat = await viewer(request, live)
        since = since_of(request.query_params.get("since"))
        return json_text(await hub.tell(live, seat, since, address_of(request)))

    async def move(request: Request, kind: str) -> Response:
        data = await read_json(request)
        live = await table_of(request)
        asked = parse_move(data, needs_action=kind == "act")
        account = None
        if asked.token is None:  # the signed-in person's seat: a cookie's request, checked against CSRF
            account = await signed_in(request, changes=True)
            if account is None:
                raise BadRequest(422, "the field 'token' is missing (the seat's token; or sign in)")
        seat = seat_for(live, asked.token, account, data.get("seat"))
        if seat is None:
            raise BadRequest(403, "you have no seat at this table")
        claimed = data.get("seat", seat)
        if claimed != seat:
            raise BadRequest(403, f"this token is seat {seat}'s; it cannot act for seat {claimed!r}"[:120])

        def human() -> None:
            if live.controller(seat) != HUMAN:
                raise BadRequest(403, f"a bot plays seat {seat} now; the table's creator can hand it back")

        human()
        text, version = asked.action or "", asked.version
        if not (version < live.version and hub.matches(live, seat, kind, text, version)):  # else a retry
            try:
                await hub.change(live, seat, kind, text, version, check=human)  # checked again under the lock
            except BadRequest as refused:
                if not (refused.status == 409 and hub.matches(live, seat, kind, text, version)):
                    raise
        # the table as the seat sees it after the move, its events from `since`
        return json_text(await hub.tell(live, seat, asked.since, address_of(request)))

    async def act(request: Request) -> Response:
        return await move(request, "act")

    async def undo(request: Request) -> Response:
        return await move(request, "undo")

    async def replace(request: Request) -> Response:
        data = await read_json(request)
        live = await table_of(request)
        seat_text = request.path_params["seat"]
        if not digits(seat_text) or len(seat_text) > 3:
            raise BadRequest(422, "a seat is a whole number")
        token = data.get("token")
        kind = data.get("kind")
        account = await signed_in(request, changes=True)
        if not (isinstance(token, str) or (token is None and account is not None)) or not isinstance(kind, str):
            raise BadRequest(422, "the fields 'token' (the creator token) and 'kind' (\"human\" or a bot) are needed")
        await hub.replace(live, token, int(seat_text), check_spec(kind, live.state.game),
                          account.id if account is not None else None)
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
        if not digits(step_text) or len(step_text) > 7 or (seat_text is not None and not digits(seat_text)):
            raise BadRequest(422, "'step' and 'seat' are whole numbers")
        seat = None if seat_text is None else int(seat_text[:3])
        if seat is not None and not 0 <= seat < live.state.players:
            raise BadRequest(422, f"there is no seat {seat} (seats are 0 to {live.state.players - 1})")
        since = since_of(query.get("since"))
        return json_text(await hub.replay(live, int(step_text), seat, since, address_of(request)))

    async def watch(websocket: WebSocket) -> None:
        try:
            live = await hub.table(websocket.path_params["table"], address_of(websocket))
            seat = await viewer(websocket, live)
            since = since_of(websocket.query_params.get("since"))
            hub.room_for(live, seat)
        except BadRequest as refused:
            # accepted first, so that the client sees the code: a close before the handshake is
            # an HTTP 403 to it, whatever the reason, and a browser would keep trying again
            await websocket.accept()
            await websocket.close(code=4000 + refused.status, reason=close_reason(str(refused)))
            return
        await websocket.accept()
        subscriber = Subscriber(websocket.send_text, seat, since, address=address_of(websocket))
        subscriber.wake.set()
        pusher = hub._spawn(hub.subscribe(live, subscriber))
        listener = asyncio.ensure_future(listen(websocket))
        try:
            await asyncio.wait([pusher, listener], return_when=asyncio.FIRST_COMPLETED)
            if pusher.done() and not pusher.cancelled() and pusher.exception() is None and pusher.result():
                await websocket.close(code=4410, reason=close_reason(pusher.result()))
        finally:
            pusher.cancel()
            listener.cancel()

    async def listen(websocket: WebSocket) -> None:
        """Read what the client sends until it closes: it sends nothing the server needs, but
        reading notices the close, and a client that sends too much is closed."""
        heard: list[float] = []
        idle = limits.websocket_idle_timeout or None
        try:
            while True:  # the client sends nothing the server needs but pings; reading notices the close
                try:
                    async with asyncio.timeout(idle):
                        received = await websocket.receive()
                except TimeoutError:
                    await websocket.close(code=WS_IDLE, reason=f"silent for {idle:g} s; a client pings "
                                                               "(any message) more often than that")
                    return
                if received["type"] == "websocket.disconnect":
                    return
                now = time.monotonic()
                heard = [moment for moment in heard if now - moment < WS_WINDOW]
                heard.append(now)
                if len(heard) > WS_MESSAGES:
                    await websocket.close(code=4429, reason="too many messages")
                    return
        except (WebSocketDisconnect, RuntimeError):
            pass

    return [
        Route("/api/tables", handle(create), methods=["POST"]),
        Route("/api/tables", handle(recent), methods=["GET"]),
        Route("/api/tables/{table}", handle(show)),
        Route("/api/tables/{table}/actions", handle(act), methods=["POST"]),
        Route("/api/tables/{table}/undo", handle(undo), methods=["POST"]),
        Route("/api/tables/{table}/seats/{seat}", handle(replace), methods=["POST"]),
        Route("/api/tables/{table}/record", handle(record)),
        Route("/api/tables/{table}/replay", handle(replay)),
        WebSocketRoute("/ws/tables/{table}", watch),
    ]
