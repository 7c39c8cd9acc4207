"""The routes of accounts (docs/server.md, "Accounts"):

- ``POST /api/accounts`` ``{username, password}``: sign up, and be signed in;
- ``POST /api/session`` ``{username, password}``: sign in (sets the ``bw_session`` cookie);
- ``DELETE /api/session``: sign out; ``DELETE /api/me/sessions``: sign out everywhere;
- ``GET /api/me``: ``{username, csrf}`` (both ``null`` for a guest);
- ``POST /api/me/password`` ``{password, new_password}``: change the password (the other sessions end);
- ``GET /api/me/tables``: every table the account sits at (:mod:`..mygames`).

Sign-up and sign-in are taken from this server's own pages only (``Sec-Fetch-Site``, ``Origin``),
so that a form on another site cannot sign a visitor in as someone else.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..accounts import COOKIE, SESSION_SECONDS, Account, Accounts, Session, current_session, signed_in
from ..http import address_of, handle, read_json
from ..mygames import my_tables
from ..protocol import BadRequest
from ..tables import Hub

#: what a browser's ``Sec-Fetch-Site`` says of a request this server's own page sent (or one typed in)
OWN_SITE = frozenset({"same-origin", "none"})


def from_own_page(request: Request) -> None:
    """Refuse (403) a sign-in or sign-up that another site's page sent (a browser names the site
    in ``Sec-Fetch-Site``, or failing that in ``Origin``); a client that is not a browser sends neither."""
    site = request.headers.get("sec-fetch-site")
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if site is not None:
        own = site in OWN_SITE
    else:
        own = origin is None or origin in (f"http://{host}", f"https://{host}")
    if not own:
        raise BadRequest(403, "accounts are signed into from this server's own pages only")


def set_session(request: Request, response: Response, cookie: str) -> None:
    """Give the browser the session cookie (see :mod:`..accounts`): Secure when the request came
    over TLS (to this server, or to a proxy that ``--forwarded-allow`` trusts and that says so)."""
    response.set_cookie(COOKIE, cookie, max_age=SESSION_SECONDS, path="/", secure=request.url.scheme == "https",
                        httponly=True, samesite="lax")


def clear_session(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", secure=request.url.scheme == "https", httponly=True, samesite="lax")


def routes(hub: Hub, accounts: Accounts) -> list[BaseRoute]:
    async def signed_in_as(request: Request, account: Account, status: int) -> Response:
        cookie, csrf = await accounts.open_session(account)
        response = JSONResponse({"username": account.username, "csrf": csrf}, status_code=status)
        set_session(request, response, cookie)
        return response

    async def credentials(request: Request) -> tuple[object, object]:
        from_own_page(request)
        data = await read_json(request)
        return data.get("username"), data.get("password")

    async def sign_up(request: Request) -> Response:
        username, password = await credentials(request)
        account = await accounts.sign_up(username, password, address_of(request))
        return await signed_in_as(request, account, 201)

    async def sign_in(request: Request) -> Response:
        username, password = await credentials(request)
        account = await accounts.sign_in(username, password, address_of(request))
        return await signed_in_as(request, account, 200)

    async def session_of(request: Request) -> Session:
        """The request's session, its CSRF token checked (401 for a guest)."""
        if await signed_in(request, changes=True) is None:
            raise BadRequest(401, "you are not signed in")
        session = await current_session(request)
        assert session is not None
        return session

    async def sign_out(request: Request) -> Response:
        if await signed_in(request, changes=True) is not None:
            session = await current_session(request)
            assert session is not None
            await accounts.end(session)
        response = Response(status_code=204)
        clear_session(request, response)
        return response

    async def sign_out_everywhere(request: Request) -> Response:
        await accounts.end(await session_of(request), everywhere=True)
        response = Response(status_code=204)
        clear_session(request, response)
        return response

    async def me(request: Request) -> Response:
        # a guest is an answer too (not a 401): every page asks, and a guest's page fails nothing
        session = await current_session(request)
        if session is None:
            return JSONResponse({"username": None, "csrf": None})
        return JSONResponse({"username": session.account.username, "csrf": session.csrf})

    async def password(request: Request) -> Response:
        session = await session_of(request)
        data = await read_json(request)
        await accounts.change_password(session, data.get("password"), data.get("new_password"),
                                       address_of(request))
        return Response(status_code=204)

    async def tables(request: Request) -> Response:
        account = await signed_in(request)
        if account is None:
            raise BadRequest(401, "you are not signed in")
        return JSONResponse(await my_tables(hub, account.id, address_of(request)))

    return [
        Route("/api/accounts", handle(sign_up), methods=["POST"]),
        Route("/api/session", handle(sign_in), methods=["POST"]),
        Route("/api/session", handle(sign_out), methods=["DELETE"]),
        Route("/api/me", handle(me)),
        Route("/api/me/password", handle(password), methods=["POST"]),
        Route("/api/me/sessions", handle(sign_out_everywhere), methods=["DELETE"]),
        Route("/api/me/tables", handle(tables)),
    ]
