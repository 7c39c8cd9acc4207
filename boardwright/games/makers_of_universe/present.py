"""How Makers of Universe is told to a person: event texts, the catalog of the cards, the score
breakdown and the action menus. Rules stay in :mod:`.rules`; this module only reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from boardwright.engine import Action
from boardwright.engine.events import TEXT, listed

from .content import ACTION, CREATURE, EVOLUTION, TRAP, Card, Content, Machine

if TYPE_CHECKING:
    from .state import MouState


# ---------------------------------------------------------------- event texts
#: what opened a reaction window, in the rules' words (events and views name it by its id)
WINDOW_WORDS = {"machine revealed": "a Machine is revealed", "after the auction": "after the auction",
                "attack declared": "an attack is declared", "card resolved": "an Action card resolved",
                "end of turn": "end of a turn"}


def _bids(data: Mapping[str, Any]) -> str:
    bids = ", ".join(f"Seat {seat} {bid}" for seat, bid in enumerate(data["bids"]) if bid >= 0)
    again = f" (tied re-bid {data['rebid']})" if data.get("rebid") else ""
    return f"bids for {data['machine']} revealed{again}: {bids} UE"


def _drawn(data: Mapping[str, Any]) -> str:
    if data.get("cards") is not None:
        if not data["cards"]:
            return f"Seat {data['seat']} draws no card: both piles are empty"
        return f"Seat {data['seat']} draws {listed(data['cards'])}"
    return f"Seat {data['seat']} draws {TEXT.format_field(data['n'], 'plural card')}"


def _taken(data: Mapping[str, Any]) -> str:
    what = listed(data["cards"]) if data.get("cards") is not None else TEXT.format_field(data["n"], "plural card")
    return f"Seat {data['seat']} takes {what} at random from Seat {data['from']}"


def _turned(data: Mapping[str, Any]) -> str:
    where = f"Seat {data['seat']}'s door {data['door']}"
    if data["card"] is None:
        return f"{where} is turned: nothing lies under it"
    if data["trap"]:
        return f"{where} is turned: the trap {data['card']} lay under it"
    return f"{where} is turned: {data['card']} lay under it as a decoy and is discarded"


def _scored(data: Mapping[str, Any]) -> str:
    change = data["change"]
    sign = "+" if change > 0 else "−"
    return (f"Seat {data['seat']} now has {TEXT.format_field(data['points'], 'points')} "
            f"({sign}{abs(change)})")


def _round(data: Mapping[str, Any]) -> str:
    last = ", the last one (round limit)" if data.get("last") else ""
    return f"round {data['round']} begins{last}: Seat {data['pawn']} holds the pawn; Buying Phase"


def _played(data: Mapping[str, Any]) -> str:
    when = f" in the reaction window ({WINDOW_WORDS[data['window']]})" if data.get("window") else ""
    return f"Seat {data['seat']} plays {data['card']}{when}: {data['effect']}"


EVENT_TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "round_started": _round,
    "machine_revealed": "auction {auction} of 2: {machine} is put up for sale ({points:points}, "
                        "needs {doors:plural active door})",
    "bids_revealed": _bids,
    "bids_tied": "{seats:seats} tied at {bid} UE: they bid again (re-bid {rebid} of 3)",
    "haggler_wins_tie": "Seat {seat}, the Haggler, wins the tie at {bid} UE",
    "sale_cancelled": "no sale of {machine} ({why}): it goes under the Machine pile",
    "machine_bought": "Seat {seat} buys {machine} for {ue} UE, paid to the Bank",
    "door_activated": "Seat {seat} turns door {door}, {name}, to its active face",
    "score_changed": _scored,
    "target_reached": "Seat {seat} reaches {points:points} (target {target}): the game ends "
                      "after this round",
    "target_lost": "Seat {seat} falls back to {points:points}, under the target of {target}",
    "turn_started": lambda d: (f"Action Phase of round {d['round']}: " if d["first"] else "")
    + f"Seat {d['seat']}'s turn",
    "ue_from_bank": "Seat {seat} takes {ue} UE from the Bank {why}",
    "ue_taken": "Seat {seat} takes {ue} UE from Seat {from}",
    "cards_drawn": _drawn,
    "deck_rebuilt": "the discard pile is shuffled into a new Resource pile of {cards:plural card}",
    "cards_taken": _taken,
    "cards_discarded": lambda d: f"Seat {d['seat']} discards {listed(d['cards'])} at random",
    "card_hidden": "Seat {seat} hides {card:card} face down under door {door}",
    "attack_declared": lambda d: (f"Seat {d['seat']} sends {d['creature']} at Seat {d['target']}'s door "
                                  f"{d['door']}, {d['name']}"
                                  + (", which has a card under it" if d["trapped"] else "")),
    "attack_cancelled": "Seat {by} cancels the attack: Seat {seat}'s {creature} is discarded",
    "door_turned": _turned,
    "trap_broken": "Seat {seat}, the Warlord, treats {trap} as a decoy",
    "trap_sprung": "{trap} springs on Seat {attacker}'s {creature}: {effect}",
    "creature_captured": "Seat {seat} captures Seat {from}'s {creature} into its hand",
    "creature_intercepted": "Seat {seat}'s {defender} stops Seat {from}'s {creature}: both are discarded",
    "creature_entered": "Seat {seat}'s {creature} gets into Seat {target}'s world. {effect}",
    "guarded": "Seat {seat}'s {defender} in defence protects against {card}",
    "doors_swept": lambda d: (f"the cards under Seat {d['seat']}'s doors are discarded: {listed(d['cards'])}"
                              if d["cards"] else f"no card lay under Seat {d['seat']}'s doors"),
    "door_cleared": "{card} under Seat {seat}'s door {door} is discarded",
    "action_played": _played,
    "machine_destroyed": "Seat {seat}'s {machine} is destroyed and goes {to}",
    "must_discard": "Seat {seat} holds {held} cards after losing a Machine: it discards {n}",
    "evolution_placed": "Seat {seat} places the Evolution {evolution} through {machine}",
    "evolution_destroyed": "Seat {seat}'s Evolution {evolution} is destroyed",
    "defender_killed": "Seat {seat}'s defence creature {creature} is discarded",
}


# ---------------------------------------------------------------- the catalog
#: what each effect does, in player words (used when a card of a content file has no text)
ATTACK_WORDS = {
    "none": "It does not attack.",
    "bank_ue": "Attacking: take {n} UE from the Bank.",
    "steal_ue": "Attacking: take {n} UE from the attacked player.",
    "steal_card": "Attacking: take {n} card(s) at random from the attacked player's hand.",
    "discard_cards": "Attacking: the attacked player discards {n} card(s) at random.",
    "destroy_machine": "Attacking: destroy a Machine of the attacked world.",
    "destroy_evolution": "Attacking: destroy an Evolution of the attacked world.",
    "kill_defender": "Attacking: discard a defence creature of the attacked world.",
    "evolve": "Attacking: place an Evolution from your hand through a Machine of the attacked world.",
    "sweep": "Attacking: every card under the attacked world's doors is discarded.",
}
DEFENCE_WORDS = {
    "none": "",
    "guard_ue": "Defending: your UE cannot be taken.",
    "guard_hand": "Defending: your hand cannot be touched.",
    "guard_machines": "Defending: your Machines cannot be destroyed by creatures or Actions.",
    "guard_evolutions": "Defending: your Evolutions cannot be destroyed.",
    "intercept": "Defending: the next creature that gets into your world is stopped; both are discarded.",
}
TRAP_WORDS = {
    "stop": "The creature is stopped; both cards are discarded.",
    "fine": "The creature is stopped; its owner pays you {n} UE.",
    "capture": "The creature is stopped and goes into your hand.",
    "lasting": "The creature is stopped; this trap stays under its door.",
    "backfire": "The creature is stopped; its owner discards {n} card(s) at random.",
}
ACTION_WORDS = {
    "gain_ue": "Take {n} UE from the Bank.",
    "draw_cards": "Draw {n} Resource card(s).",
    "steal_ue": "An opponent of your choice gives you {n} UE.",
    "cancel_attack": "Cancel an attack just declared: the creature is discarded.",
    "disarm": "The card under an opponent's door of your choice is discarded.",
    "force_door": "Turn an inactive door of an opponent to its active face.",
    "destroy_machine": "Destroy a Machine of an opponent.",
    "steal_card": "Take {n} card(s) at random from an opponent's hand.",
}
POWER_WORDS = {
    "income": "At the start of each of your turns, take 1 UE from the Bank.",
    "extra_draw": "Whenever your draw gives you Resource cards, draw one more.",
    "fewer_doors": "A Machine you buy asks you to activate one door fewer.",
    "wins_ties": "When you are among the tied highest bidders, you win the Machine at that bid.",
    "greedy": "Your attacking creatures that take UE or cards take one more.",
    "trap_reward": "Whenever one of your traps springs, take 2 UE from the Bank.",
    "cheap_exchange": "You exchange cards 2 for 1 instead of 3 for 1.",
    "evolution_bonus": "Each of your Evolutions is worth one more creation point.",
    "salvage": "Whenever one of your Machines is destroyed, take 3 UE from the Bank.",
    "trap_breaker": "Once a turn, the first trap that stops one of your creatures works as a decoy.",
}
SPECIAL_WORDS = {
    "none": "",
    "palace": "Cannot be destroyed. A second Palace in a world scores only 1 point.",
    "ravager_cannon": "Once a turn, destroy a Machine of a world that has an active door with no card under it.",
}


def machine_text(m: Machine) -> str:
    """A Machine's facts and rule in words: points, doors to activate, its special power."""
    facts = (f"{TEXT.format_field(m.points, 'points')}; the buyer activates "
             f"{TEXT.format_field(m.doors, 'plural door')}.")
    rule = m.text or SPECIAL_WORDS[m.special]
    return f"{facts} {rule}".strip()


def card_text(card: Card, content: Content) -> str:
    """A Resource card's rule in words (its own text, or one written from its effects)."""
    if card.family == EVOLUTION:
        machine = content.machines[card.machine].name
        own = f" {card.text}" if card.text else ""
        return f"Place it in your world when you own {machine}: {TEXT.format_field(card.points, 'points')}.{own}"
    if card.text:
        return card.text
    n = card.amount
    if card.family == CREATURE:
        return " ".join(w for w in (ATTACK_WORDS[card.effect], DEFENCE_WORDS[card.defence]) if w).format(n=n)
    if card.family == TRAP:
        return TRAP_WORDS[card.effect].format(n=n)
    return ACTION_WORDS[card.effect].format(n=n)


def catalog(content: Content) -> dict[str, dict[str, Any]]:
    """Every piece of the content: Characters, Machines, Doors and the Resource cards."""
    out: dict[str, dict[str, Any]] = {}
    for ch in content.characters:
        out[ch.name] = {"kind": "Character", "text": ch.text or POWER_WORDS[ch.power]}
    for m in content.machines:
        out[m.name] = {"kind": "Machine", "text": machine_text(m), "points": m.points, "doors": m.doors,
                       "count": m.count}
    for name in content.doors:
        out[name] = {"kind": "Door", "text": "One of the three doors of a world: inactive at first, "
                                             "active once turned; a card may lie face down under it."}
    kinds = {CREATURE: "Creature", TRAP: "Trap", ACTION: "Action", EVOLUTION: "Evolution"}
    for card in content.cards:
        entry: dict[str, Any] = {"kind": kinds[card.family], "text": card_text(card, content), "count": card.count}
        if card.family == EVOLUTION:
            entry["points"] = card.points
            entry["machine"] = content.machines[card.machine].name
        out[card.name] = entry
    return out


_FACTS: dict[int, dict[str, str]] = {}


def facts(content: Content) -> dict[str, str]:
    """Each name of the content with its key facts in one short line, for the board (cached)."""
    found = _FACTS.get(id(content))
    if found is None:
        found = {}
        for name, entry in catalog(content).items():
            kind = entry["kind"]
            if kind == "Machine":
                found[name] = entry["text"]
            elif kind == "Evolution":
                found[name] = f"Evolution, {TEXT.format_field(entry['points'], 'points')}, " \
                              f"placed through {entry['machine']}"
            elif kind in ("Character", "Door"):
                found[name] = entry["text"]
            else:
                found[name] = f"{kind}: {entry['text']}"
        _FACTS[id(content)] = found
    return found


# ---------------------------------------------------------------- the score breakdown
def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def breakdown(s: MouState) -> list[dict[str, Any]]:
    """Per seat: a line for each Machine and each Evolution (named), summing to its score."""
    machines, cards = s.c.machines, s.c.cards
    out: list[dict[str, Any]] = []
    for seat in range(s.players):
        lines: list[dict[str, Any]] = []
        palace = False
        for m in s.machines[seat]:
            machine = machines[m]
            worth = machine.points
            label = f"Machine {machine.name}"
            if machine.special == "palace":
                if palace:
                    worth = min(worth, 1)
                    label += ", a second Palace"
                palace = True
            lines.append({"label": label, "points": worth, "group": "Machines"})
        bonus = 1 if s.power(seat) == "evolution_bonus" else 0
        for e in s.evolutions[seat]:
            label = f"Evolution {cards[e].name}" + (", with the Evolutionist's bonus" if bonus else "")
            lines.append({"label": label, "points": cards[e].points + bonus, "group": "Evolutions"})
        total = sum(line["points"] for line in lines)
        if not lines:
            lines.append({"label": "No Machine or Evolution yet", "points": 0})
        out.append({"total": total, "lines": lines})
    tiebreak = _tiebreak(s, [entry["total"] for entry in out])
    if tiebreak:
        for seat in s.winners_:
            out[seat]["tiebreak"] = tiebreak
    return out


def _tiebreak(s: MouState, scores: list[int]) -> str:
    """The sentence of U10 when a tie on points was decided by who reached the target first."""
    if not s.is_over:
        return ""
    qualified = [seat for seat in range(s.players) if scores[seat] >= s.target] or list(range(s.players))
    best = max(scores[seat] for seat in qualified)
    tied = [seat for seat in qualified if scores[seat] == best]
    if len(tied) < 2 or len(s.winners_) == len(tied):
        return ""
    when = s.reached[s.winners_[0]]
    rnd, place = divmod(when, s.players)
    others = [seat for seat in tied if seat not in s.winners_]
    return (f"{TEXT.format_field(tied, 'seats')} tied on {TEXT.format_field(best, 'points')}; "
            f"{TEXT.format_field(s.winners_, 'seats')} reached the target first, in round {rnd}, "
            f"{_ordinal(place + 1)} in that round's order from the pawn, before "
            f"{TEXT.format_field(others, 'seats')} (U10).")


def end_reason(s: MouState) -> str:
    reached = [seat for seat in range(s.players) if s.reached[seat] >= 0]
    if reached:
        return f"{TEXT.format_field(reached, 'seats')} reached the target of {s.target} points"
    return f"round {s.round}, the round limit, is over"


# ---------------------------------------------------------------- action menus
def action_path(s: MouState, action: Action) -> tuple[str, ...]:
    """Menu steps: a card's name then what to do with it, a door, a target seat, a bid range."""
    kind = action.kind
    text = str(action)
    if kind == "bid":
        n = action.args[0]
        if n < 12:
            return (text,)
        low = 12 + (n - 12) // 10 * 10
        return (f"bid {low} to {low + 9}", text)
    cards, machines = s.c.cards, s.c.machines
    if kind in ("send", "send_world", "defend", "evolve"):
        step = {"send": "attack", "send_world": "attack from your world", "defend": "defend your world",
                "evolve": "place it in your world"}[kind]
        return (cards[action.args[0]].name + ":", step)
    if kind == "play":
        card, target, extra = action.args
        name = cards[card].name + ":"
        if target < 0:
            return (name, "play it")
        if extra < 0:
            return (name, f"on Seat {target}")
        if cards[card].effect in ("disarm", "force_door"):
            return (name, f"on Seat {target}", f"door {extra + 1}")
        return (name, f"on Seat {target}", machines[extra].name)
    if kind == "trap":
        return ("hide a card under", f"door {action.args[0] + 1}")
    if kind == "activate":
        return ("activate", f"door {action.args[0] + 1}")
    if kind == "fire":
        return ("fire the Ravager Cannon", f"at Seat {action.args[0]}", machines[action.args[1]].name)
    if kind == "attack":
        return (f"Seat {action.args[0]}", f"door {action.args[1] + 1}")
    return (text,)
