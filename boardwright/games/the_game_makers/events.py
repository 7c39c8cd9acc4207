"""What the rules of The Game Makers tell the players as it happens: the words and the texts.

The rule mixins tell each event at the moment it happens (``State.tell``); this module holds the
player words they use (a resource, a tile, a card with the number players see) and the one-line
text of every event kind (``TheGameMakers.event_texts``). The kinds, when each is told and who
sees what are listed in docs/games/the-game-makers.md, "Events".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...engine.events import TEXT, listed
from .content import COLUMNS, TYPES

#: a resource of one kind, by level, in player words ("a level 2 wood", "2 cards")
ONE = ("card", "tile", "wood", "die", "plastic")
SIZES = ("small", "medium", "large")
ICON_WORDS = ("card", "tile", "wood", "dice", "plastic")
#: the worker spaces (actions.SPACES) as players say them
SPACE_WORDS = ("Gain 1 at level 1", "Gain 1 at level 2", "Gain 1 at level 3",
               "View more cards and tiles (level 1)", "View more cards and tiles (level 2)",
               "View more cards and tiles (level 3)", "Marketing boost (level 1)",
               "Marketing boost (level 2)", "Marketing boost (level 3)", "the B Structure's space")
COLUMN_WORDS = (*TYPES, "Tree")
#: what each Marketing column (content.COLUMNS) markets, in the score sheet's words
COLUMN_TOPICS = ("engine building", "set collection", "team games", "war games", "trees")


def column_name(column: int) -> str:
    """A Marketing column as the board, the action menu and the score sheet all name it:
    its colour and what it markets ("yellow (engine building)"), or "trees"."""
    colour, topic = COLUMNS[column], COLUMN_TOPICS[column]
    return colour if colour == topic else f"{colour} ({topic})"


def resource(kind: int, level: int) -> str:
    """"a level 2 wood", "3 cards" (cards come by number)."""
    if kind == 0:
        return "1 card" if level == 1 else f"{level} cards"
    return f"a level {level} {ONE[kind]}"


def tile_name(size: int, icon: int) -> str:
    """"a medium tile with the wood icon" (a tile of size 1-3 with a component icon)."""
    return f"a {SIZES[size - 1]} tile with the {ICON_WORDS[icon]} icon"


def buildings_text(levels: tuple[int, ...]) -> str:
    """"a level 1 and a level 2 building", "2 level 1 buildings"."""
    counts = [(lv, levels.count(lv)) for lv in sorted(set(levels))]
    if len(counts) == 1:
        lv, n = counts[0]
        return f"a level {lv} building" if n == 1 else f"{n} level {lv} buildings"
    return " and ".join(f"a level {lv}" if n == 1 else f"{n} level {lv}" for lv, n in counts) + " building"


def card_name(number: int, name: str) -> str:
    """A card as players see it everywhere: "card #39 Wandering Towers" (numbers from 1)."""
    return f"card #{number} {name}"


def place(index: int, columns: int) -> str:
    """A cell of a grid ``columns`` wide, row by row: "row 1, column 3"."""
    return f"row {index // columns + 1}, column {index % columns + 1}"


def _lettered(structures: list[str]) -> list[str]:
    """A seat's Structures as the data name them ("A Arboretum") in words: "Arboretum (A)"."""
    return [f"{name[2:]} ({name[0]})" for name in structures]


def _seat(data: Mapping[str, Any]) -> str:
    return f"Seat {data['seat']}"


def _card(data: Mapping[str, Any]) -> str:
    return card_name(data["number"], data["card"]) if data.get("card") is not None else "a card"


def cards_drawn(data: Mapping[str, Any]) -> str:
    who, count = _seat(data), ("1 card" if data["count"] == 1 else f"{data['count']} cards")
    if data.get("cards") is None:
        return f"{who} draws {count} and looks at them"
    return f"{who} draws {count}: {listed(data['cards'])}"


def card_kept(data: Mapping[str, Any]) -> str:
    if data["contract"]:
        text = f"{_seat(data)} takes {_card(data)} as a Contract"
    else:
        text = f"{_seat(data)} keeps {_card(data)} face down as a component"
    discarded = data.get("discarded")
    if discarded:
        verb = "goes" if len(discarded) == 1 else "go"
        text += f"; {listed(discarded)} {verb} face up to the discard pile"
    return text


def tiles_drawn(data: Mapping[str, Any]) -> str:
    if data.get("tiles") is None:
        return f"{_seat(data)} draws {data['count']} tiles from the {data['bag']} bag and looks at them"
    return f"{_seat(data)} draws {listed(data['tiles'])} from the {data['bag']} bag"


def forklift_moved(data: Mapping[str, Any]) -> str:
    takes = f" and takes {data['takes']}" if data.get("takes") else ""
    return (f"{_seat(data)} moves Forklift {data['forklift']} to the level {data['level']} Wedge "
            f"({data['wedge']}){takes}; it is READY again on turn {data['ready']}")


def forklift_back(data: Mapping[str, Any]) -> str:
    wait = data["wait"]
    when = "it is READY now" if wait == 0 else f"it is READY again on turn {data['ready']}"
    return f"{_seat(data)} moves Forklift {data['forklift']} back one space: {when}"


def structures_drafted(data: Mapping[str, Any]) -> str:
    picks = [f"Seat {seat} takes {name}" for seat, name in zip(data["seats"], data["structures"], strict=True)]
    return f"Structures revealed together: {listed(picks)}"


def turn_started(data: Mapping[str, Any]) -> str:
    text = (f"turn {data['turn']} begins with Seat {data['first']}: the READY Wedge is {data['ready']}, "
            f"then {listed(data['wedges'])} at levels 1, 2 and 3")
    if data.get("reset"):
        text += "; workers may return to the Break Room"
    if data.get("final"):
        text += ". This is the final turn"
    return text


def machinery_installed(data: Mapping[str, Any]) -> str:
    text = f"{_seat(data)} installs {data['tile']} on the Assembly Line at {data['place']}"
    if data.get("discounts"):
        text += f"; machinery now lowers {listed(data['discounts'])}"
    return text


def marketing_advanced(data: Mapping[str, Any]) -> str:
    steps = "1 step" if data["steps"] == 1 else f"{data['steps']} steps"
    if not data["steps"]:
        return f"{_seat(data)}'s {data['column']} marketing is already at the top ({data['to']})"
    return f"{_seat(data)} advances {data['column']} marketing {steps} to {data['to']}"


def _points(n: int) -> str:
    return TEXT.format_field(n, "points")


#: the text of every event kind: functions of the data (an f-string is much quicker than
#: a template, and a seat's events are written out often)
TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "structures_dealt": lambda d: f"{_seat(d)} is dealt the Structures {listed(_lettered(d['structures']))}",
    "structures_drafted": structures_drafted,
    "play_started": lambda d: "every Factory is set up: the game begins",
    "turn_started": turn_started,
    "workers_returned": lambda d: f"{_seat(d)} returns every assigned worker to the Break Room",
    "forklift_moved": forklift_moved,
    "forklift_back": forklift_back,
    "gained": lambda d: f"{_seat(d)} gains {d['what']}",
    "die_rolled": lambda d: f"{_seat(d)} rolls the level {d['level']} die: {d['roll']}",
    "cards_drawn": cards_drawn,
    "card_kept": card_kept,
    "tiles_drawn": tiles_drawn,
    "component_kept": lambda d: f"{_seat(d)} keeps {d['what']} as a component",
    "worker_hired": lambda d: f"{_seat(d)} hires a level {d['level']} worker into the Break Room",
    "machinery_installed": machinery_installed,
    "tweenie_placed": lambda d: f"{_seat(d)} places the {d['tweenie']} Tweenie at {d['place']} of the Assembly Line",
    "marketing_advanced": marketing_advanced,
    "building_placed": lambda d: f"{_seat(d)} places a level {d['level']} building on {d['structure']}",
    "structure_activated": lambda d: f"{_seat(d)} activates the {d['letter']} Structure {d['structure']}",
    "structure_triggered": lambda d: f"{_seat(d)}'s {d['structure']} gives an extra {d['what']}",
    "manufacture_started": lambda d: (f"{_seat(d)} starts manufacturing {d['card']} from Contract "
                                      f"space {d['space']}"),
    "spent": lambda d: f"{_seat(d)} spends {listed(d['paid'])}",
    "game_displayed": lambda d: f"{_seat(d)} puts {d['card']} in the Display Case at {d['place']}",
    "points_scored": lambda d: f"{_seat(d)} scores {_points(d['points'])} for {d['reason']}",
    "tree_planted": lambda d: f"{_seat(d)} plants a tree: {d['tree']}",
    "display_rearranged": lambda d: f"{_seat(d)} swaps {d['first']} and {d['second']} of the Display Case",
    "worker_released": lambda d: (f"{_seat(d)} returns a level {d['level']} worker from {d['space']} "
                                  "to the Break Room"),
    "worker_promoted": lambda d: f"{_seat(d)} promotes a level {d['level']} worker to level {d['to']}",
    "final_turn": lambda d: f"{_seat(d)}'s Display Case is full: turn {d['turn']} is the final turn",
}


__all__ = ["COLUMN_TOPICS", "COLUMN_WORDS", "ICON_WORDS", "SIZES", "SPACE_WORDS", "TEXTS", "buildings_text",
           "card_name", "column_name", "place", "resource", "tile_name"]
