"""Accounts: who is signed in, their passwords and sessions, and the pacing of sign-in attempts.

Accounts are optional: a guest plays by a seat's link as before. A person who signs up chooses a
username (3 to 32 of ``A-Z a-z 0-9 _ . -``, unique whatever the case) and a password (10 to 200
characters, not the username), stored only as its Argon2id hash (:data:`HASHER`).

A session is a cookie, ``bw_session``: 32 random bytes, of which the server stores the SHA-256
only (a stolen database holds no usable session). It is ``HttpOnly`` (no script reads it),
``SameSite=Lax`` (another site's requests do not carry it, but a link followed to a table does),
``Path=/``, ``Secure`` when the request came over TLS, and lasts 30 days; a session unused for 30
days is over. Each session has a CSRF token, told by ``GET /api/me``: a request that changes
something and is authenticated by the cookie must carry it in ``X-CSRF-Token``, which another
site's page cannot read nor send. Every route that needs to know the person asks
:func:`signed_in`; none reads the cookie itself.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

from .limits import Limits
from .protocol import BadRequest, is_reserved_name
from .storage import Storage

T = TypeVar("T")

#: the session cookie, the header that carries the session's CSRF token, and how long both last
COOKIE = "bw_session"
CSRF_HEADER = "x-csrf-token"
SESSION_SECONDS = 30 * 86400
#: a session's last use is written down at most this often (seconds): a session is idle from then
SEEN_EVERY = 3600.0
#: sessions idle past their life are deleted at most this often (seconds)
SWEEP_EVERY = 3600.0
USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
PASSWORD_LENGTH = (10, 200)
#: Argon2id with OWASP's first recommended setting (Password Storage Cheat Sheet): 46 MiB of memory
#: (47104 KiB), one pass, one lane; a 16-byte random salt and a 32-byte hash. About 50 ms of a core
#: per hash. A stored hash carries its parameters, so a hash made with others is still checked, and
#: replaced at the next sign-in (``check_needs_rehash``).
HASH_MEMORY_KIB, HASH_TIME, HASH_LANES = 47104, 1, 1
HASHER = PasswordHasher(time_cost=HASH_TIME, memory_cost=HASH_MEMORY_KIB, parallelism=HASH_LANES,
                        hash_len=32, salt_len=16, type=Type.ID)
#: hashes that may wait for their turn, per hash computed at once, before more are refused (503)
WAITING_PER_HASH = 32
WRONG = "wrong username or password"


@dataclass(frozen=True)
class Account:
    """A signed-in person: the account's id and username."""
    id: int
    username: str


@dataclass(frozen=True)
class Session:
    """A live session: whose it is, its CSRF token, and what is stored of its cookie."""
    account: Account
    csrf: str
    key: str


def session_key(cookie: str) -> str:
    """What is stored of a session's cookie: its SHA-256."""
    return hashlib.sha256(cookie.encode("utf-8", "surrogatepass")).hexdigest()


def username_key(username: str) -> str:
    """A username as it is compared: case-folded."""
    return username.casefold()


class Throttle:
    """Failures counted per key (a username, a client address) over a sliding window: once a key
    has ``most`` within ``window`` seconds, it must wait until the oldest is older than that
    (``most`` 0: no limit). Memory stays bounded whatever the keys."""

    PRUNE_AT = 100_000

    def __init__(self, most: int, window: float) -> None:
        self.most = most
        self.window = window
        self.failures: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` may try again (0: it may now)."""
        if not self.most:
            return 0.0
        now = time.monotonic() if now is None else now
        times = self.failures.get(key)
        if times is None:
            return 0.0
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            del self.failures[key]
            return 0.0
        return 0.0 if len(times) < self.most else self.window - (now - times[0])

    def fail(self, key: str, now: float | None = None) -> None:
        if not self.most:
            return
        now = time.monotonic() if now is None else now
        self.failures.setdefault(key, deque(maxlen=self.most)).append(now)
        if len(self.failures) > self.PRUNE_AT:
            for old in [other for other, times in self.failures.items() if now - times[-1] >= self.window]:
                del self.failures[old]
            if len(self.failures) > self.PRUNE_AT // 2:
                self.failures.clear()

    def forget(self, key: str) -> None:
        self.failures.pop(key, None)


class Accounts:
    """The accounts of a server: signing up and in, sessions, password changes. Hashing runs in
    worker threads, at most ``--password-hashes`` at once."""

    def __init__(self, storage: Storage, limits: Limits) -> None:
        self.storage = storage
        self.limits = limits
        self.by_username = Throttle(limits.login_failures, limits.login_window)
        self.by_address = Throttle(limits.login_failures_per_address, limits.login_window)
        self._limiter: anyio.CapacityLimiter | None = None
        self.waiting = 0
        #: a hash of no one's password: an unknown username costs a verification all the same
        self._dummy: str | None = None
        self._swept = 0.0

    # ------------------------------------------------------------------ hashing
    async def _hashing(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker thread, at most ``--password-hashes`` at once."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.limits.password_hashes)
        if self.waiting >= WAITING_PER_HASH * self.limits.password_hashes:
            raise BadRequest(503, "too many sign-ins at once; try again in a moment", retry_after=1)
        self.waiting += 1
        try:
            return await anyio.to_thread.run_sync(work, *args, limiter=self._limiter)
        finally:
            self.waiting -= 1

    async def _verify(self, encoded: str | None, password: str) -> bool:
        if encoded is None:
            if self._dummy is None:
                self._dummy = await self._hashing(HASHER.hash, secrets.token_urlsafe(16))
            encoded = self._dummy

        def verify() -> bool:
            try:
                return HASHER.verify(encoded, password)
            except (VerificationError, InvalidHashError):
                return False
        return await self._hashing(verify)

    # ------------------------------------------------------------------ attempts
    def _check_pace(self, key: str | None, address: str) -> None:
        """Refuse (429) a sign-in attempt for username ``key`` or from ``address`` that has failed
        too often lately."""
        wait = max(self.by_address.wait(address), self.by_username.wait(key) if key is not None else 0.0)
        if wait:
            seconds = max(1, int(wait + 0.999))
            raise BadRequest(429, f"too many failed sign-ins; try again in {seconds} s", retry_after=seconds)

    async def sign_up(self, username: Any, password: Any, address: str) -> Account:
        name = check_username(username)
        check_password(password, name)
        self._check_pace(None, address)
        self.by_address.fail(address)  # each sign-up costs a hash: counted against the address's budget
        encoded = await self._hashing(HASHER.hash, password)
        account_id = await anyio.to_thread.run_sync(self.storage.create_account, name, username_key(name), encoded)
        if account_id is None:
            raise BadRequest(409, f"the username {name!r} is taken; choose another")
        return Account(account_id, name)

    async def sign_in(self, username: Any, password: Any, address: str) -> Account:
        if not isinstance(username, str) or not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            raise BadRequest(422, "the fields 'username' and 'password' are needed (text)")
        key = username_key(username[:64])
        self._check_pace(key, address)
        found = await anyio.to_thread.run_sync(self.storage.account, key) if USERNAME.fullmatch(username) else None
        good = await self._verify(found["password"] if found else None, password)
        if found is None or not good:
            self.by_username.fail(key)
            self.by_address.fail(address)
            raise BadRequest(401, WRONG)
        if found["disabled"]:
            raise BadRequest(403, "this account is disabled; ask the server's operator")
        self.by_username.forget(key)
        if HASHER.check_needs_rehash(found["password"]):
            encoded = await self._hashing(HASHER.hash, password)
            await anyio.to_thread.run_sync(self.storage.set_account_password, found["id"], encoded)
        return Account(found["id"], found["username"])

    async def change_password(self, session: Session, password: Any, new_password: Any, address: str) -> None:
        """Replace the password of ``session``'s account, once its current one is given; every
        other session of the account ends."""
        account = session.account
        if not isinstance(password, str) or len(password) > PASSWORD_LENGTH[1]:
            raise BadRequest(422, "the field 'password' (the current password) is needed")
        check_password(new_password, account.username, "new_password")
        key = username_key(account.username)
        self._check_pace(key, address)
        found = await anyio.to_thread.run_sync(self.storage.account, key)
        if found is None or not await self._verify(found["password"], password):
            self.by_username.fail(key)
            self.by_address.fail(address)
            raise BadRequest(401, "the current password is wrong")
        encoded = await self._hashing(HASHER.hash, new_password)
        await anyio.to_thread.run_sync(self.storage.set_account_password, account.id, encoded)
        await anyio.to_thread.run_sync(lambda: self.storage.end_sessions(account.id, keep=session.key))

    # ------------------------------------------------------------------ sessions
    async def open_session(self, account: Account) -> tuple[str, str]:
        """A new session for ``account``: its cookie's value and its CSRF token."""
        cookie, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        await anyio.to_thread.run_sync(self.storage.create_session, session_key(cookie), account.id, csrf)
        now = time.time()
        if now - self._swept > SWEEP_EVERY:
            self._swept = now
            await anyio.to_thread.run_sync(lambda: self.storage.end_sessions(idle_before=now - SESSION_SECONDS))
        return cookie, csrf

    async def session(self, cookie: str) -> Session | None:
        """The live session whose cookie is ``cookie`` (none once idle too long, ended, or its
        account disabled)."""
        key = session_key(cookie)
        now = time.time()
        found = await anyio.to_thread.run_sync(self.storage.session, key, now - SESSION_SECONDS)
        if found is None:
            return None
        if now - found["seen"] > SEEN_EVERY:
            await anyio.to_thread.run_sync(self.storage.touch_session, key)
        return Session(Account(found["account_id"], found["username"]), found["csrf"], key)

    async def end(self, session: Session, everywhere: bool = False) -> None:
        """End ``session``, or (``everywhere``) every session of its account."""
        if everywhere:
            await anyio.to_thread.run_sync(lambda: self.storage.end_sessions(session.account.id))
        else:
            await anyio.to_thread.run_sync(lambda: self.storage.end_sessions(session_id=session.key))


def check_username(value: Any) -> str:
    if not isinstance(value, str) or not USERNAME.fullmatch(value):
        raise BadRequest(422, "a username has 3 to 32 letters (A-Z, a-z), digits and _ . -")
    if is_reserved_name(value):
        raise BadRequest(422, f"the username {value!r} is what the table shows for a seat or a bot; choose another")
    return value


def check_password(value: Any, username: str, field: str = "password") -> None:
    low, high = PASSWORD_LENGTH
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise BadRequest(422, f"the field '{field}' is a password of {low} to {high} characters")
    if unicodedata.normalize("NFKC", value).casefold() == username.casefold():
        raise BadRequest(422, "a password may not be the username")


async def current_session(connection: Any) -> Session | None:
    """The live session of ``connection`` (a request or a WebSocket), looked up once per request."""
    scope = connection.scope
    if "boardwright.session" not in scope:
        accounts: Accounts | None = getattr(scope["app"].state, "accounts", None) if "app" in scope else None
        cookie = connection.cookies.get(COOKIE)
        found = None
        if accounts is not None and cookie and len(cookie) <= 100:
            found = await accounts.session(cookie)
        scope["boardwright.session"] = found
    session: Session | None = scope["boardwright.session"]
    return session


async def signed_in(request: Any, changes: bool = False) -> Account | None:
    """The account whose session cookie ``request`` carries, or ``None`` (a guest). With
    ``changes`` (the request changes something) a signed-in request must carry the session's CSRF
    token in ``X-CSRF-Token``: 403 otherwise."""
    session = await current_session(request)
    if session is None:
        return None
    if changes and not hmac.compare_digest(request.headers.get(CSRF_HEADER, "").encode(), session.csrf.encode()):
        raise BadRequest(403, "CSRF token missing or wrong")
    return session.account
