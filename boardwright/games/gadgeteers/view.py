"""What each seat may see of a Gadgeteers game: the one path hidden information takes.

Hidden (G2): face-down tokens' values (their owner and Part are public), what is behind each
screen (only the set "behind the screen or face down" can be deduced), each Bonus card and the
deck order. ``build_view`` shows a seat its own secrets and everyone else's deducible facts;
``resample`` redraws the rest for ``determinize``; ``why_illegal`` explains a refusal to the seat
that tried it, from what that seat may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Action, IllegalAction, Stream
from .content import PARTS
from .tokens import (
    ALTERNATES,
    CELL_POSITION,
    CELLS,
    CORNER_CELLS,
    KIND_LABEL,
    KIND_TEXT,
    KINDS,
    POWERS,
    VALUE2,
)
from .words import STEP_PROMPT, TOKEN_NAME, power_text

if TYPE_CHECKING:
    from .state import GadgeteersState


def _labels(counts: list[int], base: int) -> list[str]:
    """The token texts of the counts ``counts[base:base + KINDS]``, in kind order."""
    labels: list[str] = []
    for kind in range(KINDS):
        count = counts[base + kind]
        if count:
            labels += [KIND_TEXT[kind]] * count
    return labels


def build_view(s: GadgeteersState, seat: int | None) -> dict[str, Any]:
    n = s.players
    gadgets = s.content.gadgets
    types = s.content.types
    faces_down = any(s.down)
    pieces = s.pieces
    #: per seat, its face-down tokens (all Parts), for the deducible "unseen" set
    face_down: list[list[str]] = [[] for _ in range(n)]
    mine_down: list[str] = []
    board = []
    for cell in range(CELLS):
        part = s.part_at[cell]
        tokens: dict[str, list[str]] = {}
        for owner in range(n):
            if not pieces[part * n + owner]:
                continue
            base = (part * n + owner) * KINDS
            shown = _labels(s.up, base)
            if faces_down:
                hidden = _labels(s.down, base)
                face_down[owner] += hidden
                if owner != seat:
                    hidden = ["?"] * len(hidden)
                elif hidden:
                    mine_down = hidden
                shown += hidden
            tokens[str(owner)] = shown
        entry: dict[str, Any] = {
            "cell": cell, "row": CELL_POSITION[cell][0], "column": CELL_POSITION[cell][1],
            "part": PARTS[part], "corner": cell in CORNER_CELLS, "tokens": tokens,
        }
        if seat is not None:
            # which of the viewer's own tokens here are still face down (it placed them)
            entry["yours_face_down"] = mine_down
            mine_down = []
        if not faces_down:
            entry["controlled_by"] = list(s.controllers(part))
        board.append(entry)
    players = []
    for owner in range(n):
        behind = _labels(s.screen, owner * KINDS)
        info: dict[str, Any] = {
            "seat": owner,
            "gadgets": [gadgets[g].name for g in s.built[owner]],
            "built": [{"name": gadgets[g].name, "type": types[gadgets[g].type], "points": gadgets[g].points,
                       "power_text": power_text(gadgets[g]), "single_use": gadgets[g].single_use}
                      for g in s.built[owner]],
            "single_use_spent": [gadgets[g].name for g in s.built[owner] if s.spent[owner] >> g & 1],
            "junk": _labels(s.junk, owner * KINDS),
            "screen_count": len(behind),
            # deducible by anyone: the tokens that are behind the screen or face down
            "unseen": sorted(behind + face_down[owner]),
            "alternate": ALTERNATES[s.swaps[owner]][0] if s.swaps[owner] >= 0 else None,
            "passed": s.passed[owner] if s.phase == "Gadgets Phase" else False,
        }
        if owner == seat:
            info["screen"] = behind
            info["bonus"] = types[s.bonus[owner]]
        if s.is_over:
            info["bonus"] = types[s.bonus[owner]]
            info["parts_controlled"] = s.parts_controlled(owner)
        players.append(info)
    result: dict[str, Any] = {
        "round": s.round,
        "phase": s.phase,
        "first_player": s.first,
        "board": board,
        "junk_pile": [[str(owner), label] for owner in range(n) for label in _labels(s.junk, owner * KINDS)],
        "row": [{"name": gadgets[g].name, "type": types[gadgets[g].type], "points": gadgets[g].points,
                 "parts": [PARTS[p] for p in gadgets[g].parts], "power": gadgets[g].power,
                 "power_text": power_text(gadgets[g]), "single_use": gadgets[g].single_use} for g in s.row],
        "deck_count": len(s.deck),
        # put there by Grabber Glove in view of all: the bottom of the deck, bottom first
        "deck_bottom": [gadgets[g].name for g in s.deck[:s.deck_bottom]],
        "players": players,
        "ending": s.ending,
    }
    if s.phase == "Parts Phase":
        result["parts_turn"] = s.turn_index // n + 1
    elif s.phase == "Gadgets Phase":
        # whether the player whose turn it is has done something this turn (it then ends the
        # turn instead of passing), as everyone at the table saw
        result["acted"] = s.acted
    if s.pw.step:
        pw = s.pw
        result["power"] = {
            "step": pw.step,
            "prompt": STEP_PROMPT[pw.step],
            "source": PARTS[pw.source],
            "gadget": gadgets[pw.gadget].name if pw.gadget >= 0 else None,
            "first": gadgets[pw.first].name if pw.first >= 0 else None,
            "to_add": pw.to_add if pw.step in ("add", "add_to") else 0,
            # what earlier steps of this power chose, told to all as they were taken: the Part
            # tokens are being added to, the token being moved or exchanged, the first Part of a swap
            "to": PARTS[pw.dest] if pw.step == "add" else None,
            "token": KIND_TEXT[pw.kind] if pw.step in ("move_to", "add_instead") else None,
            "owner": pw.owner if pw.step == "move_to" else None,
            "part": PARTS[pw.part] if pw.step in ("move_to", "add_instead", "with") else None,
        }
    return result


# ---------------------------------------------------------------------------- determinize
def resample(s: GadgeteersState, seat: int, rng: Stream) -> None:
    """Redraw what ``seat`` cannot see, keeping everything it can.

    For every other player, the tokens "behind the screen or face down" are pooled (in kind
    order) and dealt back at random: as many onto each Part face down as that Part shows, the
    rest behind the screen. The other players' Bonus cards are dealt again from the cards ``seat``
    has not seen, and the deck is shuffled, except for the Gadgets put under it in view of all
    (they stay at the bottom, in order).
    """
    n = s.players
    for owner in range(n):
        if owner == seat:
            continue
        pool: list[int] = []
        slots: list[int] = []
        for kind in range(KINDS):
            pool.extend([kind] * s.screen[owner * KINDS + kind])
            s.screen[owner * KINDS + kind] = 0
        for part in range(CELLS):
            base = (part * n + owner) * KINDS
            for kind in range(KINDS):
                count = s.down[base + kind]
                if count:
                    pool.extend([kind] * count)
                    slots.extend([part] * count)
                    s.total[part * n + owner] -= VALUE2[kind] * count
                    s.down[base + kind] = 0
        pool.sort()
        slots.sort()
        rng.shuffle(pool)
        for part, kind in zip(slots, pool, strict=False):
            s.down[(part * n + owner) * KINDS + kind] += 1
            s.total[part * n + owner] += VALUE2[kind]
        for kind in pool[len(slots):]:
            s.screen[owner * KINDS + kind] += 1
    if not s.is_over:  # at the end every Bonus card is shown
        unseen = sorted([s.bonus[o] for o in range(n) if o != seat] + s.bonus_rest)
        rng.shuffle(unseen)
        for owner in range(n):
            if owner != seat:
                s.bonus[owner] = unseen.pop()
        s.bonus_rest = sorted(unseen)
    known = s.deck_bottom
    unknown = sorted(s.deck[known:])
    rng.shuffle(unknown)
    s.deck[known:] = unknown


# ---------------------------------------------------------------------------- refusals
def why_illegal(s: GadgeteersState, seat: int, action: Action) -> IllegalAction:
    """The rule that forbids a known action now, told to the seat that tried it."""
    gadgets = s.content.gadgets
    kind = action.kind
    phase = s.phase
    if kind == "place":
        if phase != "Parts Phase":
            return IllegalAction("Parts Phase", f"tokens are placed only in the Parts Phase; it is the {phase}")
        return IllegalAction("Parts Phase", f"you have no {KIND_TEXT[action.args[0]]} token behind your screen")
    if phase == "Parts Phase":
        return IllegalAction("Parts Phase", "on your turn you place 1 token on a Part (place <token> <Part>)")
    if phase == "End of Round":
        if kind == "recall":
            return IllegalAction("End of Round", f"you have no tokens on {PARTS[action.args[0]]}")
        return IllegalAction("End of Round", "recall all your tokens from a Part (recall <Part>) or finish (done)")
    if s.pw.step:
        name = gadgets[s.pw.gadget].name if s.pw.gadget >= 0 else "a power"
        if s.pw.step == "activate" and kind == "activate":
            g = action.args[0]
            if g not in s.built[seat]:
                return IllegalAction("Special Powers", f"you have not built {gadgets[g].name}")
            if g == s.pw.first:
                return IllegalAction("Alternate Tokens", "a double Power activates two different Gadgets")
            return IllegalAction("Special Powers", f"{gadgets[g].name} is Single Use and was already activated")
        options = ", ".join(str(a) for a in s._legal(seat))
        return IllegalAction("Special Powers", f"finish activating {name} first (choose: {options})")
    if kind == "build":
        g = action.args[0]
        if g not in s.row:
            return IllegalAction("Building Gadgets", f"{gadgets[g].name} is not in the Gadget row")
        missing = [PARTS[p] for p in gadgets[g].parts if not s.controls(seat, p)]
        return IllegalAction("Building Gadgets", f"you do not control {', '.join(missing)}")
    if kind == "use":
        token, part = action.args
        if not s.built[seat]:
            return IllegalAction("Special Powers", "you have built no Gadget whose power a token could activate")
        if not s.has_power_available(seat):
            return IllegalAction("Special Powers", "every power of your Gadgets is Single Use and spent")
        if token not in POWERS or not s.up[s.at(part, seat, token)]:
            return IllegalAction("Special Powers", f"you have no {TOKEN_NAME[token]} token on {PARTS[part]}")
    if kind == "end":
        return IllegalAction("Gadgets Phase", "you have done nothing this turn: that is a pass")
    if kind == "pass":
        return IllegalAction("Gadgets Phase", "you have acted this turn: end it with 'end'")
    if kind == "activate":
        return IllegalAction("Special Powers", "first recall a Power token: use <power|half|double> <Part>")
    if kind in ("recall",):
        return IllegalAction("End of Round", "tokens are recalled only at the end of the round")
    return IllegalAction("Special Powers", f"'{action}' is a step of a special power; none is being activated")


__all__ = ["KIND_LABEL", "build_view", "resample", "why_illegal"]
