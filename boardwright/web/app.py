"""The game server's ASGI app: the public protocol over HTTP and WebSockets, and the browser client.

The routes live by concern in :mod:`.routes` (the protocol's names are public; third-party clients
use them): ``GET /api/games`` here, the tables in :mod:`.routes.tables`, the pages in
:mod:`.routes.pages`. :class:`.http.Guard` wraps them all.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .bots import Bots
from .http import ASGIApp, Guard, handle
from .limits import Limits
from .protocol import games_list
from .routes import pages, tables
from .storage import Storage
from .tables import Hub

#: requests a client address may make at once before the rate limit paces it
BURST = 200


def create_app(db: str, limits: Limits | None = None, base_url: str = "") -> ASGIApp:
    """The server's app for the database at ``db`` (an SQLAlchemy URL), within ``limits``."""
    limits = limits or Limits()
    hub = Hub(Storage(db), Bots(limits.workers), base_url)
    games_json = json.dumps(games_list()).encode()

    async def games(_: Request) -> Response:
        return Response(games_json, media_type="application/json")

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = Starlette(routes=[Route("/api/games", handle(games)), *tables.routes(hub, limits), *pages.routes(hub)],
                    lifespan=lifespan)
    app.state.hub = hub
    return Guard(app, limits.rate_limit, BURST)
