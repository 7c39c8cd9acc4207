"""Reviews in the public protocol (docs/server.md):

- ``GET /api/tables/{table}/review?token=T`` (or the signed-in person's seat; ``&seat=N`` for any
  seat, by anyone): once the game is over, the search's review of that seat's play: 202 with its
  progress while it is thought, then 200 with the review (:mod:`..reviews`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..http import address_of, digits, handle
from ..protocol import BadRequest
from ..reviews import Reviews
from ..tables import Hub
from .tables import viewer


def routes(hub: Hub) -> list[BaseRoute]:
    reviews = Reviews(hub)

    async def review(request: Request) -> Response:
        address = address_of(request)
        live = await hub.table(request.path_params["table"], address)
        seat = await viewer(request, live)
        named = request.query_params.get("seat")
        if named is not None:
            if not (digits(named) and len(named) <= 3 and int(named) < live.state.players):
                raise BadRequest(422, f"'seat' is a seat of the table, 0 to {live.state.players - 1}")
            seat = int(named)
        if seat is None:
            raise BadRequest(403, "a review is of a seat: ask with your seat's token, or name one with seat=N")
        status, answer = await reviews.review(live, seat, address)
        if status == 200:
            return Response(answer, media_type="application/json")
        return JSONResponse(answer, status_code=status)

    return [Route("/api/tables/{table}/review", handle(review))]
