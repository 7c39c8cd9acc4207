"""Helpers for the decision kinds that games build from single-seat decisions."""

from __future__ import annotations

from collections.abc import Callable


def clockwise(start: int, players: int) -> list[int]:
    """Every seat once, clockwise from ``start`` (``start`` first)."""
    return [(start + i) % players for i in range(players)]


def reaction_order(active: int, players: int, can_react: Callable[[int], bool]) -> list[int]:
    """The seats a reaction window asks, clockwise from ``active``.

    A seat that cannot react is never asked (it is skipped, not offered a lone "pass"). A game
    opens a window with this list, asks the seats one at a time, and opens a new window after
    any reaction (the rule "any play reopens the window").
    """
    return [seat for seat in clockwise(active, players) if can_react(seat)]
