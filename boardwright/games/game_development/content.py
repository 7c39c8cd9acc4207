"""The content of the Game Development deck: the schema of its TOML file and the frozen values built
from it (milestones, Lead titles, and every card with its kind, cost, points and effect).

Costs are tuples of ``(mask, amount)`` entries over the four resources (bit ``1 << kind``): a single
resource ("Prog: 2") has one bit, an either-or resource ("Art/Prog: 2") several.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...engine.content import Field, Section, fail, load_content

#: the developer kinds, in resource order, and their abbreviations on the cards
KINDS = ("Programmer", "Artist", "Level Designer", "Producer")
ABBREVIATIONS = ("Prog", "Art", "LD", "Prod")
PROG, ART, LD, PROD = range(4)

#: what a developer does while it is a Lead (the vocabulary the game implements)
LEAD_EFFECTS = (
    "convert-ld", "convert-art", "bug-yield", "feature-yield", "feature-point", "boost-others",
    "extra-action", "double-counters", "double-bugs", "extra-counter", "add-counter",
)
#: Lead effects that are used instead of playing an Action card ("Action:" or "<Milestone>:")
ACTION_ABILITIES = frozenset({"feature-point", "add-counter"})
#: Lead effects that remove 2 counters from the developer ("You may remove 2 counters to ...")
TWO_COUNTER_ABILITIES = frozenset({"convert-ld", "convert-art", "boost-others", "extra-action"})
ACTION_EFFECTS = ("sharing-ideas", "trading-ideas", "feature-creep", "crunch-mode", "raise-morale",
                  "source-control-conflict")
FEATURE_EFFECTS = ("", "bug-discount", "ld-discount")
BUG_EFFECTS = ("", "no-features")
DECKS = ("preproduction", "production")
#: what playing a card from the hand is (Content.role_of)
ROLES = ("developer", "feature", "document", "bug", "trading-ideas", "source-control-conflict", "action")
DEVELOPER, FEATURE, DOCUMENT, BUG, TRADING, CONFLICT, ACTION = range(7)

DEFAULT_PATH = Path(__file__).parent / "content" / "game-development.toml"

_COST = Field("cost", list, item=str)
SCHEMA = (
    Section("milestone", (
        Field("name", str), Field("turns", int, minimum=1, maximum=20),
        Field("deck", str, choices=DECKS),
        Field("developers", bool, required=False, default=False),
        Field("refill", bool, required=False, default=False),
        Field("leads", bool, required=False, default=False),
        Field("features", bool, required=False, default=True),
        Field("feature_cost", int, required=False, default=0, minimum=-5, maximum=5),
        Field("bug_cost", int, required=False, default=0, minimum=-5, maximum=5),
    ), min_entries=1, max_entries=9),
    Section("title", (Field("name", str), Field("kind", str, choices=KINDS)), min_entries=4, max_entries=4),
    Section("developer", (
        Field("name", str), Field("kind", str, choices=KINDS),
        Field("lead", list, required=False, default=[], item=str, choices=LEAD_EFFECTS),
        Field("during", str, required=False, default=""),
    ), min_entries=1),
    Section("document", (Field("name", str), Field("kind", str, choices=KINDS))),
    Section("action", (Field("name", str), Field("deck", str, choices=DECKS),
                       Field("effect", str, choices=ACTION_EFFECTS))),
    Section("feature", (Field("name", str), _COST, Field("points", int, minimum=0, maximum=20),
                        Field("effect", str, required=False, default="", choices=FEATURE_EFFECTS),
                        Field("ours", bool, required=False, default=False))),
    Section("bug", (Field("name", str), _COST, Field("points", int, minimum=0, maximum=20),
                    Field("effect", str, required=False, default="", choices=BUG_EFFECTS),
                    Field("ours", bool, required=False, default=False))),
)


@dataclass(frozen=True, slots=True)
class Milestone:
    """One milestone: its turns and special rules."""

    index: int
    name: str
    turns: int
    deck: str
    developers: bool
    refill: bool
    leads: bool
    features: bool
    feature_cost: int
    bug_cost: int


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the decks. ``type`` is developer, document, action, feature or bug."""

    id: int
    name: str
    type: str
    deck: str
    kind: int = -1                         # developer / document kind (resource index)
    cost: tuple[tuple[int, int], ...] = ()
    points: int = 0
    effect: str = ""
    lead: tuple[str, ...] = ()
    during: int = -1                       # milestone of a "<Milestone>:" Lead ability, -1 = any
    ours: bool = False


#: a cost counted (``rules.need_of``): amounts of single resources by kind, the either-or mask and amount
Need = tuple[int, int, int, int, int, int]


@dataclass(frozen=True)
class Content:
    """Everything the game reads from its content file."""

    file: str
    milestones: tuple[Milestone, ...]
    titles: tuple[str, ...]                # title name by developer kind
    cards: tuple[Card, ...]
    by_name: dict[str, int]
    preproduction: tuple[int, ...]         # one of each Preproduction card (no Lead titles)
    production: tuple[int, ...]            # one of each Production card (copies are an option)
    kind_of: tuple[int, ...]               # card id -> developer/document kind (for speed)
    role_of: tuple[int, ...]               # card id -> what playing it is (ROLES, for speed)
    no_features: frozenset[int]            # bugs that say "You may not add any new features"
    bug_ids: frozenset[int]                # every bug
    costs: tuple[tuple[tuple[int, ...], ...], ...]   # [milestone][card] -> flat cost with its change
    names: tuple[str, ...] = ()            # card id -> name (for the events, built cheaply)
    ld_discount: frozenset[int] = frozenset()    # features whose controller's features cost 1 less LD
    bug_discount: frozenset[int] = frozenset()   # features whose controller's bugs cost 1 less of each
    #: (milestone, resources, less) -> every card's cost with ``less`` off those resources, flat and
    #: counted (filled as play asks, see Rules.costs_less): a function of the content alone, so it
    #: never goes stale
    discounted: dict[tuple[int, int, int], tuple[tuple[tuple[int, ...], ...], tuple[Need, ...]]] = field(
        default_factory=dict, init=False, compare=False, repr=False)


def parse_cost(file: str, entry: str, texts: list[str]) -> tuple[tuple[int, int], ...]:
    """``["Art/Prog: 2", "LD: 1"]`` as ``((mask, 2), (mask, 1))``; at most one either-or entry.
    A cost is never free: a feature that cost nothing would be played by everyone at once, and a
    bug destroyed at no cost would be no bug, so an empty cost or one of 0s is refused."""
    entries: list[tuple[int, int]] = []
    for text in texts:
        names, sep, amount = text.partition(":")
        try:
            value = int(amount)
        except ValueError:
            value = -1
        if not sep or value < 0:
            raise fail(file, entry, "cost", f"{text!r} is not of the form '<Resource>: <n>'")
        mask = 0
        for name in names.split("/"):
            name = name.strip()
            if name not in ABBREVIATIONS:
                raise fail(file, entry, "cost", f"{name!r} is not a resource ({', '.join(ABBREVIATIONS)})")
            mask |= 1 << ABBREVIATIONS.index(name)
        if any(m == mask for m, _ in entries):
            raise fail(file, entry, "cost", f"{names.strip()} is named twice")
        entries.append((mask, value))
    if not any(amount for _, amount in entries):
        raise fail(file, entry, "cost", f"{'is empty' if not entries else 'adds up to 0'}: a card costs at "
                   "least one resource (write e.g. [\"Prog: 1\"])")
    if sum(1 for m, _ in entries if m & (m - 1)) > 1:
        raise fail(file, entry, "cost", "takes at most one either-or resource")
    return tuple(entries)


def build(file: str, data: dict[str, list[dict]]) -> Content:
    milestones = []
    for index, raw in enumerate(data["milestone"]):
        milestones.append(Milestone(index, raw["name"], raw["turns"], raw["deck"], raw["developers"],
                                    raw["refill"], raw["leads"], raw["features"], raw["feature_cost"],
                                    raw["bug_cost"]))
    names = [m.name for m in milestones]
    if len(set(names)) != len(names):
        raise fail(file, None, "name", "two milestones share a name")
    titles = ["", "", "", ""]
    for raw in data["title"]:
        kind = KINDS.index(raw["kind"])
        if titles[kind]:
            raise fail(file, f"title '{raw['name']}'", "kind", f"a second title for {raw['kind']}s")
        titles[kind] = raw["name"]
    cards: list[Card] = []

    def add(card_type: str, deck: str, raw: dict, **fields: object) -> None:
        cards.append(Card(len(cards), raw["name"], card_type, deck, **fields))  # type: ignore[arg-type]

    for raw in data["developer"]:
        during = -1
        if raw["during"]:
            if raw["during"] not in names:
                raise fail(file, f"developer '{raw['name']}'", "during", f"no milestone {raw['during']!r}")
            during = names.index(raw["during"])
        add("developer", "preproduction", raw, kind=KINDS.index(raw["kind"]), lead=tuple(raw["lead"]),
            during=during)
    for raw in data["document"]:
        add("document", "preproduction", raw, kind=KINDS.index(raw["kind"]))
    for raw in data["action"]:
        add("action", raw["deck"], raw, effect=raw["effect"])
    for section in ("feature", "bug"):
        for raw in data[section]:
            cost = parse_cost(file, f"{section} '{raw['name']}'", raw["cost"])
            add(section, "production", raw, cost=cost, points=raw["points"], effect=raw["effect"],
                ours=raw["ours"])
    by_name: dict[str, int] = {}
    for card in cards:
        if card.name in by_name or card.name in titles:
            raise fail(file, f"{card.type} '{card.name}'", "name", "another card has this name")
        by_name[card.name] = card.id
    costs = tuple(tuple(milestone_cost(m, c) for c in cards) for m in milestones)
    return Content(file, tuple(milestones), tuple(titles), tuple(cards), by_name,
                   tuple(c.id for c in cards if c.deck == "preproduction"),
                   tuple(c.id for c in cards if c.deck == "production"),
                   tuple(c.kind for c in cards), tuple(role(c) for c in cards),
                   frozenset(c.id for c in cards if c.type == "bug" and c.effect == "no-features"),
                   frozenset(c.id for c in cards if c.type == "bug"), costs, tuple(c.name for c in cards),
                   frozenset(c.id for c in cards if c.type == "feature" and c.effect == "ld-discount"),
                   frozenset(c.id for c in cards if c.type == "feature" and c.effect == "bug-discount"))


def role(card: Card) -> int:
    """What playing ``card`` from the hand is: an index into ROLES."""
    if card.type == "action":
        return ROLES.index(card.effect if card.effect in ROLES else "action")
    return ROLES.index(card.type)


def milestone_cost(milestone: Milestone, card: Card) -> tuple[int, ...]:
    """A feature's cost to play or a bug's cost to destroy during ``milestone``, as flat
    ``(mask, amount, ...)`` with the milestone's change applied (not yet limited to 0: D4 limits
    the total after every change has stacked)."""
    delta = milestone.feature_cost if card.type == "feature" else milestone.bug_cost
    return tuple(x for mask, amount in card.cost for x in (mask, amount + delta))


_DEFAULT: list[Content] = []


def load(path: str | Path | None = None) -> Content:
    """The content from ``path`` (default: boardwright's own card list), checked and frozen.

    The default list is read once per process; a given path is re-read when its file changes.
    """
    if path:
        return load_content(path, SCHEMA, build, default=DEFAULT_PATH)
    if not _DEFAULT:
        _DEFAULT.append(load_content(DEFAULT_PATH, SCHEMA, build))
    return _DEFAULT[0]
