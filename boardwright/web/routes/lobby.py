"""The lobby's protocol (docs/server.md; the lobby itself is :mod:`..lobby`):

- ``POST /api/tables/{table}/seats/{seat}/take`` ``{name?, token?}``: take a free seat of an open
  table (by a name, or as the signed-in account), or the seat a rematch kept (by the old seat's
  token, or as its account): ``{seat, token, url}``;
- ``POST /api/tables/{table}/start`` ``{token, bot?}``: the creator starts an open table, a bot in
  each free seat;
- ``POST /api/tables/{table}/cancel`` ``{token}``: the creator closes the table;
- ``POST /api/tables/{table}/rematch`` ``{token}``: a player of a finished table asks for its
  rematch: ``{table, url, seat}``.

The creator's ``token`` may be left out by the account that created the table, signed in.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..accounts import signed_in
from ..http import address_of, handle, read_json
from ..lobby import Lobby, check_seat_number
from ..tables import Hub


def routes(hub: Hub) -> list[BaseRoute]:
    lobby = Lobby(hub)

    async def take(request: Request) -> Response:
        data = await read_json(request)
        account = await signed_in(request, changes=True)
        live = await hub.table(request.path_params["table"], address_of(request))
        seat = check_seat_number(live, request.path_params["seat"])
        return JSONResponse(await lobby.take(live, seat, data, account))

    async def start(request: Request) -> Response:
        data = await read_json(request)
        account = await signed_in(request, changes=True)
        live = await hub.table(request.path_params["table"], address_of(request))
        await lobby.start(live, data.get("token"), account, data.get("bot"))
        return JSONResponse({"started": live.started, "seats": live.public_seats()})

    async def cancel(request: Request) -> Response:
        data = await read_json(request)
        account = await signed_in(request, changes=True)
        live = await hub.table(request.path_params["table"], address_of(request))
        await lobby.cancel(live, data.get("token"), account)
        return JSONResponse({"closed": live.closed})

    async def rematch(request: Request) -> Response:
        data = await read_json(request)
        account = await signed_in(request, changes=True)
        live = await hub.table(request.path_params["table"], address_of(request))
        return JSONResponse(await lobby.rematch(live, data.get("token"), account, address_of(request)))

    return [
        Route("/api/tables/{table}/seats/{seat}/take", handle(take), methods=["POST"]),
        Route("/api/tables/{table}/start", handle(start), methods=["POST"]),
        Route("/api/tables/{table}/cancel", handle(cancel), methods=["POST"]),
        Route("/api/tables/{table}/rematch", handle(rematch), methods=["POST"]),
    ]
