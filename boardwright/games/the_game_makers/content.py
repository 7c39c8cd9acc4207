"""The Game Makers content: the schema of the content file and the frozen values built from it.

Everything the rulebook leaves to its printed components is data (RULINGS M13): 216 cards,
45 Structures, 12 Tweenies, 15 tree spaces, the tile bags, the dice faces, the marketing tiles
and the wedges. ``content/base.toml`` is boardwright's own design; a user may load their own file
(``options={"content": path}``): any section it leaves out is taken from ours, or, with
``extends = "default"``, any entry it leaves out.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardwright.engine import Field, Section, load_content
from boardwright.engine.content import fail, is_overlay, validate

BASE = Path(__file__).parent / "content" / "base.toml"

#: the five resource kinds, in the order every list of this game uses
KINDS = ("cards", "tiles", "wood", "dice", "plastic")
CARDS, TILES, WOOD, DICE, PLASTIC = range(5)
#: the four game types; the marketing columns are the types, then the Tree track
TYPES = ("yellow", "blue", "purple", "red")
COLUMNS = (*TYPES, "trees")
TREES_COLUMN = 4
PATTERNS = ("flat", "group", "rows", "columns", "left", "right")
#: a pattern's target: a game type (0-3), or TARGET_KIND + a component kind
TARGET_KIND = len(TYPES)
LETTERS = ("A", "B", "C")
A_SCORES = ("sets", "type", "trees", "rows", "columns", "tweenies", "tops", "triples", "varieties",
            "workers", "machines", "contracts")
TREE_CONDITIONS = ("track", "type", "varieties", "bonus", "full", "tweenie", "discard")
TWEENIE_EFFECTS = ("cards", "tiles", "wood", "dice", "plastic", "tree", "market", "back",
                   "rearrange", "release", "promote", "duplicate")

#: an effect: (what, a, b) -- ("res", kind, level), ("market", column or -1 for any, steps),
#: ("vp", 0, n), ("tree", 0, n), ("back", 0, forklifts), or a Tweenie word with (0, 0)
Effect = tuple[str, int, int]
#: a Contract's requirements counted (:func:`payment_profile`): card numbers, then per other kind
#: how many requirements are of at least each level
Profile = tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]]


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    type: int
    #: (kind, level); level 0 is "any level"
    requires: tuple[tuple[int, int], ...]
    reward: tuple[Effect, ...]
    pattern: int
    #: flat VP; or what a pattern counts: a game type (0-3), or TARGET_KIND + a component kind
    #: (the games whose Contract required that component)
    value: int
    rank: int
    #: the requirements as (kind, least level >= 1), by kind, highest level first (for paying)
    needs: tuple[tuple[int, int], ...] = ()
    #: the pattern targets this game counts for on a shelf: its type, and TARGET_KIND + each
    #: component kind its Contract required
    marks: tuple[int, ...] = ()
    #: the requirements counted, for telling quickly whether Components cover them (see
    #: :func:`payment_profile`; always derived from ``needs``)
    profile: Profile = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "profile", payment_profile(self.needs))


@dataclass(frozen=True)
class Structure:
    id: int
    name: str
    letter: int
    buildings: tuple[int, ...]
    #: A: (score kind index, type or -1, VP)
    score: tuple[int, int, int]
    #: B: the worker level its space takes, and what it gives
    worker: int
    gain: Effect
    #: C: ("gain", kind) or ("build", type or -1), and the extra it gives
    trigger: tuple[str, int]
    bonus: Effect


@dataclass(frozen=True)
class Tweenie:
    id: int
    name: str
    effect: Effect


@dataclass(frozen=True)
class TreeSpace:
    id: int
    name: str
    #: (condition index, a, b): track (4,), type (t, n), varieties (4,), bonus, full (12,),
    #: tweenie, discard (kind or -1, n)
    condition: tuple[int, int, int]


@dataclass(frozen=True)
class MarketingTile:
    players: int
    engines: int
    cards: int
    teamwork: int
    teamwork_bonus: int
    military: int
    trees: int
    rival_purple: int
    rival_red: int


@dataclass(frozen=True)
class Content:
    file: str
    cards: tuple[Card, ...]
    structures: tuple[Structure, ...]
    tweenies: tuple[Tweenie, ...]
    trees: tuple[TreeSpace, ...]
    #: bags[size-1] = tiles of that size as icon kinds, tile id = index in ``tiles``
    tiles: tuple[tuple[int, int], ...]
    dice: tuple[tuple[int, ...], ...]
    marketing: dict[int, MarketingTile]
    wedges: tuple[int, ...]


SCHEMA = (
    Section("wedges", (Field("kind", str, choices=("wild", *KINDS)), Field("order", int, minimum=0)),
            key="kind"),
    Section("dice", (Field("level", int, minimum=1, maximum=3),
                     Field("faces", list, item=int, min_items=1, minimum=0, maximum=9)), key="level"),
    Section("bags", (Field("size", int, minimum=1, maximum=3),
                     *(Field(kind, int, minimum=0, maximum=200) for kind in KINDS)), key="size"),
    Section("marketing", (Field("players", int, minimum=1, maximum=6),
                          *(Field(name, int, minimum=0, maximum=20) for name in
                            ("engines", "cards", "teamwork", "teamwork_bonus", "military", "trees")),
                          Field("rival_purple", int, required=False, default=1, minimum=0),
                          Field("rival_red", int, required=False, default=2, minimum=0)), key="players"),
    Section("tweenies", (Field("name", str), Field("effect", str))),
    Section("trees", (Field("name", str), Field("condition", str))),
    Section("structures", (Field("name", str), Field("letter", str, choices=LETTERS),
                           Field("buildings", list, item=int, min_items=1, max_items=4, minimum=1,
                                 maximum=3),
                           Field("score", str, required=False, default=""),
                           Field("worker", int, required=False, default=0, minimum=0, maximum=3),
                           Field("gain", str, required=False, default=""),
                           Field("trigger", str, required=False, default=""),
                           Field("bonus", str, required=False, default=""))),
    Section("cards", (Field("name", str), Field("type", str, choices=TYPES),
                      Field("requires", list, item=str, min_items=1, max_items=6),
                      Field("reward", list, item=str, required=False, default=[]),
                      Field("score", str), Field("rank", int, minimum=1))),
)

#: how many entries each section must hold (the rulebook's counts)
COUNTS = {"wedges": 6, "dice": 3, "bags": 3, "tweenies": 12, "trees": 15, "structures": 45,
          "cards": 216}


def parse_effect(file: str, entry: str, field: str, text: str, words: tuple[str, ...] = ()) -> Effect:
    """An effect text: ``"wood 2"``, ``"cards 3"``, ``"market blue 1"``, ``"market any 2"``,
    ``"vp 1"``, ``"tree 1"``, ``"back 2"`` (or one of ``words``)."""
    parts = text.split()
    try:
        if len(parts) == 1 and parts[0] in words:
            return (parts[0], 0, 0)
        if parts[0] in KINDS and len(parts) == 2:
            level = int(parts[1])
            if not 1 <= level <= 3:
                raise ValueError
            return ("res", KINDS.index(parts[0]), level)
        if parts[0] == "market":
            column = -1 if len(parts) == 2 or parts[1] == "any" else COLUMNS.index(parts[1])
            return ("market", column, int(parts[-1]))
        if parts[0] in ("vp", "tree", "back") and len(parts) <= 2:
            return (parts[0], 0, int(parts[1]) if len(parts) == 2 else 1)
    except (ValueError, IndexError):
        pass
    raise fail(file, entry, field, f"cannot read the effect {text!r} (e.g. 'wood 2', 'cards 3', "
                                   "'market blue 1', 'market any 2', 'vp 1', 'tree 1', 'back 2')")


def _card(file: str, index: int, raw: dict[str, Any]) -> Card:
    entry = f"cards '{raw['name']}'"
    requires = []
    for text in raw["requires"]:
        parts = text.split()
        if len(parts) != 2 or parts[0] not in KINDS or parts[1] not in ("any", "1", "2", "3"):
            raise fail(file, entry, "requires", f"{text!r} is not '<kind> <1|2|3|any>' "
                                               f"(kinds: {', '.join(KINDS)})")
        level = 0 if parts[1] == "any" else int(parts[1])
        if parts[0] == "cards" and level == 0:
            raise fail(file, entry, "requires", "cards are required by number: 'cards 1' to 'cards 3'")
        requires.append((KINDS.index(parts[0]), level))
    reward = tuple(parse_effect(file, entry, "reward", text) for text in raw["reward"])
    parts = raw["score"].split()
    if len(parts) != 2 or parts[0] not in PATTERNS:
        raise fail(file, entry, "score", f"{raw['score']!r} is not 'flat <VP>' or "
                                         "'<group|rows|columns|left|right> <type|component>'")
    if parts[0] == "flat":
        if not parts[1].isdigit():
            raise fail(file, entry, "score", "flat VP must be a whole number")
        value = int(parts[1])
    elif parts[1] in TYPES:
        value = TYPES.index(parts[1])
    elif parts[1] in KINDS:
        value = TARGET_KIND + KINDS.index(parts[1])
    else:
        raise fail(file, entry, "score", f"{parts[1]!r} is not a game type ({', '.join(TYPES)}) "
                                         f"or a component ({', '.join(KINDS)})")
    needs = tuple(sorted(((k, max(lv, 1)) for k, lv in requires), key=lambda n: (n[0], -n[1])))
    game_type = TYPES.index(raw["type"])
    marks = (game_type, *sorted({TARGET_KIND + kind for kind, _ in requires}))
    return Card(index, raw["name"], game_type, tuple(requires), reward, PATTERNS.index(parts[0]), value,
                raw["rank"], needs, marks)


def _structure(file: str, index: int, raw: dict[str, Any]) -> Structure:
    entry = f"structures '{raw['name']}'"
    letter = LETTERS.index(raw["letter"])
    score = (0, -1, 0)
    gain: Effect = ("", 0, 0)
    trigger = ("", 0)
    bonus: Effect = ("", 0, 0)
    if letter == 0:
        parts = raw["score"].split()
        if not parts or parts[0] not in A_SCORES or not parts[-1].isdigit() or not 2 <= len(parts) <= 3:
            raise fail(file, entry, "score", f"an A Structure scores '<{'|'.join(A_SCORES)}> [type] <VP>'")
        kind = -1
        if len(parts) == 3:
            if parts[1] not in TYPES:
                raise fail(file, entry, "score", f"{parts[1]!r} is not a game type")
            kind = TYPES.index(parts[1])
        score = (A_SCORES.index(parts[0]), kind, int(parts[-1]))
    elif letter == 1:
        if not 1 <= raw["worker"] <= 3:
            raise fail(file, entry, "worker", "a B Structure names the worker level (1-3) of its space")
        gain = parse_effect(file, entry, "gain", raw["gain"])
    else:
        parts = raw["trigger"].split()
        if len(parts) == 2 and parts[0] == "gain" and parts[1] in KINDS:
            trigger = ("gain", KINDS.index(parts[1]))
        elif len(parts) == 2 and parts[0] == "build" and parts[1] in (*TYPES, "any"):
            trigger = ("build", TYPES.index(parts[1]) if parts[1] in TYPES else -1)
        else:
            raise fail(file, entry, "trigger", "a C Structure triggers on 'gain <kind>' or 'build <type|any>'")
        bonus = parse_effect(file, entry, "bonus", raw["bonus"])
        if trigger[0] == "gain" and bonus[0] == "res" and bonus[1] == trigger[1]:
            raise fail(file, entry, "bonus", "a C Structure may not give the kind that triggers it")
    return Structure(index, raw["name"], letter, tuple(raw["buildings"]), score, raw["worker"], gain,
                     trigger, bonus)


def _tree(file: str, index: int, raw: dict[str, Any]) -> TreeSpace:
    entry = f"trees '{raw['name']}'"
    parts = raw["condition"].split()
    try:
        word = parts[0]
        if word in ("track", "varieties", "full"):
            return TreeSpace(index, raw["name"], (TREE_CONDITIONS.index(word), int(parts[1]), 0))
        if word == "type":
            return TreeSpace(index, raw["name"], (1, TYPES.index(parts[1]), int(parts[2])))
        if word in ("bonus", "tweenie"):
            return TreeSpace(index, raw["name"], (TREE_CONDITIONS.index(word), 0, 0))
        if word == "discard":
            kind = -1 if parts[1] == "any" else KINDS.index(parts[1])
            return TreeSpace(index, raw["name"], (6, kind, int(parts[2])))
    except (ValueError, IndexError):
        pass
    raise fail(file, entry, "condition", f"cannot read {raw['condition']!r} (e.g. 'track 4', "
                                         "'type blue 6', 'varieties 4', 'bonus', 'full 12', "
                                         "'tweenie', 'discard wood 3', 'discard any 5')")


#: machinery sets of one icon an Assembly Line can hold: two runs of 3 in each of its 3 rows (M6)
MAX_SETS = 6


def payment_profile(needs: tuple[tuple[int, int], ...]) -> Profile:
    """A Contract's requirements (``Card.needs``) counted: the number of cards of each card
    requirement, and for every other kind it requires, how many of its requirements are of at least
    each level 0, 1, ... (up to past the highest level any machinery discount can reach)."""
    cards = tuple(level for kind, level in needs if kind == CARDS)
    kinds = []
    for kind in sorted({kind for kind, _ in needs if kind != CARDS}):
        levels = [level for k, level in needs if k == kind]
        kinds.append((kind, tuple(sum(1 for level in levels if level >= at) for at in range(MAX_SETS + 5))))
    return cards, tuple(kinds)


def take_smallest(have: list[int], level: int) -> bool:
    """Pay one requirement of ``level`` from Components counted by level (``have[1..3]``) with the
    smallest one large enough (M6: overpaying with a higher level is allowed); False when none is.
    Taking the highest requirements first this way is optimal."""
    while level < 4 and not have[level]:
        level += 1
    if level == 4:
        return False
    have[level] -= 1
    return True


def tiles_fit(needs: list[int], sizes: list[int]) -> bool:
    """Whether tiles of ``sizes`` pay tile requirements of levels ``needs``."""
    have = [sizes.count(size) for size in range(4)]
    return all(take_smallest(have, need) for need in sorted(needs, reverse=True))


def why_never_made(card: Card, tiles: tuple[tuple[int, int], ...]) -> str | None:
    """Why no player could ever manufacture ``card`` with these tile bags, or None.

    Every other requirement can always be met: the Wild Wedge gives any kind at any level (M2),
    wood, dice and plastic never run out (M13) and a card needs far fewer cards than the deck
    holds. Tiles come only from the bags, so a tile requirement needs a tile that large -- or
    machinery: each set of 3 tile-icon tiles installed (at most 6) lowers it one level (M6).
    """
    needs = [max(level, 1) for kind, level in card.requires if kind == TILES]
    if not needs:
        return None
    sizes = sorted(size for size, _ in tiles)
    machinery = sorted(size for size, icon in tiles if icon == TILES)
    for sets in range(min(MAX_SETS, len(machinery) // 3) + 1):
        left = sizes[:]
        for size in machinery[: 3 * sets]:  # the smallest tile-icon tiles become machinery
            left.remove(size)
        if tiles_fit([need - sets for need in needs if need > sets], left):
            return None
    wanted = ", ".join(f"'tiles {'any' if level == 0 else level}'" for kind, level in card.requires
                       if kind == TILES)
    counts = "/".join(str(sizes.count(size)) for size in (1, 2, 3))
    return (f"{wanted} can never be paid: the [[bags]] hold {counts} small/medium/large tiles, "
            "too few even with tile machinery discounts, so this Contract could never be made")


def build(file: str, data: dict[str, list[dict]]) -> Content:
    """The frozen content, with the rulebook's counts checked (each error names file and entry)."""
    for name, count in COUNTS.items():
        if len(data[name]) != count:
            raise fail(file, None, None, f"needs {count} [[{name}]] entries, has {len(data[name])}")
    wedges = sorted(data["wedges"], key=lambda w: w["order"])
    if wedges[0]["kind"] != "wild":
        raise fail(file, "wedges 'wild'", "order", "the Wild Wedge comes first (it starts READY)")
    letters = [s["letter"] for s in data["structures"]]
    for letter in LETTERS:
        if letters.count(letter) != 15:
            raise fail(file, None, None, f"needs 15 {letter} Structures, has {letters.count(letter)}")
    tiles: list[tuple[int, int]] = []
    for bag in sorted(data["bags"], key=lambda b: b["size"]):
        for kind_index, kind in enumerate(KINDS):
            tiles += [(bag["size"], kind_index)] * bag[kind]
    dice = tuple(tuple(d["faces"]) for d in sorted(data["dice"], key=lambda d: d["level"]))
    marketing = {m["players"]: MarketingTile(**m) for m in data["marketing"]}
    for players in range(1, 7):
        if players not in marketing:
            raise fail(file, None, None, f"needs a [[marketing]] tile for {players} players")
    tweenies = []
    for index, raw in enumerate(data["tweenies"]):
        effect = parse_effect(file, f"tweenies '{raw['name']}'", "effect", raw["effect"],
                              ("tree", "rearrange", "release", "promote", "duplicate"))
        tweenies.append(Tweenie(index, raw["name"], effect))
    cards = tuple(_card(file, i, raw) for i, raw in enumerate(data["cards"]))
    for card in cards:  # no Contract may be impossible: it would block its space for good
        problem = why_never_made(card, tuple(tiles))
        if problem is not None:
            raise fail(file, f"cards '{card.name}'", "requires", problem)
    return Content(
        file=file,
        cards=cards,
        structures=tuple(_structure(file, i, raw) for i, raw in enumerate(data["structures"])),
        tweenies=tuple(tweenies),
        trees=tuple(_tree(file, i, raw) for i, raw in enumerate(data["trees"])),
        tiles=tuple(tiles),
        dice=dice,
        marketing=marketing,
        wedges=tuple(("wild", *KINDS).index(w["kind"]) - 1 for w in wedges),
    )


def _build_user(file: str, data: dict[str, list[dict]]) -> Content:
    with open(file, "rb") as handle:
        given = tomllib.load(handle)
    if is_overlay(given):  # merged over ours already, removals included
        return build(file, data)
    with BASE.open("rb") as handle:
        base = validate(str(BASE), tomllib.load(handle), SCHEMA)
    merged = {name: (data[name] if name in given else base[name]) for name in base}
    return build(file, merged)


def load(path: str | None = None) -> Content:
    """Our content, or a user's file (sections it leaves out come from ours)."""
    if path is None:
        return load_content(BASE, SCHEMA, build)
    return load_content(path, SCHEMA, _build_user, default=BASE)
