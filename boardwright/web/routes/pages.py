"""The browser client: the lobby, the table page (live and replay), each game's rules page, their
static files and the icon; and ``GET /api/games/{game}/rules``, a game's quick reference (Markdown)
for the rules page."""

from __future__ import annotations

import functools
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

import boardwright as bw

from ..http import address_of, handle
from ..protocol import BadRequest
from ..tables import Hub

STATIC = Path(__file__).resolve().parents[1] / "static"


@functools.cache
def rules_text(game_id: str) -> str:
    """The quick reference of the game ``game_id`` as its package writes it (Markdown), read once;
    a 404 for a game this server does not have."""
    if game_id not in bw.games():
        raise BadRequest(404, f"there is no game {game_id[:40]!r}")
    return bw.load(game_id).rules_text()


def routes(hub: Hub) -> list[BaseRoute]:
    async def lobby(_: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        await hub.table(request.path_params["table"], address_of(request))  # an unknown table is a 404
        return FileResponse(STATIC / "table.html")

    async def rules_page(request: Request) -> Response:
        rules_text(request.path_params["game"])  # an unknown game is a 404
        return FileResponse(STATIC / "rules.html")

    async def rules(request: Request) -> Response:
        return Response(rules_text(request.path_params["game"]), media_type="text/markdown; charset=utf-8")

    async def icon(_: Request) -> Response:  # for clients that ask for it without reading the pages' link
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return [
        Route("/", lobby),
        Route("/favicon.ico", icon),
        Route("/t/{table}", handle(table_page)),
        Route("/t/{table}/replay", handle(table_page)),
        Route("/rules/{game}", handle(rules_page)),
        Route("/api/games/{game}/rules", handle(rules)),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
