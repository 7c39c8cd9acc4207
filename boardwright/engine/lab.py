"""What the balance lab reads of a game: the content each seat took, and how far the game went.

A game describes this on its :class:`~boardwright.engine.game.Game` with two small hooks:

- ``Game.lab_items(state)``: for a finished game, per seat, the set of ``(kind, name)`` items
  (a Gadget built, a Machine bought, a Structure dealt, a Lead chosen...) that seat took at least
  once. The default reads the events the game told, through the declarative table
  ``Game.lab_events`` of :class:`ItemRule` entries; a game whose facts are all in its final state
  or in its action log reads them there instead and needs no events at all (events cost time).
- ``Game.lab_progress(state)``: after each decision, a ``(round, turn)`` pair of keys. The lab
  counts a new round each time the round key changes and a new turn each time the turn key
  changes; ``None`` means "not in a round" or "not in anyone's turn" (setup, an auction) and is
  not counted.

The lab is an omniscient reader of finished games: it sees what every seat was told, never
during play, and nothing it reads reaches an agent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .events import Event

#: an item of content as the lab counts it: ``(kind, name)``, e.g. ``("Gadget", "Jumpboots")``
Item = tuple[str, str]


@dataclass(frozen=True)
class ItemRule:
    """Every event of kind ``event`` names, under ``key``, an item of ``kind`` (or a list of them)
    taken by the seat under ``seat``.

    When the seat field holds a list, it is paired position by position with the list of items
    (one event telling what several seats chose). With ``only_if``, an event counts only when that
    field of its data is true (e.g. a card kept as a Contract rather than face down).
    """

    event: str
    kind: str
    key: str
    seat: str = "seat"
    only_if: str = ""


def items_told(events: Iterable[Event], rules: Sequence[ItemRule], players: int) -> list[set[Item]]:
    """Per seat, the items the rules find in ``events`` (the full data of each event, whoever was
    told it: the lab reads a finished game)."""
    found: list[set[Item]] = [set() for _ in range(players)]
    by_event: dict[str, list[ItemRule]] = {}
    for rule in rules:
        by_event.setdefault(rule.event, []).append(rule)
    for event in events:
        kind, data = event[0], event[2]
        for rule in by_event.get(kind, ()):
            if rule.only_if and not data.get(rule.only_if):
                continue
            _add(found, rule.kind, data.get(rule.seat), data.get(rule.key))
    return found


def _add(found: list[set[Item]], kind: str, seat: Any, named: Any) -> None:
    if isinstance(seat, list):
        for one, item in zip(seat, named if isinstance(named, list) else [], strict=False):
            _add(found, kind, one, item)
        return
    if not isinstance(seat, int) or not 0 <= seat < len(found):
        return
    for name in named if isinstance(named, list) else [named]:
        if isinstance(name, str) and name:
            found[seat].add((kind, name))
