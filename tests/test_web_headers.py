"""What the server tells the browser, over loopback: the Content-Security-Policy and its companions
on every answer and no-store on every answer that depends on a token; bodies taken as JSON only;
pages of other sites refused (posts and WebSockets) unless the operator names them; the icon; and
in Chromium, the lobby, a table page of each game and a replay load with no policy violation and
no 404.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import httpx
import pytest
from services import ROOT
from webplay import client, create, get, tokens, wait_until
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import boardwright as bw

#: a site that is not the server's
ELSEWHERE = "https://games.elsewhere.example"
BROWSER_HEADERS = {"x-frame-options": "DENY", "x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}


def own_origin(server: Any) -> str:
    return server.url  # http://127.0.0.1:PORT, as a page the server sent would name itself


def check_policy(answer: httpx.Response | Any, private: bool) -> None:
    """``answer`` (an httpx response, or a WebSocket handshake's) tells the browser the policy, and
    no-store when ``private``."""
    headers = answer.headers
    where = getattr(answer, "url", "the WebSocket handshake")
    policy = headers.get("content-security-policy", "")
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert directives.get("script-src") == ["'self'"], (where, policy)
    assert directives.get("style-src") == ["'self'"], (where, policy)
    assert directives.get("connect-src") == ["'self'"], (where, policy)
    assert directives.get("frame-ancestors") == ["'none'"], (where, policy)
    assert directives.get("default-src") == ["'none'"], (where, policy)
    assert "unsafe" not in policy, (where, policy)
    for name, value in BROWSER_HEADERS.items():
        assert headers.get(name) == value, (where, name, headers.get(name))
    if private:
        assert headers.get("cache-control") == "no-store", (where, headers.get("cache-control"))
    else:
        assert "no-store" not in headers.get("cache-control", ""), where


def one_line(answer: httpx.Response, status: int, *words: str) -> None:
    assert answer.status_code == status, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert "\n" not in error and len(error) < 200, error
    for word in words:
        assert word in error, (word, error)


def listed(http: httpx.Client) -> list[str]:
    """The ids of the newest tables (what a created table would change)."""
    answer = http.get("/api/tables")
    assert answer.status_code == 200, answer.text
    return [table["id"] for table in answer.json()]


def ws_close_code(url: str, **options: Any) -> int | None:
    """How the server ends a WebSocket at ``url``: the close code, or None when it pushed the table."""
    with connect(url, open_timeout=10, proxy=None, **options) as connection:
        try:
            connection.recv(timeout=10)
            return None
        except ConnectionClosed as closed:
            assert closed.rcvd is not None, "closed without a close frame"
            return closed.rcvd.code


NEW_TABLE = {"game": "gadgeteers", "players": 2, "seats": ["human", "human"]}


# ------------------------------------------------------------------------------------------ headers
def test_every_answer_tells_the_browser_its_policy_and_what_depends_on_a_token_is_not_stored(shared_server):
    with client(shared_server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
        table, token = created["table"], tokens(created)[0]
        private = [
            http.get("/"), http.get(f"/t/{table}"), http.get(f"/t/{table}/replay"), http.get("/api/games"),
            http.get("/api/tables"), http.get(f"/api/tables/{table}", params={"token": token}),
            http.get(f"/api/tables/{table}"), http.get("/api/tables/no-such-table"), http.get("/nowhere"),
            http.post("/api/tables", json=NEW_TABLE),
            http.post(f"/api/tables/{table}/actions", json={"token": token, "action": "x", "version": 0}),
            http.post("/api/tables", content=b"{}", headers={"Content-Type": "text/plain"}),
        ]
        for answer in private:
            check_policy(answer, private=True)
        statuses = {answer.status_code for answer in private}
        assert {200, 201, 404, 415, 422} <= statuses, statuses
        for path in ("/static/style.css", "/static/table.js", "/static/favicon.svg", "/favicon.ico"):
            answer = http.get(path)
            assert answer.status_code == 200, (path, answer.status_code)
            check_policy(answer, private=False)
    with connect(f"{shared_server.ws_url}/ws/tables/{table}?token={token}", open_timeout=10,
                 proxy=None) as connection:
        assert connection.response is not None
        check_policy(connection.response, private=True)
        assert json.loads(connection.recv(timeout=10))["table"] == table


def test_the_rate_limits_refusal_tells_the_browser_too(start_server):
    server = start_server(args=("--rate-limit", "1", "--workers", "1"))
    with client(server) as http:
        answers = [http.get("/api/games") for _ in range(250)]
    refused = [answer for answer in answers if answer.status_code == 429]
    assert refused, "the rate limit never answered"
    check_policy(refused[0], private=True)


# ------------------------------------------------------------------------------------------ bodies
def test_a_body_that_is_not_json_is_refused_with_one_line_and_changes_nothing(shared_server):
    body = json.dumps(NEW_TABLE).encode()
    with client(shared_server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
        table, token = created["table"], tokens(created)[0]
        before_tables, before_table = listed(http), get(http, table, token)
        legal = before_table["legal_actions"][0]
        move = json.dumps({"token": token, "action": legal, "version": before_table["version"]}).encode()
        # what a form on another site, or a fetch that needs no preflight, can send
        for kind in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                     "multipart/form-data; boundary=x", None):
            headers = {"Content-Type": kind} if kind else {}
            one_line(http.post("/api/tables", content=body, headers=headers), 415, "application/json")
            one_line(http.post(f"/api/tables/{table}/actions", content=move, headers=headers), 415,
                     "application/json")
            one_line(http.post(f"/api/tables/{table}/undo", content=move, headers=headers), 415)
            one_line(http.post(f"/api/tables/{table}/seats/1", headers=headers,
                               content=json.dumps({"token": created["creator_token"], "kind": "random"}).encode()),
                     415)
        assert listed(http) == before_tables, "a table was created"
        assert get(http, table, token) == before_table, "the table changed"
        # the same bodies as JSON are taken, with or without a charset
        answer = http.post("/api/tables", content=body, headers={"Content-Type": "application/json; charset=utf-8"})
        assert answer.status_code == 201, answer.text
        answer = http.post(f"/api/tables/{table}/actions", content=move, headers={"Content-Type": "Application/JSON"})
        assert answer.status_code == 200, answer.text


# ------------------------------------------------------------------------------------------ origins
def test_a_page_of_another_site_cannot_post_or_connect(shared_server):
    with client(shared_server) as http:
        created = create(http, "gadgeteers", ["human", "human"])
        table, token = created["table"], tokens(created)[0]
        before_tables, before_table = listed(http), get(http, table, token)
        move = {"token": token, "action": before_table["legal_actions"][0], "version": before_table["version"]}
        port = shared_server.port
        foreign = [ELSEWHERE, "null", f"http://localhost.elsewhere.example:{port}", f"http://127.0.0.1:{port + 1}",
                   "http://127.0.0.1", f"http://127.0.0.1:{port}/path", f"http://user@127.0.0.1:{port}", "garbage"]
        for origin in foreign:
            one_line(http.post("/api/tables", json=NEW_TABLE, headers={"Origin": origin}), 403, "another site")
            one_line(http.post(f"/api/tables/{table}/actions", json=move, headers={"Origin": origin}), 403)
        # a forwarded host is believed only from a proxy the operator trusts, and none is named here
        one_line(http.post("/api/tables", json=NEW_TABLE,
                           headers={"Origin": ELSEWHERE, "X-Forwarded-Host": "games.elsewhere.example"}), 403)
        assert listed(http) == before_tables, "a table was created"
        assert get(http, table, token) == before_table, "the table changed"
        # the server's own pages post with its own origin (any letter case), other clients without one
        for origin in (own_origin(shared_server), f"HTTP://127.0.0.1:{port}"):
            answer = http.post("/api/tables", json=NEW_TABLE, headers={"Origin": origin})
            assert answer.status_code == 201, (origin, answer.text)
        assert http.post(f"/api/tables/{table}/actions", json=move).status_code == 200

    socket = f"{shared_server.ws_url}/ws/tables/{table}?token={token}"
    assert ws_close_code(socket, origin=ELSEWHERE) == 4403
    assert ws_close_code(socket, additional_headers={"Origin": "null"}) == 4403
    assert ws_close_code(socket, origin=own_origin(shared_server)) is None
    assert ws_close_code(socket) is None  # a program that sends no Origin


def test_an_operator_names_the_other_sites_that_may_post(start_server):
    server = start_server(args=("--rate-limit", "0", "--workers", "1", "--allow-origins",
                                f"{ELSEWHERE}, http://lan.example:8080"))
    with client(server) as http:
        for origin in (ELSEWHERE, "http://lan.example:8080", own_origin(server)):
            answer = http.post("/api/tables", json=NEW_TABLE, headers={"Origin": origin})
            assert answer.status_code == 201, (origin, answer.text)
            created = answer.json()
            assert ws_close_code(f"{server.ws_url}/ws/tables/{created['table']}", origin=origin) is None
        for origin in ("http://games.elsewhere.example", "http://lan.example", "https://lan.example:8080"):
            one_line(http.post("/api/tables", json=NEW_TABLE, headers={"Origin": origin}), 403, "another site")


@pytest.mark.parametrize("given", ["games.example.org", "https://games.example.org/lobby", "ftp://example.org",
                                   "https://example.org:99999"])
def test_an_origin_the_operator_mistyped_stops_the_server_with_one_line(tmp_path, given):
    done = subprocess.run([sys.executable, "-m", "boardwright", "serve", "--port", "1", "--allow-origins",
                           f"https://ok.example, {given}", "--db", f"sqlite:///{tmp_path / 'x.db'}"],
                          cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.count("\n") == 1 and "--allow-origins" in done.stderr and given in done.stderr, done.stderr
    assert not (tmp_path / "x.db").exists()


# ------------------------------------------------------------------------------------------ the browser
#: records every Content-Security-Policy violation the page reports, for the test to read
VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
    (event) => window.violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`));
"""


def test_the_lobby_and_a_table_of_each_game_load_with_no_policy_violation_and_no_404(shared_server, page):
    """Each page (the lobby, which creates a table; a table of each game; the replay of a finished
    game) is served with the policy, draws, and reports no violation, no script error and no failed
    request (the icon included). The listener is shown to hear a violation at the end."""
    page.add_init_script(VIOLATIONS)
    served = page.goto(f"{shared_server.url}/")
    assert served is not None
    policy = served.all_headers().get("content-security-policy", "")
    assert "script-src 'self'" in policy, policy
    page.wait_for_selector("#game option", state="attached")
    page.click("button[type=submit]")  # the lobby posts a new table from its own origin
    page.wait_for_selector("#created:not([hidden]) #links a", state="attached")
    links = page.locator("#links a").evaluate_all("found => found.map(a => a.href)")
    assert links, "no join link"
    with client(shared_server) as http:
        tables = {game: create(http, game, ["human"] * bw.load(game).min_players) for game in bw.games()}
        finished = create(http, "gadgeteers", ["random", "random"])["table"]
    for game, created in tables.items():
        url = next(seat["url"] for seat in created["seats"] if seat["url"])
        page.goto(url)
        page.wait_for_function("() => document.body.dataset.version !== undefined")
        wait_until(lambda: page.locator("#board *").count() > 3, 10, f"the {game} board to be drawn")
        assert page.evaluate("window.violations") == [], game
        if game == "game-development":  # a seat's colour is set through the CSSOM, and shows
            borders = page.evaluate("[...document.querySelectorAll('.gd-mat')].map(mat => "
                                    "[mat.style.getPropertyValue('--seat'), getComputedStyle(mat).borderTopStyle])")
            assert len(borders) == 2 and all(colour and style == "solid" for colour, style in borders), borders
    page.goto(links[0])
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    assert page.evaluate("window.violations") == [], "the lobby's own table"
    with client(shared_server) as http:  # and the replay of a finished game, stepped to its end
        wait_until(lambda: get(http, finished)["is_over"], 120, "the bots' game to end")
    page.goto(f"{shared_server.url}/t/{finished}/replay")
    page.wait_for_function("() => /^step 0 of [1-9]/.test(document.getElementById('replay-step').textContent)")
    page.click("#replay-last")
    page.wait_for_function("() => /^step ([0-9]+) of \\1$/.test(document.getElementById('replay-step').textContent)")
    assert page.evaluate("window.violations") == [], "the replay"
    assert page.errors == [], page.errors
    assert page.resource_errors == [], page.resource_errors
    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    assert icon.endswith("/static/favicon.svg"), icon

    # the listener hears a violation: an inline style attribute is refused
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    wait_until(lambda: page.evaluate("window.violations.length"), 5, "the violation to be reported")
    assert page.evaluate("getComputedStyle(document.body).color") != "rgb(255, 0, 0)"
    assert any("Content Security Policy" in error for error in page.errors), page.errors
    page.errors.clear()
