"""The words of the Game Development deck for a person: what each card does (the catalog, the
hand on the board, the Lead titles on offer), the milestones' rules, and the one-line text of every
event the rules tell.

Every text is written from the content's data (the effect vocabulary, costs and points), so a
user's own card list is described the same way as ours.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from ...engine.events import TEXT, listed
from .content import ABBREVIATIONS, KINDS, Card, Content, Milestone

#: what a developer does while it is a Lead, by Lead effect ("Lead:" on the card)
LEAD_TEXTS = {
    "convert-ld": "you may remove 2 counters from this developer to generate a Level Designer resource",
    "convert-art": "you may remove 2 counters from this developer to generate an Artist resource",
    "bug-yield": "each counter removed from this developer to pay a bug's cost generates an extra resource",
    "feature-yield": "each counter removed from this developer to pay a feature's cost generates an "
                     "extra resource",
    "feature-point": "as your Action, the next feature you play this turn is worth 1 more point",
    "boost-others": "you may remove 2 counters from this developer: for the rest of the turn each "
                    "counter removed from your other non-programmer developers generates an extra resource",
    "extra-action": "once a turn you may remove 2 counters from this developer to play an extra Action",
    "double-counters": "this developer gets twice as many counters at the start of each milestone",
    "double-bugs": "your bugs count double at the end",
    "extra-counter": "this developer gets 1 extra counter at the start of each milestone",
    "add-counter": "as your Action, add 1 counter to this developer",
}
#: what an Action card does, by effect
ACTION_TEXTS = {
    "sharing-ideas": "Each player draws a card; then, starting on your left, each player takes a card "
                     "at random from the hand of the player on their right.",
    "trading-ideas": "Choose another player: they take a card at random from your hand, then you take "
                     "a card at random from theirs.",
    "feature-creep": "You may play any number of features for the rest of the turn. At the end of "
                     "your turn each other player, starting on your left, may play a bug from their "
                     "hand on you.",
    "crunch-mode": "Remove 2 counters from each of your developers. Reveal the top 5 cards of the "
                   "deck: the features and bugs among them come into play under your control, the "
                   "rest go to the discard pile.",
    "raise-morale": "Add a counter to each of your developers.",
    "source-control-conflict": "Destroy a feature in play (any player's, yours included).",
}
#: the extra rule of a feature or bug, by effect
FEATURE_TEXTS = {
    "": "",
    "bug-discount": "Bugs you control cost 1 less of each resource to destroy.",
    "ld-discount": "Your features cost 1 less LD to play.",
}
BUG_TEXTS = {
    "": "",
    "no-features": "Its owner may not add any new features.",
}
CARD_KINDS = {"developer": "developer", "document": "design document", "action": "Action card",
              "feature": "feature", "bug": "bug"}


def cost_text(cost: tuple[tuple[int, int], ...] | list[int] | tuple[int, ...]) -> str:
    """A cost in words: ``"2 Prog and 2 LD"``, ``"2 Art or Prog"``, ``"nothing"``. Takes the
    content's ``(mask, amount)`` pairs or a flat ``[mask, amount, ...]``."""
    return _cost_text(tuple(cost))  # a few dozen costs, written once each (every view shows them)


@lru_cache(maxsize=4096)
def _cost_text(cost: tuple[tuple[int, int], ...] | tuple[int, ...]) -> str:
    if cost and not isinstance(cost[0], tuple):
        flat = list(cost)
        pairs = [(flat[j], flat[j + 1]) for j in range(0, len(flat), 2)]
    else:
        pairs = list(cost)  # type: ignore[arg-type]
    parts = [f"{amount} {resource_names(mask)}" for mask, amount in pairs if amount]
    return listed(parts) if parts else "nothing"


def resource_names(mask: int) -> str:
    """``"Prog"``, or ``"Art or Prog"`` for an either-or resource."""
    return " or ".join(ABBREVIATIONS[k] for k in (1, 0, 2, 3) if mask >> k & 1)


def lead_text(card: Card, content: Content) -> str:
    """A developer's Lead ability in words, or "" when it has none."""
    if not card.lead:
        return ""
    words = "; ".join(LEAD_TEXTS[effect] for effect in card.lead)
    if card.during >= 0:
        words += f" (only during {content.milestones[card.during].name})"
    return words


def card_text(card: Card, content: Content) -> str:
    """What a card does, in plain words (the catalog and the hand on the board)."""
    if card.type == "developer":
        kind = KINDS[card.kind]
        text = (f"{'An' if kind[0] in 'AEIOU' else 'A'} {kind}, hired in Preproduction. Each counter on it pays for 1 "
                f"{ABBREVIATIONS[card.kind]} resource.")
        ability = lead_text(card, content)
        return f"{text} Lead: {ability[:1].upper()}{ability[1:]}." if ability else f"{text} No Lead ability."
    if card.type == "document":
        return f"Your Thing. Each of your {KINDS[card.kind]}s gets 1 extra counter at the start of each milestone."
    if card.type == "action":
        return ACTION_TEXTS[card.effect]
    if card.type == "feature":
        extra = FEATURE_TEXTS[card.effect]
        return (f"Your Thing: pay {cost_text(card.cost)} to play it; worth "
                f"{TEXT.format_field(card.points, 'points')} at the end." + (f" {extra}" if extra else ""))
    extra = BUG_TEXTS[card.effect]
    return (f"Your Action: play it on any player; it costs them "
            f"{TEXT.format_field(card.points, 'points')} at the end unless they destroy it "
            f"(their Action, paying {cost_text(card.cost)})." + (f" {extra}" if extra else ""))


#: per content (by its id, kept with it so the id cannot be reused): each card's Lead ability
#: and short rule, by card id; a view shows them for every card in play and in hand
_TEXTS_OF: dict[int, tuple[Content, tuple[str, ...], tuple[str, ...]]] = {}


def card_texts(content: Content) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(``lead_text``, ``short_text``) of every card of ``content``, by card id, written once."""
    known = _TEXTS_OF.get(id(content))
    if known is None or known[0] is not content:
        known = (content, tuple(lead_text(card, content) for card in content.cards),
                 tuple(short_text(card, content) for card in content.cards))
        _TEXTS_OF[id(content)] = known
    return known[1], known[2]


def short_text(card: Card, content: Content) -> str:
    """The card's rule in a few words, for a line of the hand (cost and points are shown apart)."""
    if card.type == "developer":
        ability = lead_text(card, content)
        return f"Lead: {ability}" if ability else "no Lead ability"
    if card.type == "document":
        return f"your {KINDS[card.kind]}s get 1 extra counter each milestone"
    if card.type == "action":
        return ACTION_TEXTS[card.effect]
    text = FEATURE_TEXTS[card.effect] if card.type == "feature" else BUG_TEXTS[card.effect]
    return text[:1].lower() + text[1:].rstrip(".")


def counted(names: Iterable[str]) -> str:
    """``["Save System", "Pause Menu", "Save System"]`` as "Save System twice and Pause Menu"."""
    counts = Counter(names)
    return listed(name if count == 1 else f"{name} {'twice' if count == 2 else f'{count} times'}"
                  for name, count in counts.items())


def milestone_rules(milestone: Milestone, hand_size: int) -> list[str]:
    """A milestone's special rules in words."""
    rules = []
    if milestone.developers:
        rules.append("play any number of developers")
    if milestone.refill:
        rules.append(f"each turn begins by drawing up to {hand_size} cards")
    if not milestone.features:
        rules.append("no features may be played")
    for amount, what in ((milestone.feature_cost, "features cost"), (milestone.bug_cost, "bugs cost")):
        if amount:
            more = "more" if amount > 0 else "less"
            rules.append(f"{what} {abs(amount)} {more} of each resource" + (" to destroy" if what[0] == "b" else ""))
    if milestone.leads:
        rules.append("at its end each player makes one developer of each kind a Lead")
    return rules


def catalog(content: Content) -> dict[str, dict[str, Any]]:
    """Every card and Lead title of ``content``: kind, text, and cost, points and deck as they apply."""
    out: dict[str, dict[str, Any]] = {}
    for kind, title in enumerate(content.titles):
        out[title] = {"kind": "Lead title", "developer_kind": KINDS[kind],
                      "text": f"Attached at the end of Preproduction to one of your {KINDS[kind]}s, "
                              f"which becomes a Lead: its Lead ability works from then on. "
                              f"Every player has their own."}
    for card in content.cards:
        entry: dict[str, Any] = {"kind": CARD_KINDS[card.type], "text": card_text(card, content),
                                 "deck": card.deck.capitalize()}
        if card.type in ("developer", "document"):
            entry["developer_kind"] = KINDS[card.kind]
        if card.type == "developer":
            entry["lead_ability"] = lead_text(card, content)
        if card.type in ("feature", "bug"):
            entry["cost"] = cost_text(card.cost)
            entry["points"] = card.points if card.type == "feature" else -card.points
        out[card.name] = entry
    return out


# ---------------------------------------------------------------------- event texts
def _drew(data: Mapping[str, Any], verb: str = "draws") -> str:
    if "cards" in data:
        return f"Seat {data['seat']} {verb} {listed(data['cards'])}"
    return f"Seat {data['seat']} {verb} {TEXT.format_field(data['n'], 'plural card')}"


def _dealt(data: Mapping[str, Any]) -> str:
    return _drew(data, "is dealt")


def _milestone(data: Mapping[str, Any]) -> str:
    text = (f"{data['milestone']} begins (milestone {data['number']} of {data['of']}, "
            f"{TEXT.format_field(data['turns'], 'plural round')}); Seat {data['first']} goes first")
    if data["deck"] == "new":
        text += f"; a new {data['deck_name']} deck is shuffled and dealt"
    elif data["deck"] == "shuffled":
        text += "; hands and the discard pile are shuffled into the deck and dealt again"
    if data["rules"]:
        text += ". Rules: " + "; ".join(data["rules"])
    return text + "."


def _counters(data: Mapping[str, Any]) -> str:
    each = [f"{name} {count}" for name, count in zip(data["developers"], data["counters"], strict=True)]
    return f"Seat {data['seat']}'s developers start {data['milestone']} with counters: {listed(each)}"


def _leads(data: Mapping[str, Any]) -> str:
    each = [f"{dev} is {title}" for dev, title in zip(data["developers"], data["titles"], strict=True)]
    return f"Seat {data['seat']}'s Leads: {listed(each)}" if each else f"Seat {data['seat']} has no Lead"


def _crunch(data: Mapping[str, Any]) -> str:
    def went(names: list[str], where: str, noun: str = "") -> str:
        one = len(names) == 1
        noun = f" as {'a ' + noun if one else noun + 's'}" if noun else ""
        return f"{listed(names)} {'goes' if one else 'go'} {where}{noun}" if where[0] == "t" else \
            f"{listed(names)} {'comes' if one else 'come'} into play{noun}"

    text = f"Crunch Mode reveals {listed(data['cards'])} for Seat {data['seat']}"
    parts = []
    if data["features"]:
        parts.append(went(data["features"], "into play", "feature"))
    if data["bugs"]:
        parts.append(went(data["bugs"], "into play", "bug"))
    if data["discarded"]:
        parts.append(went(data["discarded"], "to the discard pile") + " (neither features nor bugs)")
    if data["blocked"]:
        parts.append(went(data["blocked"], "to the discard pile") + f" because {data['blocked_by']} "
                     f"stops Seat {data['seat']} adding features")
    return text + (": " + "; ".join(parts) if parts else "") + "."


def _built(data: Mapping[str, Any]) -> str:
    text = (f"{data['feature']} comes into play for Seat {data['seat']}, worth "
            f"{TEXT.format_field(data['points'], 'points')}")
    if data.get("extra"):
        text += f" ({data['extra']} extra from a Lead ability)"
    return text


def _extra(data: Mapping[str, Any]) -> str:
    return (f"{data['developer']}'s counter generates {data['amount']} {data['resource']} "
            f"({listed(data['why'])})")


def _round(data: Mapping[str, Any]) -> str:
    text = f"round {data['round']} of {data['turns']} of {data['milestone']} begins with Seat {data['seat']}"
    if data["last"] == "final":
        return f"final round: {text}; the game ends after it"
    return f"last {text}" if data["last"] else text


def _leads_choice(data: Mapping[str, Any]) -> str:
    return (f"{TEXT.format_field(data['seats'], 'seats')} choose in secret which "
            f"{data['developer_kind']} becomes {data['title']}")


EVENT_TEXTS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    "milestone_started": _milestone,
    "counters_given": _counters,
    "round_started": _round,
    "drew": _drew,
    "dealt": _dealt,
    "deck_reshuffled": "the discard pile ({n:plural card}) is shuffled to make a new deck",
    "deck_empty": "the deck and the discard pile are empty: Seat {seat} draws no more",
    "must_discard": "Seat {seat} holds too many cards and discards {n:plural card} down to {limit}",
    "took": "{taker:seat} takes {card:card} at random from {giver:seat}'s hand",
    "took_nothing": "{giver:seat}'s hand is empty: {taker:seat} takes nothing",
    "feature_built": _built,
    "bug_destroyed": "Seat {seat} destroys {bug}, which goes to the discard pile",
    "feature_destroyed": "Seat {seat}'s {feature} ({points:points}) is destroyed and goes to the discard pile",
    "features_blocked": "{bug} stops Seat {seat} adding new features until it is destroyed",
    "features_unblocked": "Seat {seat} may add features again",
    "crunch_counters": "Crunch Mode removes 2 counters from each of Seat {seat}'s developers",
    "crunch_revealed": _crunch,
    "morale_raised": "each of Seat {seat}'s developers gains a counter",
    "feature_creep": ("Seat {seat} may play any number of features this turn; at its end the others "
                      "may play bugs on Seat {seat}"),
    "bug_round": ("Feature Creep: starting on Seat {seat}'s left, each other player holding a bug "
                  "may play one on Seat {seat}"),
    "no_bug": lambda data: (f"{TEXT.format_field(data['seats'], 'seats')} "
                            f"{'holds' if len(data['seats']) == 1 else 'hold'} no bug and "
                            f"{'is' if len(data['seats']) == 1 else 'are'} passed over"),
    "extra_resource": _extra,
    "converted": "{developer}'s 2 counters generate 1 {resource}",
    "point_bonus": "the next feature Seat {seat} plays this turn is worth {bonus} more (from {developer})",
    "counter_added": "{developer} gains a counter",
    "boosted": ("{developer}'s boost: for the rest of the turn Seat {seat}'s other non-programmer "
                "developers generate an extra resource per counter"),
    "extra_action": "{developer} gives Seat {seat} an extra Action this turn",
    "leads_choice": _leads_choice,
    "leads_revealed": _leads,
}
