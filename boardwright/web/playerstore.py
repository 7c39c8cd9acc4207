"""What the server stores of players (:class:`PlayerStore`, part of :class:`.storage.Storage`):
your-turn mail, ratings, chat, the lobby's open tables and rematches, the operator's commands,
accounts and their sessions, "my games". Like the rest of the storage, every method blocks; the
server calls them from worker threads."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import String, cast, delete, func, insert, literal, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .protocol import HUMAN
from .schema import (
    accounts,
    actions,
    bot_leases,
    chat,
    rating_history,
    ratings,
    reviews,
    seats,
    sessions,
    snapshots,
    tables,
)

#: seats looked at for your-turn mail at most in one look (the oldest waits first; the rest at the next)
MAIL_BATCH = 100


class _ChatFull(Exception):
    """A table's chat holds all the lines it may (its new line is not stored)."""


class StoreBase:
    """What the parts of the storage share, made by :class:`.storage.Storage`: its engine, whether
    it is PostgreSQL, and its ways to write, to check its SQLite file and to announce a change."""
    engine: Engine
    is_postgres: bool

    def _writing(self) -> contextlib.AbstractContextManager[Connection]:
        raise NotImplementedError

    def _check_file(self) -> None:
        raise NotImplementedError

    def _announce(self, connection: Any, payload: str) -> None:
        raise NotImplementedError


class PlayerStore(StoreBase):
    """The players' part of the storage (see the module)."""

    # ---- notices (your-turn mail)
    def mail_due(self, cutoff: float, most: int = MAIL_BATCH) -> list[dict[str, Any]]:
        """The seats to look at for your-turn mail, oldest wait first (at most ``most``): a person's
        seat, of an account with an address that is not disabled, at a started table that goes on,
        whose last change (its creation, before any) is older than ``cutoff`` (epoch seconds), and
        not looked at since that change (``seats.mailed`` below the table's version). Each as
        ``{table_id, seat, game, email, version, since}``. One query."""
        last = actions.alias("last")
        version = func.coalesce(select(func.max(last.c.version)).where(last.c.table_id == tables.c.id)
                                .scalar_subquery(), 0)
        since = func.coalesce(select(last.c.created).where(last.c.table_id == tables.c.id)
                              .order_by(last.c.version.desc()).limit(1).scalar_subquery(), tables.c.created)
        query = (
            select(seats.c.table_id, seats.c.seat, tables.c.game, accounts.c.email, version.label("version"),
                   since.label("since"))
            .select_from(seats.join(tables, tables.c.id == seats.c.table_id)
                         .join(accounts, accounts.c.id == seats.c.account_id))
            .where(accounts.c.email.is_not(None) & accounts.c.disabled.is_(False)
                   & tables.c.finished.is_(False) & tables.c.expired.is_(False) & tables.c.started.is_(True)
                   & tables.c.closed.is_(None) & (seats.c.kind == HUMAN) & seats.c.bot.is_(None)
                   & (since < cutoff) & (seats.c.mailed.is_(None) | (seats.c.mailed < version)))
            .order_by(since).limit(most))
        self._check_file()
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def claim_mail(self, table_id: str, seat: int, version: int) -> bool:
        """Mark the wait of ``seat`` at ``version`` dealt with, unless it already is (a compare and
        set: of two servers that try at once, exactly one is told ``True``)."""
        with self._writing() as connection:
            claimed = connection.execute(
                update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat)
                                    & (seats.c.mailed.is_(None) | (seats.c.mailed < version)))
                .values(mailed=version))
        return claimed.rowcount == 1

    def set_email(self, account_id: int, email: str | None) -> bool:
        """Give account ``account_id`` the address its your-turn mail goes to (``None``: no mail);
        whether there is such an account."""
        with self._writing() as connection:
            changed = connection.execute(update(accounts).where(accounts.c.id == account_id).values(email=email))
        return changed.rowcount == 1

    # ---- ratings (issue 29: ratings, leaderboards, profiles)
    def mark_handed(self, table_id: str) -> None:
        """Note that a person's seat at ``table_id`` was handed to a bot once play had begun: the
        table's end is not rated."""
        with self._writing() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id).values(handed=True))

    def keep_places(self, table_id: str, places: list[int]) -> None:
        """Store each seat's place in the result of the finished game at ``table_id``."""
        with self._writing() as connection:
            for seat, place in enumerate(places):
                connection.execute(update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat))
                                   .values(place=place))

    def rate_table(self, table_id: str, game: str, players: int, subjects: list[str],
                   rate: Callable[[dict[str, tuple[float, float]]], dict[str, tuple[float, float, bool]]],
                   ) -> dict[str, tuple[float, float, bool]] | None:
        """Rate the finished game at ``table_id`` once: in one transaction, claim the table (its
        ``rated`` flag, set only if it is finished, not rated yet and no seat was handed to a bot),
        read the current ratings of ``subjects`` in the group (game, players) (locked on
        PostgreSQL, in subject order), have ``rate(current)`` compute each subject's new
        ``(mu, sigma, won)``, and store them with a line of history each. ``None`` (nothing
        changed) when the table was rated already or may not be. A claim that two servers make at
        once is made by one: the other waits on the table's row and then finds it rated. A new
        subject's first rating written by two tables at once fails one of them, which tries again."""
        group = (ratings.c.game == game) & (ratings.c.players == players)
        for attempt in range(3):
            try:
                with self._writing() as connection:
                    claimed = connection.execute(
                        update(tables).where((tables.c.id == table_id) & tables.c.finished.is_(True)
                                             & tables.c.rated.is_(False) & tables.c.handed.is_(False))
                        .values(rated=True)).rowcount
                    if claimed != 1:
                        return None
                    query = (select(ratings.c.subject, ratings.c.mu, ratings.c.sigma)
                             .where(group & ratings.c.subject.in_(subjects)).order_by(ratings.c.subject))
                    if self.is_postgres:
                        query = query.with_for_update()
                    current = {subject: (mu, sigma) for subject, mu, sigma in connection.execute(query)}
                    rated = rate(current)
                    now = time.time()
                    for subject, (mu, sigma, won) in sorted(rated.items()):
                        if subject in current:
                            connection.execute(update(ratings).where(group & (ratings.c.subject == subject)).values(
                                mu=mu, sigma=sigma, games=ratings.c.games + 1, wins=ratings.c.wins + int(won),
                                updated=now))
                        else:
                            connection.execute(insert(ratings).values(
                                subject=subject, game=game, players=players, mu=mu, sigma=sigma, games=1,
                                wins=int(won), updated=now))
                    connection.execute(insert(rating_history), [
                        {"subject": subject, "game": game, "players": players, "table_id": table_id, "mu": mu,
                         "sigma": sigma, "won": won, "created": now}
                        for subject, (mu, sigma, won) in sorted(rated.items())])
                return rated
            except IntegrityError:
                if attempt == 2:
                    raise
        return None

    def leaderboard(self, game: str, players: int, limit: int) -> list[dict[str, Any]]:
        """The best ``limit`` ratings of the group (game, players), highest ordinal (mu - 3 sigma)
        first, then more games, then by subject (a stable order); each with the username of its
        account (``None`` for a bot). Disabled accounts are left out."""
        account = ratings.c.subject == literal("account:", String) + cast(accounts.c.id, String)
        query = (select(ratings.c.subject, ratings.c.mu, ratings.c.sigma, ratings.c.games, ratings.c.wins,
                        accounts.c.username)
                 .select_from(ratings.outerjoin(accounts, account))
                 .where((ratings.c.game == game) & (ratings.c.players == players)
                        & (ratings.c.subject.like("bot:%") | accounts.c.disabled.is_(False)))
                 .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), ratings.c.games.desc(), ratings.c.subject)
                 .limit(limit))
        self._check_file()
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(query).mappings()]

    def account_named(self, username_key: str) -> dict[str, Any] | None:
        """The account (id, username, created) whose case-folded username is ``username_key``,
        unless it is disabled."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(select(accounts.c.id, accounts.c.username, accounts.c.created).where(
                (accounts.c.username_key == username_key) & accounts.c.disabled.is_(False))).mappings().first()
        return None if found is None else dict(found)

    def ratings_of(self, subject: str, history: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Every rating of ``subject`` (one per game and player count), and the newest ``history``
        lines of its rating history, oldest first."""
        self._check_file()
        with self.engine.connect() as connection:
            groups = connection.execute(select(ratings).where(ratings.c.subject == subject)
                                        .order_by(ratings.c.game, ratings.c.players)).mappings().all()
            lines = connection.execute(select(rating_history).where(rating_history.c.subject == subject)
                                       .order_by(rating_history.c.id.desc()).limit(history)).mappings().all()
        return [dict(row) for row in groups], [dict(row) for row in reversed(lines)]

    def finished_tables_of(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """The newest ``limit`` finished games with a seat of ``account_id``: the table, game,
        player count, when it was created, whether it was rated, and the account's seat and place."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(
                select(tables.c.id, tables.c.game, tables.c.players, tables.c.created, tables.c.rated,
                       seats.c.seat, seats.c.place)
                .join(seats, seats.c.table_id == tables.c.id)
                .where((seats.c.account_id == account_id) & tables.c.finished.is_(True))
                .order_by(tables.c.created.desc(), tables.c.id, seats.c.seat).limit(limit)).mappings().all()
        return [dict(row) for row in found]

    # ---- chat
    def add_chat(self, table_id: str, channel: str, seat: int | None, name: str, text: str,
                 most: int) -> dict[str, Any] | None:
        """Store a chat line of ``table_id`` (announced to the other servers); the stored row, or
        ``None`` when the table holds ``most`` lines already (0: no cap). The line is written before
        the lines are counted, so that the count is taken under the write lock (SQLite); PostgreSQL
        locks the table's row first, so that two servers cannot both store the last line allowed."""
        row = {"table_id": table_id, "channel": channel, "seat": seat, "name": name, "text": text,
               "created": time.time()}
        try:
            with self._writing() as connection:
                if most and self.is_postgres:
                    connection.execute(select(tables.c.id).where(tables.c.id == table_id).with_for_update())
                stored = connection.execute(insert(chat).values(row))
                if most and connection.execute(select(func.count()).select_from(chat)
                                               .where(chat.c.table_id == table_id)).scalar_one() > most:
                    raise _ChatFull  # the line is rolled back
                self._announce(connection, f"{table_id} chat")
        except _ChatFull:
            return None
        key = stored.inserted_primary_key
        assert key is not None
        return dict(row, id=key[0])

    def chat_of(self, table_id: str, newest: int) -> tuple[int, list[dict[str, Any]]]:
        """How many chat lines ``table_id`` holds, and the ``newest`` lines of each of its channels."""
        self._check_file()
        with self.engine.connect() as connection:
            count = connection.execute(select(func.count()).select_from(chat)
                                       .where(chat.c.table_id == table_id)).scalar_one()
            rows: list[Any] = []
            for channel in connection.execute(select(chat.c.channel).where(chat.c.table_id == table_id)
                                              .distinct()).scalars():
                rows += connection.execute(select(chat).where((chat.c.table_id == table_id)
                                                              & (chat.c.channel == channel))
                                           .order_by(chat.c.id.desc()).limit(newest)).mappings().all()
        return count, [dict(row) for row in rows]

    # ---- lobby
    def take_seat(self, table_id: str, seat: int, token: str, name: str | None, account_id: int | None) -> bool:
        """Give a free (or kept) seat its token, name and account: whether it was still free (of two
        takers, the one stored first has it)."""
        with self._writing() as connection:
            taken = connection.execute(
                update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat) & seats.c.token.is_(None))
                .values(token=token, name=name, account_id=account_id, claim=None)).rowcount == 1
            if taken:
                self._announce(connection, f"{table_id} lobby")
                rematch_of = connection.execute(select(tables.c.rematch_of).where(tables.c.id == table_id)).scalar()
                if rematch_of is not None:
                    self._announce(connection, f"{rematch_of} lobby")
        return taken

    def start_table(self, table_id: str, bots: dict[int, str]) -> None:
        """Seat ``bots`` (seat -> spec) in the free seats of a table, and mark it started."""
        with self._writing() as connection:
            for seat, spec in bots.items():
                connection.execute(update(seats).where((seats.c.table_id == table_id) & (seats.c.seat == seat))
                                   .values(kind=spec))
            connection.execute(update(tables).where(tables.c.id == table_id).values(started=True))
            self._announce(connection, f"{table_id} lobby")

    def close_table(self, table_id: str, reason: str) -> None:
        """Close a table before its game ends, for ``reason``."""
        with self._writing() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id).values(closed=reason[:200]))
            self._announce(connection, f"{table_id} lobby")

    def set_rematch(self, table_id: str, rematch: str) -> str:
        """Make ``rematch`` the rematch of a table unless it has one already: the one it has now."""
        with self._writing() as connection:
            connection.execute(update(tables).where((tables.c.id == table_id) & tables.c.rematch.is_(None))
                               .values(rematch=rematch))
            self._announce(connection, f"{table_id} lobby")
            return str(connection.execute(select(tables.c.rematch).where(tables.c.id == table_id)).scalar_one())

    def lobby_of(self, table_id: str) -> dict[str, Any] | None:
        """A table's place in the lobby as stored: started, closed, rematch, its seats, and the
        seats of its rematch that were taken back (``accepted``)."""
        self._check_file()
        with self.engine.connect() as connection:
            head = connection.execute(select(tables.c.started, tables.c.closed, tables.c.rematch)
                                      .where(tables.c.id == table_id)).mappings().first()
            if head is None:
                return None
            seat_rows = connection.execute(select(seats).where(seats.c.table_id == table_id)
                                           .order_by(seats.c.seat)).mappings().all()
        found = dict(head, started=bool(head["started"]), seats=[dict(row) for row in seat_rows])
        found["accepted"] = self.accepted(head["rematch"]) if head["rematch"] else []
        return found

    def accepted(self, rematch: str) -> list[int]:
        """The persons' seats of a rematch taken back so far."""
        with self.engine.connect() as connection:
            return list(connection.execute(
                select(seats.c.seat).where((seats.c.table_id == rematch) & (seats.c.kind == "human")
                                           & seats.c.token.is_not(None)).order_by(seats.c.seat)).scalars())

    def waiting(self, limit: int) -> list[dict[str, Any]]:
        """The open tables waiting for players, newest first, each with its seats (kind, name,
        whether free): no seed, no token, no account."""
        self._check_file()
        with self.engine.connect() as connection:
            heads = connection.execute(
                select(tables.c.id, tables.c.game, tables.c.players, tables.c.options, tables.c.timer,
                       tables.c.created)
                .where((tables.c.visibility == "open") & tables.c.started.is_(False) & tables.c.closed.is_(None)
                       & tables.c.finished.is_(False) & tables.c.expired.is_(False))
                .order_by(tables.c.created.desc()).limit(limit)).mappings().all()
            ids = [head["id"] for head in heads]
            by_table: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in ids}
            for row in connection.execute(select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.name,
                                                 seats.c.token, seats.c.claim)
                                          .where(seats.c.table_id.in_(ids)).order_by(seats.c.seat)).mappings():
                by_table[row["table_id"]].append({
                    "seat": row["seat"], "kind": row["kind"], "name": row["name"],
                    "free": row["kind"] == "human" and row["token"] is None and row["claim"] is None})
        return [dict(head, options=json.loads(head["options"]), seats=by_table[head["id"]]) for head in heads]

    # ---- the operator's commands (boardwright admin) and the closed tables a server stops serving
    def listed_tables(self, which: str | None = None, limit: int = 50,
                      table_id: str | None = None) -> list[dict[str, Any]]:
        """The newest tables, each with its seats (``seats``: the rows of ``seats``): all of them,
        or (``which``) the ``"open"`` ones (unfinished, not expired) or the ``"finished"`` ones
        (over, or ended before the end); or the table ``table_id`` alone."""
        self._check_file()
        query = select(tables.c.id, tables.c.game, tables.c.players, tables.c.created, tables.c.finished,
                       tables.c.expired, tables.c.started, tables.c.closed, tables.c.visibility)
        if which == "open":
            query = query.where(tables.c.finished.is_(False) & tables.c.expired.is_(False))
        elif which == "finished":
            query = query.where(tables.c.finished.is_(True))
        if table_id is not None:
            query = query.where(tables.c.id == table_id)
        with self.engine.connect() as connection:
            heads = [dict(row) for row in connection.execute(
                query.order_by(tables.c.created.desc()).limit(limit)).mappings()]
            found: dict[str, list[dict[str, Any]]] = {head["id"]: [] for head in heads}
            if found:
                for row in connection.execute(select(seats).where(seats.c.table_id.in_(list(found)))
                                              .order_by(seats.c.table_id, seats.c.seat)).mappings():
                    found[row["table_id"]].append(dict(row))
        return [dict(head, seats=found[head["id"]]) for head in heads]

    def listed_accounts(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest accounts (never their password hash), each with how many sessions it has."""
        self._check_file()
        live = select(func.count()).where(sessions.c.account_id == accounts.c.id).scalar_subquery()
        with self.engine.connect() as connection:
            return [dict(row) for row in connection.execute(
                select(accounts.c.id, accounts.c.username, accounts.c.created, accounts.c.disabled,
                       live.label("sessions")).order_by(accounts.c.created.desc()).limit(limit)).mappings()]

    def end_table(self, table_id: str, reason: str) -> None:
        """Close the unfinished table ``table_id`` (``closed`` set to ``reason``, and finished: it is
        not resumed); announced, so that every server stops serving it. A ``LookupError`` when
        there is no such table, a ``ValueError`` when it is over already."""
        with self._writing() as connection:
            head = connection.execute(select(tables.c.finished, tables.c.closed)
                                      .where(tables.c.id == table_id)).first()
            if head is None:
                raise LookupError(f"there is no table {table_id[:40]!r}")
            if head.closed is not None:
                raise ValueError(f"table {table_id} was ended already: {head.closed}")
            if head.finished:
                raise ValueError(f"table {table_id} is over already: its game ended")
            connection.execute(update(tables).where(tables.c.id == table_id).values(closed=reason, finished=True))
            self._announce(connection, f"{table_id} closed")

    def delete_table(self, table_id: str) -> None:
        """Delete the table ``table_id`` with its seats, changes, snapshots, chat and reviews; announced as
        closed. A ``LookupError`` when there is no such table."""
        with self._writing() as connection:
            for child in (seats, actions, snapshots, bot_leases, chat, reviews):  # whatever the foreign keys do
                connection.execute(delete(child).where(child.c.table_id == table_id))
            if not connection.execute(delete(tables).where(tables.c.id == table_id)).rowcount:
                raise LookupError(f"there is no table {table_id[:40]!r}")
            self._announce(connection, f"{table_id} closed")

    def _account_id(self, connection: Connection, username: str) -> int:
        """The id of the account ``username`` (compared case-folded); a ``LookupError`` if none."""
        found = connection.execute(select(accounts.c.id).where(accounts.c.username_key == username.casefold())).scalar()
        if found is None:
            raise LookupError(f"there is no account {username[:40]!r}")
        return int(found)

    def set_disabled(self, username: str, disabled: bool) -> None:
        """Disable the account ``username`` (its sessions end; signing in is refused) or enable it."""
        with self._writing() as connection:
            account = self._account_id(connection, username)
            connection.execute(update(accounts).where(accounts.c.id == account).values(disabled=disabled))
            if disabled:
                connection.execute(delete(sessions).where(sessions.c.account_id == account))

    def set_password(self, username: str, password_hash: str) -> None:
        """Store ``password_hash`` as the account's password and end its sessions."""
        with self._writing() as connection:
            account = self._account_id(connection, username)
            connection.execute(update(accounts).where(accounts.c.id == account).values(password=password_hash))
            connection.execute(delete(sessions).where(sessions.c.account_id == account))

    def closed_among(self, table_ids: list[str]) -> dict[str, str]:
        """Which of ``table_ids`` were closed (their reason) or deleted (``"deleted"``) since they
        were read: primary-key lookups, 500 tables a query."""
        self._check_file()
        found: dict[str, str] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(table_ids), 500):
                chunk = table_ids[start:start + 500]
                heads = dict(connection.execute(select(tables.c.id, tables.c.closed)
                                                .where(tables.c.id.in_(chunk))).all())
                found.update({table_id: "deleted" for table_id in chunk if table_id not in heads})
                found.update({table_id: closed for table_id, closed in heads.items() if closed is not None})
        return found

    # ---- accounts and my games
    def create_account(self, username: str, key: str, password: str) -> int | None:
        """Store a new account; its id, or ``None`` when ``key`` (the case-folded username) is taken."""
        try:
            with self._writing() as connection:
                return int(connection.execute(insert(accounts).values(
                    username=username, username_key=key, password=password, created=time.time(), disabled=False)
                    .returning(accounts.c.id)).scalar_one())
        except IntegrityError:
            return None

    def account(self, key: str) -> dict[str, Any] | None:
        """The account whose case-folded username is ``key``: id, username, password (its hash), disabled."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(select(accounts.c.id, accounts.c.username, accounts.c.password,
                                              accounts.c.disabled).where(accounts.c.username_key == key)
                                       ).mappings().first()
        return dict(found) if found is not None else None

    def set_account_password(self, account_id: int, password: str) -> None:
        with self._writing() as connection:
            connection.execute(update(accounts).where(accounts.c.id == account_id).values(password=password))

    def create_session(self, session_id: str, account_id: int, csrf: str) -> None:
        now = time.time()
        with self._writing() as connection:
            connection.execute(insert(sessions).values(id=session_id, account_id=account_id, csrf=csrf,
                                                       created=now, seen=now))

    def session(self, session_id: str, idle_after: float) -> dict[str, Any] | None:
        """The live session stored as ``session_id``: account_id, username, csrf, seen. A session
        unused since ``idle_after`` (epoch seconds), or whose account is disabled, is none."""
        self._check_file()
        with self.engine.connect() as connection:
            found = connection.execute(
                select(sessions.c.account_id, accounts.c.username, sessions.c.csrf, sessions.c.seen)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where((sessions.c.id == session_id) & (sessions.c.seen >= idle_after)
                       & accounts.c.disabled.is_(False))).mappings().first()
        return dict(found) if found is not None else None

    def touch_session(self, session_id: str) -> None:
        with self._writing() as connection:
            connection.execute(update(sessions).where(sessions.c.id == session_id).values(seen=time.time()))

    def end_sessions(self, account_id: int | None = None, session_id: str | None = None,
                     keep: str | None = None, idle_before: float | None = None) -> None:
        """Delete the session ``session_id``, or every session of ``account_id`` but ``keep``, or
        (``idle_before``) every session unused since then."""
        if session_id is not None:
            condition = sessions.c.id == session_id
        elif account_id is not None:
            condition = (sessions.c.account_id == account_id) & (sessions.c.id != (keep or ""))
        elif idle_before is not None:
            condition = sessions.c.seen < idle_before
        else:
            raise ValueError("end_sessions needs a session, an account or a time")
        with self._writing() as connection:
            connection.execute(delete(sessions).where(condition))

    def tables_of(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """The newest ``limit`` tables where ``account_id`` has a seat: id, game, finished, expired,
        closed, winners, and ``seats`` (every seat's row: seat, kind, bot, name, account_id)."""
        self._check_file()
        with self.engine.connect() as connection:
            heads = connection.execute(
                select(tables.c.id, tables.c.game, tables.c.created, tables.c.finished, tables.c.expired,
                       tables.c.closed, tables.c.winners)
                .where(tables.c.id.in_(select(seats.c.table_id).where(seats.c.account_id == account_id)))
                .order_by(tables.c.created.desc()).limit(limit)).mappings().all()
            found = {row["id"]: dict(row, seats=[]) for row in heads}
            if found:
                for row in connection.execute(
                        select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.bot, seats.c.name,
                               seats.c.account_id).where(seats.c.table_id.in_(list(found)))
                        .order_by(seats.c.table_id, seats.c.seat)).mappings():
                    found[row["table_id"]]["seats"].append(dict(row))
        return list(found.values())

    def set_winners(self, table_id: str, winners: list[int]) -> None:
        with self._writing() as connection:
            connection.execute(update(tables).where(tables.c.id == table_id)
                               .values(winners=",".join(str(seat) for seat in winners)))
