"""The one function through which the state of a Game Development game leaves for a seat, and the
terminal board drawn from such a view.

Public: every tableau (developers with counters and Leads, documents, features, bugs), hand sizes,
the deck size, the discard pile, the milestone and turn, the turn's pool, pending payment and used
abilities, what a round of Feature Creep bugs showed of who holds a bug, and how many cards of a
hand another player knows (R12). Hidden: other players' hands, the cards another player knows
(unless you are one of the two), and the order (and so the content) of the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import ABBREVIATIONS, KINDS
from .rules import CREEP, LEADS

if TYPE_CHECKING:
    from .state import GameDevelopmentState

PHASES = ("turn", "paying", "discarding", "feature creep", "lead titles", "game over")


def build_view(state: GameDevelopmentState, seat: int | None) -> dict[str, Any]:
    cards = state.content.cards
    milestone = state.content.milestones[state.milestone]
    players = []
    for s in range(state.players):
        leads = state.leads[s]
        players.append({
            "developers": [
                {"name": cards[d].name, "kind": KINDS[cards[d].kind], "counters": c,
                 "lead": state.content.titles[cards[d].kind] if leads[cards[d].kind] == d else None}
                for d, c in zip(state.devs[s], state.counters[s], strict=True)],
            "documents": [cards[d].name for d in state.documents[s]],
            "features": [{"name": cards[f].name, "points": cards[f].points + b}
                         for f, b in zip(state.features[s], state.bonus[s], strict=True)],
            "bugs": [{"name": cards[b].name, "points": cards[b].points} for b in state.bugs[s]],
            "hand_size": len(state.hands[s]),
        })
    view: dict[str, Any] = {
        "milestone": milestone.name,
        "milestone_number": state.milestone + 1,
        "milestones": [{"name": m.name, "turns": t}
                       for m, t in zip(state.content.milestones, state.turns, strict=True)],
        "turn": state.round,
        "turns": state.turns[state.milestone],
        "first_player": state.first,
        "active": state.active,
        "phase": PHASES[state.phase],
        "players": players,
        "hand": sorted(cards[c].name for c in state.hands[seat]) if seat is not None else None,
        "known_in_hands": ({str(s): sorted(cards[c].name for c in state.known[seat][s])
                            for s in range(state.players) if state.known[seat][s]}
                           if seat is not None else {}),
        "your_cards_known_by": ({str(v): sorted(cards[c].name for c in state.known[v][seat])
                                 for v in range(state.players) if state.known[v][seat]}
                                if seat is not None else {}),
        "known_between_others": known_between_others(state, seat),
        "deck_size": len(state.deck),
        "discard_pile": [cards[c].name for c in state.discard],
        "thing_played": state.thing_used,
        "actions_left": state.actions_left,
        "feature_creep": state.creep,
        "extra_action_used": state.wishing_used,
        "boosting": cards[state.booster].name if state.booster >= 0 else None,
        "pool": {ABBREVIATIONS[k]: state.pool[k] for k in range(4) if state.pool[k]},
        "next_feature_bonus": state.point_bonus,
    }
    if state.pay_card >= 0:
        need = state.need
        view["paying"] = {
            "card": cards[state.pay_card].name,
            "still_needed": [f"{mask_name(need[j])}: {need[j + 1]}"
                             for j in range(0, len(need), 2) if need[j + 1]],
        }
    if state.phase == CREEP:
        shown = state.creep_shown
        view["bug_round"] = {"holds_a_bug": [s for s in range(state.players) if shown[s] > 0],
                             "holds_no_bug": [s for s in range(state.players) if shown[s] < 0]}
    if state.phase == LEADS:
        view["lead_kind"] = KINDS[state.lead_kind]
        if seat is not None:
            view["your_secret_leads"] = sorted(cards[d].name for d in state.pending[seat] if d >= 0)
    return view


def known_between_others(state: GameDevelopmentState, seat: int | None) -> dict[str, dict[str, int]]:
    """How many cards of a hand another player knows (R12): who took what at random is seen by
    all, the cards only by the two players involved."""
    out: dict[str, dict[str, int]] = {}
    for v in range(state.players):
        if v == seat:
            continue
        row = {str(h): len(cards) for h, cards in enumerate(state.known[v]) if cards and h != seat}
        if row:
            out[str(v)] = row
    return out


def mask_name(mask: int) -> str:
    return "/".join(ABBREVIATIONS[k] for k in (1, 0, 2, 3) if mask >> k & 1)


def render(view: dict[str, Any]) -> str:
    """A readable tableau: the milestone and turn, then each player's developers and cards."""
    lines = [f"[bold]Game Development[/bold] — {view['milestone']} "
             f"(milestone {view['milestone_number']} of {len(view['milestones'])}), "
             f"turn {view['turn']} of {view['turns']}, "
             f"deck {view['deck_size']}, discard {len(view['discard_pile'])}"]
    for seat, player in enumerate(view["players"]):
        marker = "▶" if seat in view["to_act"] else " "
        you = " (you)" if seat == view["viewer"] else ""
        score = ""
        if "scores" in view:
            score = f" — {view['scores'][seat]:g} points"
        lines.append(f"{marker} [bold]Seat {seat}{you}[/bold]: {player['hand_size']} cards in hand{score}")
        devs = []
        for dev in player["developers"]:
            lead = f" [yellow]{dev['lead']}[/yellow]" if dev["lead"] else ""
            short = ABBREVIATIONS[KINDS.index(dev["kind"])]
            devs.append(f"{dev['name']} ({short}, {dev['counters']}){lead}")
        lines.append("    developers: " + (", ".join(devs) or "none"))
        if player["documents"]:
            lines.append("    documents: " + ", ".join(player["documents"]))
        features = ", ".join(f"{f['name']} +{f['points']}" for f in player["features"])
        bugs = ", ".join(f"{b['name']} −{b['points']}" for b in player["bugs"])
        lines.append(f"    features: {features or 'none'}   bugs: [red]{bugs or 'none'}[/red]")
    if view.get("hand") is not None:
        lines.append("Your hand: " + (", ".join(view["hand"]) or "empty"))
    if not view["is_over"]:
        status = [f"phase: {view['phase']}", f"Thing {'played' if view['thing_played'] else 'open'}",
                  f"Actions left: {view['actions_left']}"]
        if view["pool"]:
            status.append("pool " + ", ".join(f"{k} {v}" for k, v in view["pool"].items()))
        if view["feature_creep"]:
            status.append("Feature Creep")
        if "paying" in view:
            paying = view["paying"]
            status.append(f"paying for {paying['card']}: " + ", ".join(paying["still_needed"]))
        lines.append("  ".join(status))
    else:
        lines.append("Winners: " + ", ".join(f"seat {w}" for w in view["winners"]))
    return "\n".join(lines)


def describe_action(text: str) -> str:
    """A one-line explanation of an action text."""
    verb, _, rest = text.partition(" ")
    if verb == "play":
        if " of seat " in rest:
            target, _, seat = rest.rpartition(" of seat ")
            name, _, feature = target.partition(" on ")
            return f"play {name} (your Action) to destroy seat {seat}'s feature {feature}"
        if " on seat " in rest:
            card, _, seat = rest.rpartition(" on seat ")
            return f"play {card} on seat {seat} (your Action, if it is your turn)"
        return f"play {rest} from your hand (a developer, your Thing or your Action)"
    return {
        "destroy": f"spend your Action and pay the cost to destroy the bug {rest}",
        "use": f"use the Lead ability of {rest}",
        "pay": f"remove a counter from {rest} to generate its resource towards the cost",
        "discard": f"discard {rest} (down to the hand limit)",
        "lead": f"attach the Lead title of its kind to {rest}",
        "end": "end your turn (then discard down to the hand limit)",
        "pass": "play no bug now",
    }.get(verb, text)
