"""Ratings in the public protocol (docs/server.md), and their pages:

- ``GET /api/ratings/{game}?players=N&limit=L``: the leaderboard of a game and player count;
- ``GET /api/players/{username}``: a person's profile (ratings, their history, recent tables);
- ``/ratings``, ``/ratings/{game}``: the leaderboard page; ``/players/{username}``: the profile page.
"""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .. import ratings
from ..http import handle
from ..tables import Hub
from .pages import STATIC


def routes(hub: Hub) -> list[BaseRoute]:
    async def leaderboard(request: Request) -> Response:
        game, players = ratings.check_group(request.path_params["game"], request.query_params.get("players"))
        limit = ratings.check_limit(request.query_params.get("limit"))
        return JSONResponse(await anyio.to_thread.run_sync(ratings.leaderboard, hub.storage, game, players, limit))

    async def player(request: Request) -> Response:
        username = request.path_params["username"]
        return JSONResponse(await anyio.to_thread.run_sync(ratings.profile, hub.storage, username, hub.base_url))

    async def leaderboard_page(_: Request) -> Response:
        return FileResponse(STATIC / "ratings.html")

    async def profile_page(_: Request) -> Response:
        return FileResponse(STATIC / "profile.html")

    return [
        Route("/api/ratings/{game}", handle(leaderboard)),
        Route("/api/players/{username}", handle(player)),
        Route("/ratings", leaderboard_page),
        Route("/ratings/{game}", leaderboard_page),
        Route("/players/{username}", profile_page),
    ]
