"""The games in OpenSpiel: ``register()`` makes ``pyspiel.load_game("boardwright_<game>", {"players": N})``.

Each game is registered under its id with underscores (``boardwright_gadgeteers``,
``boardwright_game_development``, ``boardwright_makers_of_universe``,
``boardwright_the_game_makers``). Its parameters are ``players`` (default: the game's smallest
count), ``seed`` (default 0; each new initial state draws its game seed from it), ``reward``
(``"result"`` or ``"margin"``) and every option the game declares, with the option's type and
default (``pyspiel.load_game("boardwright_gadgeteers", {"players": 3, "alternate_tokens": True})``).
An option whose default depends on the table (a content file, Makers of Universe's ``target``) has
the empty text or 0 as its parameter default, meaning "the game's default".

- **Chance is the deal, in :data:`DEAL_STAGES` explicit nodes** (``EXPLICIT_STOCHASTIC``): a
  boardwright game draws from its own seeded streams when the rules say, so a game is deterministic
  given its seed. The game starts with :data:`DEAL_STAGES` chance nodes of :data:`DEAL_DIGITS`
  equally likely outcomes each, the digits (most significant first) of the deal number ``k``, one of
  :data:`DEALS`; deal ``k`` starts the game with the seed ``derive_seed(seed, "openspiel/deal/k")``.
  Small nodes keep sampling cheap (OpenSpiel's samplers list every outcome of a node each time).
  After the deal there are no more chance nodes: every later shuffle, draw and roll is fixed by the
  deal, and no player sees it (each sees only its view).
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
- **Returns**: 1 for a sole winner, 1/k each for k winners sharing the win, 0 otherwise: a game of
  two or more seats always has a winner, so it is ``CONSTANT_SUM`` with utility sum 1 (a solo game,
  which can be lost, and ``reward="margin"``, which adds the final score difference to the best
  other seat divided by the game's margin scale and clipped to [-1, 1], are ``GENERAL_SUM``, with
  utilities from -1 to 2).
- **Game length**: ``max_game_length`` is the game's bound on decisions (:mod:`.lengths`).
- **Copies and serialization**: ``clone()`` copies the boardwright state with ``State.clone()``;
  a serialized state carries its game record (seed and actions) and is restored by replay. A sample
  from ``resample_from_infostate`` has no record and cannot be serialized.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import boardwright as bw
from boardwright.engine import Option, State
from boardwright.engine.errors import shown
from boardwright.engine.rng import derive_seed

from .core import MARGIN_BOUND, Setting
from .lengths import max_decisions

#: The outcomes of each chance node of the deal (the deal number's digits in this base).
DEAL_DIGITS = 1 << 8
#: The chance nodes of the deal.
DEAL_STAGES = 2
#: The number of deals.
DEALS = DEAL_DIGITS ** DEAL_STAGES

#: The adapter's own parameters (the game's options come after them).
BASE_PARAMETERS = ("players", "seed", "reward")


def spiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a boardwright game."""
    return "boardwright_" + game_id.replace("-", "_")


def deal_digits(deal: int) -> list[int]:
    """The chance outcomes, one per node of the deal, that make deal number ``deal``."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < DEALS:
        raise ValueError(f"a deal is a number from 0 to {DEALS - 1}, not {shown(deal)}")
    return [deal // DEAL_DIGITS ** (DEAL_STAGES - 1 - i) % DEAL_DIGITS for i in range(DEAL_STAGES)]


def _parameter_default(option: Option) -> bool | int | float | str:
    """An option's default as an OpenSpiel parameter, which must have a value of the option's type:
    an option with no fixed default ("the game decides") takes that type's empty value."""
    if option.default is not None:
        return option.default
    empty: dict[type, bool | int | float | str] = {bool: False, int: 0, float: 0.0, str: ""}
    return empty[option.type]


def parameter_specification(game: bw.Game) -> dict[str, Any]:
    """The game's OpenSpiel parameters and their defaults: the adapter's, then every option's."""
    spec: dict[str, Any] = {"players": game.default_players, "seed": 0, "reward": "result"}
    spec.update((option.name, _parameter_default(option)) for option in game.options)
    return spec


def game_options(game: bw.Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The boardwright options named by OpenSpiel parameters (an empty value of an option with no
    fixed default stands for that default)."""
    options = {}
    for option in game.options:
        if option.name in params:
            value = params[option.name]
            if option.default is None and value == _parameter_default(option):
                continue
            options[option.name] = value
    return options


def _game_type(game: bw.Game, utility: pyspiel.GameType.Utility = pyspiel.GameType.Utility.CONSTANT_SUM
               ) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=spiel_name(game.id),
        long_name=f"boardwright {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def _factory(game_id: str) -> type[pyspiel.Game]:
    class SpielGame(BoardwrightGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_id, params or {})

    SpielGame.__name__ = SpielGame.__qualname__ = f"Spiel_{game_id.replace('-', '_')}"
    return SpielGame


class BoardwrightGame(pyspiel.Game):
    """A boardwright game for one player count and set of options, as an OpenSpiel game."""

    def __init__(self, game_id: str, params: Mapping[str, Any]) -> None:
        game = bw.load(game_id)
        unknown = sorted(set(params) - set(parameter_specification(game)))
        if unknown:
            raise ValueError(f"{spiel_name(game_id)} has no parameter {unknown[0]!r}; it takes "
                             f"{', '.join(parameter_specification(game))}")
        players = params.get("players", game.default_players)
        reward = params.get("reward", "result")
        self.setting = Setting(game_id, players, game_options(game, params), reward=reward, illegal="raise")
        constant = reward == "result" and self.setting.players > 1  # a solo game can be lost
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setting.action_count,
            max_chance_outcomes=DEAL_DIGITS,
            num_players=self.setting.players,
            min_utility=0.0 if reward == "result" else -MARGIN_BOUND,
            max_utility=1.0 if reward == "result" else 1.0 + MARGIN_BOUND,
            utility_sum=1.0 if constant else None,
            max_game_length=max_decisions(game_id, self.setting.players, self.setting.options),
        )
        utility = pyspiel.GameType.Utility.CONSTANT_SUM if constant else pyspiel.GameType.Utility.GENERAL_SUM
        self.seed = params.get("seed", 0)
        chosen = {**parameter_specification(game), **params, "players": self.setting.players}
        super().__init__(_game_type(game, utility), info, chosen)
        self.digits = [(d, 1.0 / DEAL_DIGITS) for d in range(DEAL_DIGITS)]

    def new_initial_state(self) -> BoardwrightState:
        return BoardwrightState(self, None)

    def deal(self, deal: int) -> State:
        """The game dealt as deal number ``deal``."""
        return self.setting.new(derive_seed(self.seed, f"openspiel/deal/{deal}"))

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
        self._deal = 0  # the deal number's digits drawn so far
        self._stages = 0  # how many of the deal's chance nodes are behind

    def apply_deal(self, deal: int) -> None:
        """Apply every chance node of the deal, as deal number ``deal`` (to a new initial state)."""
        if self.inner is not None or self._stages:
            raise ValueError("the deal is already under way")
        for digit in deal_digits(deal):
            self.apply_action(digit)

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
        return self.get_game().digits if self.inner is None else []

    def _legal_actions(self, player: int) -> list[int]:
        if self.inner is None:
            return []
        return sorted(self._setting.legal(self.inner, player))

    def _apply_action(self, action: int) -> None:
        if self.inner is None:
            if not 0 <= action < DEAL_DIGITS:
                raise ValueError(f"a chance outcome of the deal is a number from 0 to {DEAL_DIGITS - 1}, not {action}")
            self._deal = self._deal * DEAL_DIGITS + action
            self._stages += 1
            if self._stages == DEAL_STAGES:
                self._held.state = self.get_game().deal(self._deal)
            return
        seat = self._setting.seat_order(self.inner)
        self.inner.apply(seat, self._setting.action(action, seat))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal digit {action}"
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
            self._setting.observe_into(state.inner, player, self.tensor)

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
