"""The chat of a table (docs/server.md), over HTTP; its lines also come over the table's WebSocket:

- ``POST /api/tables/{table}/chat`` ``{token?, text, name?}``: write a line. A seat writes in the
  players' channel, by its token or, without one, by the account its seat belongs to; anyone else
  writes in the spectators' channel, under their username when signed in, else under ``name``;
- ``GET /api/tables/{table}/chat?token=T&after=ID``: the newest lines the asker may read (the
  seat of ``token``; none: a spectator), those with an id above ``after``.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .. import accounts
from ..chat import Chat, check_text, visible_to
from ..http import address_of, digits, handle, read_json
from ..live import Live
from ..protocol import BadRequest, check_name
from ..tables import Hub, seat_for


def owned(live: Live, account: accounts.Account | None) -> int | None:
    """The seat at ``live`` that belongs to ``account``, if any."""
    if account is None:
        return None
    return next((row["seat"] for row in live.seats if row.get("account_id") == account.id), None)


def routes(hub: Hub, chat: Chat) -> list[BaseRoute]:
    async def write(request: Request) -> Response:
        data = await read_json(request)
        live = await hub.table(request.path_params["table"], address_of(request))
        token = data.get("token")
        if token is not None and not isinstance(token, str):
            raise BadRequest(422, "the field 'token' must be the seat's token")
        text = check_text(data.get("text"))
        seat = seat_for(live, token)
        account = await accounts.signed_in(request, changes=True) if token is None else None
        if seat is None:
            seat = owned(live, account)
        if seat is not None:
            name = live.seats[seat].get("name")
        elif account is not None:
            name = account.username
        elif "name" not in data:
            raise BadRequest(422, "a spectator writes under a name: the field 'name' is missing")
        else:
            name = check_name(data["name"])
            if name.casefold() in {(row.get("name") or "").casefold() for row in live.seats}:
                raise BadRequest(422, f"{name!r} is the name of a player at this table; a spectator writes "
                                      f"under another")
        line = await chat.say(live, seat, name, text, address_of(request))
        return JSONResponse({"chat": [line]}, status_code=201)

    async def read(request: Request) -> Response:
        live = await hub.table(request.path_params["table"], address_of(request))
        after_text = request.query_params.get("after", "0")
        if not digits(after_text) or len(after_text) > 18:
            raise BadRequest(422, "'after' is a chat line's id, 0 or more")
        token = request.query_params.get("token")
        seat = seat_for(live, token)
        if seat is None and token is None:
            seat = owned(live, await accounts.signed_in(request))
        lines = await chat.lines_for(live, seat, int(after_text))
        return JSONResponse({"chat": lines, "channels": sorted(visible_to(live, seat))})

    return [
        Route("/api/tables/{table}/chat", handle(write), methods=["POST"]),
        Route("/api/tables/{table}/chat", handle(read), methods=["GET"]),
    ]
