"""Hints in the public protocol (docs/server.md):

- ``GET /api/tables/{table}/hint?token=T&version=V``: the search's advice to the seat of ``T`` (or
  the signed-in person's seat), which must be to act, at version ``V`` when given (:mod:`..hints`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..hints import Hints
from ..http import address_of, digits, handle
from ..protocol import BadRequest
from ..tables import Hub
from .tables import viewer


def routes(hub: Hub) -> list[BaseRoute]:
    hints = Hints(hub)

    async def hint(request: Request) -> Response:
        live = await hub.table(request.path_params["table"], address_of(request))
        seat = await viewer(request, live)
        version_text = request.query_params.get("version")
        if version_text is not None and not (digits(version_text) and len(version_text) <= 9):
            raise BadRequest(422, "'version' is the table's version the page shows, a whole number")
        return JSONResponse(await hints.hint(live, seat, None if version_text is None else int(version_text)))

    return [Route("/api/tables/{table}/hint", handle(hint))]
