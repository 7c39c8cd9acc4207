"""The chat of a table over a real server: who reads which channel (a spectator's line never reaches a
seat during the game: not over HTTP, not over a socket, not after a reconnect; everyone reads both
after the end), the bounds on a line (length, control characters, names, tokens, the rate, the
table's cap), tables kept apart, and lines stored across a restart."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from webplay import _connect_options, client, create, tokens, wait_until

from boardwright.web.chat import MAX_TEXT, PLAYERS, SPECTATORS, check_text
from boardwright.web.protocol import BadRequest

GAME = "game-development"  # short games: random bots end one in a second or two


class Socket:
    """A WebSocket of a table that keeps every frame it is pushed, as text and as JSON."""

    def __init__(self, server: Any, table: str, token: str | None = None) -> None:
        from websockets.sync.client import connect

        query = f"?token={token}" if token else ""
        self.socket = connect(f"{server.ws_url}/ws/tables/{table}{query}", open_timeout=5, max_size=None,
                              **_connect_options())
        self.frames: list[str] = []

    def read(self, quiet_for: float = 0.3) -> None:
        """Keep what comes until nothing has come for ``quiet_for`` seconds."""
        while True:
            try:
                self.frames.append(self.socket.recv(timeout=quiet_for))
            except TimeoutError:
                return

    def chat(self) -> list[dict[str, Any]]:
        """Every chat line pushed so far."""
        return [line for frame in self.frames for line in json.loads(frame).get("chat", [])]

    def wait_line(self, text: str, timeout: float = 10.0) -> dict[str, Any]:
        def arrived() -> dict[str, Any] | None:
            self.read(0.05)
            return next((line for line in self.chat() if line["text"] == text), None)
        return wait_until(arrived, timeout, f"the chat line {text!r} over the socket")

    def close(self) -> None:
        self.socket.close()


def say(http: httpx.Client, table: str, text: str, **fields: Any) -> httpx.Response:
    return http.post(f"/api/tables/{table}/chat", json={"text": text, **fields})


def read(http: httpx.Client, table: str, token: str | None = None, after: int | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {} if token is None else {"token": token}
    if after is not None:
        params["after"] = after
    answer = http.get(f"/api/tables/{table}/chat", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def texts(answer: dict[str, Any]) -> list[str]:
    return [line["text"] for line in answer["chat"]]


def refused(answer: httpx.Response, status: int, *words: str) -> str:
    """The one-line error of a refusal with ``status`` that names ``words``."""
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert "\n" not in error and "Traceback" not in error and all(word in error for word in words), error
    return error


def two_seats(http: httpx.Client) -> tuple[dict[str, Any], dict[int, str]]:
    made = create(http, GAME, ["human", "human"])
    return made, tokens(made)


def play_out(http: httpx.Client, made: dict[str, Any]) -> None:
    """Hand every human seat to a random bot: the table plays to its end."""
    for seat in tokens(made):
        answer = http.post(f"/api/tables/{made['table']}/seats/{seat}",
                           json={"token": made["creator_token"], "kind": "random"})
        assert answer.status_code == 200, answer.text
    wait_until(lambda: http.get(f"/api/tables/{made['table']}", params={"since": 999_999_999}).json()["is_over"],
               60, "the bots to end the game", pause=0.1)


def test_a_text_is_folded_trimmed_and_bounded():
    assert check_text("  two\nlines\r\n\tand a tab ") == "two lines  and a tab"
    assert check_text("x" * MAX_TEXT) == "x" * MAX_TEXT
    for bad in ("", " \n\t ", "x" * (MAX_TEXT + 1), "bell\x07", "null\x00", "rtl\u202eevil", 5, None):
        with pytest.raises(BadRequest) as error:
            check_text(bad)
        assert error.value.status == 422


def test_a_seats_line_reaches_the_other_seat_and_the_spectators(shared_server):
    with client(shared_server) as http:
        made, seats = two_seats(http)
        table = made["table"]
        other, watcher = Socket(shared_server, table, seats[1]), Socket(shared_server, table)
        try:
            answer = say(http, table, "good luck <b>all</b>", token=seats[0])
            assert answer.status_code == 201, answer.text
            line = answer.json()["chat"][0]
            assert set(line) == {"id", "channel", "seat", "name", "text", "time"}
            assert (line["channel"], line["seat"], line["text"]) == (PLAYERS, 0, "good luck <b>all</b>")
            for socket in (other, watcher):
                assert socket.wait_line("good luck <b>all</b>")["id"] == line["id"]
            for token in (seats[0], seats[1], None):
                assert texts(read(http, table, token)) == ["good luck <b>all</b>"]
            assert read(http, table, seats[1], after=line["id"])["chat"] == []
            # a socket opened later is given the lines it may read
            late = Socket(shared_server, table, seats[0])
            assert late.wait_line("good luck <b>all</b>")
            late.close()
        finally:
            other.close()
            watcher.close()


def test_a_spectators_line_never_reaches_a_seat_during_the_game_and_everyone_after_it(shared_server):
    with client(shared_server) as http:
        made, seats = two_seats(http)
        table = made["table"]
        sockets = {seat: Socket(shared_server, table, token) for seat, token in seats.items()}
        watcher = Socket(shared_server, table)
        secret = "psst, seat 2 holds the big card"
        try:
            answer = say(http, table, secret, name="Grace")
            assert answer.status_code == 201, answer.text
            assert answer.json()["chat"][0]["channel"] == SPECTATORS and answer.json()["chat"][0]["name"] == "Grace"
            assert watcher.wait_line(secret)["seat"] is None
            assert texts(read(http, table)) == [secret]
            assert say(http, table, "ready?", token=seats[0]).status_code == 201
            for seat, socket in sockets.items():
                socket.wait_line("ready?")  # the seat's socket is served: a line it may read came
                socket.read()
                assert all(secret not in frame for frame in socket.frames), f"seat {seat} was pushed it"
                assert texts(read(http, table, seats[seat])) == ["ready?"]
                assert read(http, table, seats[seat])["channels"] == [PLAYERS]
                assert secret not in http.get(f"/api/tables/{table}", params={"token": seats[seat]}).text
            again = Socket(shared_server, table, seats[1])  # a reconnect is told the lines again
            again.wait_line("ready?")
            again.read()
            assert all(secret not in frame for frame in again.frames)
            again.close()

            play_out(http, made)
            for socket in sockets.values():
                assert socket.wait_line(secret)["channel"] == SPECTATORS
            for token in seats.values():
                assert texts(read(http, table, token)) == [secret, "ready?"]
                assert read(http, table, token)["channels"] == [PLAYERS, SPECTATORS]
        finally:
            for socket in (*sockets.values(), watcher):
                socket.close()


def test_bad_lines_are_refused_with_one_line_and_change_nothing(shared_server):
    with client(shared_server) as http:
        made, seats = two_seats(http)
        table = made["table"]
        refused(say(http, table, "x" * (MAX_TEXT + 1), token=seats[0]), 422, "300")
        refused(say(http, table, "   ", token=seats[0]), 422, "empty")
        refused(say(http, table, "ring\x07", token=seats[0]), 422, "control")
        refused(http.post(f"/api/tables/{table}/chat", json={"token": seats[0], "text": ["x"]}), 422, "text")
        refused(say(http, table, "hello", token="not-a-token"), 403, "token")
        refused(say(http, table, "hello", token=5), 422, "token")
        refused(say(http, table, "hello"), 422, "name")
        refused(say(http, table, "hello", name="Seat 1"), 422, "seat or a bot")
        refused(say(http, table, "hello", name="<script>"), 422, "letters")
        refused(http.get(f"/api/tables/{table}/chat", params={"after": "-1"}), 422, "after")
        refused(http.get(f"/api/tables/{table}/chat", params={"token": "nope"}), 403, "token")
        refused(say(http, "no-such-table", "hello", name="Ada"), 404, "no table")
        assert read(http, table)["chat"] == []
        folded = say(http, table, "two\nlines", token=seats[1])
        assert folded.status_code == 201 and folded.json()["chat"][0]["text"] == "two lines"
        assert say(http, table, "y" * MAX_TEXT, token=seats[1]).status_code == 201


def test_a_writer_is_paced_and_a_table_holds_so_many_lines(start_server):
    server = start_server(args=("--chat-burst", "3", "--chat-rate", "0.2", "--max-chat-lines", "5"))
    with client(server) as http:
        made, seats = two_seats(http)
        table = made["table"]
        for count in range(3):
            assert say(http, table, f"line {count}", token=seats[0]).status_code == 201
        paced = say(http, table, "one too many", token=seats[0])
        refused(paced, 429, "too many chat lines", "wait")
        assert int(paced.headers["retry-after"]) >= 1
        assert say(http, table, "another seat is paced apart", token=seats[1]).status_code == 201
        assert say(http, table, "and a spectator too", name="Ada").status_code == 201
        refused(say(http, table, "the sixth line", token=seats[1]), 429, "5 lines")
        assert len(read(http, table)["chat"]) == 5


def test_no_line_of_one_table_reaches_another(shared_server):
    with client(shared_server) as http:
        first, first_seats = two_seats(http)
        second, second_seats = two_seats(http)
        others = [Socket(shared_server, second["table"], token) for token in second_seats.values()]
        others.append(Socket(shared_server, second["table"]))
        try:
            assert say(http, first["table"], "table one only", token=first_seats[0]).status_code == 201
            assert say(http, first["table"], "watchers of one", name="Linus").status_code == 201
            assert say(http, second["table"], "table two", token=second_seats[0]).status_code == 201
            for socket in others:
                socket.wait_line("table two")
                socket.read()
                assert not any("table one" in frame or "watchers of one" in frame for frame in socket.frames)
            for token in (*second_seats.values(), None):
                assert texts(read(http, second["table"], token)) == ["table two"]
            refused(http.get(f"/api/tables/{second['table']}/chat", params={"token": first_seats[0]}), 403)
        finally:
            for socket in others:
                socket.close()


def test_lines_are_stored_across_a_restart(start_server):
    server = start_server()
    with client(server) as http:
        made, seats = two_seats(http)
        table = made["table"]
        assert say(http, table, "before the restart", token=seats[0]).status_code == 201
        assert say(http, table, "watching", name="Ada").status_code == 201
    server.restart()
    with client(server) as http:
        assert texts(read(http, table)) == ["before the restart", "watching"]
        assert texts(read(http, table, seats[1])) == ["before the restart"]
        socket = Socket(server, table, seats[1])
        try:
            assert socket.wait_line("before the restart")
        finally:
            socket.close()
        assert say(http, table, "after it", token=seats[1]).status_code == 201
        assert texts(read(http, table, seats[0])) == ["before the restart", "after it"]


def test_a_line_written_through_one_server_reaches_the_sockets_of_another(postgres_db, start_server):
    args = ("--rate-limit", "0", "--workers", "1")
    first, second = start_server(db=postgres_db, args=args), start_server(db=postgres_db, args=args)
    with client(first) as http:
        made, seats = two_seats(http)
        table = made["table"]
        seat, watcher = Socket(second, table, seats[1]), Socket(second, table)
        try:
            with client(second) as other:
                assert read(other, table)["chat"] == []
            assert say(http, table, "spectating from the first", name="Ada").status_code == 201
            assert say(http, table, "through the first server", token=seats[0]).status_code == 201
            for socket in (seat, watcher):
                assert socket.wait_line("through the first server")["seat"] == 0
            assert watcher.wait_line("spectating from the first")
            seat.read()
            assert all("spectating" not in frame for frame in seat.frames)
        finally:
            seat.close()
            watcher.close()
