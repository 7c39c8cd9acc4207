"""A tiny test-only game that exercises every decision kind the engine offers.

"Sealed Sums", 2-4 players, 3 rounds. Each round:

1. Bid (sealed, simultaneous): every seat commits ``bid 0``..``bid 3``; the highest unique bid
   wins the round; any tie for the highest means nobody does, nor does a winner with no cards left.
2. Chance: a die is rolled from the "dice" stream.
3. Play (multi-step, the winner only): ``play V`` (a card from the hand), then ``place low`` (score
   V) or ``place high`` (score V + die if V >= 5, else 0), then draw a card from the "deck" stream.
4. Reaction window: clockwise from the winner, each seat holding a 1 is asked ``react`` (discard
   the 1, score 1) or ``pass``; seats without a 1 are never asked; a reaction reopens the window.

Hidden: hands (2 cards each), the deck order, and sealed bids until all have bid.

Events: ``bids_revealed`` (everyone), ``die_rolled``, ``drawn`` (the card to its owner, "a card"
to the others), ``scored``, ``round_started``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from boardwright.engine import (
    Action,
    ActionTable,
    Game,
    IllegalAction,
    Option,
    State,
    Stream,
    reaction_order,
)
from boardwright.games import register

TABLE = ActionTable()
BIDS = [TABLE.add(f"bid {b}", "bid", b) for b in range(4)]
PLAYS = {v: TABLE.add(f"play {v}", "play", v) for v in range(1, 10)}
LOW = TABLE.add("place low", "place", "low")
HIGH = TABLE.add("place high", "place", "high")
REACT = TABLE.add("react")
PASS = TABLE.add("pass")


class ToyState(State):
    __slots__ = ("bids", "chosen", "deck", "die", "hands", "phase", "points", "queue", "round", "winner")

    def _setup(self) -> None:
        self.table = TABLE
        deck = [v for v in range(1, 10) for _ in range(3)]
        self.streams["deck"].shuffle(deck)
        self.hands = [sorted(deck.pop() for _ in range(2)) for _ in range(self.players)]
        self.deck = deck
        self.points = [0] * self.players
        self.round = 1
        self.die = 0
        self.chosen = 0
        self.winner = -1
        self.queue: list[int] = []
        self.bids: list[int] = []
        self._start_bidding()

    def _start_bidding(self) -> None:
        self.phase = "bid"
        self.open_sealed(tuple(range(self.players)))

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "bid":
            return BIDS
        if self.phase == "play":
            return [PLAYS[v] for v in sorted(set(self.hands[seat]))]
        if self.phase == "place":
            return [LOW, HIGH]
        return [REACT, PASS]

    def _why_illegal(self, seat: int, action: Action) -> IllegalAction:
        if action.kind == "play":
            return IllegalAction("Play", f"you hold no {action.args[0]}")
        return IllegalAction(self.phase.capitalize(), f"'{action}' is not a choice now")

    def _resolve_sealed(self, choices: dict[int, Action]) -> None:
        self.bids = [choices[s].args[0] for s in range(self.players)]
        self.tell("bids_revealed", {"bids": list(self.bids)})
        top = max(self.bids)
        if self.bids.count(top) == 1 and self.hands[self.bids.index(top)]:
            self.winner = self.bids.index(top)
            self.die = self.streams["dice"].randint(1, 6)
            self.tell("die_rolled", {"seat": self.winner, "value": self.die})
            self.phase = "play"
            self.to_act = (self.winner,)
        else:
            self.winner = -1
            self._end_round()

    def _apply(self, seat: int, action: Action) -> None:
        if self.phase == "play":
            self.chosen = action.args[0]
            self.hands[seat].remove(self.chosen)
            self.phase = "place"
        elif self.phase == "place":
            value = self.chosen
            gained = value if action is LOW else (value + self.die if value >= 5 else 0)
            self.points[seat] += gained
            self.tell("scored", {"seat": seat, "points": gained})
            if self.deck:
                self.hands[seat].append(self.deck.pop())
                self.hands[seat].sort()
                self.tell("drawn", {"seat": seat, "card": self.hands[seat][-1]}, to=(seat,), others={"seat": seat})
            self._open_window()
            return
        elif action is REACT:
            self.hands[seat].remove(1)
            self.points[seat] += 1
            self._open_window()
            return
        else:
            self.queue.pop(0)
            self._ask_next()
            return
        self.to_act = (seat,)

    def _open_window(self) -> None:
        self.phase = "react"
        self.queue = reaction_order(self.winner, self.players, lambda s: 1 in self.hands[s])
        self._ask_next()

    def _ask_next(self) -> None:
        if self.queue:
            self.to_act = (self.queue[0],)
        else:
            self._end_round()

    def _end_round(self) -> None:
        if self.round == 3:
            self.is_over = True
            self.to_act = ()
            return
        self.round += 1
        self.tell("round_started", {"round": self.round})
        self._start_bidding()

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "points": list(self.points),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "deck": len(self.deck),
            "die": self.die,
            "chosen": self.chosen if self.phase == "place" else None,
            "last_bids": list(self.bids),
        }

    def _redact(self, actor: int, action: Action, viewer: int | None) -> str:
        return str(action)

    def _end_reason(self) -> str:
        return "three rounds were played"

    def _action_path(self, action: Action) -> tuple[str, ...]:
        if action.kind == "bid":
            return ("bid", str(action.args[0]))
        return (str(action),)

    def _pass_action(self, seat: int) -> Action | None:
        return PASS if self.phase == "react" else None

    def _resample(self, seat: int, rng: Stream) -> None:
        others = [s for s in range(self.players) if s != seat]
        pool = sorted(self.deck + [v for s in others for v in self.hands[s]])
        # A seat asked to react is known to hold a 1: it keeps one, the rest is resampled.
        asked = self.queue[0] if self.phase == "react" and self.queue and self.queue[0] != seat else -1
        if asked >= 0:
            pool.remove(1)
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s]) - (s == asked)
            self.hands[s] = sorted(pool[:size] + [1] * (s == asked))
            del pool[:size]
        self.deck = pool
        if self.phase == "react" and self.queue:
            # The rest of the window follows from the resampled hands.
            order = reaction_order(self.winner, self.players, lambda s: 1 in self.hands[s])
            self.queue = [self.queue[0], *order[order.index(self.queue[0]) + 1:]]

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, ToyState)
        new.hands = [list(h) for h in self.hands]
        new.deck = list(self.deck)
        new.points = list(self.points)
        new.round = self.round
        new.phase = self.phase
        new.winner = self.winner
        new.die = self.die
        new.chosen = self.chosen
        new.queue = list(self.queue)
        new.bids = list(self.bids)

    def _scores(self) -> list[int]:
        return list(self.points)

    def _winners(self) -> list[int]:
        top = max(self.points)
        return [s for s in range(self.players) if self.points[s] == top]


class SealedSums(Game):
    id = "sealed-sums"
    name = "Sealed Sums"
    min_players = 2
    max_players = 4
    options = (Option("unused", int, 0, "an option that only tests use", minimum=0, maximum=9),)
    state_class = ToyState
    event_texts: ClassVar[dict[str, str]] = {
        "bids_revealed": "the bids are revealed: {bids:list}",
        "die_rolled": "{seat:seat} rolls a {value}",
        "drawn": "{seat:seat} draws {card:card}",
        "scored": "{seat:seat} scores {points:points}",
        "round_started": "round {round} begins",
    }

    def _observe(self, encoder: Any, view: dict[str, Any], context: Any) -> None:
        encoder.number("round", view["round"], 3)
        encoder.one_hot("phase", view["phase"], ("bid", "play", "place", "react", "over"))
        encoder.numbers("points", [view["points"][s] for s in encoder.seats()], encoder.players, 20)
        encoder.numbers("hand_sizes", [view["hand_sizes"][s] for s in encoder.seats()], encoder.players, 3)
        encoder.counts("hand", view["hand"], {v: v - 1 for v in range(1, 10)})
        encoder.number("deck", view["deck"], 20)
        encoder.number("die", view["die"], 6)
        encoder.number("chosen", view["chosen"], 9)


GAME = SealedSums()
register(GAME)
