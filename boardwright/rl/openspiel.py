"""The games in OpenSpiel: ``register()`` makes ``pyspiel.load_game("boardwright_<game>", {"players": N})``.

Each game is registered under its id with underscores (``boardwright_gadgeteers``,
``boardwright_game_development``, ``boardwright_makers_of_universe``,
``boardwright_the_game_makers``), with the player count as the game parameter ``players`` (default:
the game's smallest count) and a ``seed`` parameter (default 0) from which each new initial state
draws its game seed.

- **Chance is one explicit node, the deal** (``EXPLICIT_STOCHASTIC``): a boardwright game draws
  from its own seeded streams when the rules say, so a game is deterministic given its seed. The
  initial state is a chance node with :data:`DEALS` equally likely outcomes; outcome ``k`` starts the
  game with the seed ``derive_seed(seed, "openspiel/deal/k")`` (``seed`` is a game parameter,
  default 0). After the deal there are no more chance nodes: every later shuffle, draw and roll is
  fixed by the deal, and no player sees it (each sees only its view).
- **Sealed simultaneous decisions are sequential**: the lowest seat owing a decision acts; the
  choices committed before it stay hidden from it (its view shows only who has committed).
- **Actions** are indexes relative to the acting seat (see :class:`boardwright.rl.core.Setting`):
  ``action_to_string(player, action)`` gives the engine's text of what the index means for that
  player; the game's ``action_text(index, seat)`` and ``action_index(text, seat)`` map both ways.
- **Observations**: ``observation_tensor`` and ``information_state_tensor`` are both the seat's
  observation vector (``Game.observer``), built from its view; ``observation_string`` and
  ``information_state_string`` are the seat's view as canonical JSON. The information state is
  therefore what the seat sees now, not the whole sequence of its past observations (the view keeps
  what the rules let a player remember: public history, its own hand, cards it was shown).
- **resample_from_infostate(player, sampler)** is ``determinize(player, seed)``, the seed drawn from
  the sampler: the sample keeps the player's view and resamples everything else.
- **Returns**: 1 for a sole winner, 1/k each for k winners sharing the win, 0 otherwise
  (registered as ``GENERAL_SUM``: the returns of a result add up to 1); the parameter
  ``reward="margin"`` adds the final score difference to the best other seat.
- **Copies and serialization**: ``clone()`` copies the boardwright state with ``State.clone()``;
  a serialized state carries its game record (seed and actions) and is restored by replay. A sample
  from ``resample_from_infostate`` has no record and cannot be serialized.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import boardwright as bw
from boardwright.engine import State
from boardwright.engine.rng import derive_seed

from .core import Setting

#: The number of deals (outcomes of the initial chance node).
DEALS = 1 << 16

#: An upper bound on the decisions of any game (random play's longest game of each is under 10,000).
MAX_GAME_LENGTH = 100_000


def spiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a boardwright game."""
    return "boardwright_" + game_id.replace("-", "_")


def _game_type(game: bw.Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=spiel_name(game.id),
        long_name=f"boardwright {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.default_players, "seed": 0, "reward": "result"},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def _factory(game_id: str) -> type[pyspiel.Game]:
    game = bw.load(game_id)
    game_type = _game_type(game)

    class SpielGame(BoardwrightGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, game_id, params or {})

    SpielGame.__name__ = SpielGame.__qualname__ = f"Spiel_{game_id.replace('-', '_')}"
    return SpielGame


class BoardwrightGame(pyspiel.Game):
    """A boardwright game for one player count, as an OpenSpiel game."""

    def __init__(self, game_type: pyspiel.GameType, game_id: str, params: dict[str, Any]) -> None:
        game = bw.load(game_id)
        players = int(params.get("players", game.default_players))
        reward = str(params.get("reward", "result"))
        self.setting = Setting(game_id, players, None, reward=reward, illegal="raise")
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setting.action_count,
            max_chance_outcomes=DEALS,
            num_players=players,
            min_utility=0.0 if reward == "result" else -1000.0,
            max_utility=1.0 if reward == "result" else 1000.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, {"players": players, "seed": int(params.get("seed", 0)),
                                           "reward": reward})
        self.seed = int(params.get("seed", 0))
        probability = 1.0 / DEALS
        self.deals = [(k, probability) for k in range(DEALS)]

    def new_initial_state(self) -> BoardwrightState:
        return BoardwrightState(self, None)

    def deal(self, outcome: int) -> State:
        """The game dealt by chance outcome ``outcome``."""
        return self.setting.new(derive_seed(self.seed, f"openspiel/deal/{outcome}"))

    def action_text(self, index: int, seat: int) -> str:
        """The engine's text of the action ``index`` means when ``seat`` acts."""
        return str(self.setting.action(index, seat))

    def action_index(self, text: str, seat: int) -> int:
        """The index that means the engine action ``text`` when ``seat`` acts."""
        return self.setting.action_index(text, seat)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return SeatObserver(self.setting)

    def observation_tensor_shape(self) -> list[int]:
        return [self.setting.observation_size]

    def information_state_tensor_shape(self) -> list[int]:
        return [self.setting.observation_size]


class _Held:
    """The boardwright state inside an OpenSpiel state.

    OpenSpiel copies a Python state by deep-copying its attributes and serializes it by pickling
    them; this holder makes the first a ``State.clone()`` and the second the game record (seed and
    actions), restored by replay. A determinized sample has no record and is not serialized.
    """

    __slots__ = ("state",)

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        record = None if self.state is None else json.dumps(self.state.record(), separators=(",", ":"))
        return (_restore, (record,))


def _restore(record: str | None) -> _Held:
    return _Held(None if record is None else bw.replay(json.loads(record)))


class BoardwrightState(pyspiel.State):
    """One game in progress, as an OpenSpiel state (a boardwright State inside)."""

    def __init__(self, game: BoardwrightGame, state: State | None) -> None:
        super().__init__(game)
        self._setting = game.setting
        self._held = _Held(state)

    @property
    def inner(self) -> State | None:
        """The boardwright state (``None`` before the deal)."""
        return self._held.state

    def current_player(self) -> int:
        inner = self.inner
        if inner is None:
            return pyspiel.PlayerId.CHANCE
        if inner.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self._setting.seat_order(inner)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.get_game().deals if self.inner is None else []

    def _legal_actions(self, player: int) -> list[int]:
        if self.inner is None:
            return []
        return sorted(self._setting.legal(self.inner, player))

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            if not 0 <= action < DEALS:
                raise ValueError(f"a deal is a number from 0 to {DEALS - 1}, not {action}")
            self._held.state = self.get_game().deal(action)
            return
        seat = self._setting.seat_order(self.inner)
        self.inner.apply(seat, self._setting.action(action, seat))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self._setting.action(action, player))

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.is_over

    def returns(self) -> list[float]:
        if self.inner is None or not self.inner.is_over:
            return [0.0] * self._setting.players
        return self._setting.results(self.inner)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoardwrightState:
        """A state the player cannot tell from this one: ``determinize(player_id, seed)``."""
        if self.inner is None:
            return self.clone()
        seed = int(probability_sampler() * (1 << 53))
        return BoardwrightState(self.get_game(), self.inner.determinize(player_id, seed))

    def __str__(self) -> str:
        if self.inner is None:
            return "before the deal"
        # the whole state as the engine would replay it: the spectator's view plus every seat's
        return json.dumps([self.inner.view(None)] + [self.inner.view(s) for s in range(self._setting.players)],
                          sort_keys=True, separators=(",", ":"))


class SeatObserver:
    """OpenSpiel's observer: a seat's observation vector and its view as text."""

    def __init__(self, setting: Setting) -> None:
        self._setting = setting
        self.tensor = np.zeros(setting.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BoardwrightState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._setting.observer.encode(state.inner.view(player))

    def string_from(self, state: BoardwrightState, player: int) -> str:
        if state.inner is None:
            return "before the deal"
        return json.dumps(state.inner.view(player), sort_keys=True, separators=(",", ":"))


_REGISTERED: set[str] = set()


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register boardwright's games (all, or ``game_ids``) with pyspiel; returns their names."""
    names = []
    for game_id in game_ids or bw.games():
        name = spiel_name(game_id)
        if name not in _REGISTERED:
            game = bw.load(game_id)
            pyspiel.register_game(_game_type(game), _factory(game_id))
            _REGISTERED.add(name)
        names.append(name)
    return names
