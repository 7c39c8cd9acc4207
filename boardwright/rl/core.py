"""What the three adapters share: the action space, observations and masks, rewards and seeds.

Every adapter speaks to a game only through the public contract (``new``, ``to_act``,
``legal_actions``, ``apply``, ``view``, ``scores``, ``winners``, ``determinize``) and reads a seat's
observation from ``view(seat)`` alone, so what a learner sees is what that seat may see.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

import boardwright as bw
from boardwright.engine import Action, Agent, State, Stream, resolve_options
from boardwright.engine.actions import normalize
from boardwright.engine.errors import shown
from boardwright.engine.observation import Tracker
from boardwright.engine.rng import derive_seed

#: How a finished game pays each seat.
REWARDS = ("result", "margin")
#: What an adapter does with an action that is not legal now.
ILLEGAL = ("lose", "raise")
#: The reward of a seat that takes an illegal action when ``illegal="lose"``.
ILLEGAL_REWARD = -1.0
#: The scaled margin is clipped to [-MARGIN_BOUND, MARGIN_BOUND], so a reward lies in
#: [-MARGIN_BOUND, 1 + MARGIN_BOUND] whatever the game.
MARGIN_BOUND = 1.0


def margin_scale(game: bw.Game) -> float:
    """What ``reward="margin"`` divides ``game``'s score differences by: the game's
    ``Game.margin_scale``, about its highest final score (20-30 random and heuristic games at 2,
    3 or 4 and 5 players; docs/rl.md has the figures), so that the scaled margin lies within
    [-1, 1] in every game measured."""
    return float(game.margin_scale)


class Setting:
    """One game, player count and content as a learning problem: fixed action and observation
    spaces, and the rules of reward.

    - **Actions** are relative to the acting seat, as observations are: for seat 0, index ``i`` is
      ``game.action_space(players, options)[i]``, the game's action table in its fixed order; for
      seat ``s``, index ``i`` is that same action with every seat it names turned ``s`` seats
      clockwise, so an index names another seat by its offset from the actor (``seat 1`` = the
      next seat clockwise). Seats the player count does not reach stay as they are (never
      legal). A mask marks the legal ones of a seat (1) and the rest (0), in the seat's order.
    - **Observations**: ``game.observer(players, options)``, a ``float32`` vector of
      ``observation_size`` values from the seat's view, seats counted from the viewer.
    - **Rewards** at the end of the game: ``"result"`` pays 1 to a sole winner, 1/k to each of k
      winners sharing the win and 0 to the others; ``"margin"`` adds the seat's final score minus
      the best final score among the other seats (the seat's own score in a solo game), divided by
      the game's :func:`margin_scale` and clipped to [-1, 1]: a reward in [-1, 2].
    """

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, Any] | None,
                 reward: str = "result", illegal: str = "lose") -> None:
        self.game = bw.load(game_id)
        count = self.game.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int) or not (
                self.game.min_players <= count <= self.game.max_players):
            raise ValueError(f"{self.game.name} plays {self.game.player_range()} players, not {shown(count)}")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {shown(reward)}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {shown(illegal)}")
        self.players = count
        self.options = resolve_options(self.game.id, self.game.options, options)
        self.reward = reward
        self.illegal = illegal
        self.actions: tuple[Action, ...] = self.game.action_space(count, self.options)
        self.index: dict[str, int] = {str(a): i for i, a in enumerate(self.actions)}
        self.by_key: dict[str, int] = {normalize(a): i for i, a in enumerate(self.actions)}
        #: per acting seat: its relative index -> the engine's action, and the action's text -> index
        self.tables: list[tuple[Action, ...]] = []
        self.indexes: list[dict[str, int]] = []
        for order in seat_rotations(self.actions, count, self.game.name):
            self.tables.append(tuple(self.actions[a] for a in order))
            self.indexes.append({str(self.actions[a]): i for i, a in enumerate(order)})
        self.observer = self.game.observer(count, self.options)
        self.observation_size = self.observer.size
        self.action_count = len(self.actions)
        self.margin_scale = margin_scale(self.game)
        #: per seat, for a game that writes its observation as changes (``Observer.tracks``): the
        #: tracker and the vector (float64) as last written through it
        self._tracked: list[tuple[Tracker, np.ndarray]] | None = None
        if self.observer.tracks:
            self._tracked = [(Tracker(), np.zeros(self.observation_size)) for _ in range(count)]

    def __deepcopy__(self, memo: dict[int, Any]) -> Setting:
        return self  # shared: its rules never change, and its trackers' keys are the full contents

    def __reduce__(self) -> tuple[Any, ...]:
        return (Setting, (self.game.id, self.players, dict(self.options), self.reward, self.illegal))

    def new(self, seed: int) -> State:
        """A new game (telling no events: learning reads only views and results)."""
        return self.game.new(players=self.players, seed=seed, options=self.options, events=False)

    def observation(self, state: State, seat: int) -> np.ndarray:
        """Seat ``seat``'s observation of ``state`` (what its view shows, through the game's fast
        path when it has one: :meth:`boardwright.engine.observation.Observer.entries`)."""
        if self._tracked is not None:
            return self._followed(state, seat).astype(np.float32)
        return self._counted(*self.observer.entries(state, seat)).astype(np.float32)

    def observe_into(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write seat ``seat``'s observation of ``state`` into ``out`` (a float32 row of the
        observation's size), as :meth:`observation` gives it."""
        if self._tracked is not None:
            out[:] = self._followed(state, seat)
        else:
            out[:] = self._counted(*self.observer.entries(state, seat))

    def _followed(self, state: State, seat: int) -> np.ndarray:
        """The seat's vector as last written, brought up to ``state``: the blocks that changed
        cleared and written anew (``Observer.changes``). Any state may follow any other: a block is
        kept only when its contents are the same."""
        tracker, row = self._tracked[seat]  # type: ignore[index]
        positions: list[int] = []
        values: list[float] = []
        cleared = self.observer.changes(state, seat, tracker, positions, values)
        if cleared:
            row[np.fromiter(cleared, np.intp, len(cleared))] = 0.0
        n = len(positions)
        if n:
            np.add.at(row, np.fromiter(positions, np.intp, n), np.fromiter(values, np.float64, n))
        return row

    def _counted(self, positions: list[int], values: list[float]) -> np.ndarray:
        """The entries laid out as the full vector (float64), values at one position added up."""
        n = len(positions)
        return np.bincount(np.fromiter(positions, np.intp, n), np.fromiter(values, np.float64, n),
                           self.observation_size)

    def legal(self, state: State, seat: int) -> list[int]:
        """The seat's indexes of its legal actions (none if it does not act now)."""
        if state.is_over or seat not in state.to_act:
            return []
        index = self.indexes[seat]
        return [index[a] for a in state.legal_actions(seat)]

    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 for each legal action of ``seat`` now, 0 for the rest (``int8``)."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        legal = self.legal(state, seat)
        if legal:
            mask[legal] = 1
        return mask

    def action(self, index: object, seat: int) -> Action:
        """The action that ``index`` means when ``seat`` acts, or a ValueError naming the range."""
        if isinstance(index, np.integer):
            index = int(index)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.action_count:
            raise ValueError(f"an action of {self.game.name} is an index from 0 to "
                             f"{self.action_count - 1}, not {shown(index)}")
        return self.tables[self.valid_seat(seat)][index]

    def action_index(self, text: object, seat: int) -> int:
        """The index that means the engine action ``text`` when ``seat`` acts (ValueError if the
        game has no such action)."""
        found = self.index.get(text) if isinstance(text, str) else None
        if found is None and isinstance(text, str):
            found = self.by_key.get(normalize(text))
        if found is None:
            raise ValueError(f"{self.game.name} has no action {shown(text)}")
        return self.indexes[self.valid_seat(seat)][str(self.actions[found])]

    def valid_seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game, or a ValueError naming the seats."""
        if isinstance(seat, np.integer):
            seat = int(seat)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat is a seat of the {self.players}-player game (0 to "
                             f"{self.players - 1}), not {shown(seat)}")
        return seat

    def results(self, state: State) -> list[float]:
        """Each seat's reward for the finished game ``state``."""
        winners = state.winners()
        share = 1.0 / len(winners) if winners else 0.0
        paid = [share if seat in winners else 0.0 for seat in range(self.players)]
        if self.reward == "margin":
            scores = state.scores()
            for seat in range(self.players):
                others = [scores[s] for s in range(self.players) if s != seat]
                margin = (scores[seat] - (max(others) if others else 0)) / self.margin_scale
                paid[seat] += min(MARGIN_BOUND, max(-MARGIN_BOUND, margin))
        return paid

    def seat_order(self, state: State) -> int:
        """The seat that decides next: the lowest seat owing a decision (a sealed decision is
        taken seat by seat, each seeing only its own view)."""
        return min(state.to_act)


#: A seat an action names: ``seat 2``, ``seat2``.
SEAT_NAMED = re.compile(r"\b(seat ?)(\d+)\b")


def seat_rotations(actions: Sequence[Action], players: int, game_name: str) -> list[list[int]]:
    """For each acting seat ``s``, the engine index of each relative index: the action at relative
    index ``i`` is ``actions[i]`` with every seat it names turned ``s`` seats clockwise (a seat at
    or beyond ``players`` is kept). Built once per setting, from the action texts."""
    where = {str(a): i for i, a in enumerate(actions)}
    rotations = []
    for actor in range(players):
        def turned(named: re.Match[str], actor: int = actor) -> str:
            seat = int(named.group(2))
            return named.group(1) + str((seat + actor) % players if seat < players else seat)

        order = []
        for action in actions:
            text = SEAT_NAMED.sub(turned, action) if actor else str(action)
            found = where.get(text)
            if found is None:
                raise ValueError(f"{game_name}'s action table has {str(action)!r} but not {text!r}, "
                                 f"the same action seen from seat {actor}")
            order.append(found)
        rotations.append(order)
    return rotations


class LearnerActions:
    """The action mapping of an environment with one learning seat (``self.seat``), which names
    the seat when none is given."""

    setting: Setting
    seat: int

    def action_text(self, index: int, seat: int | None = None) -> str:
        """The engine's text of the action ``index`` means for ``seat`` (default: the learner's)."""
        return str(self.setting.action(index, self.seat if seat is None else seat))

    def action_index(self, text: str, seat: int | None = None) -> int:
        """The index that means the engine action ``text`` for ``seat`` (default: the learner's)."""
        return self.setting.action_index(text, self.seat if seat is None else seat)


class Opponents:
    """The agents that play every seat but the learner's, in the single-agent environments.

    ``opponents`` is one agent spec for every other seat (``"heuristic"``, ``"ismcts:iterations=200"``)
    or a list with one spec per other seat, in seat order; a bad spec is refused now with its own
    one-line message. Each game gets new agents seeded from the game seed, so an episode is a
    function of the game seed and the learner's actions.
    """

    def __init__(self, setting: Setting, seat: object, opponents: str | Sequence[str]) -> None:
        import boardwright.agents

        self.setting = setting
        self.seat = setting.valid_seat(seat)
        others = [s for s in range(setting.players) if s != self.seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"opponents names one agent for every other seat ({len(others)}), not {len(specs)}")
        for spec in specs:
            boardwright.agents.make(spec, seed=0)  # refuses a bad spec now, with its own message
        self.specs = dict(zip(others, specs, strict=True))
        self._make = boardwright.agents.make

    def deal(self, game_seed: int) -> tuple[State, dict[int, Agent]]:
        """A new game from ``game_seed`` and its opponents, played up to the learner's first decision
        (or to the end, if the opponents end it first)."""
        state = self.setting.new(game_seed)
        agents = {s: self._make(spec, seed=derive_seed(game_seed, f"rl/opponent/{s}"))
                  for s, spec in self.specs.items()}
        self.play(state, agents)
        return state, agents

    def play(self, state: State, agents: Mapping[int, Agent]) -> None:
        """Let the opponents decide until the learner owes a decision or the game ends (a sealed
        decision is taken seat by seat, lowest seat first)."""
        seat = self.seat
        while not state.is_over and seat not in state.to_act:
            actor = min(state.to_act)
            state.apply(actor, agents[actor].choose(state, actor))


def final_info(state: State) -> dict[str, Any]:
    """What an environment tells at the end of a game: each seat's final score and the winners."""
    return {"scores": state.scores(), "winners": state.winners()}


def episode_seed(base: Stream) -> int:
    """The next game seed from an adapter's own stream of seeds."""
    return base.next64() >> 2


def seed_stream(seed: int | None) -> Stream:
    """An adapter's stream of game seeds: from ``seed``, or from the system's randomness."""
    if seed is None:
        import secrets

        seed = secrets.randbits(62)
    return Stream.named(int(seed), "rl/episodes")
