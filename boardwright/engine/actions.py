"""Actions: small immutable values whose text form is their identity.

An :class:`Action` *is* its table notation (it subclasses ``str``), so ``apply`` accepts the action
or its text alike, a game record is readable JSON, and comparing actions is a C-level string
compare. Each game builds its actions once into an :class:`ActionTable`; ``legal_actions`` hands out
those shared objects, and games read the parsed fields (``kind``, ``args``) instead of re-parsing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class Action(str):
    """One action: ``str(action)`` is its stable text, ``kind`` its verb, ``args`` its ids.

    >>> a = Action("place 3 Gloves", "place", 3, 0)
    >>> a, a.kind, a.args
    ('place 3 Gloves', 'place', (3, 0))
    >>> a == "place 3 Gloves"
    True
    """

    kind: str
    args: tuple[Any, ...]

    def __new__(cls, text: str, kind: str | None = None, *args: Any) -> Action:
        self = super().__new__(cls, text)
        self.__dict__["kind"] = kind if kind is not None else text.split(" ", 1)[0]
        self.__dict__["args"] = args
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (str(self), self.kind, *self.args))

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"


def normalize(text: str) -> str:
    """The lookup key of an action text: single spaces, lower case."""
    return " ".join(text.split()).lower()


class ActionTable:
    """Every action of a game, built once; text lookup is a dict access.

    Lookup is forgiving about case and spacing (``"PLACE 3  gloves"`` finds ``place 3 Gloves``),
    so a person can type an action; the stored text stays canonical.
    """

    __slots__ = ("_by_key", "_by_text")

    def __init__(self) -> None:
        self._by_text: dict[str, Action] = {}
        self._by_key: dict[str, Action] = {}

    def add(self, text: str, kind: str | None = None, *args: Any) -> Action:
        """Create and register an action (or return the one already registered under ``text``)."""
        found = self._by_text.get(text)
        if found is not None:
            return found
        action = Action(text, kind, *args)
        key = normalize(text)
        if key in self._by_key:
            raise ValueError(f"two actions share the text {text!r} up to case and spacing")
        self._by_text[text] = action
        self._by_key[key] = action
        return action

    def get(self, text: str) -> Action | None:
        """The action with this text, or ``None``."""
        found = self._by_text.get(text)
        if found is None:
            found = self._by_key.get(normalize(text))
        return found

    def exact(self, text: str) -> Action | None:
        """The action stored under exactly this text, or ``None`` (no normalising)."""
        return self._by_text.get(text)

    def __getitem__(self, text: str) -> Action:
        found = self.get(text)
        if found is None:
            raise KeyError(text)
        return found

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and self.get(text) is not None

    def __iter__(self) -> Iterator[Action]:
        return iter(self._by_text.values())

    def __len__(self) -> int:
        return len(self._by_text)
