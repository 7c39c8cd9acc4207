"""The content of Makers of Universe: the schema of the card file and the frozen cards built from it.

Content is data (content/cards.toml, our own design per RULINGS U11); behaviour is code keyed by
the effect names listed here. :func:`load` checks the schema, the rulebook's counts (10 Characters,
18 Machines, 15 Doors, 67 Resource cards) and the cross references (an Evolution names a Machine).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from boardwright.engine import Field, Section, load_content
from boardwright.engine.content import fail

CONTENT_FILE = Path(__file__).parent / "content" / "cards.toml"

#: character powers (see docs/games/makers-of-universe.md, "Characters")
POWERS = ("income", "extra_draw", "fewer_doors", "wins_ties", "greedy", "trap_reward",
          "cheap_exchange", "evolution_bonus", "salvage", "trap_breaker")
SPECIALS = ("none", "palace", "ravager_cannon")
#: what a creature does when it gets into a world
ATTACKS = ("none", "bank_ue", "steal_ue", "steal_card", "discard_cards", "destroy_machine",
           "destroy_evolution", "kill_defender", "evolve", "sweep")
#: what a creature does while it defends its world
DEFENCES = ("none", "guard_ue", "guard_hand", "guard_machines", "guard_evolutions", "intercept")
TRAPS = ("stop", "fine", "capture", "lasting", "backfire")
ACTIONS = ("gain_ue", "draw_cards", "steal_ue", "cancel_attack", "disarm", "force_door",
           "destroy_machine", "steal_card")
#: Action effects by the target they name in the action text
ACTION_TARGET = {"gain_ue": "none", "draw_cards": "none", "cancel_attack": "none",
                 "steal_ue": "seat", "steal_card": "seat", "disarm": "door", "force_door": "door",
                 "destroy_machine": "machine"}

#: the rulebook's card counts (Game Contents)
COUNTS = {"characters": 10, "machines": 18, "doors": 15, "resources": 67}

_TEXT = Field("text", str, required=False, default="")
_COUNT = Field("count", int, minimum=1, maximum=20)
_AMOUNT = Field("amount", int, required=False, default=0, minimum=0, maximum=9)

SCHEMA = (
    Section("characters", (Field("name", str), Field("power", str, choices=POWERS), _TEXT)),
    Section("machines", (Field("name", str), _COUNT, Field("points", int, minimum=0, maximum=3),
                         Field("doors", int, minimum=1, maximum=3),
                         Field("special", str, required=False, default="none", choices=SPECIALS), _TEXT)),
    Section("doors", (Field("name", str), _TEXT)),
    Section("creatures", (Field("name", str), _COUNT,
                          Field("attack", str, required=False, default="none", choices=ATTACKS), _AMOUNT,
                          Field("defence", str, required=False, default="none", choices=DEFENCES), _TEXT)),
    Section("traps", (Field("name", str), _COUNT, Field("effect", str, choices=TRAPS), _AMOUNT, _TEXT)),
    Section("actions", (Field("name", str), _COUNT, Field("effect", str, choices=ACTIONS), _AMOUNT, _TEXT)),
    Section("evolutions", (Field("name", str), _COUNT, Field("machine", str),
                           Field("points", int, required=False, default=2, minimum=0, maximum=9), _TEXT)),
)

CREATURE, TRAP, ACTION, EVOLUTION = "creature", "trap", "action", "evolution"


@dataclass(frozen=True)
class Character:
    id: int
    name: str
    power: str
    text: str


@dataclass(frozen=True)
class Machine:
    """A kind of Machine card (``count`` copies in the pile)."""

    id: int
    name: str
    count: int
    points: int
    doors: int
    special: str
    text: str


@dataclass(frozen=True)
class Card:
    """A kind of Resource card. ``effect`` is the attack, trap, action or evolution effect;
    ``defence`` a creature's defence effect; ``machine`` the Machine id an Evolution names."""

    id: int
    name: str
    family: str
    count: int
    effect: str
    amount: int
    defence: str
    machine: int
    points: int
    text: str


@dataclass(frozen=True)
class Content:
    file: str
    characters: tuple[Character, ...]
    machines: tuple[Machine, ...]
    doors: tuple[str, ...]
    cards: tuple[Card, ...]

    def machine_named(self, name: str) -> Machine:
        return next(m for m in self.machines if m.name == name)

    def card_named(self, name: str) -> Card:
        return next(c for c in self.cards if c.name == name)


def _build(file: str, data: dict[str, list[dict]]) -> Content:
    characters = tuple(Character(i, e["name"], e["power"], e["text"])
                       for i, e in enumerate(data["characters"]))
    machines = tuple(Machine(i, e["name"], e["count"], e["points"], e["doors"], e["special"], e["text"])
                     for i, e in enumerate(data["machines"]))
    by_machine = {m.name: m.id for m in machines}
    cards: list[Card] = []
    for family, section in ((CREATURE, "creatures"), (TRAP, "traps"), (ACTION, "actions"),
                            (EVOLUTION, "evolutions")):
        for e in data[section]:
            machine = -1
            if family == EVOLUTION:
                if e["machine"] not in by_machine:
                    raise fail(file, f"evolutions '{e['name']}'", "machine",
                               f"names no Machine: {e['machine']!r}")
                machine = by_machine[e["machine"]]
            effect = e.get("attack") if family == CREATURE else e.get("effect", "evolution")
            cards.append(Card(len(cards), e["name"], family, e["count"], effect or "none", e.get("amount", 0),
                              e.get("defence", "none"), machine, e.get("points", 0), e["text"]))
    names: dict[str, str] = {}
    for section, entries in (("machines", machines), ("cards", cards)):
        for item in entries:
            if item.name in names:
                raise fail(file, f"{section} '{item.name}'", "name",
                           f"is also the name of a {names[item.name]}")
            names[item.name] = section
    totals = {"characters": len(characters), "machines": sum(m.count for m in machines),
              "doors": len(data["doors"]), "resources": sum(c.count for c in cards)}
    for what, want in COUNTS.items():
        if totals[what] != want:
            raise fail(file, None, None,
                       f"the rulebook has {want} {what} cards, this file has {totals[what]}")
    for special in ("palace", "ravager_cannon"):
        if not any(m.special == special for m in machines):
            raise fail(file, None, None, f"needs a Machine with special = {special!r} (RULINGS U11)")
    for needed, effect in (("Cerberus", "bank_ue"), ("Scientist Android", "evolve")):
        if not any(c.effect == effect for c in cards if c.family == CREATURE):
            raise fail(file, None, None, f"needs a creature like the {needed} (attack = {effect!r})")
    if sorted({c.power for c in characters}) != sorted(POWERS):
        raise fail(file, None, None, "the ten Characters must have the ten different powers")
    return Content(file, characters, machines, tuple(e["name"] for e in data["doors"]), tuple(cards))


def load(path: str | Path = CONTENT_FILE) -> Content:
    """The content in ``path`` (the bundled card file by default), checked and frozen."""
    return load_content(path, SCHEMA, _build, default=CONTENT_FILE)
