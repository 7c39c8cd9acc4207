"""Game options: each game declares its options with a type, a default and a one-line doc.

``resolve_options`` refuses unknown names and ill-typed or out-of-range values with a clear
:class:`OptionError`, and turns the text a person types (``--option alternate_tokens=yes``) into
the declared type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError, shown

#: the longest text an option takes (a path, a list of ranges)
MAX_TEXT = 4096

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Option:
    """One documented game option.

    ``type`` is ``bool``, ``int``, ``float`` or ``str``; ``choices`` limits a value to a set;
    ``minimum``/``maximum`` bound a number; ``check`` validates what a type alone cannot (the
    grammar of a text value): it returns the value (possibly normalised) or raises
    ``ValueError`` whose message says what is allowed. ``default`` may be ``None`` for an optional
    path or a value that depends on the player count (``doc`` says how). Every value is bounded:
    numbers by ``minimum`` and ``maximum``, texts by ``choices``, ``check`` or ``MAX_TEXT``.
    ``server_maximum`` is the most a game server accepts where ``maximum`` allows more: an option
    that only makes a game longer than it needs to be (a safety bound on rounds, say) is kept
    within what a game played online needs, since every action of a table costs the server.
    """

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    check: Callable[[Any], Any] | None = None
    server_maximum: float | None = None

    def describe_type(self) -> str:
        if self.choices:
            return " | ".join(str(c) for c in self.choices)
        text = self.type.__name__
        if self.minimum is not None or self.maximum is not None:
            low = "" if self.minimum is None else f"{self.minimum:g}"
            high = "" if self.maximum is None else f"{self.maximum:g}"
            text += f" {low}..{high}"
        return text

    def convert(self, game_id: str, value: Any) -> Any:
        """The value checked and converted to this option's type, or an :class:`OptionError`."""
        where = f"{game_id} option '{self.name}'"
        if value is None and self.default is None:
            return None
        if isinstance(value, str) and self.type is not str:
            value = _from_text(where, self.type, value)
        if self.type is bool:
            if not isinstance(value, bool):
                raise OptionError(f"{where} takes true or false, not {shown(value)}")
        elif self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{where} takes a whole number, not {shown(value)}")
        elif self.type is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise OptionError(f"{where} takes a number, not {shown(value)}")
            value = float(value)
            if value != value or value in (float("inf"), float("-inf")):
                raise OptionError(f"{where} takes a finite number, not {value}")
        elif not isinstance(value, self.type):
            raise OptionError(f"{where} takes a {self.type.__name__}, not {shown(value)}")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise OptionError(f"{where} takes at most {MAX_TEXT} characters, not {len(value)}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"{where} must be one of {allowed}, not {shown(value)}")
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                allowed = f"from {low:g} to {high:g}"
            else:
                allowed = f"at least {low:g}" if low is not None else f"at most {high:g}"
            raise OptionError(f"{where} must be {allowed}, not {shown(value)}")
        if self.check is not None:
            try:
                value = self.check(value)
            except ValueError as error:
                raise OptionError(f"{where}: {error}") from None
        return value


def _from_text(where: str, kind: type, text: str) -> Any:
    raw = text.strip()
    if kind is bool:
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise OptionError(f"{where} takes true or false, not {shown(text)}")
    try:
        return kind(raw)
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise OptionError(f"{where} takes {noun}, not {shown(text)}") from None


class Options(dict[str, Any]):
    """A game's resolved option values: a read-only dict, so a state and its clones can share it
    and no one can change the options of a game in progress (JSON and pickling see a plain dict)."""

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a game's options are fixed when it is set up")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (Options, (dict(self),))

    def __copy__(self) -> Options:
        return self


def resolve_options(
    game_id: str, declared: Sequence[Option], given: Mapping[str, Any] | None
) -> Options:
    """The complete option values for a new game: defaults overlaid with ``given`` (read-only)."""
    if given is not None and not isinstance(given, Mapping):
        raise OptionError(f"{game_id} options are a mapping of name to value, not {shown(given)}")
    by_name = {option.name: option for option in declared}
    values = {option.name: option.default for option in declared}
    for name, value in (given or {}).items():
        option = by_name.get(name) if isinstance(name, str) else None
        if option is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"{game_id} has no option {shown(name)} (its options: {known})")
        values[name] = option.convert(game_id, value)
    return Options(values)


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` (the command line's ``--option`` values) as a dict of texts."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"an option is written name=value, not {pair!r}")
        result[name.strip()] = value.strip()
    return result
