"""The browser client: the lobby, the table page (live and replay), their static files and the icon."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..http import address_of, handle
from ..tables import Hub

STATIC = Path(__file__).resolve().parents[1] / "static"


def routes(hub: Hub) -> list[BaseRoute]:
    async def lobby(_: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        await hub.table(request.path_params["table"], address_of(request))  # an unknown table is a 404
        return FileResponse(STATIC / "table.html")

    async def icon(_: Request) -> Response:  # for clients that ask for it without reading the pages' link
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return [
        Route("/", lobby),
        Route("/favicon.ico", icon),
        Route("/t/{table}", handle(table_page)),
        Route("/t/{table}/replay", handle(table_page)),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
