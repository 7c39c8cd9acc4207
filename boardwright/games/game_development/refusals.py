"""Why an action of the Game Development deck is refused now: the rule that forbids it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Action, IllegalAction
from .content import KINDS
from .rules import CREEP, DISCARD, LEADS, MAIN, PAY

if TYPE_CHECKING:
    from .state import GameDevelopmentState


def why_illegal(state: GameDevelopmentState, seat: int, action: Action) -> IllegalAction:
    cards = state.content.cards
    phase = state.phase
    kind = action.kind
    if phase == LEADS:
        return IllegalAction("Preproduction (D5)",
                             f"attach the {state.content.titles[state.lead_kind]} title to one of your "
                             f"{KINDS[state.lead_kind]}s")
    if phase == DISCARD:
        if kind == "discard":
            return IllegalAction("Turn (D1)", f"{cards[action.args[0]].name} is not in your hand")
        return IllegalAction("Turn (D1)", f"discard down to {state.hand_size} cards first")
    if phase == CREEP:
        return IllegalAction("Feature Creep",
                             f"play a bug from your hand under Seat {state.active}'s control, or pass")
    if phase == PAY:
        need = ", ".join(state.view(seat).get("paying", {}).get("still_needed", []))
        converts = kind == "use" and any(e.startswith("convert-") for e in cards[action.args[0]].lead)
        if kind == "pay" or converts:
            return IllegalAction("Features/Bugs",
                                 f"that step would not help pay {need}, or leave it unpayable")
        return IllegalAction("Features/Bugs", f"finish paying {cards[state.pay_card].name} first ({need})")
    assert phase == MAIN
    milestone = state.content.milestones[state.milestone]
    if kind in ("pay", "discard", "lead", "pass"):
        return IllegalAction("Turn (D1)", f"'{action}' is not a step of the turn now")
    card = cards[action.args[0]] if action.args else None
    if card is None:
        return IllegalAction("Turn (D1)", f"'{action}' is not allowed now")
    if kind == "use":
        if state.leads[seat][card.kind] != card.id:
            return IllegalAction("Developers", f"{card.name} is not one of your Leads")
        if any(e.startswith("convert-") for e in card.lead):
            return IllegalAction("Developers (R6)", f"{card.name} converts counters only while paying a "
                                                    "cost that needs the resource")
        return IllegalAction("Developers", f"{card.name}'s Lead ability cannot be used now "
                                           "(counters, Action or once a turn)")
    if kind == "destroy":
        if card.id not in state.bugs[seat]:
            return IllegalAction("Features/Bugs", f"you do not control {card.name}")
        if not state.actions_left:
            return IllegalAction("Features/Bugs (D7)", "destroying a bug takes your Action, already used")
        return IllegalAction("Features/Bugs", f"your developers cannot pay to destroy {card.name}")
    if card.id not in state.hands[seat]:
        return IllegalAction("Turn (D1)", f"{card.name} is not in your hand")
    if len(action.args) > 1 and action.args[1] >= state.players:
        return IllegalAction("Features/Bugs" if kind == "bug" else card.name,
                             f"there is no Seat {action.args[1]} (seats are 0 to {state.players - 1})")
    if kind == "develop":
        return IllegalAction("Developers", "developers can only be played during Preproduction")
    if kind == "feature":
        if not milestone.features:
            return IllegalAction(milestone.name, "no features may be played")
        if not state.may_add_features(seat):
            return IllegalAction("Features/Bugs", "a bug you control says you may not add any new features")
        if state.thing_used and not state.creep:
            return IllegalAction("Turn (D1)", "you have already played a Thing this turn")
        return IllegalAction("Features/Bugs", f"your developers cannot pay for {card.name}")
    if kind == "document":
        return IllegalAction("Turn (D1)", "you have already played a Thing this turn")
    if not state.actions_left:
        return IllegalAction("Turn (D1)", "you have already played an Action this turn")
    if kind == "action" and card.effect == "trading-ideas" and action.args[1] == seat:
        return IllegalAction("Trading Ideas (R11)", "target another player")
    if kind == "action" and card.effect == "source-control-conflict":
        return IllegalAction("Source Control Conflict", "that player controls no such feature")
    return IllegalAction("Turn (D1)", f"'{action}' is not allowed now")
