"""Every action of the Game Development deck, built once per content into an ActionTable.

Text forms (card names are unique, seats are numbered from 0):

``play <card>``                    a developer, document, feature or untargeted Action card
``play Trading Ideas on seat 2``   a targeted Action card
``play Source Control Conflict on <feature> of seat 1``
``play <bug> on seat 1``           a bug, on any player (your Action)
``destroy <bug>``                  start paying to destroy a bug you control (your Action)
``use <developer>``                a Lead ability
``pay <developer>``                remove one counter from a developer towards the cost being paid
``discard <card>``                 discard down to the hand limit, one card at a time
``lead <developer>``               attach the Lead title of its kind (end of Preproduction)
``end turn`` / ``pass``
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action, ActionTable
from .content import Content

MAX_SEATS = 5


@dataclass(frozen=True)
class Actions:
    """The shared action objects, indexed by card id (and target seat)."""

    table: ActionTable
    play: tuple[Action | None, ...]
    on_seat: tuple[tuple[Action, ...] | None, ...]                  # [card][seat]
    conflict: tuple[tuple[tuple[Action | None, ...], ...] | None, ...]  # [card][seat][feature]
    destroy: tuple[Action | None, ...]
    use: tuple[Action | None, ...]
    pay: tuple[Action | None, ...]
    discard: tuple[Action, ...]
    lead: tuple[Action | None, ...]
    end: Action
    pass_: Action


_BUILT: dict[int, Actions] = {}


def actions_for(content: Content) -> Actions:
    """The action table of ``content`` (built on first use, then shared by every state)."""
    found = _BUILT.get(id(content))
    if found is not None:
        return found
    table = ActionTable()
    cards = content.cards
    n = len(cards)
    play: list[Action | None] = [None] * n
    on_seat: list[tuple[Action, ...] | None] = [None] * n
    conflict: list[tuple[tuple[Action | None, ...], ...] | None] = [None] * n
    destroy: list[Action | None] = [None] * n
    use: list[Action | None] = [None] * n
    pay: list[Action | None] = [None] * n
    lead: list[Action | None] = [None] * n
    features = [c for c in cards if c.type == "feature"]
    for card in cards:
        name = card.name
        if card.type == "developer":
            play[card.id] = table.add(f"play {name}", "develop", card.id)
            pay[card.id] = table.add(f"pay {name}", "pay", card.id)
            lead[card.id] = table.add(f"lead {name}", "lead", card.id)
            if card.lead:
                use[card.id] = table.add(f"use {name}", "use", card.id)
        elif card.type == "document":
            play[card.id] = table.add(f"play {name}", "document", card.id)
        elif card.type == "feature":
            play[card.id] = table.add(f"play {name}", "feature", card.id)
        elif card.type == "bug":
            on_seat[card.id] = tuple(table.add(f"play {name} on seat {s}", "bug", card.id, s)
                                     for s in range(MAX_SEATS))
            destroy[card.id] = table.add(f"destroy {name}", "destroy", card.id)
        elif card.effect == "trading-ideas":
            on_seat[card.id] = tuple(table.add(f"play {name} on seat {s}", "action", card.id, s)
                                     for s in range(MAX_SEATS))
        elif card.effect == "source-control-conflict":
            rows = []
            for s in range(MAX_SEATS):
                row: list[Action | None] = [None] * n
                for f in features:
                    row[f.id] = table.add(f"play {name} on {f.name} of seat {s}", "action", card.id, s, f.id)
                rows.append(tuple(row))
            conflict[card.id] = tuple(rows)
        else:
            play[card.id] = table.add(f"play {name}", "action", card.id)
    discard = tuple(table.add(f"discard {c.name}", "discard", c.id) for c in cards)
    built = Actions(table, tuple(play), tuple(on_seat), tuple(conflict), tuple(destroy), tuple(use),
                    tuple(pay), discard, tuple(lead), table.add("end turn", "end"), table.add("pass", "pass"))
    _BUILT[id(content)] = built
    return built
