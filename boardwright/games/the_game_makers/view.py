"""The one way hidden information leaves a game of The Game Makers: views, history, resampling.

Hidden: the deck order, the tiles in the bags, face-down Component cards (their number is public),
cards and extra tiles being looked at by the player taking them, and draft sets held by others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action, IllegalAction, Stream

from . import scoring
from .actions import SPACES
from .board import DRAFT, EMPTY, PLAY, SETUP, TWEENIE_BASE
from .content import CARDS, COLUMNS, KINDS, LETTERS, TILES

if TYPE_CHECKING:
    from .state import GameMakersState

PHASES = ("draft", "setup", "play", "over")
WEDGE_NAMES = ("wild", *KINDS)
HIDDEN_FRAMES = ("cards", "setup", "tilepick")


def frame_view(frame: tuple[Any, ...], mine: bool) -> dict[str, Any]:
    """One pending step, JSON-ready; the cards or extra tiles being looked at only for their owner."""
    what = frame[0]
    if what in HIDDEN_FRAMES:
        offer = frame[2] if what == "cards" else frame[1]
        out: dict[str, Any] = {"step": what, "count": len(offer)}
        if what == "cards":
            out["keep"] = frame[1]
        if mine:
            out["offer"] = list(offer)
        return out
    names = {"use": ("kind", "level", "extra"), "wild": ("level", "exchange"), "cell": ("piece",),
             "column": ("steps", "column"), "build": ("level",), "pay": ("card", "needs"),
             "display": ("card",), "discard": ("kind", "count", "space"), "back": ("count", "optional", "moved"),
             "swap": ("left",)}.get(what, ())
    out = {"step": what}
    for name, value in zip(names, frame[1:], strict=False):
        out[name] = [list(v) for v in value] if name == "needs" else value
    return out


def seat_view(state: GameMakersState, s: int, viewer: int | None, sheet: dict[str, int]) -> dict[str, Any]:
    n3, n4, n10, n20 = s * 3, s * 4, s * 10, s * 20
    comps = {KINDS[k]: state.comp[n20 + k * 4 + 1: n20 + k * 4 + 4] for k in (2, 3, 4)}
    return {
        "forklifts": [max(0, state.fk_ret[n3 + f] - state.turn) for f in range(3)],
        "forklift_last": state.fk_last[n3: n3 + 3],
        "break_room": state.room[n4 + 1: n4 + 4],
        "workers": {SPACES[i]: [lv for lv in (state.work1[n10 + i], state.work2[n10 + i]) if lv]
                    for i in range(10) if state.work1[n10 + i]},
        "cards": len(state.hand[s]),
        "hand": sorted(state.hand[s]) if viewer == s else None,
        "tiles": sorted(state.ctiles[s]),
        "components": comps,
        "contracts": list(state.contracts[s]),
        "display": list(state.display[s]),
        "assembly_line": list(state.line[s]),
        "marketing": state.market[s * 5: s * 5 + 5],
        "structures": state.structs[n3: n3 + 3],
        "built": state.built[n3: n3 + 3],
        "active": [state.is_active(s, letter) for letter in range(3)],
        "trees": [i for i in range(len(state.content.trees)) if state.trees[s] >> i & 1],
        "tweenies_used": [t for t in range(12) if state.used_tweenies[s] >> t & 1],
        "discounts": state.machinery_sets(s),
        "score": sheet,
    }


def build_view(state: GameMakersState, seat: int | None) -> dict[str, Any]:
    acting = state.seat if state.phase in (SETUP, PLAY) else -1
    wheel = state.wheel
    out: dict[str, Any] = {
        "content": state.options["content"],
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "current": acting,
        "order": list(state.order),
        "ring": [WEDGE_NAMES[k + 1] for k in state.ring],
        "ready": wheel,
        "wedges": {f"L{k}": WEDGE_NAMES[state.ring[(wheel + k) % 6] + 1] for k in (1, 2, 3)},
        "reset_turn": state.is_reset_turn(),
        "end_turn": state.end_turn,
        "ended_by": state.end_reason(),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "bags": [len(b) for b in state.bags],
        "tile_discard": [sorted(b) for b in state.tile_discard],
        "pending": [frame_view(f, seat == acting) for f in state.stack],
        "seats": [seat_view(state, s, seat, sheet) for s, sheet in enumerate(scoring.sheets(state))],
    }
    if state.phase == DRAFT:
        out["draft"] = [{"letter": LETTERS[i], "holder": h, "size": len(state.sets[i]),
                         "tiles": list(state.sets[i]) if knows_set(state, i, seat) else None}
                        for i, h in enumerate(state.holders)]
    return out


def knows_set(state: GameMakersState, letter: int, seat: int | None) -> bool:
    """A seat knows a draft set it holds or has held (the picks made since are public)."""
    return seat is not None and bool(state.draft_seen[letter] >> seat & 1)


def redact(state: GameMakersState, actor: int, action: Action, viewer: int | None) -> str:
    """Others see that a card went face down, not which."""
    if action.kind == "keep" and action.args[1] == 0:
        return "component (a face-down card)"
    return str(action)


def resample(state: GameMakersState, seat: int, rng: Stream) -> None:
    """Deal everything ``seat`` cannot see anew from the pool of what it could be."""
    acting = state.seat if state.phase in (SETUP, PLAY) else -1
    others = [s for s in range(state.players) if s != seat]
    pool = sorted(state.deck + [c for s in others for c in state.hand[s]] + [
        c for f in state.stack if acting != seat and f[0] in ("cards", "setup")
        for c in (f[2] if f[0] == "cards" else f[1])])
    rng.shuffle(pool)
    for s in others:
        size = len(state.hand[s])
        state.hand[s] = pool[:size]
        del pool[:size]
    if acting != seat:
        for i, f in enumerate(state.stack):
            if f[0] == "cards":
                size = len(f[2])
                state.stack[i] = (f[0], f[1], tuple(pool[:size]))
                del pool[:size]
            elif f[0] == "setup":
                size = len(f[1])
                state.stack[i] = (f[0], tuple(pool[:size]), f[2])
                del pool[:size]
            elif f[0] == "tilepick":
                size_class = state.content.tiles[f[1][0]][0] - 1
                tiles = sorted(state.bags[size_class] + list(f[1]))
                rng.shuffle(tiles)
                state.stack[i] = (f[0], tuple(tiles[: len(f[1])]))
                state.bags[size_class] = sorted(tiles[len(f[1]):])
    state.deck = pool
    state.bags = [sorted(bag) for bag in state.bags]  # a bag's order is not seen (draws are random)
    if state.phase == DRAFT:
        for letter in range(3):
            if knows_set(state, letter, seat):
                continue
            seen = {sid for sid in state.structs if sid >= 0}
            seen.update(sid for i in range(3) if knows_set(state, i, seat) for sid in state.sets[i])
            unseen = sorted(s.id for s in state.content.structures
                            if s.letter == letter and s.id not in seen)
            rng.shuffle(unseen)
            state.sets[letter] = sorted(unseen[: len(state.sets[letter])])


STEP_RULES = {
    "cards": "Cards & Contracts", "setup": "Setup Your Player Area", "use": "Components vs. Company Assets",
    "wild": "Forklift Movement (M2)", "tilepick": "Enhancements", "cell": "Punchboard & Machinery",
    "column": "Dice & Marketing", "build": "Plastic & Structures", "pay": "Contract Over-Paying",
    "display": "Game Manufacturing (M5)", "tree": "Plant a Tree", "discard": "Tree Space Requirements",
    "reset": "Return Workers (M3)", "back": "Tweenies", "swap": "Tweenies", "release": "Tweenies",
    "promote": "Tweenies", "copy": "Tweenies",
}
MAIN_RULES = {
    "forklift": ("Forklift Movement", "no READY Forklift can go to that Wedge"),
    "work": ("Wood & Workers", "that space is taken or needs workers of other levels in the Break Room"),
    "tweenie": ("Tweenies", "that Tweenie is used, has no square gap, or nothing to act on"),
    "plant": ("Tree Space Requirements", "that tree space is planted or you lack the components"),
    "end": ("Rotating the Steering Wheel (M1)", "every READY Forklift must be placed before the turn ends"),
}


def why_illegal(state: GameMakersState, seat: int, action: Action) -> IllegalAction:
    if state.phase == DRAFT:
        return IllegalAction("Structure Drafting (M11)",
                             "pick a tile of a letter you lack from a set you hold")
    if action.kind == "make" and (not state.stack or state.stack[-1][0] in ("cards", "use")):
        return why_not_make(state, seat, action.args[0])
    if state.stack:
        frame = state.stack[-1]
        what = frame[0]
        if what == "wild" and len(frame) > 2 and action.kind == "take":
            return IllegalAction("Gain 1 (M8)", "workers are exchanged for a different resource: "
                                                "a card, a tile, a die or plastic, not wood")
        if action.kind == "pay":
            return IllegalAction("Contract Over-Paying",
                                 "pay with a component of the required level or higher, never lower")
        refusal = why_not_in_step(state, seat, frame, action)
        if refusal is not None:
            return refusal
        return IllegalAction(STEP_RULES.get(what, "Taking a Turn"),
                             f"'{action}' is not a choice now: finish the current step ({what}) first")
    rule, reason = MAIN_RULES.get(action.kind, ("Taking a Turn", f"'{action}' is not a choice now"))
    return IllegalAction(rule, reason)


def why_not_in_step(state: GameMakersState, seat: int, frame: tuple[Any, ...],
                    action: Action) -> IllegalAction | None:
    """The rule behind a refused choice of the right kind for the current step, if it is one."""
    what, kind = frame[0], action.kind
    if kind == "keep" and what == "cards":
        if action.args[0] not in frame[2]:
            return IllegalAction("Cards & Contracts", "that card is not among the cards drawn")
        return IllegalAction("Cards & Contracts (M5)", "all 3 Contract spaces are full")
    if kind == "use" and what == "use":
        if frame[1] == TILES:
            return IllegalAction("Punchboard & Machinery", "the Assembly Line has no empty cell")
        return IllegalAction("Plastic & Structures", f"no Structure has an empty Level {frame[2]} "
                                                     "building space (no other level fits)")
    if kind == "cell" and what == "cell":
        if frame[1] >= TWEENIE_BASE:
            return IllegalAction("Tweenies", "a Tweenie needs a square gap: an empty cell beside "
                                             "installed machinery (option tweenie_gap)")
        return IllegalAction("Punchboard & Machinery", "that Assembly Line cell is taken")
    if kind == "build" and what == "build":
        return IllegalAction("Plastic & Structures", f"that Structure has no empty Level {frame[1]} "
                                                     "building space (no other level fits)")
    return None


def why_not_make(state: GameMakersState, seat: int, space: int) -> IllegalAction:
    """Why the Contract in ``space`` cannot be manufactured now."""
    card = state.contracts[seat][space]
    if card == EMPTY:
        return IllegalAction("Cards & Contracts", f"Contract space {space + 1} holds no Contract")
    if EMPTY not in state.display[seat]:
        return IllegalAction("Game Manufacturing (M5)", "the Display Case has no empty slot")
    needs = state.requirements(seat, card)
    wanted = ", ".join(f"{level} cards" if kind == CARDS else f"{KINDS[kind]} L{level}"
                       for kind, level in needs)
    if state.can_pay(seat, [(kind, level if kind == CARDS else 1) for kind, level in needs]):
        return IllegalAction("Contract Over-Paying", "a lower-level component never pays a higher "
                                                     f"requirement (after machinery discounts: {wanted})")
    return IllegalAction("Game Manufacturing", "the Components do not cover the Contract "
                                               f"(after machinery discounts: {wanted})")


def piece_name(state: GameMakersState, code: int) -> str:
    if code == EMPTY:
        return "."
    if code >= TWEENIE_BASE:
        return "tweenie"
    return KINDS[state.content.tiles[code][1]]


__all__ = ["COLUMNS", "build_view", "redact", "resample", "why_illegal"]
