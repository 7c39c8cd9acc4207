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

from ...engine.markup import escape
from .content import ABBREVIATIONS, KINDS, load
from .rules import CREEP, LEADS
from .texts import CARD_KINDS, card_texts, cost_text, lead_text

if TYPE_CHECKING:
    from .state import GameDevelopmentState

PHASES = ("turn", "paying", "discarding", "feature creep", "lead titles", "game over")
#: a phase as the terminal names it, where the rules name it with capitals
PHASE_NAMES = {"feature creep": "Feature Creep", "lead titles": "Lead titles"}


def build_view(state: GameDevelopmentState, seat: int | None) -> dict[str, Any]:
    content = state.content
    cards = content.cards
    abilities, rules = card_texts(content)
    milestone = content.milestones[state.milestone]
    players = []
    for s in range(state.players):
        leads = state.leads[s]
        players.append({
            "developers": [
                {"name": cards[d].name, "kind": KINDS[cards[d].kind], "counters": c,
                 "lead": content.titles[cards[d].kind] if leads[cards[d].kind] == d else None,
                 "ability": abilities[d]}
                for d, c in zip(state.devs[s], state.counters[s], strict=True)],
            "documents": [cards[d].name for d in state.documents[s]],
            "features": [{"name": cards[f].name, "points": cards[f].points + b,
                          "text": rules[f]}
                         for f, b in zip(state.features[s], state.bonus[s], strict=True)],
            "bugs": [{"name": cards[b].name, "points": cards[b].points, "text": rules[b],
                      "destroy_cost": cost_text(state.bug_cost(s, cards[b]))} for b in state.bugs[s]],
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
        "hand_cards": hand_cards(state, seat) if seat is not None else None,
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


def hand_cards(state: GameDevelopmentState, seat: int) -> list[dict[str, Any]]:
    """The cards of ``seat``'s hand with what a player needs to choose: the card's kind, its cost
    now (a feature's to play for this seat, a bug's to destroy in this milestone), its points and
    its rule in a few words."""
    content = state.content
    rules = card_texts(content)[1]
    out = []
    for c in sorted(set(state.hands[seat]), key=lambda c: content.cards[c].name):
        card = content.cards[c]
        entry: dict[str, Any] = {"name": card.name, "count": state.hands[seat].count(c),
                                 "type": CARD_KINDS[card.type], "text": rules[c]}
        if card.type == "developer":
            entry["type"] = f"{KINDS[card.kind]} developer"
        elif card.type == "feature":
            entry["cost"] = cost_text(state.feature_cost(seat, card))
            entry["points"] = card.points
        elif card.type == "bug":
            entry["cost"] = cost_text([max(0, x) if j % 2 else x
                                       for j, x in enumerate(content.costs[state.milestone][c])])
            entry["points"] = -card.points
        out.append(entry)
    return out


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
    """A readable tableau: the milestone and turn, each player's developers and cards, your hand
    with each card's kind, cost, points and rule, and what the turn has used."""
    lines = [f"[bold]Game Development[/bold] — {escape(view['milestone'])} "
             f"(milestone {view['milestone_number']} of {len(view['milestones'])}), "
             f"round {view['turn']} of {view['turns']}, "
             f"deck {view['deck_size']}, discard {len(view['discard_pile'])}"]
    for seat, player in enumerate(view["players"]):
        marker = "▶" if seat in view["to_act"] else " "
        you = " (you)" if seat == view["viewer"] else ""
        lines.append(f"{marker} [bold][seat{seat}]Seat {seat}[/seat{seat}]{you}[/bold]: "
                     f"{player['hand_size']} cards in hand")
        devs = []
        for dev in player["developers"]:
            lead = f" [yellow]{escape(dev['lead'])}[/yellow]" if dev["lead"] else ""
            short = ABBREVIATIONS[KINDS.index(dev["kind"])]
            devs.append(f"{escape(dev['name'])} ({short}, {dev['counters']}){lead}")
        lines.append("    developers: " + (", ".join(devs) or "none"))
        abilities = [f"{escape(d['name'])}: {escape(d['ability'])}" for d in player["developers"]
                     if d["lead"] and d["ability"]]
        if abilities:
            lines.append("    Lead abilities: " + "; ".join(abilities))
        if player["documents"]:
            lines.append("    documents: " + escape(", ".join(player["documents"])))
        features = ", ".join(f"{escape(f['name'])} +{f['points']}" + (f" ({escape(f['text'])})" if f["text"] else "")
                             for f in player["features"])
        bugs = ", ".join(f"{escape(b['name'])} −{b['points']} (destroy: {escape(free(b['destroy_cost']))}"
                         + (f"; {escape(b['text'])})" if b["text"] else ")") for b in player["bugs"])
        lines.append(f"    features: {features or 'none'}")
        lines.append(f"    bugs: [red]{bugs or 'none'}[/red]")
    if view.get("hand_cards") is not None:
        lines.append("Your hand:" + ("" if view["hand_cards"] else " empty"))
        for card in view["hand_cards"]:
            lines.append("  " + hand_line(card))
    if view["phase"] == "lead titles" and view.get("viewer") is not None:
        mine = [d for d in view["players"][view["viewer"]]["developers"] if d["kind"] == view["lead_kind"]]
        if mine:
            lines.append(f"Choose your Lead {escape(view['lead_kind'])}:")
            for dev in mine:
                ability = dev["ability"] or "no Lead ability"
                lines.append(f"  {escape(dev['name'])}: {escape(ability)}")
    if not view["is_over"]:
        status = [f"phase: {PHASE_NAMES.get(view['phase'], view['phase'])}",
                  f"your Thing {'played' if view['thing_played'] else 'still open'}",
                  f"Actions left: {view['actions_left']}"]
        if view["pool"]:
            status.append("pool " + ", ".join(f"{k} {v}" for k, v in view["pool"].items()))
        if view["feature_creep"]:
            status.append("Feature Creep")
        if view["next_feature_bonus"]:
            status.append(f"next feature +{view['next_feature_bonus']}")
        if view["boosting"]:
            status.append(f"boost from {escape(view['boosting'])}")
        if "paying" in view:
            paying = view["paying"]
            status.append(f"paying for {escape(paying['card'])}: still " + ", ".join(paying["still_needed"]))
        if "bug_round" in view:
            holds = view["bug_round"]["holds_a_bug"]
            if holds:
                status.append("holds a bug: " + ", ".join(f"Seat {s}" for s in holds))
        lines.append("  ".join(status))
    else:
        lines.append("The game is over.")
    return "\n".join(lines)


def free(cost: str) -> str:
    return "free" if cost == "nothing" else cost


def hand_line(card: dict[str, Any]) -> str:
    """One card of the hand: name, kind, cost, points and rule."""
    parts = [card["type"]]
    if "cost" in card:
        verb = "costs" if card["type"] == "feature" else "destroying costs"
        parts.append(f"{verb} {free(card['cost'])}")
    if "points" in card:
        points = card["points"]
        parts.append(f"{'+' if points >= 0 else '−'}{abs(points)} point{'' if abs(points) == 1 else 's'}")
    count = f" ×{card['count']}" if card["count"] > 1 else ""
    text = f" — {card['text']}" if card["text"] else ""
    return f"[bold]{escape(card['name'])}[/bold]{count} ({escape(', '.join(parts))}){escape(text)}"


def describe_action(text: str) -> str:
    """A one-line explanation of an action text."""
    verb, _, rest = text.partition(" ")
    if verb == "lead":
        content = load()     # the text alone names no content file: our card list describes it
        dev = content.by_name.get(rest)
        if dev is not None and content.cards[dev].type == "developer":
            developer = content.cards[dev]
            ability = lead_text(developer, content)
            return (f"make {rest} your {content.titles[developer.kind]}: "
                    + (f"its Lead ability works from now on ({ability})" if ability else "it has no Lead ability"))
    if verb == "play":
        if " of seat " in rest:
            target, _, seat = rest.rpartition(" of seat ")
            name, _, feature = target.partition(" on ")
            return f"play {name} (your Action) to destroy Seat {seat}'s feature {feature}"
        if " on seat " in rest:
            card, _, seat = rest.rpartition(" on seat ")
            return f"play {card} on Seat {seat} (your Action, if it is your turn)"
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
