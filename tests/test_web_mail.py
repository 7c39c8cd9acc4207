"""Your-turn mail (issue 29): one mail to an account's address when a table has waited for its seat
longer than ``--mail-after``, sent to a local SMTP server (aiosmtpd's Controller on loopback).

Until the accounts work lands, nobody can sign in: the tests give a seat to an account by writing
the ``accounts`` row and ``seats.account_id`` into the database themselves, and the route
``POST /api/me/email`` is tried with :func:`boardwright.web.accounts.signed_in` monkeypatched (the
seam every route uses to learn who is signed in).
"""

from __future__ import annotations

import contextlib
import email
import email.policy
import json
import logging
import sqlite3
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("aiosmtpd")

from aiosmtpd.controller import Controller
from services import Server, free_port, sqlite_url
from sqlalchemy import insert, select, update
from starlette.testclient import TestClient

from boardwright.cli import main
from boardwright.web import accounts
from boardwright.web.app import create_app
from boardwright.web.limits import Limits
from boardwright.web.schema import accounts as accounts_table
from boardwright.web.schema import seats, tables
from boardwright.web.tables import Hub

BASE = "http://games.example.org"
SENDER = "turns@boardwright.example.org"
TABLE = {"game": "game-development", "players": 2, "seats": ["human", "human"], "options": {}, "timer": None}
#: a wait the background look never reaches in a test: the tests look themselves, at a moment they choose
HOUR = 3600.0
#: an opener that ignores http_proxy and friends: the server is on loopback
direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Mailbox:
    """An aiosmtpd handler that keeps every mail it is given."""

    def __init__(self) -> None:
        self.mails: list[email.message.EmailMessage] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        self.mails.append(email.message_from_bytes(envelope.content, policy=email.policy.default))  # type: ignore[arg-type]
        return "250 OK"


@pytest.fixture
def mailbox() -> Iterator[tuple[Mailbox, int]]:
    """A local SMTP server on loopback and what it received."""
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield box, controller.port
    finally:
        controller.stop()


@contextlib.contextmanager
def running(tmp_path: Path, smtp_port: int, after: float = HOUR) -> Iterator[tuple[TestClient, Hub]]:
    """The server's app in this process, mailing through the local SMTP server after ``after`` s."""
    limits = Limits(rate_limit=0, workers=1, smtp=f"smtp://127.0.0.1:{smtp_port}", smtp_from=SENDER,
                    mail_after=after)
    app = create_app(sqlite_url(tmp_path / "boardwright.db"), limits, base_url=BASE)
    hub = app.app.state.hub  # type: ignore[attr-defined]
    with TestClient(app) as client:
        yield client, hub


def new_table(client: TestClient) -> dict[str, Any]:
    made = client.post("/api/tables", json=TABLE)
    assert made.status_code == 201, made.text
    return made.json()


def account(hub: Hub, username: str, address: str | None, disabled: bool = False) -> int:
    """An account row, as the accounts work will make one at sign-up (the password is no concern here)."""
    with hub.storage.engine.begin() as connection:
        return connection.execute(insert(accounts_table).values(
            username=username, username_key=username.casefold(), password="-", created=time.time(),
            disabled=disabled, email=address)).inserted_primary_key[0]


def give_seat(hub: Hub, table: str, seat: int, account_id: int) -> None:
    """The seat belongs to the account (as a seat taken while signed in will)."""
    with hub.storage.engine.begin() as connection:
        connection.execute(update(seats).where((seats.c.table_id == table) & (seats.c.seat == seat))
                           .values(account_id=account_id))


def deciding(client: TestClient, made: dict[str, Any]) -> int:
    """The seat that decides first at a new two-seat table."""
    state = client.get(f"/api/tables/{made['table']}").json()
    assert len(state["to_act"]) == 1
    return state["to_act"][0]


def look(client: TestClient, hub: Hub, at: float) -> list[tuple[str, int]]:
    """One look of the mailer at the moment ``at`` (epoch seconds)."""
    assert hub.mailer is not None
    return client.portal.call(hub.mailer.sweep, at)  # type: ignore[union-attr]


def test_one_mail_after_the_wait_none_before_and_none_twice(tmp_path, mailbox):
    box, port = mailbox
    with running(tmp_path, port) as (client, hub):
        made = new_table(client)
        table = made["table"]
        seat = deciding(client, made)
        give_seat(hub, table, seat, account(hub, "ada", "ada@example.org"))
        give_seat(hub, table, 1 - seat, account(hub, "bob", "bob@example.org"))  # waits for Ada: no mail
        start = time.time()

        assert look(client, hub, start + HOUR - 60) == []  # the table has waited less than --mail-after
        assert box.mails == []
        assert look(client, hub, start + HOUR + 60) == [(table, seat)]
        assert len(box.mails) == 1  # sent before the look ends (the SMTP server acknowledged it)
        assert look(client, hub, start + 3 * HOUR) == []  # one mail per wait, however long it lasts
        assert len(box.mails) == 1

        mail = box.mails[0]
        assert mail["To"] == "ada@example.org" and mail["From"] == SENDER
        assert mail["Subject"] == "Your turn in Game Development"
        body = mail.get_content()
        assert f"{BASE}/t/{table}" in body.split()
        with hub.storage.engine.connect() as connection:
            seed = connection.execute(select(tables.c.seed).where(tables.c.id == table)).scalar_one()
        secrets = [seed, made["creator_token"], *(entry["token"] for entry in made["seats"])]
        assert not [secret for secret in secrets if secret in mail.as_string()]

        # Ada moves: whoever the table waits for now (Bob, or Ada again) is mailed once for this new wait
        token = {entry["seat"]: entry["token"] for entry in made["seats"]}
        mine = client.get(f"/api/tables/{table}", params={"token": token[seat]}).json()
        moved = client.post(f"/api/tables/{table}/actions", json={
            "token": token[seat], "action": mine["legal_actions"][0], "version": mine["version"]})
        assert moved.status_code == 200, moved.text
        waiting_for = moved.json()["to_act"]
        assert look(client, hub, time.time() + HOUR + 60) == [(table, waiting_for[0])]
        assert len(box.mails) == 2
        assert box.mails[1]["To"] == ("ada@example.org" if waiting_for[0] == seat else "bob@example.org")


def test_no_mail_for_guests_nor_accounts_without_an_address(tmp_path, mailbox):
    box, port = mailbox
    with running(tmp_path, port) as (client, hub):
        guest = new_table(client)  # nobody signed in: no seat has an account
        silent = new_table(client)
        give_seat(hub, silent["table"], deciding(client, silent), account(hub, "cy", None))
        disabled = new_table(client)
        give_seat(hub, disabled["table"], deciding(client, disabled), account(hub, "dee", "dee@example.org",
                                                                               disabled=True))
        assert guest["table"] and look(client, hub, time.time() + 10 * HOUR) == []
        assert box.mails == []


class Kept(logging.Handler):
    """Keeps the server's log records (pytest's own log capture is off in this project's runs)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_failing_smtp_server_is_logged_once_and_the_wait_is_not_mailed_twice(tmp_path):
    with running(tmp_path, free_port()) as (client, hub):  # nothing listens on that port
        tables_made = [new_table(client) for _ in range(2)]
        for index, made in enumerate(tables_made):
            give_seat(hub, made["table"], deciding(client, made), account(hub, f"eve{index}", f"e{index}@example.org"))
        kept = Kept()
        logging.getLogger("boardwright.web").addHandler(kept)
        try:
            assert look(client, hub, time.time() + 2 * HOUR) == []
            assert look(client, hub, time.time() + 3 * HOUR) == []
        finally:
            logging.getLogger("boardwright.web").removeHandler(kept)
        failures = [record for record in kept.records if "was not sent" in record.getMessage()]
        assert len(failures) == 1, [record.getMessage() for record in kept.records]
        assert not hub.storage.mail_due(time.time())  # both waits are dealt with: no mail at the next look
        assert "\n" not in failures[0].getMessage()


def test_an_account_sets_and_removes_its_address(tmp_path, mailbox, monkeypatch):
    _, port = mailbox
    with running(tmp_path, port) as (client, hub):
        ada = account(hub, "ada", None)
        asked: list[bool] = []

        def stored() -> str | None:
            with hub.storage.engine.connect() as connection:
                return connection.execute(select(accounts_table.c.email)
                                          .where(accounts_table.c.id == ada)).scalar_one()

        guest = client.post("/api/me/email", json={"email": "ada@example.org"})
        assert guest.status_code == 401 and set(guest.json()) == {"error"}

        async def signed_in(request: Any, changes: bool = False) -> accounts.Account:  # the seam (see above)
            asked.append(changes)
            return accounts.Account(ada, "ada")
        monkeypatch.setattr(accounts, "signed_in", signed_in)

        done = client.post("/api/me/email", json={"email": " ada@example.org "})
        assert done.status_code == 200 and done.json() == {"email": "ada@example.org", "mail": True}
        assert stored() == "ada@example.org" and asked == [True]  # a change: the CSRF check applies
        for bad in ["ada", "ada@example", "Ada <ada@example.org>", "ada@example.org\r\nBcc: eve@example.org",
                    "a" * 250 + "@example.org", 42, None]:
            refused = client.post("/api/me/email", json={"email": bad})
            assert refused.status_code == 422, (bad, refused.text)
            assert "\n" not in refused.json()["error"] and stored() == "ada@example.org"
        removed = client.post("/api/me/email", json={"email": ""})
        assert removed.status_code == 200 and removed.json()["email"] is None and stored() is None


@pytest.mark.parametrize(("flags", "words"), [
    (["--smtp", "ftp://mail.example.org"], "--smtp is smtp://[user:password@]host[:port] or smtps://..."),
    (["--smtp", "smtp://mail.example.org"], "--smtp needs --smtp-from ADDRESS"),
    (["--smtp", "smtp://u:hunter2@mail.example.org/x", "--smtp-from", "a@example.org"], "--smtp takes only"),
    (["--smtp-from", "nobody"], "--smtp-from: 'nobody' is not an e-mail address"),
    (["--base-url", "games.example.org"], "--base-url is an address such as https://games.example.org"),
    (["--mail-after", "0"], "--mail-after is 0.1 to"),
])
def test_bad_mail_flags_stop_the_server_in_one_line(tmp_path, capsys, flags, words):
    assert main(["serve", *flags, "--db", sqlite_url(tmp_path / "never.db")]) == 2
    said = capsys.readouterr().err
    assert said.startswith(f"boardwright: {words}") and said.count("\n") == 1, said
    assert "hunter2" not in said
    assert not (tmp_path / "never.db").exists()


def test_serve_mails_by_itself_and_the_link_opens_the_table(start_server: Callable[..., Server], mailbox):
    """Through ``boardwright serve`` and its flags: the background look finds the wait and mails it."""
    box, port = mailbox
    server = start_server(args=("--workers", "1", "--smtp", f"smtp://127.0.0.1:{port}", "--smtp-from", SENDER,
                                "--mail-after", "0.5", "--base-url", "http://127.0.0.1:1/"))
    request = urllib.request.Request(f"{server.url}/api/tables", data=json.dumps(TABLE).encode(),
                                     headers={"Content-Type": "application/json"})
    made = json.loads(direct.open(request, timeout=10).read())
    table = made["table"]
    assert made["url"] == f"http://127.0.0.1:1/t/{table}"  # --base-url makes every link the server gives
    state = json.loads(direct.open(f"{server.url}/api/tables/{table}", timeout=10).read())
    path = server.db.removeprefix("sqlite:///")
    with contextlib.closing(sqlite3.connect(path, timeout=30)) as db, db:
        ada = db.execute("INSERT INTO accounts (username, username_key, password, created, disabled, email) "
                         "VALUES ('ada', 'ada', '-', ?, 0, 'ada@example.org')", (time.time(),)).lastrowid
        db.execute("UPDATE seats SET account_id = ? WHERE table_id = ? AND seat = ?", (ada, table, state["to_act"][0]))
    deadline = time.monotonic() + 30
    while not box.mails and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(box.mails) == 1, server.log()
    link = next(word for word in box.mails[0].get_content().split() if "/t/" in word)
    assert link == f"http://127.0.0.1:1/t/{table}"
    page = direct.open(server.url + link.removeprefix("http://127.0.0.1:1"), timeout=10)
    assert page.status == 200 and b"/static/table.js" in page.read()
