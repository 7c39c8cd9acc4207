"""What a seat cannot see, dealt anew for a determinization (R12, R4, the Feature Creep window)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Stream
from .rules import CREEP

if TYPE_CHECKING:
    from .state import GameDevelopmentState


def resample(state: GameDevelopmentState, seat: int, rng: Stream) -> None:
    """Other hands and the deck order are hidden. Kept: the cards ``seat`` knows to be in a
    hand (R12) and which of its own cards the others know. The rest of the hands and the deck
    are pooled, sorted, shuffled and dealt back so that what a round of Feature Creep bugs
    showed holds (the player asked holds a bug, so does one who passed; those passed over hold
    none); the rest of that round's queue follows from the new hands. What one other player
    knows of another's hand is drawn from the new hand, as many cards as that player knew.
    """
    n = state.players
    others = [s for s in range(n) if s != seat]
    mine = state.known[seat]
    pool = list(state.deck)
    sizes: dict[int, int] = {}
    for s in others:
        hidden = list(state.hands[s])
        for card in mine[s]:
            hidden.remove(card)
        pool += hidden
        sizes[s] = len(hidden)
    pool.sort()
    need: list[int] = []
    avoid: list[int] = []
    if state.phase == CREEP:
        bugs = state.content.bug_ids
        for s in others:
            shown = state.creep_shown[s]
            if shown > 0 and bugs.isdisjoint(mine[s]):
                need.append(s)
            elif shown < 0:
                avoid.append(s)
    dealt = deal_hands(pool, sizes, need, avoid, state.content.bug_ids, rng)
    for s in others:
        hidden = dealt[s]
        state.hands[s] = sorted(mine[s] + hidden)
        counts = [(v, len(state.known[v][s])) for v in others if v != s and state.known[v][s]]
        if counts:      # what another player knows of this hand: some of its unknown cards
            at = 0      # (dealt in random order)
            for v, count in counts:
                state.known[v][s] = sorted(hidden[at:at + count])
                at += count
    state.deck = pool
    if state.phase == CREEP:
        requeue_creep(state)
    kind_of = state.content.kind_of
    for s in others:  # Lead titles chosen in secret (R4): any developer of the kind
        for k, dev in enumerate(state.pending[s]):
            if dev >= 0:
                state.pending[s][k] = rng.choice(sorted(d for d in state.devs[s] if kind_of[d] == k))

def requeue_creep(state: GameDevelopmentState) -> None:
    """The rest of a round of bugs, from the hands: the player asked, then those after it who
    hold a bug (the hands of those after it have not changed since the round began)."""
    n, asked = state.players, state.to_act[0]
    count = (state.active - asked) % n
    state.creep_queue = [asked] + [s for s in ((asked + i) % n for i in range(1, count))
                                  if state.has_bug_in_hand(s)]


def deal_hands(pool: list[int], sizes: dict[int, int], need: list[int], avoid: list[int],
               wanted: frozenset[int], rng: Stream) -> dict[int, list[int]]:
    """Deal ``sizes[s]`` cards of ``pool`` (sorted) to each seat ``s``, each hand in random order,
    so that each seat of ``need`` gets a card of ``wanted`` and each seat of ``avoid`` none; what
    is left stays in ``pool``, shuffled (the new deck).

    Every fitting deal is equally likely: the hands of ``avoid`` are drawn from the cards not
    wanted, then the rest is shuffled and dealt until each seat of ``need`` has a wanted card
    (whether it has one depends only on how many wanted cards are left, not on which plain cards
    went to ``avoid``). After 64 misses, each seat of ``need`` gets the first wanted card left and
    the rest as it comes.
    """
    hands: dict[int, list[int]] = {}
    if avoid:
        plain = [c for c in pool if c not in wanted]
        rng.shuffle(plain)
        at = 0
        for s in avoid:
            hands[s] = plain[at:at + sizes[s]]
            at += sizes[s]
        pool[:] = sorted([c for c in pool if c in wanted] + plain[at:])
    rest = [s for s in sizes if s not in hands]
    for _ in range(64):
        rng.shuffle(pool)
        at = 0
        for s in rest:
            hands[s] = pool[at:at + sizes[s]]
            at += sizes[s]
        if all(not wanted.isdisjoint(hands[s]) for s in need):
            del pool[:at]
            return hands
    for s in rest:
        hands[s] = []
    for s in need:
        found = next((c for c in pool if c in wanted), None)
        if found is not None and sizes[s]:
            pool.remove(found)
            hands[s].append(found)
    for s in rest:
        missing = sizes[s] - len(hands[s])
        hands[s] += pool[:missing]
        del pool[:missing]
        rng.shuffle(hands[s])
    return hands
