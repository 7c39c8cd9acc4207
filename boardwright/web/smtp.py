"""Where your-turn mail goes out and to whom: the operator's SMTP server (``serve --smtp URL``) and
the check of an e-mail address. The standard library only: the command line reads the flags'
checks (:mod:`.limits`) without the web extra."""

from __future__ import annotations

import re
import smtplib
import ssl
import urllib.parse
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

#: the longest an address may be (RFC 5321's path limit)
MAX_ADDRESS = 254
#: an address as the server takes it: a plain local part, "@", a domain of dotted labels (no
#: display name, no quoting, no comments, no spaces: nothing that could add a mail header)
ADDRESS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
                     r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}")
#: seconds the SMTP server has for each step of a mail (connecting, each command)
SMTP_TIMEOUT = 20.0


def check_address(value: Any, field: str = "email") -> str:
    """An e-mail address, checked (:data:`ADDRESS`, at most :data:`MAX_ADDRESS` characters); a
    ``ValueError`` of one line saying what is wrong otherwise."""
    if not isinstance(value, str):
        raise ValueError(f"the field '{field}' must be an e-mail address (text), or empty to remove it")
    address = value.strip()
    if len(address) > MAX_ADDRESS:
        raise ValueError(f"an e-mail address has at most {MAX_ADDRESS} characters, not {len(address)}")
    if not ADDRESS.fullmatch(address):
        raise ValueError(f"{address[:60]!r} is not an e-mail address such as ada@example.org")
    return address


@dataclass(frozen=True)
class SmtpServer:
    """Where mail is sent: ``smtp://[user:password@]host[:port]`` (``?starttls=1`` to upgrade the
    connection with STARTTLS), or ``smtps://`` for TLS from the start."""
    host: str
    port: int
    user: str | None = None
    password: str | None = None
    #: "tls" (smtps), "starttls", or None (plain: a relay on the same machine)
    security: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        """The server ``url`` names; a ``ValueError`` naming ``--smtp`` when it names none."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError(f"--smtp is smtp://[user:password@]host[:port] or smtps://..., not {_shown(url)!r}")
        try:
            port = parts.port
        except ValueError:
            raise ValueError(f"--smtp has a port that is not a number from 0 to 65535: {_shown(url)!r}") from None
        query = urllib.parse.parse_qs(parts.query, keep_blank_values=True)
        if set(query) - {"starttls"} or parts.path not in ("", "/") or parts.fragment:
            raise ValueError(f"--smtp takes only ?starttls=1 after the host, not {_shown(url)!r}")
        starttls = query.get("starttls", ["0"])[-1] in ("1", "true", "yes")
        if starttls and parts.scheme == "smtps":
            raise ValueError("--smtp: smtps:// is TLS from the start; ?starttls=1 is for smtp://")
        security = "tls" if parts.scheme == "smtps" else "starttls" if starttls else None
        return cls(parts.hostname, port or (465 if security == "tls" else 25),
                   urllib.parse.unquote(parts.username) if parts.username else None,
                   urllib.parse.unquote(parts.password) if parts.password else None, security)

    def send(self, message: EmailMessage, timeout: float = SMTP_TIMEOUT) -> None:
        """Deliver ``message`` (blocks: the mailer calls it from a worker thread)."""
        client: smtplib.SMTP
        if self.security == "tls":
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=timeout, context=ssl.create_default_context())
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=timeout)
        with client:
            if self.security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if self.user is not None:
                client.login(self.user, self.password or "")
            client.send_message(message)


def _shown(url: str) -> str:
    """``url`` as an error may quote it: without its password."""
    parts = urllib.parse.urlsplit(url)
    if parts.password:
        url = url.replace(f":{parts.password}@", ":***@", 1)
    return url[:80]


def check_smtp(url: str) -> None:
    """Refuse an ``--smtp`` that :meth:`SmtpServer.parse` cannot read (empty: no mail)."""
    if url:
        SmtpServer.parse(url)


def check_sender(value: str) -> None:
    """Refuse an ``--smtp-from`` that is not an address (empty: none given)."""
    if value:
        try:
            check_address(value, "--smtp-from")
        except ValueError as refused:
            raise ValueError(f"--smtp-from: {refused}") from None


def check_mail_flags(smtp: str, sender: str) -> None:
    """Refuse an ``--smtp`` without the ``--smtp-from`` its mail needs."""
    if smtp and not sender:
        raise ValueError("--smtp needs --smtp-from ADDRESS: the address the mail comes from")
