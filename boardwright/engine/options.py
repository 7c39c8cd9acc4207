"""Game options: each game declares its options with a type, a default and a one-line doc.

``resolve_options`` refuses unknown names and ill-typed or out-of-range values with a clear
:class:`OptionError`, and turns the text a person types (``--option alternate_tokens=yes``) into
the declared type.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Option:
    """One documented game option.

    ``type`` is ``bool``, ``int``, ``float`` or ``str``; ``choices`` limits a value to a set;
    ``minimum``/``maximum`` bound a number. ``default`` may be ``None`` for an optional path or
    a value that depends on the player count (``doc`` says how).
    """

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None

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
                raise OptionError(f"{where} takes true or false, not {value!r}")
        elif self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{where} takes a whole number, not {value!r}")
        elif self.type is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise OptionError(f"{where} takes a number, not {value!r}")
            value = float(value)
        elif not isinstance(value, self.type):
            raise OptionError(f"{where} takes a {self.type.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"{where} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"{where} must be at least {self.minimum:g}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"{where} must be at most {self.maximum:g}, not {value!r}")
        return value


def _from_text(where: str, kind: type, text: str) -> Any:
    raw = text.strip()
    if kind is bool:
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise OptionError(f"{where} takes true or false, not {text!r}")
    try:
        return kind(raw)
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise OptionError(f"{where} takes {noun}, not {text!r}") from None


def resolve_options(
    game_id: str, declared: Sequence[Option], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The complete option values for a new game: defaults overlaid with ``given``."""
    by_name = {option.name: option for option in declared}
    values = {option.name: option.default for option in declared}
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"{game_id} has no option '{name}' (its options: {known})")
        values[name] = option.convert(game_id, value)
    return values


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["a=1", "b=x"]`` (the command line's ``--option`` values) as a dict of texts."""
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"an option is written name=value, not {pair!r}")
        result[name.strip()] = value.strip()
    return result
