"""The terminal board of The Game Makers, drawn from a view only (it cannot leak)."""

from __future__ import annotations

from typing import Any

from .actions import cell_name, slot_name
from .content import COLUMNS, KINDS, LETTERS, PATTERNS, TYPES, load

ICON = {"cards": "Cd", "tiles": "Ti", "wood": "Wd", "dice": "Dc", "plastic": "Pl"}
TYPE_MARK = ("[yellow]Y[/]", "[blue]B[/]", "[magenta]P[/]", "[red]R[/]")


def render(view: dict[str, Any]) -> str:
    content = load(view.get("content"))
    lines = [f"[bold]The Game Makers[/bold]  turn {view['turn']}  ({view['phase']})"
             + ("  [bold]Reset to the Break Room[/]" if view["reset_turn"] else "")
             + (f"  final turn {view['end_turn']}" if view["end_turn"] else "")
             + (f"  ended by {view['ended_by']}" if view.get("ended_by") else "")]
    ring = view["ring"]
    ready = view["ready"]
    marks = []
    for i, kind in enumerate(ring):
        level = (i - ready) % 6
        label = "READY" if level == 0 else (f"L{level}" if level <= 3 else "--")
        marks.append(f"{label}:{kind}")
    lines.append("Wheel  " + "  ".join(marks))
    lines.append(f"Deck {view['deck']}  discard {len(view['discard'])}  bags S/M/L {view['bags']}")
    if view.get("draft"):
        lines.append("Draft  " + "  ".join(f"{d['letter']}->seat {d['holder']} ({d['size']})"
                                           for d in view["draft"]))
        for d in view["draft"]:
            if d["tiles"]:
                whose = "your" if d["holder"] == view.get("viewer") else f"seat {d['holder']}'s (seen)"
                lines.append(f"  {whose} {d['letter']} set: " + "; ".join(
                    structure_text(content, sid) for sid in d["tiles"]))
    for seat, info in enumerate(view["seats"]):
        you = " (you)" if view.get("viewer") == seat else ""
        turn = " <- playing" if view["current"] == seat else ""
        lines.append("")
        lines.append(f"[bold]Seat {seat}{you}[/bold]{turn}  score {info['score']['total']}")
        lines.append("  Forklifts (turns to READY): " + " ".join(str(f) for f in info["forklifts"])
                     + f"   Break Room L1/L2/L3: {info['break_room']}"
                     + (f"   working: {info['workers']}" if info["workers"] else ""))
        comp = info["components"]
        lines.append(f"  Components: cards {info['cards']}"
                     + (f" {[content.cards[c].name for c in info['hand']]}" if info["hand"] else "")
                     + f"  tiles {[f'{content.tiles[t][0]}{ICON[KINDS[content.tiles[t][1]]]}' for t in info['tiles']]}"
                     + "".join(f"  {k} {v}" for k, v in comp.items()))
        contracts = [describe_card(content, c) if c >= 0 else "(empty)" for c in info["contracts"]]
        lines.append("  Contracts: " + " | ".join(contracts))
        lines.append("  Display Case:")
        for r in range(3):
            row = []
            for c in range(4):
                card = info["display"][r * 4 + c]
                row.append(f"{TYPE_MARK[content.cards[card].type]} {content.cards[card].name[:14]:14s}"
                           if card >= 0 else f"  {'.':14s}")
            lines.append("    " + " ".join(row))
        lines.append("  Assembly Line (discounts " + ", ".join(
            f"{KINDS[k]} -{d}" for k, d in enumerate(info["discounts"]) if d) + "):")
        for r in range(3):
            cells = []
            for c in range(6):
                code = info["assembly_line"][r * 6 + c]
                cells.append("." if code < 0 else "TW" if code >= 1000 else ICON[KINDS[content.tiles[code][1]]])
            lines.append("    " + " ".join(f"{x:2s}" for x in cells))
        lines.append("  Marketing: " + "  ".join(f"{COLUMNS[i]} {v}" for i, v in enumerate(info["marketing"])))
        structs = []
        for letter, sid in enumerate(info["structures"]):
            if sid < 0:
                continue
            s = content.structures[sid]
            built = bin(info["built"][letter]).count("1")
            state = "active" if info["active"][letter] else f"built {built}/{len(s.buildings)}"
            structs.append(f"{LETTERS[letter]} {s.name} ({state})")
        lines.append("  Structures: " + "; ".join(structs))
        lines.append(f"  Trees {len(info['trees'])}: {[content.trees[t].name for t in info['trees']]}"
                     f"   Tweenies used: {[content.tweenies[t].name for t in info['tweenies_used']]}")
    if view["pending"]:
        lines.append("")
        lines.append("Pending: " + " > ".join(step_text(content, f) for f in view["pending"]))
    return "\n".join(lines)


def describe_card(content: Any, card: int) -> str:
    info = content.cards[card]
    needs = ", ".join(f"{KINDS[k]} {lv or 'any'}" for k, lv in info.requires)
    kind = ("yellow", "blue", "purple", "red")[info.type]
    score = (f"{info.value} VP" if info.pattern == 0
             else f"{PATTERNS[info.pattern]} {(*TYPES, *(f'{k} games' for k in KINDS))[info.value]}")
    reward = (" + " + ", ".join(effect_text(r) for r in info.reward)) if info.reward else ""
    return f"{info.name} [{kind}] needs {needs}; {score}{reward}"


def effect_text(effect: tuple[str, int, int]) -> str:
    what, a, b = effect
    if what == "res":
        return f"{KINDS[a]} {b}"
    if what == "market":
        return f"market {COLUMNS[a] if a >= 0 else 'any'} {b}"
    if what == "vp":
        return f"{b} VP"
    return f"{what} {b}"


def structure_text(content: Any, sid: int) -> str:
    s = content.structures[sid]
    return f"{LETTERS[s.letter]} {s.name} (buildings {'/'.join(map(str, s.buildings))})"


def step_text(content: Any, frame: dict[str, Any]) -> str:
    what = frame["step"]
    if "offer" in frame:
        if what == "tilepick":
            return f"{what}: tiles {frame['offer']}"
        return f"{what}: {[content.cards[c].name for c in frame['offer']]}"
    return what + " " + " ".join(f"{k}={v}" for k, v in frame.items() if k != "step")


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
