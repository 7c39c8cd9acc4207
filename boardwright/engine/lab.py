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

Two more hooks let the lab judge an item against the others of its kind:

- ``Game.lab_efficiency(options)``: for the items whose content gives points and a cost, an
  :data:`Efficiency` ``(points, cost, unit)``: a Gadget's points and its Parts, a feature's
  points and its resources, a Machine's points and its doors...
- ``Game.lab_plain(item, options)``: a :class:`PlainVariant` of the content, in which ``item``
  keeps its name and cost but plays as a plain item of its kind: usually with the points its
  kind's median points per cost gives that cost (:func:`plain_points`), or without its special
  ability; None when the game has no plain item for it. The lab plays the same seeds with it (an
  ablation) to measure what the item itself does.

The lab is an omniscient reader of finished games: it sees what every seat was told, never
during play, and nothing it reads reaches an agent.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .events import Event

#: an item of content as the lab counts it: ``(kind, name)``, e.g. ``("Gadget", "Jumpboots")``
Item = tuple[str, str]
#: what the content says an item scores and costs: ``(points, cost, unit of the cost)``, e.g.
#: ``(2.0, 2.0, "Part")`` for a 2-point Gadget of two Parts
Efficiency = tuple[float, float, str]


@dataclass(frozen=True)
class PlainVariant:
    """A content file in which one item plays as a plain item of its kind: what it plays as (for
    people: "as Save System: Prog 2, 2 points") and the whole file's TOML text."""

    replacement: str
    toml: str


def median(values: Sequence[float]) -> float:
    """The median of ``values`` (the mean of the two middle ones for an even count)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def points_worth(points: int) -> str:
    """"1 point", "3 points": a plain item's worth as its variant's heading says it."""
    return f"{points} point" if points == 1 else f"{points} points"


def plain_points(efficiency: Mapping[Item, Efficiency], item: Item) -> int | None:
    """The points a plain item of ``item``'s kind has for ``item``'s cost: the median points per
    cost of the other items of its kind, times that cost, rounded half up. None when the item has
    no cost, its kind no other item with one, or it has those points already (it is plain)."""
    if item not in efficiency or efficiency[item][1] <= 0:
        return None
    points, cost, _ = efficiency[item]
    rates = [p / c for (kind, name), (p, c, _) in efficiency.items() if kind == item[0] and name != item[1] and c > 0]
    if not rates:
        return None
    plain = math.floor(median(rates) * cost + 0.5)
    return None if plain == points else plain


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
