"""``boardwright admin``: the operator's commands on a server's database (made by the server's own
code), their refusals in one line, and a running server that stops serving a table the operator
ended or deleted."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher, extract_parameters
from services import ROOT, sqlite_url
from sqlalchemy import func, insert, select
from webplay import wait_until

from boardwright.cli import main
from boardwright.web import admin
from boardwright.web.schema import accounts, actions, seats, sessions, tables
from boardwright.web.storage import Storage

_direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def seat(number: int, kind: str = "human", name: str | None = None, bot: str | None = None) -> dict[str, Any]:
    return {"seat": number, "kind": kind, "token": f"hash{number}" if kind == "human" else None, "bot": bot,
            "name": name, "account_id": None, "claim": None, "mailed": None}


def add_table(storage: Storage, table_id: str, game: str, seat_rows: list[dict[str, Any]]) -> None:
    storage.create({"id": table_id, "game": game, "game_version": "1", "players": len(seat_rows), "options": {},
                    "seed": 7, "creator": "hash", "timer": None, "address": None}, seat_rows)


def add_account(storage: Storage, username: str, sessions_held: int = 0) -> int:
    with storage.engine.begin() as connection:
        account = connection.execute(insert(accounts).values(
            username=username, username_key=username.casefold(), password="old", created=time.time(),
            disabled=False)).inserted_primary_key[0]
        for number in range(sessions_held):
            connection.execute(insert(sessions).values(id=f"{username}{number}", account_id=account, csrf="c",
                                                       created=time.time(), seen=time.time()))
    return int(account)


@pytest.fixture
def database(tmp_path: Path) -> Iterator[tuple[str, Storage]]:
    """A server's database (migrated as a server migrates it) with three tables: one being played
    by a named person, a bot and a person's seat handed to a bot; one over; one another game."""
    url = sqlite_url(tmp_path / "boardwright.db")
    storage = Storage(url)
    storage.migrate()
    add_table(storage, "playing", "gadgeteers", [seat(0, name="Ada"), seat(1, "heuristic"), seat(2, bot="random")])
    add_table(storage, "over", "makers-of-universe", [seat(0, name="Grace"), seat(1, "random"), seat(2, "random")])
    with storage.engine.begin() as connection:
        connection.execute(tables.update().where(tables.c.id == "over").values(finished=True))
    add_table(storage, "waiting", "the-game-makers", [seat(0, name="Lin"), seat(1)])
    with storage.engine.begin() as connection:
        connection.execute(tables.update().where(tables.c.id == "waiting")
                           .values(started=False, created=time.time() + 5))
    yield url, storage
    storage.close()


def run(capsys: Any, *arguments: str) -> tuple[int, str, str]:
    code = main(["admin", *arguments])
    said = capsys.readouterr()
    return code, said.out, said.err


def refused(capsys: Any, *arguments: str) -> str:
    """The one line ``boardwright admin`` refuses ``arguments`` with (exit code 2)."""
    code, out, err = run(capsys, *arguments)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, (code, out, err)
    return err


def test_tables_lists_each_table_with_its_players_and_state(capsys, database):
    url, _ = database
    code, out, _ = run(capsys, "--db", url, "tables")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["table", "game", "created", "state", "players"]
    rows = {cells[0]: cells for cells in (re.split(r"\s{2,}", line) for line in lines[1:])}
    assert list(rows) == ["waiting", "over", "playing"]  # newest first
    assert rows["playing"][1:2] + rows["playing"][3:] == ["gadgeteers", "playing",
                                                          "Ada, heuristic (bot), Seat 3 (played by random)"]
    assert rows["over"][3:] == ["finished", "Grace, random (bot), random (bot)"]
    assert rows["waiting"][3:] == ["waiting for players", "Lin, Seat 2"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", rows["over"][2])
    code, out, _ = run(capsys, "tables", "--open", "--db", url)  # --db after the action too
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["waiting", "playing"]
    code, out, _ = run(capsys, "--db", url, "tables", "--finished")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["over"]
    code, out, _ = run(capsys, "--db", url, "tables", "--limit", "1")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["waiting"]


def test_end_closes_an_unfinished_table_once(capsys, database):
    url, storage = database
    code, out, _ = run(capsys, "--db", url, "end", "playing", "--reason", "  abandoned   by everyone ")
    assert code == 0 and out == "table playing ended: abandoned by everyone\n"
    stored = storage.load("playing")
    assert stored is not None and stored.closed == "abandoned by everyone" and stored.finished
    assert "playing" not in storage.unfinished()
    assert "ended: abandoned by everyone" in run(capsys, "--db", url, "tables", "--finished")[1]
    assert "ended already: abandoned by everyone" in refused(capsys, "--db", url, "end", "playing")
    assert "is over already" in refused(capsys, "--db", url, "end", "over")
    assert "there is no table 'nope'" in refused(capsys, "--db", url, "end", "nope")
    assert "--reason is 1 to 200 characters" in refused(capsys, "--db", url, "end", "waiting", "--reason", "x" * 201)
    assert run(capsys, "--db", url, "end", "waiting")[1] == f"table waiting ended: {admin.DEFAULT_REASON}\n"


def test_delete_asks_first_and_takes_everything_stored_of_the_table(capsys, monkeypatch, database):
    url, storage = database
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    code, out, _ = run(capsys, "--db", url, "delete", "playing")
    assert code == 1 and "cannot be undone" in out and out.endswith("nothing deleted\n")
    assert storage.load("playing") is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # no answer at all is no
    assert run(capsys, "--db", url, "delete", "playing")[0] == 1
    monkeypatch.setattr(sys, "stdin", io.StringIO("yes\n"))
    assert run(capsys, "--db", url, "delete", "playing")[1].endswith("table playing deleted\n")
    assert storage.load("playing") is None
    code, out, _ = run(capsys, "--db", url, "delete", "over", "--yes")
    assert code == 0 and out == "table over deleted\n"
    with storage.engine.connect() as connection:
        for child in (seats, actions):
            assert connection.execute(select(func.count()).select_from(child)
                                      .where(child.c.table_id.in_(["playing", "over"]))).scalar_one() == 0
    assert "there is no table 'over'" in refused(capsys, "--db", url, "delete", "over", "--yes")
    assert "there is no table 'over'" in refused(capsys, "--db", url, "delete", "over")


def sessions_of(storage: Storage, account: int) -> int:
    with storage.engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(sessions)
                                  .where(sessions.c.account_id == account)).scalar_one()


def account_row(storage: Storage, account: int) -> Any:
    with storage.engine.connect() as connection:
        return connection.execute(select(accounts).where(accounts.c.id == account)).mappings().one()


def test_accounts_are_listed_disabled_and_enabled(capsys, database):
    url, storage = database
    ada = add_account(storage, "Ada", sessions_held=2)
    add_account(storage, "bob")
    code, out, _ = run(capsys, "--db", url, "accounts")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["id", "username", "created", "state", "sessions"]
    assert [line.split()[1] for line in lines[1:]] == ["bob", "Ada"]
    assert lines[2].split()[-2:] == ["active", "2"] and "old" not in out  # never the password hash
    assert run(capsys, "--db", url, "disable", "ADA")[1] == "account ADA disabled (its sessions ended)\n"
    assert account_row(storage, ada)["disabled"] and sessions_of(storage, ada) == 0
    assert run(capsys, "--db", url, "accounts")[1].splitlines()[2].split()[-2:] == ["disabled", "0"]
    assert run(capsys, "--db", url, "enable", "ada")[0] == 0
    assert not account_row(storage, ada)["disabled"]
    assert "there is no account 'carol'" in refused(capsys, "--db", url, "disable", "carol")
    assert "there is no account 'carol'" in refused(capsys, "--db", url, "enable", "carol")


def test_reset_password_stores_an_argon2id_hash_and_ends_the_sessions(capsys, monkeypatch, database):
    url, storage = database
    ada = add_account(storage, "Ada", sessions_held=3)
    monkeypatch.setattr(sys, "stdin", io.StringIO("correct horse battery\n"))
    code, out, _ = run(capsys, "--db", url, "reset-password", "ada", "--password-stdin")
    assert code == 0 and out == "account ada: password reset (its sessions ended)\n"
    stored = account_row(storage, ada)["password"]
    assert stored.startswith("$argon2id$") and PasswordHasher().verify(stored, "correct horse battery")
    found = extract_parameters(stored)
    assert (found.time_cost, found.memory_cost, found.parallelism) == (1, 47104, 1)
    assert sessions_of(storage, ada) == 0
    answers = iter(["a new password", "a new password"])
    monkeypatch.setattr(admin.getpass, "getpass", lambda prompt: next(answers))  # asked twice, without echo
    assert run(capsys, "--db", url, "reset-password", "Ada")[0] == 0
    assert PasswordHasher().verify(account_row(storage, ada)["password"], "a new password")
    answers = iter(["one password", "another one"])
    assert "the two passwords differ" in refused(capsys, "--db", url, "reset-password", "Ada")
    monkeypatch.setattr(sys, "stdin", io.StringIO("short\n"))
    assert "10 to 200 characters" in refused(capsys, "--db", url, "reset-password", "Ada", "--password-stdin")
    assert PasswordHasher().verify(account_row(storage, ada)["password"], "a new password")  # unchanged
    monkeypatch.setattr(sys, "stdin", io.StringIO("long enough\n"))
    assert "there is no account 'eve'" in refused(capsys, "--db", url, "reset-password", "eve", "--password-stdin")


def test_a_database_that_cannot_be_opened_is_refused_in_one_line(capsys, tmp_path):
    missing = tmp_path / "none" / "boardwright.db"
    assert "there is no database at" in refused(capsys, "--db", sqlite_url(missing), "tables")
    assert not missing.exists() and not missing.parent.exists()  # never created
    assert "cannot be opened" in refused(capsys, "--db", "not a url", "tables")
    assert "cannot be opened" in refused(capsys, "--db", "nosuchdb://host/x", "accounts")


def status_of(url: str) -> int:
    try:
        with _direct.open(url, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def api(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with _direct.open(request, timeout=20) as answer:
        return json.loads(answer.read())


def test_a_running_server_stops_serving_a_table_the_operator_ended_or_deleted(start_server):
    server = start_server()
    made = [api(server.url, "/api/tables", {"game": "gadgeteers", "players": 2, "seats": ["human", "human"]})
            for _ in range(3)]
    ended, deleted, kept = (f"{server.url}/api/tables/{table['table']}?token={table['seats'][0]['token']}"
                            for table in made)
    assert status_of(ended) == status_of(deleted) == 200  # in the server's memory now

    def admin_command(*arguments: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "boardwright", "admin", "--db", server.db, *arguments],
                              env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True,
                              text=True, timeout=60)

    done = admin_command("end", made[0]["table"], "--reason", "cheating")
    assert done.returncode == 0, done.stderr
    assert admin_command("delete", made[1]["table"], "--yes").returncode == 0
    wait_until(lambda: status_of(ended) == 410, 30, "the ended table answered 410", pause=0.2)
    wait_until(lambda: status_of(deleted) == 404, 30, "the deleted table answered 404", pause=0.2)
    with pytest.raises(urllib.error.HTTPError) as gone:
        _direct.open(ended, timeout=10)
    assert "was ended: cheating" in gone.value.read().decode()
    assert status_of(kept) == 200
    assert "Traceback" not in server.log()
