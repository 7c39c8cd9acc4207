"""Accounts over a real server: signing up, in and out, the session cookie and its CSRF token, the
stored password hashes, the pacing of failed sign-ins, password changes, disabled accounts, and a
seat reached by session from another device, with "my games" listing it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from webplay import Follower, _connect_options, client, create, execute, tokens, wait_until

PASSWORD = "correct horse battery"


def signed(server: Any, path: str, status: int, username: str, password: str) -> httpx.Client:
    """A new client, signed in through ``path`` (its answer ``status``); its CSRF token kept aside."""
    http = client(server)
    answer = http.post(path, json={"username": username, "password": password})
    assert answer.status_code == status, answer.text
    http.headers["X-Test-Csrf"] = answer.json()["csrf"]
    return http


def sign_up(server: Any, username: str, password: str = PASSWORD) -> httpx.Client:
    return signed(server, "/api/accounts", 201, username, password)


def sign_in(server: Any, username: str, password: str = PASSWORD) -> httpx.Client:
    return signed(server, "/api/session", 200, username, password)


def csrf(http: httpx.Client) -> dict[str, str]:
    return {"X-CSRF-Token": http.headers["X-Test-Csrf"]}


def me(http: httpx.Client) -> bool:
    """Whether ``http`` is signed in (``GET /api/me`` names its account)."""
    answer = http.get("/api/me")
    assert answer.status_code == 200
    return answer.json()["username"] is not None


def test_sign_up_in_and_out(server):
    ada = sign_up(server, "Ada_L")
    answer = ada.get("/api/me")
    assert answer.status_code == 200 and answer.json()["username"] == "Ada_L"
    assert answer.json()["csrf"] == ada.headers["X-Test-Csrf"]
    assert client(server).get("/api/me").json() == {"username": None, "csrf": None}  # a guest
    # the username is unique whatever its case; bad names and passwords are one line each
    taken = client(server).post("/api/accounts", json={"username": "ada_l", "password": PASSWORD})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    for body, words in [({"username": "ab", "password": PASSWORD}, "3 to 32"),
                        ({"username": "a b c", "password": PASSWORD}, "3 to 32"),
                        ({"username": "Bot", "password": PASSWORD}, "seat or a bot"),
                        ({"username": "Grace", "password": "short"}, "10 to 200"),
                        ({"username": "Grace_Hopper", "password": "grace_hopper"}, "not be the username")]:
        refused = client(server).post("/api/accounts", json=body)
        assert refused.status_code == 422 and words in refused.json()["error"], refused.text
        assert "\n" not in refused.json()["error"]
    # signing out needs the CSRF token; then the session is over
    assert ada.request("DELETE", "/api/session", json={}).status_code == 403
    assert me(ada)
    assert ada.request("DELETE", "/api/session", json={}, headers=csrf(ada)).status_code == 204
    assert not me(ada)
    # a wrong password is a 401 of one line; the right one signs in again
    wrong = client(server).post("/api/session", json={"username": "ADA_L", "password": "not the password"})
    assert wrong.status_code == 401 and wrong.json() == {"error": "wrong username or password"}
    unknown = client(server).post("/api/session", json={"username": "nobody_here", "password": PASSWORD})
    assert unknown.status_code == 401 and unknown.json() == wrong.json()
    assert me(sign_in(server, "ada_l"))


def test_the_cookie_is_httponly_samesite_and_secure_over_tls(start_server):
    server = start_server(args=("--forwarded-allow", "127.0.0.1"))
    plain = client(server).post("/api/accounts", json={"username": "plain", "password": PASSWORD})
    cookie = plain.headers["set-cookie"]
    assert cookie.startswith("bw_session=")
    flags = {part.strip().split("=")[0].lower(): part.strip() for part in cookie.split(";")}
    assert "httponly" in flags and flags["samesite"].lower() == "samesite=lax" and flags["path"] == "Path=/"
    assert flags["max-age"] == f"Max-Age={30 * 86400}"
    assert "secure" not in flags  # served over plain http: a Secure cookie would never come back
    assert len(cookie.split(";")[0].split("=", 1)[1]) >= 43  # 32 random bytes
    # behind a TLS proxy the server trusts, the cookie is Secure
    tls = client(server).post("/api/session", json={"username": "plain", "password": PASSWORD},
                              headers={"X-Forwarded-Proto": "https"})
    assert tls.status_code == 200 and "secure" in tls.headers["set-cookie"].lower().split("; ")
    # what is stored of a session is the hash of its cookie, never the cookie
    value = cookie.split(";")[0].split("=", 1)[1]
    stored = [row[0] for row in execute(server.db, "SELECT id FROM sessions")]
    assert len(stored) == 2 and value not in stored and all(len(key) == 64 for key in stored)


def test_passwords_are_stored_as_argon2id_with_the_documented_parameters(server):
    sign_up(server, "hasher")
    (stored,), = execute(server.db, "SELECT password FROM accounts WHERE username_key = 'hasher'")
    assert stored.startswith("$argon2id$v=19$m=47104,t=1,p=1$")
    assert PASSWORD not in stored


def test_csrf_refused_without_the_token_and_accepted_with_it(server):
    ada = sign_up(server, "csrf_ada")
    body = {"password": PASSWORD, "new_password": "another good password"}
    for headers in ({}, {"X-CSRF-Token": "guessed"}):
        refused = ada.post("/api/me/password", json=body, headers=headers)
        assert refused.status_code == 403 and refused.json() == {"error": "CSRF token missing or wrong"}
        refused = ada.request("DELETE", "/api/me/sessions", json={}, headers=headers)
        assert refused.status_code == 403
    assert me(ada)  # nothing changed
    assert ada.post("/api/me/password", json=body, headers=csrf(ada)).status_code == 204
    sign_in(server, "csrf_ada", "another good password")


def test_sign_in_from_another_sites_page_is_refused(server):
    sign_up(server, "victim")
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                    {"Origin": "https://evil.example"}):
        refused = client(server).post("/api/session", json={"username": "victim", "password": PASSWORD},
                                      headers=headers)
        assert refused.status_code == 403, headers
        assert "set-cookie" not in refused.headers
    own = client(server).post("/api/session", json={"username": "victim", "password": PASSWORD},
                              headers={"Sec-Fetch-Site": "same-origin", "Origin": server.url})
    assert own.status_code == 200


def test_failed_sign_ins_are_throttled_per_username_and_per_address(start_server):
    server = start_server(args=("--login-failures", "3", "--login-failures-per-address", "5"))
    sign_up(server, "target")
    guess = client(server)
    for _ in range(3):
        assert guess.post("/api/session", json={"username": "target", "password": "a wrong guess"}).status_code == 401
    # now even the right password waits: the username has failed too often
    throttled = client(server).post("/api/session", json={"username": "target", "password": PASSWORD})
    assert throttled.status_code == 429 and int(throttled.headers["Retry-After"]) > 0
    assert "\n" not in throttled.json()["error"]
    # other usernames from this address may still try, until the address's budget is spent
    # (the sign-up counted once against it: 1 + 3 + 1 = 5)
    other = client(server).post("/api/session", json={"username": "someone", "password": "wrong one!"})
    assert other.status_code == 401
    assert client(server).post("/api/session", json={"username": "someone2", "password": "wrong one!"}
                               ).status_code == 429


def test_a_password_change_ends_the_other_sessions(server):
    here = sign_up(server, "changer")
    there = sign_in(server, "changer")
    answer = here.post("/api/me/password", json={"password": "not it at all", "new_password": "the new password"},
                       headers=csrf(here))
    assert answer.status_code == 401 and me(there)
    answer = here.post("/api/me/password", json={"password": PASSWORD, "new_password": "the new password"},
                       headers=csrf(here))
    assert answer.status_code == 204
    assert me(here) and not me(there)
    old = client(server).post("/api/session", json={"username": "changer", "password": PASSWORD})
    assert old.status_code == 401
    sign_in(server, "changer", "the new password")


def test_sign_out_everywhere(server):
    here, there = sign_up(server, "everywhere"), sign_in(server, "everywhere")
    assert here.request("DELETE", "/api/me/sessions", json={}, headers=csrf(here)).status_code == 204
    assert not me(here) and not me(there)
    assert execute(server.db, "SELECT count(*) FROM sessions") == [(0,)]


def test_a_disabled_account_cannot_sign_in_and_its_sessions_stop(server):
    http = sign_up(server, "mallory")
    execute(server.db, "UPDATE accounts SET disabled = 1 WHERE username_key = 'mallory'")
    assert not me(http)
    refused = client(server).post("/api/session", json={"username": "mallory", "password": PASSWORD})
    assert refused.status_code == 403 and "disabled" in refused.json()["error"]


def own_seat(server: Any, table: str, seat: int, username: str) -> None:
    """Give ``seat`` of ``table`` to an account, as taking it while signed in does (the lobby's
    part), and restart the server so that it reads the seat back."""
    execute(server.db, "UPDATE seats SET account_id = (SELECT id FROM accounts WHERE username_key = :u) "
                       "WHERE table_id = :t AND seat = :s", u=username, t=table, s=seat)
    server.restart()


def test_a_seat_is_reached_by_session_from_another_device(server):
    sign_up(server, "traveller")
    sign_up(server, "stranger")
    guest = client(server)
    made = create(guest, "gadgeteers", ["human", "random"])
    table = made["table"]
    own_seat(server, table, 0, "traveller")
    # another device: no token, only the session
    device = sign_in(server, "traveller")
    seen = device.get(f"/api/tables/{table}").json()
    assert seen["seat"] == 0 and seen["legal_actions"]
    assert client(server).get(f"/api/tables/{table}").json()["seat"] is None  # a guest is a spectator
    assert sign_in(server, "stranger").get(f"/api/tables/{table}").json()["seat"] is None
    # "my games" lists it, with its turn
    listed = device.get("/api/me/tables").json()
    assert [entry["table"] for entry in listed] == [table]
    entry = listed[0]
    assert entry["game"] == "gadgeteers" and entry["seat"] == 0 and entry["to_act"]
    assert entry["players"][1]["bot"] == "random" and entry["players"][0]["you"] is True
    assert entry["finished"] is False and entry["replay"] is None
    assert sign_in(server, "stranger").get("/api/me/tables").json() == []
    assert client(server).get("/api/me/tables").status_code == 401
    # a move by session needs the CSRF token
    def seat_0_to_act() -> dict[str, Any] | None:
        message = device.get(f"/api/tables/{table}").json()
        return message if 0 in message["to_act"] else None
    seat_now = wait_until(seat_0_to_act, 15, "seat 0's turn")
    assert device.get("/api/me/tables").json()[0]["your_turn"] is True
    move = {"action": seat_now["legal_actions"][0], "version": seat_now["version"]}
    assert device.post(f"/api/tables/{table}/actions", json=move).status_code == 403
    stranger = sign_in(server, "stranger")
    assert stranger.post(f"/api/tables/{table}/actions", json=move, headers=csrf(stranger)).status_code == 403
    assert client(server).post(f"/api/tables/{table}/actions", json=move).status_code == 422
    moved = device.post(f"/api/tables/{table}/actions", json=move, headers=csrf(device))
    assert moved.status_code == 200 and moved.json()["version"] > seat_now["version"]
    # the WebSocket answers as the seat too, with the cookie
    follower = Follower(server, table)
    from websockets.sync.client import connect

    cookie = device.cookies["bw_session"]
    follower.socket = connect(follower.url(), open_timeout=5, additional_headers={"Cookie": f"bw_session={cookie}"},
                              **_connect_options())
    try:
        assert follower.receive()["seat"] == 0
    finally:
        follower.close()


def test_my_games_lists_a_finished_game_with_its_winners_from_the_database(server):
    player = sign_up(server, "finisher")
    guest = client(server)
    made = create(guest, "game-development", ["human", "random"])
    table = made["table"]
    own_seat(server, table, 0, "finisher")
    player = sign_in(server, "finisher")
    handed = guest.post(f"/api/tables/{table}/seats/0", json={"token": made["creator_token"], "kind": "random"})
    assert handed.status_code == 200, handed.text
    token = tokens(made)[0]
    over = wait_until(lambda: (lambda m: m if m["is_over"] else None)(
        guest.get(f"/api/tables/{table}", params={"token": token, "since": 999999}).json()), 60, "the game's end")
    wait_until(lambda: execute(server.db, "SELECT winners FROM tables WHERE id = :t", t=table)[0][0] is not None,
               10, "the winners stored")
    server.restart()  # a finished table is not resumed: the list reads it from the database
    entry, = player.get("/api/me/tables").json()
    assert entry["finished"] is True and entry["your_turn"] is False
    assert entry["winners"] == over["winners"] and entry["replay"] == f"/t/{table}/replay"


@pytest.mark.parametrize("field", ["username", "password"])
def test_bad_sign_in_bodies_are_one_line(server, field):
    body: dict[str, Any] = {"username": "someone", "password": PASSWORD}
    body[field] = 12
    answer = client(server).post("/api/session", json=body)
    assert answer.status_code == 422 and "\n" not in answer.json()["error"]
