"""Every bound the server keeps on what a client can make it spend, in one place.

Each field of :class:`Limits` is a ``boardwright serve`` flag (its name with dashes: ``--max-tables``),
with its default and its help written once here; docs/server.md ("Running it on the internet") lists
them. A count of 0 means no limit, for a load test on loopback; a server on the internet keeps the
defaults or tightens them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from .addresses import check_proxies


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

    # -- bots
    workers: int | None = limit(None, "bot worker processes (default: one per core)", minimum=1, maximum=64)

    # -- operator

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
