"""Your-turn mail: one mail to an account's address when a table has waited for its seat too long.

The operator names an SMTP server (``serve --smtp URL --smtp-from ADDRESS``); an account gives an
address (``POST /api/me/email``). Every little while :class:`Mailer` asks the database, in one
query, for the seats of accounts with an address whose table has waited for them longer than
``--mail-after`` since its last change and that were not mailed at that change (``seats.mailed``).
The live table says whether the seat decides now; the mail is claimed with a compare-and-set of
``seats.mailed`` (two servers sharing a database never both send it) and sent once, in a worker
thread, within a timeout. A mail the SMTP server refused is not tried again (one mail per wait,
never two); a failing SMTP server is logged once, until a mail goes out again. A mail names the
game and links to the table: nothing else of the game (no seed, nothing hidden).
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
import time
from email.message import EmailMessage
from typing import TYPE_CHECKING

import anyio.to_thread

import boardwright as bw

from .protocol import HUMAN, BadRequest
from .smtp import SmtpServer

if TYPE_CHECKING:
    from .tables import Hub

log = logging.getLogger("boardwright.web")

#: the longest pause between two looks for tables that wait; a short --mail-after looks more often
LOOK_EVERY = 60.0


def waited(seconds: float) -> str:
    """A wait in the words of a mail: "3 hours", "1 day", "45 minutes"."""
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''}"
    count = max(1, int(seconds))
    return f"{count} second{'s' if count != 1 else ''}"


def compose(sender: str, to: str, game: str, link: str, seconds: float) -> EmailMessage:
    """The one mail of a seat's wait: the game's name and the table's link (nothing of the game)."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = f"Your turn in {game}"
    message.set_content(
        f"Your game of {game} has waited for your move for {waited(seconds)}.\n\n"
        f"Open the table (signed in as you): {link}\n\n"
        f"You get this mail once per wait because your account has this address for your-turn mail; "
        f"set an empty address to get none.\n")
    return message


class Mailer:
    """The background task of your-turn mail for one server (see the module's docstring)."""

    def __init__(self, hub: Hub, server: SmtpServer, sender: str, after: float) -> None:
        self.hub = hub
        self.server = server
        self.sender = sender
        self.after = after
        #: whether the last mail failed (a failing SMTP server is logged once, not at every mail)
        self.failing = False

    @property
    def period(self) -> float:
        """Seconds between two looks: a quarter of the wait, at most :data:`LOOK_EVERY`."""
        return min(LOOK_EVERY, max(0.05, self.after / 4))

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            try:
                await self.sweep()
            except Exception as error:  # the database away a moment: the next look tries again
                log.warning("your-turn mail: the look for tables that wait failed (%s)", " ".join(str(error).split()))

    async def sweep(self, now: float | None = None) -> list[tuple[str, int]]:
        """One look: send the mails due at ``now`` (epoch seconds; default the clock). The
        ``(table, seat)`` of each mail sent. A seat that does not decide at the table's version
        (it waits for others) is marked looked at, so that it is not asked for again until the
        table changes."""
        now = time.time() if now is None else now
        storage = self.hub.storage
        sent = []
        for due in await anyio.to_thread.run_sync(storage.mail_due, now - self.after):
            table_id, seat, version = due["table_id"], due["seat"], due["version"]
            decides = await self._decides(table_id, seat, version)
            if decides is None:
                continue  # this server has not heard of the table's last change yet: the next look
            if not await anyio.to_thread.run_sync(storage.claim_mail, table_id, seat, version) or not decides:
                continue  # another server (or an earlier look) has dealt with this wait, or it is not the seat's
            link = f"{self.hub.base_url}/t/{table_id}"
            message = compose(self.sender, due["email"], bw.load(due["game"]).name, link, now - due["since"])
            if await self._send(message, table_id):
                sent.append((table_id, seat))
        return sent

    async def _decides(self, table_id: str, seat: int, version: int) -> bool | None:
        """Whether the person at ``seat`` decides at the table's ``version`` (the live table's word:
        the database does not know whose turn it is); ``None`` when the table here is at another
        version (behind the database, or the database's answer is old by now)."""
        try:
            live = await self.hub.table(table_id)
        except BadRequest:  # broken or expired: nobody decides there
            return False
        if live.version != version:
            return None
        return (not live.state.is_over and live.started and live.closed is None and seat in live.state.to_act
                and live.controller(seat) == HUMAN)

    async def _send(self, message: EmailMessage, table_id: str) -> bool:
        try:
            await anyio.to_thread.run_sync(self.server.send, message)
        except (OSError, smtplib.SMTPException) as error:
            if not self.failing:
                log.warning("your-turn mail for table %s was not sent (%s); further failures are not logged "
                            "until a mail goes out", table_id, " ".join(str(error).split()) or type(error).__name__)
            self.failing = True
            return False
        if self.failing:
            log.info("your-turn mail goes out again")
        self.failing = False
        return True
