"""``boardwright admin``: what the operator of a server does by hand, on its database (``--db``, the
same default as ``serve``), whether a server runs on it or not.

- ``tables [--open | --finished] [--limit N]``: the newest tables, their players and state;
- ``accounts [--limit N]``: the newest accounts;
- ``end TABLE [--reason TEXT]``: close an unfinished table; the servers stop serving it (at once on
  PostgreSQL, which announces it; within :data:`~.tables.CLOSED_EVERY` seconds on SQLite);
- ``delete TABLE [--yes]``: delete a table and everything stored of it (asked first);
- ``disable USER`` / ``enable USER``: a disabled account's sessions end and it cannot sign in;
- ``reset-password USER [--password-stdin]``: a new password (asked twice without echo), which ends
  the account's sessions.

A refusal (an unknown table or account, a database that cannot be opened) is an
:class:`AdminError`: one line, exit code 2. A deletion the operator declines is exit code 1.
"""

from __future__ import annotations

import getpass
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from sqlalchemy.exc import SQLAlchemyError

from boardwright.engine.errors import BoardwrightError

from .server import _without_password, default_db
from .sqlitefile import sqlite_path
from .storage import Storage

#: the reason an ended table gives when the operator names none
DEFAULT_REASON = "ended by the server's operator"


class AdminError(BoardwrightError):
    """A refusal of ``boardwright admin``: one line, nothing changed."""


def password_hash(password: str) -> str:
    """The Argon2id hash an account stores of ``password``: the accounts' own hasher (one set of
    parameters, :data:`.accounts.HASHER`)."""
    from .accounts import HASHER

    return HASHER.hash(password)


def open_storage(url: str | None) -> Storage:
    """The database at ``url`` (default: the server's), its schema brought up to date; an
    :class:`AdminError` when it cannot be opened (an SQLite file that does not exist is one: a
    server creates its database when it first starts)."""
    database = url or default_db()
    shown = _without_password(database)
    try:
        path = sqlite_path(database)
        if path is not None and not path.is_file():
            raise AdminError(f"there is no database at {path} (a server creates it when it first starts; "
                             f"--db names another)")
        storage = Storage(database)
        storage.migrate()
    except AdminError:
        raise
    except (SQLAlchemyError, ImportError, ValueError, OSError) as error:
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise AdminError(f"--db {shown}: the database cannot be opened: {first[:200]}") from None
    return storage


def when(moment: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(moment))


def player(seat: dict[str, Any]) -> str:
    """A seat as the operator reads it: the person's name (else "Seat N", counted from 1), or the
    bot; a person's seat a bot plays now says so."""
    if seat["kind"] != "human":
        return f"{seat['kind']} (bot)"
    who = seat.get("name") or f"Seat {seat['seat'] + 1}"
    return f"{who} (played by {seat['bot']})" if seat.get("bot") else who


def table_state(head: dict[str, Any]) -> str:
    if head["closed"] is not None:
        return f"ended: {head['closed']}"
    if head["expired"]:
        return "expired"
    if head["finished"]:
        return "finished"
    return "playing" if head["started"] else "waiting for players"


def columns(header: Sequence[str], rows: list[Sequence[str]], out: TextIO) -> None:
    """``rows`` under ``header``, each column as wide as its widest cell (the last one unpadded)."""
    widths = [max(len(row[index]) for row in [header, *rows]) for index in range(len(header) - 1)]
    for row in [header, *rows]:
        print("  ".join([*(cell.ljust(width) for cell, width in zip(row, widths, strict=False)), row[-1]]), file=out)


def list_tables(storage: Storage, which: str | None, limit: int, out: TextIO) -> int:
    found = storage.listed_tables(which, limit)
    if not found:
        print("no tables", file=out)
        return 0
    columns(("table", "game", "created", "state", "players"),
            [(head["id"], head["game"], when(head["created"]), table_state(head),
              ", ".join(player(seat) for seat in head["seats"])) for head in found], out)
    return 0


def list_accounts(storage: Storage, limit: int, out: TextIO) -> int:
    found = storage.listed_accounts(limit)
    if not found:
        print("no accounts", file=out)
        return 0
    columns(("id", "username", "created", "state", "sessions"),
            [(str(row["id"]), row["username"], when(row["created"]), "disabled" if row["disabled"] else "active",
              str(row["sessions"])) for row in found], out)
    return 0


def end(storage: Storage, table_id: str, reason: str | None, out: TextIO) -> int:
    reason = DEFAULT_REASON if reason is None else " ".join(reason.split())
    if not reason or len(reason) > 200:
        raise AdminError("--reason is 1 to 200 characters")
    storage.end_table(table_id, reason)
    print(f"table {table_id} ended: {reason}", file=out)
    return 0


def delete(storage: Storage, table_id: str, yes: bool, ask: Callable[[str], str], out: TextIO) -> int:
    if not yes:
        heads = storage.listed_tables(None, 1, table_id)
        if not heads:
            raise LookupError(f"there is no table {table_id[:40]!r}")
        head = heads[0]
        try:
            answer = ask(f"Delete table {table_id} ({head['game']}, {table_state(head)}) and everything stored of "
                         f"it? This cannot be undone. [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("nothing deleted", file=out)
            return 1
    storage.delete_table(table_id)
    print(f"table {table_id} deleted", file=out)
    return 0


def new_password(username: str, from_stdin: bool, stdin: TextIO) -> str:
    """The new password of ``username``: the first line of standard input, or asked twice without
    echo; held to the rule of a password chosen at sign-up (:func:`.accounts.check_password`)."""
    if from_stdin:
        password = stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("New password: ")
        if getpass.getpass("The same again: ") != password:
            raise AdminError("the two passwords differ; nothing changed")
    from .accounts import check_password
    from .protocol import BadRequest

    try:
        check_password(password, username)
    except BadRequest as refused:
        raise AdminError(f"{refused}; nothing changed") from None
    return password


def run(args: Any, out: TextIO | None = None, stdin: TextIO | None = None,
        ask: Callable[[str], str] | None = None) -> int:
    """Carry out the ``boardwright admin`` command line ``args`` (parsed by the CLI); the exit code.
    It writes to ``out``, reads a password from ``stdin`` and asks with ``ask`` (by default the
    process's own standard output, input and :func:`input`)."""
    out, stdin, ask = out or sys.stdout, stdin or sys.stdin, ask or input
    storage = open_storage(args.db)
    try:
        action = args.admin
        if action == "tables":
            return list_tables(storage, "open" if args.open else "finished" if args.finished else None,
                               args.limit, out)
        if action == "accounts":
            return list_accounts(storage, args.limit, out)
        if action == "end":
            return end(storage, args.table, args.reason, out)
        if action == "delete":
            return delete(storage, args.table, args.yes, ask, out)
        if action in ("disable", "enable"):
            storage.set_disabled(args.user, action == "disable")
            print(f"account {args.user} {action}d" + (" (its sessions ended)" if action == "disable" else ""),
                  file=out)
            return 0
        if action == "reset-password":
            password = new_password(args.user, args.password_stdin, stdin)
            storage.set_password(args.user, password_hash(password))
            print(f"account {args.user}: password reset (its sessions ended)", file=out)
            return 0
        raise AdminError(f"unknown action {action!r}")
    except (LookupError, ValueError) as refused:
        raise AdminError(str(refused)) from None
    except SQLAlchemyError as error:
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise AdminError(f"the database refused: {first[:200]}") from None
    finally:
        storage.close()
