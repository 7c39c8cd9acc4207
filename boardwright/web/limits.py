"""Every bound the server keeps on what a client can make it spend, in one place.

Each field of :class:`Limits` is a ``boardwright serve`` flag (its name with dashes: ``--max-tables``),
with its default and its help written once here; docs/server.md ("Running it on the internet") lists
them. A count of 0 means no limit, for a load test on loopback; a server on the internet keeps the
defaults or tightens them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from .addresses import check_proxies
from .smtp import check_sender, check_smtp


def check_base_url(url: str) -> None:
    """Refuse a ``--base-url`` that is not an http(s) address without a path's query or fragment."""
    if url and not re.fullmatch(r"https?://[^/?#\s]+(?:/[^?#\s]*)?", url):
        raise ValueError(f"--base-url is an address such as https://games.example.org, not {url[:80]!r}")


def limit(default: Any, help: str, *, minimum: float = 0, maximum: float | None = None, metavar: str = "N",
          check: Callable[[Any], None] | None = None) -> Any:
    """A field of :class:`Limits`: its default, its flag's help, the range the flag accepts, and
    for a flag that is not a number, ``check``, which raises a ``ValueError`` naming the flag."""
    return field(default=default, metadata={"help": help, "minimum": minimum, "maximum": maximum,
                                            "metavar": metavar, "check": check})


@dataclass(frozen=True)
class Limits:
    """The server's bounds (see the module's docstring)."""

    # -- requests
    rate_limit: float = limit(50.0, "requests per second each client address may make, in bursts of 200 "
                                    "(0: no limit)")
    request_cpu: float = limit(0.5, "CPU seconds per second each client address may make the server spend on "
                                    "costly requests (replays, long histories, tables read back from the "
                                    "database), in bursts of 20 times that (0: no limit)", metavar="S")
    allow_origins: str = limit("", "other sites whose pages may post to this server and open its WebSockets, "
                                   "comma-separated origins such as https://games.example.org (this server's own "
                                   "origin always may; any other is refused, against cross-site requests)",
                               metavar="ORIGINS")

    # -- connections
    max_connections: int = limit(4096, "connections (HTTP and WebSocket) the server holds open at once, so that "
                                       "it never runs out of open files; more are answered 503 and closed "
                                       "(0: as many as the open-file limit allows)")
    max_connections_per_address: int = limit(256, "connections one client address (an IPv6 client: its /64) may "
                                                  "hold open at once, so that one client cannot take them all; "
                                                  "more are answered 503 and closed (0: no limit)")
    request_timeout: float = limit(10.0, "seconds a client has to send a whole request (line, headers and body), "
                                         "from the connection's opening or the request's first byte, so that "
                                         "half-sent requests do not hold connections; then 408 and closed "
                                         "(0: no limit)", maximum=3600, metavar="SECONDS")
    max_header_size: int = limit(16384, "bytes of a request's line and headers, so that an endless header "
                                        "does not fill the memory; more are answered 431 and closed (0: no limit)",
                                 metavar="BYTES")
    websocket_idle_timeout: float = limit(120.0, "seconds a WebSocket may stay silent (the browser pings every "
                                                 "30 s), so that dead clients do not hold connections; then it is "
                                                 "closed with 4408 (0: no limit)", maximum=86400, metavar="SECONDS")
    forwarded_allow: str = limit("", "reverse proxies (addresses or networks, comma-separated) whose "
                                     "X-Forwarded-For names the client: its rate limit and table caps are the "
                                     "client's, and the proxy is not capped per address (default: none, the "
                                     "header is ignored)", metavar="ADDRESSES", check=check_proxies)

    # -- tables
    max_tables: int = limit(10_000, "open tables (unfinished, not expired) on this server in all; a table "
                                    "holds memory and, with bots, CPU")
    max_tables_per_address: int = limit(20, "open tables one client address may have created")
    table_expiry: float = limit(14.0, "days without a move after which an unfinished table expires: it is "
                                      "no longer served or resumed (0: never)", metavar="DAYS")
    max_spectators: int = limit(100, "spectators' WebSockets per table")
    shortest_timer: int = limit(10, "seconds of the shortest turn timer a table may set (a test of the timer sets "
                                    "less)", minimum=1, maximum=10)
    max_undos: int = limit(300, "actions a table may take back in all (the server replays the game for each "
                                "when it reads the table back)")

    # -- bots
    workers: int | None = limit(None, "bot worker processes (default: one per core)", minimum=1, maximum=64)
    bot_time: float = limit(10.0, "the longest a bot thinks on one move, in seconds, whatever its seat kind asks: a "
                                  "search stops itself there, and a worker still busy 3 s later is killed and "
                                  "replaced (no bot holds a worker for longer)",
                            minimum=0.1, maximum=10.0, metavar="SECONDS")
    search_seats: int = limit(8, "search-bot seats (any bot but random and heuristic) at the unfinished tables one "
                                 "client address created (0: no limit; one client cannot fill the workers with "
                                 "searches)")
    bot_cpu_table: float = limit(0.5, "share of a core one table's bots may use on average once its saved-up CPU is "
                                      "spent; a move then waits for credit (0: no limit; one table cannot take the "
                                      "workers from the others)", metavar="CORES")
    bot_cpu_address: float = limit(1.0, "share of a core the bots of all the tables one client address created may "
                                        "use on average once their saved-up CPU is spent (0: no limit; one client "
                                        "cannot take the workers from the others)", metavar="CORES")
    bot_cpu_burst: float = limit(60.0, "CPU seconds a table, and a client address, may save up for its bots",
                                 minimum=1.0, metavar="SECONDS")

    # -- hints
    hint_time: float = limit(1.0, "the longest a hint (GET /api/tables/{t}/hint) thinks, in seconds, on a bot worker; "
                                  "its CPU is taken from the table's and the address's bot budgets like a bot move's, "
                                  "and a worker still busy 3 s later is killed and replaced",
                             minimum=0.1, maximum=10.0, metavar="SECONDS")
    hint_every: float = limit(5.0, "seconds a seat waits after asking for a hint before it may ask for another one "
                                   "(asking again for the hint of the same moment costs nothing) (0: no limit)",
                              maximum=3600, metavar="SECONDS")

    # -- reviews
    review_time: float = limit(0.2, "seconds the search thinks about each decision of a finished game's review "
                                    "(GET /api/tables/{t}/review), on a bot worker; the whole review has twice "
                                    "this for each of its decisions, and 3 s, else its worker is killed and replaced",
                               minimum=0.05, maximum=10.0, metavar="SECONDS")
    review_iterations: int = limit(0, "simulations the search runs for each decision of a review instead of "
                                      "--review-time, for reviews that come out the same on every server (0: by "
                                      "time; the review must still end within twice --review-time a decision "
                                      "and 3 s)", maximum=100_000)
    reviews: int = limit(1, "reviews thought at once in the whole server, each on a bot worker of its own for up "
                            "to a minute or so; up to 8 times as many more wait their turn, and past those a review "
                            "is refused (503) until one ends", minimum=1, maximum=64)

    # -- chat
    chat_rate: float = limit(0.5, "chat lines per second each seat (and each spectator's address) may write once "
                                  "its burst is spent (0: no limit)", metavar="LINES")
    chat_burst: int = limit(5, "chat lines each seat (and each spectator's address) may write at once",
                            minimum=1)
    max_chat_lines: int = limit(2000, "chat lines a table stores in all; then its chat refuses more (0: no limit)")

    # -- accounts
    login_failures: int = limit(5, "failed sign-ins one username may meet in --login-window before further tries "
                                   "are refused (429) until the oldest failure is older than that (0: no limit)")
    login_failures_per_address: int = limit(30, "failed sign-ins and sign-ups one client address may make in "
                                                "--login-window before further tries are refused (429) (0: no "
                                                "limit)")
    login_window: float = limit(900.0, "seconds over which failed sign-ins are counted", minimum=1,
                                maximum=86400, metavar="SECONDS")
    password_hashes: int = limit(2, "password hashes (sign-up, sign-in, password change) computed at once, each "
                                    "in 46 MiB of memory; more wait their turn, and past 32 waiting per hash "
                                    "they are refused (503), so a flood of sign-ins cannot take the memory or "
                                    "the cores", minimum=1, maximum=64)

    # -- operator
    base_url: str = limit("", "the address people reach this server at, such as https://games.example.org (behind a "
                              "reverse proxy), for the links it gives: seats' links and your-turn mail (default: "
                              "http://HOST:PORT as it listens)", metavar="URL", check=check_base_url)
    smtp: str = limit("", "the SMTP server that sends your-turn mail to accounts that gave an address: "
                          "smtp://[user:password@]host[:port], ?starttls=1 to upgrade with STARTTLS, or smtps:// "
                          "for TLS (default: no mail)", metavar="URL", check=check_smtp)
    smtp_from: str = limit("", "the address your-turn mail comes from (needed with --smtp)", metavar="ADDRESS",
                           check=check_sender)
    mail_after: float = limit(3600.0, "seconds a table waits for a person's move before the one your-turn mail of "
                                      "that wait goes to their account's address (with --smtp)",
                              minimum=0.1, maximum=30 * 86400, metavar="SECONDS")

    def flags(self) -> list[tuple[str, dict[str, Any]]]:
        """``(flag, argparse keywords)`` for every limit, defaults taken from this object."""
        found = []
        for item in fields(self):
            meta = item.metadata
            kind = type(item.default) if item.default is not None else int
            found.append((f"--{item.name.replace('_', '-')}",
                          {"type": kind, "default": getattr(self, item.name), "metavar": meta["metavar"],
                           "help": f"{meta['help']} (default {item.default})" if item.default not in (None, "")
                           else meta["help"]}))
        return found

    @classmethod
    def from_args(cls, args: Any) -> Limits:
        """The limits a parsed command line gives; a value out of its range is a ``ValueError``
        naming the flag."""
        values = {}
        for item in fields(cls):
            value = getattr(args, item.name)
            low, high = item.metadata["minimum"], item.metadata["maximum"]
            if isinstance(value, (int, float)) and not (low <= value and (high is None or value <= high)):  # nan too
                span = f"{low:g} to {high:g}" if high is not None else f"at least {low:g}"
                raise ValueError(f"--{item.name.replace('_', '-')} is {span}, not {value:g}")
            if item.metadata["check"] is not None:
                item.metadata["check"](value)
            values[item.name] = value
        return cls(**values)
