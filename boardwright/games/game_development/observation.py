"""What a learning agent sees of a Game Development game: one seat's view as numbers.

Encoded, in the order of the view: the milestone (one-hot over the content's milestones), the
turns of every milestone, the round and how many rounds are left, the first and the active seat
and the phase. Then, for every seat counted from the viewer: which developers it controls, the
counters on each and which of them hold a Lead title, its counters per resource kind, its design
documents, features and bugs as counts per card, the points of its features (extra points from a
Lead included) and of its bugs, what destroying its bugs costs it now, and its hand size. Then
the viewer's hand as counts per card with what each feature in it costs the viewer now; the cards
the viewer knows to be in another hand, the viewer's cards another seat knows, and how many cards
of a hand one other seat knows of another's (R12); the deck size and the discard pile as counts
per card; the state of the turn (Thing played, Actions left, Feature Creep windows owed, the extra
Action used, the boosting developer, the resource pool, the next feature's extra points); a cost
being paid (the card and what is still needed); a round of Feature Creep bugs (who was seen to hold
a bug and who not); and the Lead title being chosen, the viewer's committed choice for it and its
secret choices of the earlier titles. (The engine adds whose decision it is, who has committed a
sealed choice and whether the game is over.)

Left out, because they are fixed by the content or follow from what is encoded: card and ability
texts, milestone names beyond the one-hot, the costs of bugs in the hand (they depend on the
target's features, which are encoded), and the score itself (feature and bug points are encoded;
E Machete's doubling follows from its Lead title). The order of the discard pile is left out too:
the rules never read it. Other seats' hands and the deck's order are not in the view, so they
cannot be here.

Costs are read from the view's words (``"2 Prog and 1 Art or Prog"``, ``"Art/Prog: 2"``) into five
numbers: the amount of each of the four resources, then the amount of an either-or resource.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.observation import Encoder
from .content import ABBREVIATIONS, KINDS, load
from .view import PHASES

#: a cost entry in the view's words: an amount, then one resource or several joined by "or" / "/"
_ENTRY = re.compile(r"(\d+) ((?:Prog|Art|LD|Prod)(?: or (?:Prog|Art|LD|Prod))*)")
_NEEDED = re.compile(r"((?:Prog|Art|LD|Prod)(?:/(?:Prog|Art|LD|Prod))*): (\d+)")
_KIND = {name: k for k, name in enumerate(ABBREVIATIONS)}
_KIND_INDEX = {name: k for k, name in enumerate(KINDS)}
#: rough maxima, to keep values near [0, 1]
COUNTERS = 8        # counters on one developer (E Machete doubles its own)
KIND_COUNTERS = 20  # counters of one resource kind over a seat's developers
COST = 5            # resources of one kind in a cost
FEATURE_POINTS = 20
BUG_POINTS = 10
HAND = 10
TURNS = 10


class Context:
    """What encoding needs besides the view, built once per observer: the content's vocabularies
    (card names by kind, milestone names) and a memo of cost words already read; and what the
    fast path (observation_fast.py) needs to write the same numbers from the state."""

    __slots__ = ("amounts", "bugs", "cards", "costs", "deck_max", "developer_names", "developers", "documents",
                 "fast_cards", "fast_titles", "features", "hand_limit", "lead_choices", "milestones", "offsets",
                 "players", "priced", "priced_names", "studio_blocks", "studio_size", "tables")

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        content = load(options.get("content"))
        self.players = players
        cards = content.cards
        self.cards = {c.name: i for i, c in enumerate(cards)}
        self.developers = _vocabulary(c.name for c in cards if c.type == "developer")
        self.documents = _vocabulary(c.name for c in cards if c.type == "document")
        self.features = _vocabulary(c.name for c in cards if c.type == "feature")
        self.bugs = _vocabulary(c.name for c in cards if c.type == "bug")
        #: features and bugs: the cards a cost is paid for
        self.priced = _vocabulary(c.name for c in cards if c.type in ("feature", "bug"))
        self.developer_names = tuple(self.developers)
        #: a committed Lead choice as the view words it ("lead <developer>"), by developer
        self.lead_choices = tuple(f"lead {name}" for name in self.developers)
        self.priced_names = tuple(self.priced)
        self.milestones = tuple(m.name for m in content.milestones)
        copies = int(options.get("copies", 2))
        self.deck_max = max(len(content.preproduction), len(content.production) * copies, 1)
        self.hand_limit = int(options.get("hand_size", 5))
        #: the blocks of each seat's studio, counted from the viewer, and their total size
        self.studio_blocks = [studio_layout(k, self) for k in range(players)]
        self.studio_size = sum(size for _, size, _ in self.studio_blocks[0])
        #: cost words -> five amounts (memo: a game uses few distinct costs)
        self.costs: dict[str, tuple[int, ...]] = {}
        # the fast path's (observation_fast.py): the content's cards and Lead titles, each block's
        # offset in the game's part (from a probe's layout), its tables by where the game's part
        # starts, and a memo of flat costs already read
        self.fast_cards: tuple[Any, ...] = content.cards
        self.fast_titles: tuple[str, ...] = content.titles
        self.offsets: dict[str, int] = {}
        self.tables: dict[int, Any] = {}
        self.amounts: dict[tuple[int, ...], tuple[tuple[int, float], ...]] = {}


def _vocabulary(names: Any) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


def context(players: int, options: Mapping[str, Any]) -> Context:
    """The vocabularies of the content ``options`` name, for ``players`` seats."""
    return Context(players, options)


def cost_amounts(text: str, memo: dict[str, tuple[int, ...]]) -> tuple[int, ...]:
    """A cost in the view's words as (Prog, Art, LD, Prod, either-or) amounts."""
    found = memo.get(text)
    if found is None:
        amounts = [0, 0, 0, 0, 0]
        for match in _ENTRY.finditer(text):
            names = match.group(2).split(" or ")
            amounts[_KIND[names[0]] if len(names) == 1 else 4] += int(match.group(1))
        found = memo[text] = tuple(amounts)
    return found


def needed_amounts(entries: Sequence[str], memo: dict[str, tuple[int, ...]]) -> list[int]:
    """What a payment still needs (``["Art/Prog: 2", "LD: 1"]``) as five amounts, as above."""
    amounts = [0, 0, 0, 0, 0]
    for entry in entries:
        found = memo.get(entry)
        if found is None:
            match = _NEEDED.fullmatch(entry)
            row = [0, 0, 0, 0, 0]
            if match:
                names = match.group(1).split("/")
                row[_KIND[names[0]] if len(names) == 1 else 4] = int(match.group(2))
            found = memo[entry] = tuple(row)
        for j in range(5):
            amounts[j] += found[j]
    return amounts


def studio_layout(k: int, ctx: Context) -> list[tuple[str, int, str]]:
    """The blocks of the studio of the seat ``k`` seats after the viewer (0: the viewer's own)."""
    tag = f"seat+{k}"
    who = "your" if k == 0 else f"{tag}'s"
    whose = "yours" if k == 0 else f"{tag}'s"
    n_devs = len(ctx.developers)
    return [
        (f"{tag}.developers", n_devs, f"1 per developer {who} studio controls"),
        (f"{tag}.counters", n_devs, f"counters on each of {who} developers / {COUNTERS}"),
        (f"{tag}.leads", n_devs, f"1 per developer of {whose} holding a Lead title"),
        (f"{tag}.counters_per_kind", 4, f"{who} counters per resource (Prog, Art, LD, Prod) / {KIND_COUNTERS}"),
        (f"{tag}.documents", len(ctx.documents), f"{who} design documents, count per card"),
        (f"{tag}.features", len(ctx.features), f"{who} features, count per card"),
        (f"{tag}.feature_points", 1, f"points of {who} features, Lead extra points included / {FEATURE_POINTS}"),
        (f"{tag}.bugs", len(ctx.bugs), f"{who} bugs, count per card"),
        (f"{tag}.bug_points", 1, f"points of {who} bugs (subtracted at the end) / {BUG_POINTS}"),
        (f"{tag}.bugs_destroy_cost", 5,
         f"what destroying all {who} bugs costs now: Prog, Art, LD, Prod, either-or / {COST}"),
        (f"{tag}.hand_size", 1, f"cards in {who} hand / {HAND}"),
    ]


def studio(player: Mapping[str, Any], ctx: Context) -> list[float]:
    """The values of one seat's studio, in the order of :func:`studio_layout`."""
    developers = ctx.developers
    n_devs = len(developers)
    row = [0.0] * ctx.studio_size
    per_kind = n_devs * 3
    for dev in player["developers"]:
        i = developers.get(dev["name"])
        if i is None:
            continue
        counters = dev["counters"]
        row[i] = 1.0
        row[n_devs + i] = counters / COUNTERS
        if dev["lead"]:
            row[2 * n_devs + i] = 1.0
        row[per_kind + _KIND_INDEX[dev["kind"]]] += counters / KIND_COUNTERS
    at = per_kind + 4
    documents = ctx.documents
    for name in player["documents"]:
        i = documents.get(name)
        if i is not None:
            row[at + i] += 1.0
    at += len(documents)
    features = ctx.features
    points = 0
    for feature in player["features"]:
        i = features.get(feature["name"])
        if i is not None:
            row[at + i] += 1.0
        points += feature["points"]
    at += len(features)
    row[at] = points / FEATURE_POINTS
    at += 1
    bugs = ctx.bugs
    points = 0
    destroy = at + len(bugs) + 1
    memo = ctx.costs
    for bug in player["bugs"]:
        i = bugs.get(bug["name"])
        if i is not None:
            row[at + i] += 1.0
        points += bug["points"]
        amounts = cost_amounts(bug["destroy_cost"], memo)
        for j in range(5):
            row[destroy + j] += amounts[j] / COST
    row[at + len(bugs)] = points / BUG_POINTS
    row[destroy + 5] = player["hand_size"] / HAND
    return row


def observe(encoder: Encoder, view: Mapping[str, Any], ctx: Context) -> None:
    """Write one seat's observation of a Game Development view (see the module's docstring)."""
    e = encoder
    memo = ctx.costs
    developers = ctx.developers
    # ---------------------------------------------------------------- the milestone and the turn
    e.one_hot("milestone", view["milestone"], ctx.milestones, "the current milestone (one-hot)")
    turns = [m["turns"] for m in view["milestones"]]
    e.numbers("milestone_turns", turns, len(ctx.milestones), TURNS,
              f"rounds of each milestone / {TURNS}")
    number = view["milestone_number"]
    left = view["turns"] - view["turn"] + sum(turns[number:])
    e.number("round", view["turn"], TURNS, f"round of the milestone / {TURNS}")
    e.number("rounds_left_in_milestone", view["turns"] - view["turn"], TURNS,
             f"rounds after this one in the milestone / {TURNS}")
    e.number("rounds_left_in_game", left, 2 * TURNS, f"rounds after this one in the game / {2 * TURNS}")
    e.seat("first_player", view["first_player"], "the milestone's first player, counted from you")
    e.seat("active", view["active"], "whose turn it is, counted from you")
    e.one_hot("phase", view["phase"], PHASES, "phase (one-hot): " + ", ".join(PHASES))
    # ---------------------------------------------------------------- every seat's studio
    players = view["players"]
    for k, seat in enumerate(e.seats()):
        e.laid_out(studio(players[seat], ctx), ctx.studio_blocks[k])
    # ---------------------------------------------------------------- your hand
    cards = ctx.cards
    e.counts("hand", view["hand"], cards, note="your hand, count per card")
    n_features = len(ctx.features)
    costs = [0.0] * (5 * n_features)
    for entry in view["hand_cards"]:
        i = ctx.features.get(entry["name"]) if "cost" in entry else None
        if i is not None:
            costs[5 * i:5 * i + 5] = cost_amounts(entry["cost"], memo)
    e.numbers("hand_feature_costs", costs, 5 * n_features, COST,
              f"per feature of the content, what playing it from your hand costs you now: "
              f"Prog, Art, LD, Prod, either-or / {COST} (0 when not in your hand)")
    # ---------------------------------------------------------------- what is known of hands (R12)
    seats = e.seats()
    known = view["known_in_hands"]
    known_by = view["your_cards_known_by"]
    for k, seat in enumerate(seats[1:], 1):
        e.counts(f"seat+{k}.known_in_hand", known.get(str(seat)), cards,
                 note=f"cards you know to be in seat+{k}'s hand, count per card")
    for k, seat in enumerate(seats[1:], 1):
        e.counts(f"seat+{k}.knows_of_yours", known_by.get(str(seat)), cards,
                 note=f"cards of your hand that seat+{k} knows, count per card")
    n = ctx.players
    between = [0.0] * (n * n)
    for v, row in view["known_between_others"].items():
        rv = (int(v) - e.viewer) % n
        for h, count in row.items():
            between[rv * n + (int(h) - e.viewer) % n] = count
    e.numbers("known_between_others", between, n * n, ctx.hand_limit,
              f"cards of seat+h's hand that seat+v knows, at v * {n} + h (seats counted from you) "
              f"/ {ctx.hand_limit}")
    # ---------------------------------------------------------------- the deck and the discard pile
    discard = view["discard_pile"]
    e.number("deck_size", view["deck_size"], ctx.deck_max, f"cards in the deck / {ctx.deck_max}")
    e.number("discard_size", len(discard), ctx.deck_max, f"cards in the discard pile / {ctx.deck_max}")
    e.counts("discard_pile", discard, cards, note="the discard pile, count per card")
    # ---------------------------------------------------------------- the turn
    e.flag("thing_played", view["thing_played"], "1 if the active seat has played its Thing this turn")
    e.number("actions_left", view["actions_left"], 2, "Actions the active seat has left this turn / 2")
    e.number("feature_creep", view["feature_creep"], 2,
             "Feature Creeps played this turn (rounds of bugs still owed) / 2")
    e.flag("extra_action_used", view["extra_action_used"], "1 if a Lead's extra Action was used this turn")
    e.one_hot("boosting", view["boosting"], ctx.developer_names,
              "the developer whose boost is on this turn (one-hot over developers)")
    e.counts("pool", view["pool"], _KIND, COST, f"resources in the pool (Prog, Art, LD, Prod) / {COST}")
    e.number("next_feature_bonus", view["next_feature_bonus"], 2,
             "extra points of the next feature played this turn / 2")
    # ---------------------------------------------------------------- a cost being paid
    paying = view.get("paying")
    e.one_hot("paying_for", paying["card"] if paying else None, ctx.priced_names,
              "the feature or bug whose cost is being paid (one-hot; all 0 when none)")
    e.numbers("still_needed", needed_amounts(paying["still_needed"], memo) if paying else (), 5, COST,
              f"what the payment still needs: Prog, Art, LD, Prod, either-or / {COST}")
    # ---------------------------------------------------------------- a round of Feature Creep bugs
    bug_round = view.get("bug_round")
    e.seat_set("holds_a_bug", bug_round["holds_a_bug"] if bug_round else (),
               "seats this round of bugs showed to hold a bug")
    e.seat_set("holds_no_bug", bug_round["holds_no_bug"] if bug_round else (),
               "seats this round of bugs showed to hold none")
    # ---------------------------------------------------------------- the Lead titles (D5, R4)
    e.one_hot("lead_kind", view.get("lead_kind"), KINDS, "the kind whose Lead title is being chosen (one-hot)")
    e.counts("your_secret_leads", view.get("your_secret_leads"), developers,
             note="the developers you chose in secret for a Lead title, not yet revealed")
    e.one_hot("your_lead_choice", view.get("your_choice"), ctx.lead_choices,
              "the developer you have committed for the title being chosen (one-hot)")
