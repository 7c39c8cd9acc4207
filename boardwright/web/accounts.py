"""Accounts: who is signed in. (The issue-29 foundation: the accounts work fills this module in.)

Every route that needs to know the person behind a request asks :func:`signed_in`. A request that
changes something and is authenticated by the session cookie must carry the session's CSRF token
(``X-CSRF-Token``); :func:`signed_in` with ``changes=True`` refuses it (403) otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Account:
    """A signed-in person: the account's id and username."""
    id: int
    username: str


async def signed_in(request: Any, changes: bool = False) -> Account | None:
    """The account whose session cookie ``request`` carries, or ``None`` (a guest)."""
    return None
