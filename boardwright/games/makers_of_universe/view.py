"""What a seat may see: the one function through which hidden information leaves the state.

Hidden: the hands (sizes are public), which card lies under each door (whether one lies there is
public, RULINGS U4; a seat sees its own), the order of both piles (a Machine put back at the bottom
is known), and sealed bids until every bidder has committed (the engine keeps those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardwright.engine import Action

from ...engine.markup import escape
from . import rules as R
from .present import WINDOW_WORDS, facts

if TYPE_CHECKING:
    from .state import MouState


def build_view(s: MouState, seat: int | None) -> dict[str, Any]:
    c = s.c
    cards, machines = c.cards, c.machines
    players = []
    for p in range(s.players):
        mine = p == seat
        char = s.characters[p]
        players.append({
            "character": c.characters[char].name if char >= 0 else None,
            "power": c.characters[char].text if char >= 0 else None,
            "ue": s.ue[p],
            "hand_size": len(s.hands[p]),
            "hand": sorted(cards[k].name for k in s.hands[p]) if mine else None,
            "known_cards": sorted(cards[k].name for k in s.known[p]),
            "known_to_you": sorted(cards[k].name for k in s.seen[seat][p]) if seat is not None else [],
            "doors": [{"name": c.doors[s.door_names[p][d]], "active": s.open_[p][d],
                       "card_under": s.under[p][d] >= 0,
                       "under": cards[s.under[p][d]].name
                       if s.under[p][d] >= 0 and (mine or s.shown[p][d]) else None}
                      for d in range(3)],
            "machines": [machines[m].name for m in s.machines[p]],
            "machine_points": R.machine_points(s, p),
            "evolutions": [cards[k].name for k in s.evolutions[p]],
            "evolution_points": [cards[k].points + (s.power(p) == "evolution_bonus") for k in s.evolutions[p]],
            "defenders": [cards[k].name for k in s.defenders[p]],
            "placed_this_turn": [cards[k].name for k in s.fresh[p]],
            "points": R.points(s, p),
        })
    known = s.pile[len(s.pile) - s.known_bottom:] if s.known_bottom else []
    view: dict[str, Any] = {
        "round": s.round,
        "max_rounds": s.max_rounds,
        "target": s.target,
        "phase": R.PHASES[s.phase],
        "pawn": s.pawn,
        "active": s.active,
        "bank": s.bank,
        "machine_pile": len(s.pile),
        "pile_bottom": [machines[m].name for m in known],
        "auction": s.auction_no,
        "on_auction": machines[s.on_auction].name if s.on_auction >= 0 else None,
        "bid_round": s.bid_round,
        "bidders": list(s.bidders) if s.phase == R.P_BID else [],
        "last_bids": list(s.last_bids),
        "deck": len(s.deck),
        "discard": [cards[k].name for k in s.discards],
        "scrapped": [machines[m].name for m in s.scrapped],
        "window": R.WINDOWS[s.win_kind] if s.phase == R.P_WINDOW else None,
        "window_passed": list(s.win_passed) if s.phase == R.P_WINDOW else [],
        "window_reopened": s.win_reopened if s.phase == R.P_WINDOW else False,
        "attack": None,
        # once a turn each (card texts): the player whose turn it is knows, and so does everyone
        "cannon_used": s.cannon_used,
        "power_used": s.power_used,
        "players": players,
    }
    every = facts(c)
    shown: set[str] = set()
    if view["on_auction"]:
        shown.add(view["on_auction"])
    for player in players:
        if player["character"]:
            shown.add(player["character"])
        shown.update(player["machines"], player["evolutions"], player["defenders"], player["known_cards"],
                     player["known_to_you"], player["hand"] or ())
        shown.update(d["under"] for d in player["doors"] if d["under"])
    view["facts"] = {name: every[name] for name in sorted(shown)}
    if s.att_card >= 0:
        view["attack"] = {"attacker": s.att_seat, "creature": cards[s.att_card].name,
                          "seat": s.att_target if s.att_door >= 0 else None,
                          "door": s.att_door + 1 if s.att_door >= 0 else None,
                          "cancelled": s.att_cancelled, "from_world": s.att_world}
    if s.phase == R.P_CHOOSE:
        view["effect_in_world_of"] = s.att_target
    if s.phase == R.P_DISCARD:
        view["discarding"] = {"seat": s.disc_seat, "left": s.disc_left}
    if s.phase in (R.P_DOORS, R.P_GIVE):
        view["left_to_choose"] = s.pending
    if s.phase == R.P_HIDE:
        view["trapping_door"] = s.pending + 1
    return view


def redact(action: Action) -> str:
    """How others see an action: the card hidden under a door stays face down."""
    if action.kind == "hide":
        return "hide a card face down"
    return str(action)


def _seat(seat: int) -> str:
    return f"[seat{seat}]Seat {seat}[/seat{seat}]"


def render(view: dict[str, Any]) -> str:
    """A terminal board from a view only (Rich markup): the auction, each world with its doors,
    Machines, Evolutions and defenders, and your hand, each with its key facts."""
    facts: dict[str, str] = view.get("facts", {})

    def named(name: str, points: int) -> str:
        return f"{escape(name)} ({points})"

    def described(name: str) -> str:
        fact = facts.get(name)
        return f"[bold]{escape(name)}[/bold]" + (f" — {escape(fact)}" if fact else "")

    last = " (the last round)" if view["round"] >= view["max_rounds"] else ""
    lines = [f"[bold]Makers of Universe[/bold] — round {view['round']}{last}, first to "
             f"{view['target']} points · now: {escape(view['phase'])}"]
    lines.append(f"Bank {view['bank']} UE · Machine pile {view['machine_pile']} · Resource pile "
                 f"{view['deck']} · discard pile {len(view['discard'])} · pawn: {_seat(view['pawn'])}")
    if view["on_auction"]:
        line = f"On auction (auction {view['auction']} of 2"
        if view["bid_round"]:
            line += f", tied re-bid {view['bid_round']} of 3"
        lines.append(line + "): " + described(view["on_auction"]))
        committed = view.get("committed", [])
        bidders = view["bidders"]
        if bidders:
            lines.append("    sealed bids: " + ", ".join(
                f"{_seat(b)} {'committed' if b in committed else 'thinking'}" for b in bidders))
            if view.get("your_choice"):
                lines.append(f"    your sealed choice: {escape(view['your_choice'])}")
    if view["last_bids"]:
        lines.append("Last bids revealed: " + ", ".join(
            f"{_seat(i)} {b} UE" for i, b in enumerate(view["last_bids"]) if b >= 0))
    spent = [what for what, used in (("its Ravager Cannon has fired", view["cannon_used"]),
                                     ("its Character's once-a-turn power is spent", view["power_used"])) if used]
    if spent:
        lines.append(f"This turn of {_seat(view['active'])}: " + "; ".join(spent))
    if view["attack"]:
        a = view["attack"]
        where = f"{_seat(a['seat'])}'s door {a['door']}" if a["seat"] is not None else "a door (choosing)"
        source = " from its world" if a["from_world"] else ""
        lines.append(f"Attack: {_seat(a['attacker'])} sends {escape(a['creature'])}{source} at {where}"
                     + (" — cancelled" if a["cancelled"] else ""))
    if view["window"]:
        lines.append(f"Reaction window ({WINDOW_WORDS[view['window']]}): Action cards may be played")
    if "effect_in_world_of" in view:
        lines.append(f"A creature got into {_seat(view['effect_in_world_of'])}'s world: its owner chooses")
    if "discarding" in view:
        d = view["discarding"]
        lines.append(f"{_seat(d['seat'])} lost a Machine holding more than 8 cards: {d['left']} to discard")
    for seat, p in enumerate(view["players"]):
        mark = "▶ " if seat in view["to_act"] else "  "
        you = " (you)" if seat == view["viewer"] else ""
        lines.append(f"{mark}[bold]{_seat(seat)}{you}[/bold] — {p['points']} points, {p['ue']} UE, "
                     f"{p['hand_size']} card{'' if p['hand_size'] == 1 else 's'} in hand")
        if p["character"]:
            lines.append(f"    Character: {described(p['character'])}")
        doors = []
        for i, d in enumerate(p["doors"], 1):
            state = "[green]active[/green]" if d["active"] else "[dim]inactive[/dim]"
            under = ""
            if d["card_under"]:
                under = f", [red]under it: {escape(d['under'])}[/red]" if d["under"] else ", [red]a card under it[/red]"
            doors.append(f"{i} {escape(d['name'])} {state}{under}")
        lines.append("    doors: " + " | ".join(doors))
        lines.append("    Machines: " + (", ".join(map(named, p["machines"], p["machine_points"])) or "none"))
        if p["evolutions"]:
            lines.append("    Evolutions: " + ", ".join(map(named, p["evolutions"], p["evolution_points"])))
        if p["defenders"]:
            lines.append("    in defence: " + ", ".join(escape(d) for d in p["defenders"]))
        if p["hand"] is not None:
            lines.append("    your hand:" + ("" if p["hand"] else " empty"))
            for name in sorted(set(p["hand"])):
                count = p["hand"].count(name)
                lines.append("      " + (f"{count}× " if count > 1 else "") + described(name))
        elif p["known_cards"] or p["known_to_you"]:
            lines.append("    known in hand: " + ", ".join(escape(k) for k in p["known_cards"] + p["known_to_you"]))
    if view.get("is_over"):
        lines.append("[bold]The game is over.[/bold]")
    return "\n".join(lines)


_HELP = {
    "bid": "secretly bid this many UE for the Machine on auction (highest bid buys, pays the Bank)",
    "draw": "the draw at the start of your turn",
    "activate": "turn this door to its active face (it can never be turned back)",
    "send": "choose this creature to attack an enemy world (then choose the door)",
    "attack": "send the chosen creature at that player's active door",
    "defend": "place this creature in defence in your world",
    "trap": "put a card face down under this door (then choose the card)",
    "hide": "the card to put face down under the door (a trap, or a decoy)",
    "evolve": "place this Evolution card in your world (2 creation points)",
    "exchange": "discard 3 cards (chosen next) to draw 1",
    "give": "discard this card for the exchange",
    "play": "use this Action card",
    "fire": "fire your Ravager Cannon at that Machine (the world needs an active door with no card under it)",
    "destroy": "destroy this card of the attacked world",
    "kill": "discard this defence creature of the attacked world",
    "discard": "discard this card (more than 8 cards after losing a Machine: discard half)",
    "pass": "do not react now",
    "end": "end your turn",
    "back": "undo the first step of this move",
}


def describe(text: str) -> str:
    words = text.split()
    if not words:
        return text
    verb = words[0]
    return f"{text}: {_HELP.get(verb, 'an action of Makers of Universe')}"
