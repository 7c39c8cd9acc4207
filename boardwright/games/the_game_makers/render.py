"""The terminal board of The Game Makers, drawn from a view only (it cannot leak).

Everything is in player words: cards with the numbers the actions use (#1 up), whole names, the
die roll of the step being decided, and the pending steps as sentences.
"""

from __future__ import annotations

from typing import Any

from ...engine.events import TEXT
from ...engine.markup import escape
from .actions import SPACES, cell_name, slot_name
from .board import TWEENIE_BASE
from .content import COLUMNS, KINDS, LETTERS, TYPES, Content, load
from .events import ICON_WORDS, SIZES, SPACE_WORDS, buildings_text, card_name, resource

TYPE_STYLE = ("yellow", "blue", "magenta", "red")
PHASE_WORDS = {"draft": "drafting Structures", "setup": "setting up", "play": "playing", "over": "game over"}
#: an Assembly Line cell, 7 wide: the icon of installed machinery, a Tweenie, or empty


def render(view: dict[str, Any]) -> str:
    content = load(view.get("content"))
    viewer = view.get("viewer")
    header = f"[bold]The Game Makers[/bold]  turn {view['turn']}, {PHASE_WORDS[view['phase']]}"
    if view["reset_turn"] and view["phase"] == "play":
        header += "  [bold]Reset to the Break Room turn[/bold]"
    if view["end_turn"] and not view["is_over"]:
        header += f"  [bold red]turn {view['end_turn']} is the final turn[/bold red]"
    lines = [header, wheel_line(view)]
    bags = view["bags"]
    lines.append(f"Deck {view['deck']} cards, discard pile {len(view['discard'])}   tile bags: "
                 f"small {bags[0]}, medium {bags[1]}, large {bags[2]}")
    if view.get("draft"):
        lines += draft_lines(content, view)
    for seat, info in enumerate(view["seats"]):
        lines.append("")
        lines += seat_lines(content, view, seat, info)
    if view["pending"] and not view["is_over"]:
        lines.append("")
        current = view["current"]
        who = "Your step" if current == viewer else f"Waiting for [seat{current}]Seat {current}[/seat{current}]"
        steps = [step_text(content, frame) for frame in reversed(view["pending"])]
        lines.append(f"{who}: {steps[0]}")
        for later in steps[1:]:
            lines.append(f"  then: {later}")
    return "\n".join(lines)


def wheel_line(view: dict[str, Any]) -> str:
    ring, ready = view["ring"], view["ready"]
    at = {(i - ready) % 6: kind for i, kind in enumerate(ring)}
    covered = [at[4], at[5]]
    return (f"Wheel  READY: {at[0]}   level 1: {at[1]}   level 2: {at[2]}   level 3: {at[3]}"
            f"   (covered: {covered[0]}, {covered[1]})")


def draft_lines(content: Content, view: dict[str, Any]) -> list[str]:
    lines = ["Draft  " + "   ".join(f"set {d['letter']} with Seat {d['holder']} ({d['size']} tiles)"
                                    for d in view["draft"])]
    for d in view["draft"]:
        if d["tiles"]:
            whose = "your" if d["holder"] == view.get("viewer") else f"Seat {d['holder']}'s (seen)"
            lines.append(f"  {whose} {d['letter']} set: " + "; ".join(
                structure_text(content, sid) for sid in d["tiles"]))
    return lines


def seat_lines(content: Content, view: dict[str, Any], seat: int, info: dict[str, Any]) -> list[str]:
    you = " (you)" if view.get("viewer") == seat else ""
    playing = "  [bold]playing now[/bold]" if view["current"] == seat and not view["is_over"] else ""
    lines = [f"[bold][seat{seat}]Seat {seat}{you}[/seat{seat}][/bold]{playing}"]
    lines.append("  Forklifts: " + ", ".join(
        f"{n} {'READY' if wait == 0 else f'back in {wait} turn' + ('s' if wait > 1 else '')}"
        for n, wait in enumerate(info["forklifts"], 1)))
    room = [f"{count} at level {lv}" for lv, count in enumerate(info["break_room"], 1) if count]
    line = "  Break Room workers: " + (", ".join(room) if room else "none")
    if info["workers"]:
        line += "   working: " + "; ".join(
            SPACE_WORDS[SPACES.index(space)] + (f" (two level {levels[0]} workers)" if len(levels) == 2
                                                and levels[0] == levels[1] else f" (level {levels[0]} and "
                                                f"level {levels[1]} workers)" if len(levels) == 2 else "")
            for space, levels in info["workers"].items())
    lines.append(line)
    comps = [f"{info['cards']} face-down {'card' if info['cards'] == 1 else 'cards'}"]
    for kind in ("wood", "dice", "plastic"):
        counts = info["components"][kind]
        if any(counts):
            comps.append(f"{kind} " + " and ".join(f"{n} of level {lv}" for lv, n in enumerate(counts, 1) if n))
    comps += [f"{SIZES[content.tiles[t][0] - 1]} tile ({ICON_WORDS[content.tiles[t][1]]} icon)"
              for t in info["tiles"]]
    lines.append("  Components: " + ", ".join(comps))
    if info["hand"]:
        lines.append("  Your face-down cards: " + "; ".join(
            f"#{c + 1} {escape(content.cards[c].name)}" for c in info["hand"]))
    lines.append("  Contracts:")
    for space, card in enumerate(info["contracts"], 1):
        lines.append(f"    {space}. " + (describe_card(content, card) if card >= 0 else "empty"))
    filled = sum(1 for c in info["display"] if c >= 0)
    lines.append(f"  Display Case ({filled} of 12 games):")
    for r in range(3):
        row = []
        for c in range(4):
            card = info["display"][r * 4 + c]
            if card < 0:
                row.append("[dim]empty[/dim]")
            else:
                kind = content.cards[card].type
                row.append(f"[{TYPE_STYLE[kind]}]#{card + 1} {escape(content.cards[card].name)} "
                           f"({TYPES[kind]})[/{TYPE_STYLE[kind]}]")
        lines.append(f"    row {r + 1}: " + " | ".join(row))
    discounts = [f"{KINDS[k]} by {d} level{'s' if d > 1 else ''}" for k, d in enumerate(info["discounts"]) if d]
    lines.append("  Assembly Line (machinery lowers " + (", ".join(discounts) if discounts else "nothing yet")
                 + "):")
    for r in range(3):
        cells = []
        for c in range(6):
            code = info["assembly_line"][r * 6 + c]
            word = "." if code < 0 else "tweenie" if code >= TWEENIE_BASE else ICON_WORDS[content.tiles[code][1]]
            cells.append(f"{word:7s}")
        lines.append("    " + "  ".join(cells).rstrip())
    lines.append("  Marketing: " + ", ".join(f"{COLUMNS[i]} {v}" for i, v in enumerate(info["marketing"])))
    structs = []
    for letter, sid in enumerate(info["structures"]):
        if sid < 0:
            continue
        s = content.structures[sid]
        built = bin(info["built"][letter]).count("1")
        needed = TEXT.format_field(len(s.buildings), "plural building")
        state = "active" if info["active"][letter] else f"{built} of {needed}"
        structs.append(f"{escape(s.name)} ({LETTERS[letter]}, {state})")
    lines.append("  Structures: " + ("; ".join(structs) if structs else "none yet"))
    trees = [escape(content.trees[t].name) for t in info["trees"]]
    used = [escape(content.tweenies[t].name) for t in info["tweenies_used"]]
    lines.append(f"  Trees ({len(trees)}): " + (", ".join(trees) if trees else "none")
                 + "   Tweenies used: " + (", ".join(used) if used else "none"))
    return lines


def needs_text(content: Content, card: int) -> str:
    return ", ".join(resource(k, lv) if lv else f"any {ICON_WORDS[k]}" for k, lv in content.cards[card].requires)


def describe_card(content: Content, card: int) -> str:
    """A Contract as players read it: number, whole name, type, needs, points and reward."""
    info = content.cards[card]
    score = score_text(content, card)
    reward = ("; reward " + ", ".join(effect_text(r) for r in info.reward)) if info.reward else ""
    style = TYPE_STYLE[info.type]
    return (f"[{style}]#{card + 1} {escape(info.name)} ({TYPES[info.type]})[/{style}] "
            f"needs {needs_text(content, card)}; {score}{reward}")


#: how a pattern card scores, in words ({t}: what it counts)
PATTERN_WORDS = ("", "1 VP per game in your largest group of adjacent {t} (at most 5)",
                 "1 VP per Display Case row holding one of your {t}", "1 VP per Display Case column "
                 "holding one of your {t}", "1 VP per {g} in the two left columns of your Display Case",
                 "1 VP per {g} in the two right columns of your Display Case")


def score_text(content: Content, card: int) -> str:
    """What a game scores at the end: flat VP, or a Display Case pattern of a type or component."""
    info = content.cards[card]
    if info.pattern == 0:
        return f"{info.value} VP"
    if info.value < len(TYPES):
        games, game = f"{TYPES[info.value]} games", f"{TYPES[info.value]} game"
    else:
        kind = KINDS[info.value - len(TYPES)]
        games, game = f"games made with {kind}", f"game made with {kind}"
    return PATTERN_WORDS[info.pattern].format(t=games, g=game)


def effect_text(effect: tuple[str, int, int]) -> str:
    what, a, b = effect
    if what == "res":
        return resource(a, b)
    if what == "market":
        steps = f"{b} step{'s' if b != 1 else ''}"
        return f"{steps} on {COLUMNS[a] if a >= 0 else 'any'} marketing"
    if what == "vp":
        return f"{b} VP"
    if what == "tree":
        return "a tree" if b == 1 else f"{b} trees"
    if what == "back":
        return "move a Forklift back one space" if b == 1 else f"move up to {b} Forklifts back one space each"
    return what


def structure_text(content: Content, sid: int) -> str:
    s = content.structures[sid]
    return f"{LETTERS[s.letter]} {escape(s.name)} (needs {buildings_text(s.buildings)})"


def step_text(content: Content, frame: dict[str, Any]) -> str:
    """One pending step as a sentence for the player facing it (or watching)."""
    what = frame["step"]
    cards = content.cards
    if what == "setup":
        if "offer" in frame:
            return ("place your starting cards, each as a Contract or a face-down component: "
                    + "; ".join(f"#{c + 1} {escape(cards[c].name)}" for c in frame["offer"]))
        return f"placing {frame['count']} starting cards"
    if what == "cards":
        keep = frame["keep"]
        if "offer" in frame:
            return (f"keep {keep} of the cards you drew, each as a Contract or a face-down component: "
                    + "; ".join(f"#{c + 1} {escape(cards[c].name)}" for c in frame["offer"]))
        return f"keeping {keep} of {frame['count']} drawn cards"
    if what == "tilepick":
        if "offer" in frame:
            return "keep one of the tiles you drew: " + ", ".join(
                f"#{t + 1} {SIZES[content.tiles[t][0] - 1]} ({ICON_WORDS[content.tiles[t][1]]} icon)"
                for t in frame["offer"])
        return f"choosing one of {frame['count']} drawn tiles"
    if what == "use":
        kind, level, extra = frame["kind"], frame["level"], frame["extra"]
        if kind == 1:
            size, icon = content.tiles[extra]
            return (f"decide what your {SIZES[size - 1]} tile ({ICON_WORDS[icon]} icon) becomes: "
                    "a component or machinery on the Assembly Line")
        if kind == 3:
            return (f"you rolled {extra} on the level {level} die: keep the die as a component, or "
                    f"advance a Marketing column {extra} step{'s' if extra != 1 else ''}")
        asset = "a worker in the Break Room" if kind == 2 else "a building on a Structure"
        return f"decide what your {resource(kind, level)[2:]} becomes: a component or {asset}"
    if what == "wild":
        if frame.get("exchange"):
            return f"choose the level {frame['level']} resource your workers bring (not wood)"
        return f"choose which kind of level {frame['level']} resource to take from the Wild Wedge"
    if what == "cell":
        piece = frame["piece"]
        if piece >= TWEENIE_BASE:
            return f"choose the Assembly Line gap for the {escape(content.tweenies[piece - TWEENIE_BASE].name)} Tweenie"
        size, icon = content.tiles[piece]
        return f"choose the Assembly Line cell for your {SIZES[size - 1]} tile ({ICON_WORDS[icon]} icon)"
    if what == "column":
        steps = f"{frame['steps']} step{'s' if frame['steps'] != 1 else ''}"
        if frame["column"] >= 0:
            return f"advance {COLUMNS[frame['column']]} marketing {steps}"
        return f"choose a Marketing column to advance {steps}"
    if what == "build":
        return f"choose the Structure for your level {frame['level']} building"
    if what == "pay":
        card = frame["card"]
        needs = frame["needs"]
        first = resource(needs[0][0], needs[0][1]) if needs else "nothing"
        rest = f" (then {', '.join(resource(k, lv) for k, lv in needs[1:])})" if len(needs) > 1 else ""
        return (f"pay for {card_name(card + 1, escape(cards[card].name))}: choose the component "
                f"that pays {first} or more{rest}")
    if what == "display":
        card = frame["card"]
        return f"put {card_name(card + 1, escape(cards[card].name))} in the Display Case"
    if what == "tree":
        return "choose a tree space to plant a tree"
    if what == "discard":
        kind = "components" if frame["kind"] < 0 else KINDS[frame["kind"]]
        return (f"discard {frame['count']} more {kind} to plant a tree on "
                f"{escape(content.trees[frame['space']].name)}")
    if what == "reset":
        return "return every assigned worker to the Break Room, or keep them where they are"
    if what == "back":
        return f"move up to {frame['count']} Forklift{'s' if frame['count'] != 1 else ''} back one space"
    if what == "swap":
        return "rearrange the Display Case: swap two slots, or done"
    if what == "release":
        return "choose a worker to return to the Break Room"
    if what == "promote":
        return "choose a worker to promote one level"
    if what == "copy":
        return "choose a used Tweenie whose benefit to take again"
    return what.replace("_", " ")


WORDS = {
    "forklift to": "move a READY Forklift to that Wedge and take its resource",
    "make contract": "manufacture the game of that Contract space",
    "work gain": "Gain 1: assign workers to exchange for any resource of that level",
    "work view": "Enhancement: see one more card or tile whenever you draw",
    "work market": "Enhancement: +1 to every marketing advance",
    "work structure": "use your active B Structure's worker space",
    "tweenie": "place that Tweenie in a square gap and use it once",
    "plant tree": "discard components to plant on that tree space",
    "reset workers": "return every assigned worker to the Break Room",
    "keep workers": "leave your workers where they are",
    "end turn": "end your turn",
    "take": "the Wild Wedge / Gain 1: take that kind of resource",
    "contract #": "place that card face up as a Contract",
    "component #": "keep that card face down as a Component",
    "keep tile": "keep that tile (the others viewed are discarded)",
    "as component": "keep the resource as a Component",
    "as machinery": "install the tile on the Assembly Line",
    "as worker": "hire the wood as a worker (Break Room)",
    "as marketing": "use the die's roll to advance one Marketing column",
    "as building": "place the plastic on a Structure",
    "cell": "that cell of the Assembly Line (row, column)",
    "market": "advance that Marketing column",
    "build on": "that Structure's matching building space",
    "pay": "pay the requirement with a component of that level",
    "display": "that slot of the Display Case (row, column)",
    "tree": "plant a tree on that space",
    "discard": "discard a component of that kind and level",
    "swap": "swap two slots of the Display Case",
    "done": "finish this step",
    "back forklift": "move that Forklift one space back towards READY",
    "promote": "promote a worker of that level",
    "release": "return the worker on that space to the Break Room",
    "copy": "use that Tweenie's benefit again",
    "draft": "take that Structure",
}


def describe(text: str) -> str:
    for prefix, words in WORDS.items():
        if text.startswith(prefix):
            return f"{text}: {words}"
    return text


__all__ = ["cell_name", "describe", "render", "slot_name"]
