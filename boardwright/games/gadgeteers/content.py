"""Gadgeteers content: the schema of a content file and the frozen Gadgets built from it.

Parts are the rulebook's (fixed); Gadgets, Types and powers are content (ours by default, see
content/gadgeteers.toml). A user's own file is checked against the same schema and rules: 16
Gadgets, 4 Types of 4 Gadgets each (one Bonus card per Type), 2-4 distinct known Parts a Gadget.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine.content import Field, Section, fail, load_content

#: The 12 Parts tiles (Setup).
PARTS = ("Gloves", "Mirror", "Magnet", "Spring", "Tape", "Pipe",
         "Propeller", "Battery", "Gear", "Crank", "Lens", "Boots")

#: The power vocabulary: each word is one kind of special power (docs/games/gadgeteers.md).
POWERS = ("add_from_screen", "move_own", "recall_own", "salvage", "exchange",
          "return_other", "move_other", "swap_parts", "cycle_row")

DEFAULT_FILE = Path(__file__).parent / "content" / "gadgeteers.toml"

SCHEMA = (
    Section("types", (Field("name", str),), min_entries=4, max_entries=4),
    Section("gadgets", (
        Field("name", str),
        Field("type", str),
        Field("points", int, minimum=0, maximum=20),
        Field("parts", list, item=str, choices=PARTS, min_items=2, max_items=4),
        Field("power", str, choices=POWERS),
        Field("single_use", bool, required=False, default=False),
        Field("count", int, required=False, default=1, minimum=1, maximum=3),
        Field("to", str, required=False, default="source", choices=("source", "any", "adjacent")),
        Field("max_value", int, required=False, default=5, minimum=1, maximum=5),
    ), min_entries=16, max_entries=16),
)


@dataclass(frozen=True)
class Gadget:
    """One Gadget card: Points, Type, Required Parts and Special Power."""

    id: int
    name: str
    type: int
    points: int
    parts: tuple[int, ...]
    power: str
    single_use: bool
    count: int
    to: str
    max_value: int


@dataclass(frozen=True)
class Content:
    file: str
    types: tuple[str, ...]
    gadgets: tuple[Gadget, ...]

    def gadget_named(self, name: str) -> Gadget:
        for gadget in self.gadgets:
            if gadget.name == name:
                return gadget
        raise KeyError(name)


def _build(file: str, data: dict[str, list[dict]]) -> Content:
    types = tuple(entry["name"] for entry in data["types"])
    gadgets = []
    for index, entry in enumerate(data["gadgets"]):
        where = f"gadgets '{entry['name']}'"
        if entry["type"] not in types:
            raise fail(file, where, "type", f"{entry['type']!r} is not one of the Types {', '.join(types)}")
        if len(set(entry["parts"])) != len(entry["parts"]):
            raise fail(file, where, "parts", "names a Part twice")
        gadgets.append(Gadget(
            id=index, name=entry["name"], type=types.index(entry["type"]), points=entry["points"],
            parts=tuple(PARTS.index(p) for p in entry["parts"]), power=entry["power"],
            single_use=entry["single_use"], count=entry["count"], to=entry["to"],
            max_value=entry["max_value"],
        ))
    for type_index, type_name in enumerate(types):
        members = sum(1 for g in gadgets if g.type == type_index)
        if members != 4:
            raise fail(file, f"types '{type_name}'", None, f"needs 4 Gadgets, has {members}")
    return Content(file=file, types=types, gadgets=tuple(gadgets))


def load(path: str | Path | None = None) -> Content:
    """The content in ``path`` (default: our designed content), validated."""
    return load_content(path or DEFAULT_FILE, SCHEMA, _build, default=DEFAULT_FILE)
