"""Your-turn notices an account asks for (docs/server.md):

- ``POST /api/me/email`` ``{email}``: the address the account's your-turn mail goes to (the server
  sends it when its operator named an SMTP server, ``serve --smtp``); an empty one removes it.
"""

from __future__ import annotations

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from .. import accounts
from ..http import handle, read_json
from ..protocol import BadRequest
from ..smtp import check_address
from ..tables import Hub


def routes(hub: Hub) -> list[BaseRoute]:
    async def set_email(request: Request) -> Response:
        account = await accounts.signed_in(request, changes=True)
        if account is None:
            raise BadRequest(401, "sign in to give an e-mail address for your-turn mail")
        data = await read_json(request)
        given = data.get("email")
        try:
            email = None if isinstance(given, str) and not given.strip() else check_address(given)
        except ValueError as refused:
            raise BadRequest(422, str(refused)) from None
        if not await anyio.to_thread.run_sync(hub.storage.set_email, account.id, email):
            raise BadRequest(401, "this account no longer exists; sign in again")
        return JSONResponse({"email": email, "mail": bool(hub.mailer)})

    return [Route("/api/me/email", handle(set_email), methods=["POST"])]
