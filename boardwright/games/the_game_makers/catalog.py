"""The catalog: every piece of The Game Makers' content described in player words, generated from
the loaded content (ours or a user's file), so a user's own cards are described too."""

from __future__ import annotations

from typing import Any

from .content import COLUMNS, KINDS, LETTERS, TREES_COLUMN, TYPES, Content, Effect
from .events import COLUMN_TOPICS, ICON_WORDS, SIZES, buildings_text, card_name, column_name
from .render import effect_text, needs_text, score_text

#: an A Structure's end-game score ({type}: the game type it names)
A_WORDS = ("per machinery set on your Assembly Line", "per {type} game in your Display Case",
           "per tree you planted", "per full row of your Display Case", "per full column of your Display Case",
           "per Tweenie you used", "per Marketing track at its top",
           "per game type with 3 or more games in your Display Case",
           "per full set of the 4 game types in your Display Case", "per worker you have",
           "per machinery tile on your Assembly Line", "per Contract still unmade at the end")
TWEENIE_WORDS = {
    "tree": "plant a tree (on the Tree Tweenie space if it is free, else on any empty tree space)",
    "rearrange": "rearrange the games in your Display Case",
    "release": "return one assigned worker to the Break Room",
    "promote": "promote a level 1 or level 2 worker in the Break Room one level",
    "duplicate": "take again the benefit of a Tweenie you already used",
}


def tree_text(condition: tuple[int, int, int]) -> str:
    """How a tree space is planted (content.TREE_CONDITIONS)."""
    cond, a, b = condition
    if cond == 0:
        return f"Planted when your Tree marketing track reaches {a}."
    if cond == 1:
        return f"Planted when your Display Case holds {b} {TYPES[a]} games."
    if cond == 2:
        return f"Planted when your Display Case holds games of {a} different types."
    if cond == 3:
        return ("No condition plants it: a tree from a reward may go here, and then you plant a second "
                "tree on any empty space.")
    if cond == 4:
        return f"Planted when your Display Case holds {a} games."
    if cond == 5:
        return "Planted by your tree-planting Tweenie."
    return f"Plant it on your turn by discarding {b} {'components' if a < 0 else KINDS[a]}."


def effect_words(effect: Effect) -> str:
    """A reward or Structure effect as a player reads it ("gain a level 2 wood")."""
    what = effect[0]
    if what == "res":
        return "gain " + effect_text(effect)
    if what == "market":
        return "advance " + effect_text(effect)
    if what in ("vp", "tree"):
        return "score " + effect_text(effect) if what == "vp" else "plant " + effect_text(effect)
    if what == "back":
        return effect_text(effect)
    return TWEENIE_WORDS.get(what, what)


#: what a Marketing column scores at the end, per column (the Marketing tile gives the VP)
COLUMN_SCORES = ("per column of your Display Case holding a yellow game", "per 2 blue games",
                 "per other player with a purple game (if you have one), and more for 3 purple games of your own",
                 "per player you beat on red games", "per 3 trees you planted")
#: a component of each kind but cards and dice, as a Company Asset
ASSET_WORDS = {"wood": "a worker of its level in your Break Room", "plastic": "a building of its level on a Structure"}


def pieces(content: Content) -> dict[str, dict[str, Any]]:
    """The pieces a Factory holds that no card names: Marketing columns, components, workers."""
    out: dict[str, dict[str, Any]] = {}
    for column, colour in enumerate(COLUMNS):
        top = 4 if column == TREES_COLUMN else 5
        out[f"Marketing: {column_name(column)}"] = {
            "kind": "Marketing column", "column": colour, "topic": COLUMN_TOPICS[column],
            "text": (f"Dice and marketing moves advance its cube, up to {top}. At the end it scores the Marketing "
                     f"tile's VP {COLUMN_SCORES[column]}, times the cube's height: at 0 it scores nothing.")}
    out["face-down card"] = {"kind": "component", "text": (
        "A card kept face down as a component: it pays card requirements, one card for each level. Only "
        "its owner knows which card it is.")}
    for kind, asset in ASSET_WORDS.items():
        for level in (1, 2, 3):
            out[f"level {level} {kind}"] = {"kind": "component", "text": (
                f"A level {level} {kind} component: it pays a {kind} requirement of level {level} or lower. "
                f"Taken as a Company Asset instead, it becomes {asset}.")}
    for level in (1, 2, 3):
        out[f"level {level} worker"] = {"kind": "worker", "text": (
            f"A level {level} worker in the Break Room: assign it to a Gain 1, View or Marketing space of your "
            f"Factory, or to your B Structure's space.{' A promotion raises it one level.' if level < 3 else ''}")}
    return out


def catalog(content: Content) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for card in content.cards:
        reward = ", ".join(effect_words(r) for r in card.reward)
        text = (f"A {TYPES[card.type]} game. To manufacture it: {needs_text(content, card.id)}. "
                f"At the end it scores {score_text(content, card.id)}.")
        if reward:
            text += f" When it goes in your Display Case: {reward}."
        text += f" Rank {card.rank} (a lower rank wins a tie)."
        entry: dict[str, Any] = {"kind": "card", "number": card.id + 1, "shown_as": card_name(card.id + 1, card.name),
                                 "type": TYPES[card.type], "cost": needs_text(content, card.id),
                                 "rank": card.rank, "text": text}
        if card.pattern == 0:
            entry["points"] = card.value
        out[card.name] = entry
    for s in content.structures:
        cost = buildings_text(s.buildings)
        needs = f"Activate it with {cost}."
        if s.letter == 0:
            kind, wanted, vp = s.score
            rule = f"At the end it scores {vp} VP " + A_WORDS[kind].format(type=TYPES[wanted] if wanted >= 0 else "")
        elif s.letter == 1:
            rule = f"Once active, a level {s.worker} worker on its space lets you {effect_words(s.gain)}"
        else:
            what, target = s.trigger
            if what == "gain":
                when = f"whenever you gain {KINDS[target]}"
            else:
                when = "whenever a game" if target < 0 else f"whenever a {TYPES[target]} game"
                when += " goes in your Display Case"
            rule = f"Once active, {when}, also {effect_words(s.bonus)}"
        out[s.name] = {"kind": f"{LETTERS[s.letter]} Structure", "cost": cost,
                       "text": f"{needs} {rule}."}
    for t in content.tweenies:
        what = TWEENIE_WORDS.get(t.effect[0]) or effect_words(t.effect)
        out[t.name] = {"kind": "Tweenie", "text": f"Place it in a square gap of your Assembly Line, once "
                                                  f"a game, to {what}."}
    for tree in content.trees:
        out[tree.name] = {"kind": "tree space", "text": tree_text(tree.condition)}
    for size in (1, 2, 3):
        for icon in range(len(KINDS)):
            count = content.tiles.count((size, icon))
            if count:
                out[f"{SIZES[size - 1]} tile with the {ICON_WORDS[icon]} icon"] = {
                    "kind": "tile", "count": count,
                    "text": (f"A level {size} tile. As machinery on the Assembly Line, three {ICON_WORDS[icon]} "
                             f"icons in a row lower every {KINDS[icon]} requirement one level.")}
    for level, faces in enumerate(content.dice, 1):
        out[f"level {level} die"] = {"kind": "die", "text": f"Its faces: {', '.join(map(str, faces))}. As a "
                                     "component it is a level " + f"{level} die; rolled, it advances marketing."}
    for players, tile in sorted(content.marketing.items()):
        out[f"Marketing tile for {players} {'player' if players == 1 else 'players'}"] = {
            "kind": "marketing tile",
            "text": (f"Times your track: {tile.engines} VP per column with a {TYPES[0]} game; {tile.cards} VP per 2 "
                     f"{TYPES[1]} games; {tile.teamwork} VP per other player with a {TYPES[2]} game and "
                     f"{tile.teamwork_bonus} more for 3 of your own; {tile.military} VP per player you beat "
                     f"on {TYPES[3]} games; {tile.trees} VP per 3 trees ({COLUMNS[4].capitalize()} track).")}
    out.update(pieces(content))
    for index, kind in enumerate(content.wedges):
        name = "Wild Wedge" if kind < 0 else f"{KINDS[kind].capitalize()} Wedge"
        if index == 0:
            text = "Any one resource of the level you reach it at; it starts READY."
        elif kind == 0:
            text = "Cards: as many as the level you reach it at (1, 2 or 3)."
        else:
            text = f"{KINDS[kind].capitalize()} of the level you reach it at (1, 2 or 3)."
        out[name] = {"kind": "Wedge", "text": text}
    return out
