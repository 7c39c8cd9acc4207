"""Special Powers: recall a Power token from a Part, then perform a built Gadget's power.

An activation is a short chain of small choices (the engine's multi-step decisions):

    use <power|half|double> <Part>   recall the token; that Part is the power's "source"
    activate <Gadget>                choose one of your built Gadgets (Single Use: once a game)
    <the power's own steps>          e.g. take 2 Gloves, to Lens
    activate <Gadget> / done         double Power only: a second, different Gadget, or stop

A power does as much as it can: a step with nothing to choose is skipped. The power vocabulary
(content/gadgeteers.toml documents each word) is implemented here, one function per step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import Action
from .content import PARTS
from .tokens import CELLS, DOUBLE, HALF, KINDS, STARRED, VALUE2, VALUE_KINDS, neighbours
from .words import TOKEN_NAME

if TYPE_CHECKING:
    from .state import GadgeteersState


class Power(NamedTuple):
    """The activation in progress (immutable: replaced, never changed, so clones share it)."""

    step: str = ""          # "" when no activation is in progress
    source: int = -1        # the Part the Power token was recalled from
    left: int = 0           # activations still allowed by this token (2 for double Power)
    first: int = -1         # the Gadget activated first (a double Power's second must differ)
    gadget: int = -1        # the Gadget whose power is being performed
    to_add: int = 0         # tokens still to add (add_from_screen)
    dest: int = -1          # the Part tokens are added to
    owner: int = -1         # the token chosen by take / target: its owner, kind and Part
    kind: int = -1
    part: int = -1
    token: int = -1         # the kind of token recalled to activate


NO_POWER = Power()


# ---------------------------------------------------------------------------- activation
def use_power_token(s: GadgeteersState, seat: int, kind: int, part: int) -> None:
    """Recall one of your Power tokens from a Part to activate a power (G7)."""
    before = s.control_snapshot((part,)) if kind == HALF and s.telling else None
    s.lift_token(seat, kind, part)
    if before is not None:  # the Power/½ token counted ½ there
        s.tell_control_changes((part,), before)
    s.acted = True
    s.pw = Power(step="activate", source=part, left=2 if kind == DOUBLE else 1, token=kind)


def activatable(s: GadgeteersState, seat: int) -> list[int]:
    pw = s.pw
    return [g for g in s.built[seat] if g != pw.first and s.power_available(seat, g)]


def activate(s: GadgeteersState, seat: int, gadget: int) -> None:
    """Perform the Gadget's power; a Single Use power is spent at once."""
    card = s.content.gadgets[gadget]
    if card.single_use:
        s.spent[seat] |= 1 << gadget
    if s.telling:
        s.tell("power_activated", {"seat": seat, "gadget": card.name, "token": TOKEN_NAME[s.pw.token],
                                   "part": PARTS[s.pw.source], "single_use": card.single_use,
                                   "second": s.pw.first >= 0})
    pw = s.pw._replace(left=s.pw.left - 1, gadget=gadget,
                       first=gadget if s.pw.first < 0 else s.pw.first)
    first_step = FIRST_STEP[card.power]
    if card.power == "add_from_screen":
        pw = pw._replace(to_add=card.count, dest=pw.source)
        if card.to == "any":
            first_step = "add_to"
    s.pw = pw._replace(step=first_step)
    _skip_empty(s, seat)


def finish(s: GadgeteersState, seat: int) -> None:
    """The power is done: a double Power may activate a second, different Gadget."""
    pw = s.pw
    if pw.left > 0 and activatable(s, seat):
        s.pw = Power(step="activate", source=pw.source, left=pw.left, first=pw.first, token=pw.token)
    else:
        s.pw = NO_POWER


def _skip_empty(s: GadgeteersState, seat: int) -> None:
    """A step with nothing to choose is skipped (the power does as much as it can)."""
    while s.pw.step and s.pw.step != "activate" and not legal_steps(s, seat):
        if s.telling:
            s.tell("power_stopped", {"seat": seat, "gadget": s.content.gadgets[s.pw.gadget].name,
                                     "reason": NOTHING_TO_CHOOSE[s.pw.step]})
        finish(s, seat)


#: why a power stops early, by the step that has nothing to choose
NOTHING_TO_CHOOSE = {
    "add_to": "there is no Value Token behind the screen to add",
    "add": "there is no Value Token left behind the screen to add",
    "take": "there is no token of yours on a Part that it can take",
    "target": "no other player has a token on a Part that it can take",
    "salvage": "there is no 3★, 4★ or 5★ token of yours in the Junk Pile",
    "cycle": "the deck is empty",
}


FIRST_STEP = {
    "add_from_screen": "add", "move_own": "take", "recall_own": "take", "exchange": "take",
    "salvage": "salvage", "return_other": "target", "move_other": "target",
    "swap_parts": "swap", "cycle_row": "cycle",
}


# ---------------------------------------------------------------------------- the choices
def _own_value_tokens(s: GadgeteersState, seat: int) -> list[tuple[int, int]]:
    """(kind, Part) of each kind of your Value Tokens on each Part."""
    n = s.players
    up = s.up
    parts = _parts_with_tokens(s, seat)
    return [(k, p) for k in VALUE_KINDS for p in parts if up[(p * n + seat) * KINDS + k]]


def _parts_with_tokens(s: GadgeteersState, seat: int) -> list[int]:
    """The Parts (in id order) where ``seat`` has any token."""
    n, pieces = s.players, s.pieces
    return [p for p in range(CELLS) if pieces[p * n + seat]]


#: The tokens a power may bring out from behind a screen: the Value Tokens but the Power/½ token,
#: which comes out only in the Parts Phase (our ruling: else Spring Dynamo could add it back to
#: the Part it was just recalled from, activate again with it, and so on without end).
FROM_SCREEN_KINDS = tuple(k for k in VALUE_KINDS if k != HALF)


def _screen_values(s: GadgeteersState, seat: int) -> list[int]:
    """The kinds of Value Tokens ``seat`` may bring out from behind its screen by a power."""
    return [k for k in FROM_SCREEN_KINDS if s.screen[seat * KINDS + k]]


def _adjacent_parts(s: GadgeteersState, part: int) -> list[int]:
    return sorted(s.part_at[c] for c in neighbours(s.cell_of[part]))


def legal_steps(s: GadgeteersState, seat: int) -> list[Action]:
    """The choices of the step in progress."""
    acts, pw = s.acts, s.pw
    step = pw.step
    card = s.content.gadgets[pw.gadget] if pw.gadget >= 0 else None
    if step == "activate":
        gadgets = [acts.activate[g] for g in activatable(s, seat)]
        return [*gadgets, acts.done] if pw.first >= 0 else gadgets
    assert card is not None
    if step == "add_to":
        return [acts.to[p] for p in range(CELLS)] if _screen_values(s, seat) else []
    if step == "add":
        return [acts.add[k] for k in _screen_values(s, seat)]
    if step == "add_instead":  # exchange: a Value Token of another value
        return [acts.add[k] for k in _screen_values(s, seat) if k != pw.kind]
    if step == "take":
        options = _own_value_tokens(s, seat)
        if card.power == "move_own" and card.to == "source":
            options = [(k, p) for k, p in options if p != pw.source]
        elif card.power == "exchange":
            held = _screen_values(s, seat)
            options = [(k, p) for k, p in options if any(h != k for h in held)]
        return [acts.take[k][p] for k, p in options]
    if step == "move_to":
        if card.to == "adjacent" or card.power == "move_other":
            return [acts.to[p] for p in _adjacent_parts(s, pw.part)]
        return [acts.to[p] for p in range(CELLS) if p != pw.part]
    if step == "target":
        n, up, limit = s.players, s.up, 2 * card.max_value
        return [acts.target[o][k][p] for o in range(n) if o != seat
                for parts in (_parts_with_tokens(s, o),)
                for k in VALUE_KINDS if VALUE2[k] <= limit
                for p in parts if up[(p * n + o) * KINDS + k]]
    if step == "salvage":
        return [acts.salvage[k] for k in STARRED if s.junk[seat * KINDS + k]]
    if step == "swap":
        return list(acts.swap)
    if step == "with":
        return [acts.with_[p] for p in range(CELLS) if p != pw.part]
    if step == "cycle":
        return [acts.cycle[g] for g in s.row] if s.deck else []
    raise AssertionError(f"unknown power step {step}")


def apply_step(s: GadgeteersState, seat: int, action: Action) -> None:
    """Carry out one chosen step of the power in progress."""
    pw = s.pw
    kind = action.kind
    if kind == "activate":
        activate(s, seat, action.args[0])
        return
    if kind == "done":
        s.pw = NO_POWER
        return
    card = s.content.gadgets[pw.gadget]
    power = card.power
    telling = s.telling
    if telling:
        touched = _touched(s, action)
        before = _control_before(s, seat, touched)
    if pw.step == "add_to":
        s.pw = pw._replace(step="add", dest=action.args[0])
    elif pw.step == "add":
        s.put_token(seat, action.args[0], pw.dest)
        if telling:
            s.tell("token_added", {"seat": seat, "token": TOKEN_NAME[action.args[0]], "part": PARTS[pw.dest]})
        to_add = pw.to_add - 1
        s.pw = pw._replace(to_add=to_add)
        if to_add == 0:
            finish(s, seat)
    elif pw.step == "add_instead":
        s.put_token(seat, action.args[0], pw.part)
        if telling:
            s.tell("token_exchanged", {"seat": seat, "part": PARTS[pw.part], "token": TOKEN_NAME[pw.kind],
                                       "for": TOKEN_NAME[action.args[0]]})
        finish(s, seat)
    elif kind == "take":
        token, part = action.args
        if power == "recall_own":
            s.lift_token(seat, token, part)
            if telling:
                s.tell("token_recalled", {"seat": seat, "token": TOKEN_NAME[token], "part": PARTS[part]})
            finish(s, seat)
        elif power == "exchange":
            s.lift_token(seat, token, part)
            s.pw = pw._replace(step="add_instead", kind=token, part=part)
        elif card.to == "source":
            s.move_token(seat, token, part, pw.source)
            if telling:
                s.tell("token_moved", {"seat": seat, "owner": seat, "token": TOKEN_NAME[token],
                                       "from": PARTS[part], "to": PARTS[pw.source]})
            finish(s, seat)
        else:
            s.pw = pw._replace(step="move_to", owner=seat, kind=token, part=part)
    elif kind == "to":  # move_own / move_other: the destination
        s.move_token(pw.owner, pw.kind, pw.part, action.args[0])
        if telling:
            s.tell("token_moved", {"seat": seat, "owner": pw.owner, "token": TOKEN_NAME[pw.kind],
                                   "from": PARTS[pw.part], "to": PARTS[action.args[0]]})
        finish(s, seat)
    elif kind == "target":
        owner, token, part = action.args
        if power == "return_other":
            s.lift_token(owner, token, part)
            if telling:
                s.tell("token_returned", {"seat": seat, "owner": owner, "token": TOKEN_NAME[token],
                                          "part": PARTS[part]})
            finish(s, seat)
        else:
            s.pw = pw._replace(step="move_to", owner=owner, kind=token, part=part)
    elif kind == "salvage":
        token = action.args[0]
        s.junk[seat * KINDS + token] -= 1
        s.screen[seat * KINDS + token] += 1
        if telling:
            s.tell("token_salvaged", {"seat": seat, "token": TOKEN_NAME[token]})
        finish(s, seat)
    elif kind == "swap":
        s.pw = pw._replace(step="with", part=action.args[0])
    elif kind == "with":
        swap_parts(s, pw.part, action.args[0])
        if telling:
            s.tell("parts_swapped", {"seat": seat, "part": PARTS[pw.part], "with": PARTS[action.args[0]]})
        finish(s, seat)
    elif kind == "cycle":
        s.put_under_deck(action.args[0])
        s.draw_gadget()
        gadgets = s.content.gadgets
        if telling:
            s.tell("gadget_cycled", {"seat": seat, "gadget": gadgets[action.args[0]].name,
                                     "drawn": gadgets[s.row[-1]].name})
        finish(s, seat)
    else:  # pragma: no cover - the engine only passes legal actions
        raise AssertionError(f"unexpected power step {action}")
    if telling and touched:
        s.tell_control_changes(touched, before)
    _skip_empty(s, seat)


def _touched(s: GadgeteersState, action: Action) -> tuple[int, ...]:
    """The Parts whose control a step may change: where tokens leave or arrive, or the two
    Parts that swap places (a corner Part at 4 players changes its rule). An exchange is told
    whole, at its second step."""
    pw, kind, args = s.pw, action.kind, action.args
    if pw.step == "add_to":  # only the Part is chosen
        return ()
    if pw.step == "add":
        return (pw.dest,)
    if pw.step == "add_instead":
        return (pw.part,)
    if kind == "take":
        power = s.content.gadgets[pw.gadget]
        if power.power == "recall_own":
            return (args[1],)
        if power.power == "move_own" and power.to == "source":
            return (args[1], pw.source)
        return ()
    if kind == "to":
        return (pw.part, args[0])
    if kind == "target" and s.content.gadgets[pw.gadget].power == "return_other":
        return (args[2],)
    if kind == "with":
        return (pw.part, args[0])
    return ()


def _control_before(s: GadgeteersState, seat: int, touched: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Who controlled the ``touched`` Parts before this step; for an exchange, before its
    first step took the token away."""
    pw = s.pw
    if pw.step != "add_instead":
        return s.control_snapshot(touched)
    s.put_token(seat, pw.kind, pw.part)
    before = s.control_snapshot(touched)
    s.lift_token(seat, pw.kind, pw.part)
    return before


def swap_parts(s: GadgeteersState, a: int, b: int) -> None:
    """Swap the places of two Parts on the square; their tokens go with them."""
    ca, cb = s.cell_of[a], s.cell_of[b]
    s.cell_of[a], s.cell_of[b] = cb, ca
    s.part_at[ca], s.part_at[cb] = b, a
