"""Design script for The Game Makers content (boardwright's own design, not the publisher's).

Writes ``boardwright/games/the_game_makers/content/base.toml``: 216 cards, 45 Structures,
12 Tweenies, 15 tree spaces, the tile bags, the dice faces, the marketing tiles and the wedges.
The committed TOML file is what the game loads; this script only documents how it was made and
lets a designer regenerate it after changing a number here:

    python tools/design_the_game_makers.py

Balance model (see docs/games/the-game-makers.md): a requirement "costs" its level (an any-level
requirement costs 1, a card requirement costs its number of cards); a game's flat VP is about its
cost minus one; pattern cards score by the Display Case instead (a game type, or for some the
games that needed a component kind); Engine (yellow) games pay about
two VP less and give immediate rewards worth about that much.
"""

from __future__ import annotations

from pathlib import Path

from boardwright.engine import Stream

OUT = Path(__file__).resolve().parents[1] / "boardwright/games/the_game_makers/content/base.toml"

TYPES = ("yellow", "blue", "purple", "red")
KINDS = ("cards", "tiles", "wood", "dice", "plastic")
#: which components each game type leans on (weights per kind)
TASTE = {
    "yellow": (2, 3, 3, 2, 3),
    "blue": (4, 4, 2, 2, 1),
    "purple": (3, 2, 4, 2, 2),
    "red": (2, 2, 2, 4, 3),
}
PATTERNS = ("group", "rows", "columns", "left", "right")
WORDS_A = ("Tiny", "Grand", "Lost", "Clockwork", "Crimson", "Silent", "Hidden", "Iron", "Golden",
           "Rival", "Little", "Endless", "Stellar", "Ancient", "Wandering", "Paper", "Dragon", "Royal")
WORDS_B = ("Kingdoms", "Harbors", "Orchards", "Empires", "Gardens", "Towers", "Rails", "Canals",
           "Islands", "Mines", "Markets", "Legions", "Forges", "Meadows", "Castles", "Comets")


def pick(rng: Stream, weights: tuple[int, ...]) -> int:
    roll = rng.below(sum(weights))
    for index, weight in enumerate(weights):
        if roll < weight:
            return index
        roll -= weight
    return len(weights) - 1


def design_cards(rng: Stream) -> list[dict]:
    cards: list[dict] = []
    names: set[str] = set()
    for type_ in TYPES:
        for number in range(54):
            entries = 2 + rng.below(3)  # 2-4 requirements
            requires: list[str] = []
            cost = 0
            used: set[int] = set()
            while len(used) < entries:
                kind = pick(rng, TASTE[type_])
                if kind in used:
                    continue
                used.add(kind)
                if kind == 0:
                    level = 1 + rng.below(3)
                    requires.append(f"cards {level}")
                    cost += level
                elif rng.below(6) == 0:
                    requires.append(f"{KINDS[kind]} any")
                    cost += 1
                else:
                    level = 1 + pick(rng, (5, 4, 2))
                    requires.append(f"{KINDS[kind]} {level}")
                    cost += level
            card: dict = {"type": type_, "requires": requires}
            if type_ == "yellow":
                rewards = design_reward(rng, cost)
                card["reward"] = rewards
                card["score"] = f"flat {max(0, cost - 3)}" if rng.below(3) else f"{PATTERNS[rng.below(5)]} yellow"
            elif rng.below(10) < 4:
                pattern, target = PATTERNS[rng.below(5)], TYPES[rng.below(4)]
                if number % 3 == 0:  # a third count a component: the games that needed this one's first
                    target = requires[0].split()[0]
                card["score"] = f"{pattern} {target}"
            else:
                card["score"] = f"flat {max(1, cost - 1)}"
            while True:
                name = f"{WORDS_A[rng.below(len(WORDS_A))]} {WORDS_B[rng.below(len(WORDS_B))]}"
                if number % 3 == 1:
                    name += " Deluxe"
                elif number % 3 == 2:
                    name += f" {rng.randint(2, 9)}"
                if name not in names:
                    break
            names.add(name)
            card["name"] = name
            cards.append(card)
    ranks = list(range(1, len(cards) + 1))
    rng.shuffle(ranks)
    for card, rank in zip(cards, ranks, strict=True):
        card["rank"] = rank
    return cards


def design_reward(rng: Stream, cost: int) -> list[str]:
    options = ["cards 2", "tiles 1", "tiles 2", "wood 1", "wood 2", "dice 1", "dice 2", "plastic 1",
               "plastic 2", "market 1", "market 2", "tree 1", "vp 2"]
    first = options[rng.below(len(options))]
    rewards = [first]
    if cost >= 5:
        second = options[rng.below(len(options))]
        if second != first:
            rewards.append(second)
    return rewards


STRUCTURES_A = [
    ("Machinery Museum", [1, 2], "sets 2"), ("Card Gallery", [1, 1], "type blue 1"),
    ("War Room", [1, 1], "type red 1"), ("Guild Hall", [1, 1], "type purple 1"),
    ("Think Tank", [1, 1], "type yellow 1"), ("Arboretum", [2, 2], "trees 1"),
    ("Showroom", [1, 2, 3], "rows 3"), ("Tall Shelves", [2, 3], "columns 2"),
    ("Tweenie Lab", [1, 2], "tweenies 1"), ("Ad Agency", [2, 3], "tops 3"),
    ("Collector's Vault", [1, 3], "triples 3"), ("Variety Store", [2, 2], "varieties 4"),
    ("Staff Lounge", [1, 1, 2], "workers 1"), ("Assembly Hall", [1, 2], "machines 1"),
    ("Planning Office", [3], "contracts 2"),
]
STRUCTURES_B = [
    ("Forklift Garage", 3, [2], "back 2"), ("Print Shop", 1, [1], "cards 1"),
    ("Die Cutter", 1, [1], "tiles 1"), ("Dice Tower", 2, [1, 1], "dice 2"),
    ("Lumber Yard", 2, [1, 1], "wood 2"), ("Injection Mould", 3, [2], "plastic 3"),
    ("Press Office", 2, [1, 2], "market 2"), ("Nursery", 3, [1, 2], "tree 1"),
    ("Street Team", 1, [1], "market 1"), ("Card Printer", 2, [2], "cards 2"),
    ("Punch Press", 3, [2, 1], "tiles 3"), ("Moulding Shed", 1, [1], "plastic 1"),
    ("Big Press", 3, [3], "cards 3"), ("Tile Works", 2, [1, 1], "tiles 2"),
    ("Dice Shop", 1, [1], "dice 1"),
]
STRUCTURES_C = [
    ("Fan Club", [1, 2], "build blue", "market blue 1"),
    ("Veterans Club", [1, 2], "build red", "market red 1"),
    ("Co-op Cafe", [1, 2], "build purple", "market purple 1"),
    ("Strategy Forum", [1, 2], "build yellow", "market yellow 1"),
    ("Hype Machine", [2, 2], "gain dice", "market any 1"),
    ("Recycling Plant", [1, 1], "gain plastic", "wood 1"),
    ("Carpentry", [1, 2], "gain wood", "dice 1"),
    ("Scrap Press", [2, 1], "gain tiles", "cards 1"),
    ("Sprue Works", [1, 2], "gain dice", "plastic 1"),
    ("Print Overrun", [2, 2], "gain cards", "tiles 1"),
    ("Award Shelf", [2, 3], "build any", "vp 1"),
    ("Green Label", [1, 3], "build yellow", "tree 1"),
    ("Arms Depot", [1, 2], "build red", "dice 1"),
    ("Card Club", [1, 2], "build blue", "cards 1"),
    ("Eco Plastics", [2, 2], "gain plastic", "market trees 1"),
]
TWEENIES = [
    ("Card Feeder", "cards 2"), ("Wood Chipper", "wood 1"), ("Dice Roller", "dice 1"),
    ("Tile Punch", "tiles 1"), ("Plastic Extruder", "plastic 1"), ("Sapling", "tree"),
    ("Megaphone", "market 1"), ("Reverse Gear", "back 1"), ("Shelf Stocker", "rearrange"),
    ("Coffee Break", "release"), ("Promotion", "promote"), ("Copier", "duplicate"),
]
TREE_SPACES = [
    ("Top of the Tree track", "track 4"), ("Six blue games", "type blue 6"),
    ("Six red games", "type red 6"), ("Six purple games", "type purple 6"),
    ("Six yellow games", "type yellow 6"), ("One of each type", "varieties 4"),
    ("Tree structure", "bonus"), ("Full Display Case", "full 12"), ("Tree Tweenie", "tweenie"),
    ("Five components", "discard any 5"), ("Two plastic", "discard plastic 2"),
    ("Three wood", "discard wood 3"), ("Three dice", "discard dice 3"),
    ("Seven cards", "discard cards 7"), ("Four tiles", "discard tiles 4"),
]


def q(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'


def qlist(items: list) -> str:
    return "[" + ", ".join(q(i) if isinstance(i, str) else str(i) for i in items) + "]"


def main() -> None:
    rng = Stream.named(2026, "the-game-makers/design")
    out = ["# The Game Makers: content designed by the boardwright project (not the publisher's cards).",
           "# Generated by tools/design_the_game_makers.py; edit here or replace with your own copy's",
           "# cards (options={'content': path}; sections you leave out are taken from this file).",
           "", "[[wedges]]"]
    out[-1:] = []
    for order, kind in enumerate(("wild", *KINDS)):
        out += ["[[wedges]]", f"kind = {q(kind)}", f"order = {order}", ""]
    for level, faces in ((1, [1, 1, 1, 2, 2, 2]), (2, [1, 1, 2, 2, 3, 3]), (3, [2, 2, 3, 3, 4, 4])):
        out += ["[[dice]]", f"level = {level}", f"faces = {faces}", ""]
    for size, count in ((1, 12), (2, 12), (3, 4)):
        out += ["[[bags]]", f"size = {size}"] + [f"{kind} = {count}" for kind in KINDS] + [""]
    for players in range(1, 7):
        out += ["[[marketing]]", f"players = {players}", "engines = 1", "cards = 1", "teamwork = 1",
                "teamwork_bonus = 2", "military = 2", "trees = 3"]
        if players == 1:
            out += ["rival_purple = 1", "rival_red = 2"]
        out.append("")
    for name, effect in TWEENIES:
        out += ["[[tweenies]]", f"name = {q(name)}", f"effect = {q(effect)}", ""]
    for name, condition in TREE_SPACES:
        out += ["[[trees]]", f"name = {q(name)}", f"condition = {q(condition)}", ""]
    for name, buildings, score in STRUCTURES_A:
        out += ["[[structures]]", f"name = {q(name)}", 'letter = "A"', f"buildings = {buildings}",
                f"score = {q(score)}", ""]
    for name, worker, buildings, gain in STRUCTURES_B:
        out += ["[[structures]]", f"name = {q(name)}", 'letter = "B"', f"buildings = {buildings}",
                f"worker = {worker}", f"gain = {q(gain)}", ""]
    for name, buildings, trigger, bonus in STRUCTURES_C:
        out += ["[[structures]]", f"name = {q(name)}", 'letter = "C"', f"buildings = {buildings}",
                f"trigger = {q(trigger)}", f"bonus = {q(bonus)}", ""]
    for card in design_cards(rng):
        out += ["[[cards]]", f"name = {q(card['name'])}", f"type = {q(card['type'])}",
                f"requires = {qlist(card['requires'])}"]
        if "reward" in card:
            out.append(f"reward = {qlist(card['reward'])}")
        out += [f"score = {q(card['score'])}", f"rank = {card['rank']}", ""]
    OUT.write_text("\n".join(out), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
