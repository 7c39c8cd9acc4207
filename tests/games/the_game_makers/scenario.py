"""Set a table of The Game Makers the way a rulebook example shows it.

The helpers arrange a factory directly (contracts, components, machinery, the deck's top cards);
every move of the example itself goes through the public ``apply`` with the action's text.
Cards are rewritten for a test with :func:`card`, which gives this state its own content.
"""

from __future__ import annotations

from dataclasses import replace

import boardwright as bw
from boardwright.engine import clockwise
from boardwright.games.the_game_makers.board import EMPTY, SETUP
from boardwright.games.the_game_makers.content import KINDS, _card
from boardwright.games.the_game_makers.state import GameMakersState

GAME = bw.load("the-game-makers")


def refresh(state: GameMakersState) -> GameMakersState:
    state.forget_legal()
    if state.phase != SETUP and not state.is_over:
        state.to_act = (state.seat,)
    return state


def table(players: int = 1, seed: int = 1, turn: int = 1, seat: int = 0, **options) -> GameMakersState:
    """A game past setup (each seat kept its first card as a Contract), factories then emptied,
    at ``turn`` with ``seat`` to play. The Wedges are in the fixed order: Wild (READY at turn 1),
    Cards, Tiles, Wood, Dice, Plastic."""
    state = GAME.new(players=players, seed=seed, options={"wedge_order": "fixed", **options})
    assert isinstance(state, GameMakersState)
    while state.phase == SETUP:
        s = state.to_act[0]
        legal = [str(a) for a in state.legal_actions(s)]
        pick = next((a for a in legal if a.startswith("component")), legal[0])
        state.apply(s, pick)
    for s in range(players):
        state.deck.extend(state.hand[s] + [c for c in state.contracts[s] if c >= 0])
        state.hand[s] = []
        state.contracts[s] = [EMPTY] * 3
    go_to_turn(state, turn, seat)
    return state


def go_to_turn(state: GameMakersState, turn: int, seat: int = 0) -> GameMakersState:
    state.turn = turn
    state.order = clockwise((turn - 1) % state.players, state.players)
    state.pos = state.order.index(seat)
    state.stack = []
    return refresh(state)


def card(state: GameMakersState, requires: tuple[str, ...] = ("cards 2",), type: str = "blue",
         reward: tuple[str, ...] = (), score: str = "flat 3", rank: int = 500,
         name: str | None = None) -> int:
    """Rewrite a card still in the deck (this state only) and return its id."""
    cid = state.deck.pop(0)
    old = state.content.cards[cid]
    raw = {"name": name or old.name, "type": type, "requires": list(requires), "reward": list(reward),
           "score": score, "rank": rank}
    cards = list(state.content.cards)
    cards[cid] = _card("test", cid, raw)
    state.content = replace(state.content, cards=tuple(cards))
    return cid


def contract(state: GameMakersState, seat: int = 0, space: int = 0, **spec) -> int:
    cid = card(state, **spec)
    state.contracts[seat][space] = cid
    refresh(state)
    return cid


def shelve(state: GameMakersState, seat: int, slot: int, **spec) -> int:
    """A game already in the Display Case."""
    cid = card(state, **spec)
    state.display[seat][slot] = cid
    return cid


def components(state: GameMakersState, seat: int = 0, cards: int = 0, tiles: tuple[int, ...] = (),
               **levels: tuple[int, ...]) -> None:
    """Give Components: ``cards`` face-down cards, tiles by size, wood/dice/plastic by level."""
    for _ in range(cards):
        state.hand[seat].append(state.deck.pop(0))
    for size in tiles:
        state.ctiles[seat].append(state.bags[size - 1].pop())
    for kind, lvls in levels.items():
        for lv in lvls:
            state.comp[seat * 20 + KINDS.index(kind) * 4 + lv] += 1
    refresh(state)


def tile_of(state: GameMakersState, icon: str, size: int = 1) -> int:
    bag = state.bags[size - 1]
    tile = next(t for t in bag if state.content.tiles[t][1] == KINDS.index(icon))
    bag.remove(tile)
    return tile


def machinery(state: GameMakersState, seat: int, row: int, icons: str) -> None:
    """Install tiles in a row of the Assembly Line: ``"dice dice dice . . ."``."""
    for col, icon in enumerate(icons.split()):
        if icon != ".":
            state.line[seat][row * 6 + col] = tile_of(state, icon)
    state.count_sets(seat)
    refresh(state)


def workers(state: GameMakersState, seat: int = 0, *levels: int) -> None:
    for lv in levels:
        state.room[seat * 4 + lv] += 1
    refresh(state)


def structure(state: GameMakersState, seat: int, name: str, built: bool = True) -> int:
    s = next(s for s in state.content.structures if s.name == name)
    state.structs[seat * 3 + s.letter] = s.id
    state.built[seat * 3 + s.letter] = (1 << len(s.buildings)) - 1 if built else 0
    refresh(state)
    return s.id


def on_top(state: GameMakersState, *cards: int) -> None:
    """These cards are the next drawn, in this order."""
    for c in cards:
        if c in state.deck:
            state.deck.remove(c)
    state.deck.extend(reversed(cards))


def legal(state: GameMakersState) -> list[str]:
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def play(state: GameMakersState, *texts: str) -> GameMakersState:
    """Apply each action for the seat to act; a text may be the start of a longer action text
    (``"contract #12"``)."""
    for text in texts:
        seat = state.to_act[0]
        options = [str(a) for a in state.legal_actions(seat)]
        found = [a for a in options if a == text] or [a for a in options if a.startswith(text + " ")]
        assert len(found) == 1, f"{text!r} is not one legal action among {options}"
        state.apply(seat, found[0])
    return state


def card_text(state: GameMakersState, cid: int) -> str:
    return f"#{cid + 1}"
