"""Every action of The Game Makers, built once per content into an ActionTable.

A compound move is a chain of short choices (RULINGS/DESIGN "multi-step"): a Forklift move, then
what the resource becomes, then where it goes; a manufacture, then each payment, then the shelf.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardwright.engine import Action, ActionTable

from .content import COLUMNS, KINDS, LETTERS, Content

#: the worker spaces of a Factory: Gain 1 tiers, the two Enhancements, the B Structure space
SPACES = ("gain L1", "gain L2", "gain L3", "view L1", "view L2", "view L3",
          "market L1", "market L2", "market L3", "structure")
GAIN_WORKERS = ((1, 1), (1, 2), (3, 3))
VIEW_SPACES = (3, 4, 5)
MARKET_SPACES = (6, 7, 8)
STRUCTURE_SPACE = 9
USE_WORDS = ("machinery", "worker", "marketing", "building")  # tiles, wood, dice, plastic as assets


def cell_name(index: int) -> str:
    """Assembly Line cell ``index`` (3 rows x 6) as ``r1c1``..``r3c6``."""
    return f"r{index // 6 + 1}c{index % 6 + 1}"


def slot_name(index: int) -> str:
    """Display Case slot ``index`` (3 rows x 4) as ``r1c1``..``r3c4``."""
    return f"r{index // 4 + 1}c{index % 4 + 1}"


@dataclass(frozen=True)
class Actions:
    table: ActionTable
    forklift: tuple[Action, ...]       # [level-1]
    make: tuple[Action, ...]           # [contract space]
    work: tuple[Action, ...]           # [space]
    tweenie: tuple[Action, ...]        # [tweenie id]
    plant: tuple[Action, ...]          # [tree space id]
    reset: Action
    keep: Action
    end: Action
    take: tuple[Action, ...]           # [kind] (Wild Wedge)
    contract: tuple[Action, ...]       # [card id]
    component: tuple[Action, ...]      # [card id]
    keep_tile: tuple[Action, ...]      # [tile id]
    as_component: Action
    as_asset: tuple[Action, ...]       # [kind] (tiles..plastic)
    cell: tuple[Action, ...]           # [cell]
    market: tuple[Action, ...]         # [column]
    build: tuple[Action, ...]          # [letter]
    pay: tuple[tuple[Action, ...], ...]  # [kind][level]
    display: tuple[Action, ...]        # [slot]
    tree: tuple[Action, ...]           # [tree space]
    discard: tuple[tuple[Action, ...], ...]  # [kind][level]
    swap: dict[tuple[int, int], Action]
    done: Action
    back: tuple[Action, ...]           # [turns until return, 1..3]
    promote: tuple[Action, ...]        # [level]
    release: tuple[Action, ...]        # [space]
    copy: tuple[Action, ...]           # [tweenie id]
    draft: tuple[Action, ...]          # [structure id]


def build_actions(content: Content) -> Actions:
    t = ActionTable()
    tile_names = ("small", "medium", "large")
    return Actions(
        table=t,
        forklift=tuple(t.add(f"forklift to L{k}", "forklift", k) for k in (1, 2, 3)),
        make=tuple(t.add(f"make contract {i + 1}", "make", i) for i in range(3)),
        work=tuple(t.add(f"work {name}", "work", i) for i, name in enumerate(SPACES)),
        tweenie=tuple(t.add(f"tweenie {tw.name}", "tweenie", tw.id) for tw in content.tweenies),
        plant=tuple(t.add(f"plant tree {sp.id + 1} {sp.name}", "plant", sp.id) for sp in content.trees),
        reset=t.add("reset workers", "reset", 1),
        keep=t.add("keep workers", "reset", 0),
        end=t.add("end turn", "end"),
        take=tuple(t.add(f"take {kind}", "take", k) for k, kind in enumerate(KINDS)),
        contract=tuple(t.add(f"contract #{c.id + 1} {c.name}", "keep", c.id, 1) for c in content.cards),
        component=tuple(t.add(f"component #{c.id + 1} {c.name}", "keep", c.id, 0) for c in content.cards),
        keep_tile=tuple(t.add(f"keep tile #{i + 1} {tile_names[size - 1]} {KINDS[icon]}", "pick", i)
                        for i, (size, icon) in enumerate(content.tiles)),
        as_component=t.add("as component", "use", 0),
        as_asset=tuple(t.add(f"as {word}", "use", 1) for word in ("contract", *USE_WORDS)),
        cell=tuple(t.add(f"cell {cell_name(i)}", "cell", i) for i in range(18)),
        market=tuple(t.add(f"market {name}", "market", i) for i, name in enumerate(COLUMNS)),
        build=tuple(t.add(f"build on {letter}", "build", i) for i, letter in enumerate(LETTERS)),
        pay=tuple(tuple(t.add(f"pay {kind} L{lv}", "pay", k, lv) for lv in range(4))
                  for k, kind in enumerate(KINDS)),
        display=tuple(t.add(f"display {slot_name(i)}", "display", i) for i in range(12)),
        tree=tuple(t.add(f"tree {sp.id + 1} {sp.name}", "tree", sp.id) for sp in content.trees),
        discard=tuple(tuple(t.add(f"discard {kind} L{lv}", "discard", k, lv) for lv in range(4))
                      for k, kind in enumerate(KINDS)),
        swap={(a, b): t.add(f"swap {slot_name(a)} {slot_name(b)}", "swap", a, b)
              for a in range(12) for b in range(a + 1, 12)},
        done=t.add("done", "done"),
        back=tuple(t.add(f"back forklift due in {r}", "back", r) for r in range(4)),
        promote=tuple(t.add(f"promote L{lv}", "promote", lv) for lv in range(4)),
        release=tuple(t.add(f"release {name}", "release", i) for i, name in enumerate(SPACES)),
        copy=tuple(t.add(f"copy {tw.name}", "copy", tw.id) for tw in content.tweenies),
        draft=tuple(t.add(f"draft {s.name}", "draft", s.id) for s in content.structures),
    )
