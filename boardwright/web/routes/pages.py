"""The browser client: the lobby, the table page (live and replay) and their static files."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..http import handle
from ..tables import Hub

STATIC = Path(__file__).resolve().parents[1] / "static"


def routes(hub: Hub) -> list[BaseRoute]:
    async def lobby(_: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        await hub.table(request.path_params["table"])  # an unknown table is a 404, not an empty page
        return FileResponse(STATIC / "table.html")

    return [
        Route("/", lobby),
        Route("/t/{table}", handle(table_page)),
        Route("/t/{table}/replay", handle(table_page)),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
