"""The game server's ASGI app: the public protocol over HTTP and WebSockets, and the browser client.

The routes live by concern in :mod:`.routes` (the protocol's names are public; third-party clients
use them): ``GET /api/games`` here, the tables in :mod:`.routes.tables`, the pages in
:mod:`.routes.pages`. :class:`.http.Guard` wraps them all.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .accounts import Accounts
from .bots import Bots
from .chat import Chat
from .http import ASGIApp, Guard, handle, parse_origins
from .limits import Limits
from .mygames import remember_winners
from .protocol import games_list
from .ratings import end_hook
from .routes import accounts, hints, lobby, notices, pages, ratings, reviews, tables
from .routes import chat as chat_routes
from .storage import Storage
from .tables import Hub

#: requests a client address may make at once before the rate limit paces it
BURST = 200
#: seconds a thread holds the interpreter before another may run (see create_app)
SWITCH_INTERVAL = 0.0005


def create_app(db: str, limits: Limits | None = None, base_url: str = "") -> ASGIApp:
    """The server's app for the database at ``db`` (an SQLAlchemy URL), within ``limits``."""
    # Costly work (replays, tables read back) runs in worker threads; a thread that computes holds
    # the interpreter for the switch interval each time the event loop gives it up, and a request
    # gives it up at every read and write: at the default 5 ms, a request waits 100 ms and more.
    sys.setswitchinterval(SWITCH_INTERVAL)
    limits = limits or Limits()
    hub = Hub(Storage(db), Bots(limits.workers, limits), base_url, limits)
    people = Accounts(hub.storage, limits)
    hub.end_hooks.append(remember_winners(hub))
    hub.end_hooks.append(end_hook(hub.storage))
    chat = Chat(hub, limits)
    hub.subscribe_hooks.append(chat.welcome)
    hub.end_hooks.append(chat.ended)
    hub.announced["chat"] = chat.heard
    games_json = json.dumps(games_list()).encode()

    async def games(_: Request) -> Response:
        return Response(games_json, media_type="application/json")

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await hub.start()
        # What is loaded by now (the games, their content, the tables resumed) lives as long as
        # the server: kept out of the garbage collector's full passes, each of which stops the
        # event loop while it walks every object it tracks (75-200 ms a pass at 200 busy tables,
        # 50-115 ms without what is frozen here)
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await hub.stop()

    app = Starlette(routes=[Route("/api/games", handle(games)), *tables.routes(hub, limits),
                            *accounts.routes(hub, people), *lobby.routes(hub), *notices.routes(hub),
                            *chat_routes.routes(hub, chat), *pages.routes(hub), *ratings.routes(hub),
                            *hints.routes(hub), *reviews.routes(hub)],
                    lifespan=lifespan)
    app.state.hub = hub
    app.state.accounts = people
    return Guard(app, limits.rate_limit, BURST, parse_origins(limits.allow_origins),
                 forwarded=bool(limits.forwarded_allow))
