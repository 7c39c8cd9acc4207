"""The server's log: one line per record, whatever a client sent.

The server logs what clients send (a request's path, a seat's bot spec, a refused value); a
newline in it would let a client write a line of its own choosing into the log, and a terminal
escape would let it rewrite what an operator's terminal shows. Every record's message, its
arguments included, has its control characters written as escapes (``\\x0a``); the traceback of a
real failure is left as Python writes it.

It is done by the record rather than by a formatter: uvicorn installs handlers and formatters of
its own when it starts, after the server has configured logging, and every formatter asks the
record for its message.
"""

from __future__ import annotations

import logging
import re

#: what a log line never carries as is: C0 controls (newline, carriage return, escape...), DEL, C1
#: controls, the Unicode line and paragraph separators, and the marks that reorder what follows
#: them on screen (bidirectional embeddings, overrides and isolates)
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]")


def escape(text: str) -> str:
    """``text`` with every control character written as ``\\xNN`` (``\\uNNNN`` past 0xff)."""
    if CONTROL.search(text) is None:
        return text
    return CONTROL.sub(_escaped, text)


def _escaped(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class OneLineRecord(logging.LogRecord):
    """A log record whose message (with its arguments put in) is one line of printable text."""

    def getMessage(self) -> str:
        return escape(super().getMessage())


def configure(level: int = logging.INFO) -> None:
    """The server's logging: ``time LEVEL logger: message`` on stderr, every message one line."""
    logging.setLogRecordFactory(OneLineRecord)
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
