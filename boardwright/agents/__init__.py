"""Agents: random, each game's heuristic bot, and search (built by name with parameters).

>>> import boardwright as bw
>>> from boardwright import agents
>>> agents.make("random", seed=1).name
'random'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ..engine import Action, Game, State
from .base import Agent, RandomAgent


class HeuristicAgent(Agent):
    """The game's own heuristic bot (each game names it in ``Game.bot``), for any game.

    ``noise`` (0 to 1, default 0) is the chance of each decision being a legal action drawn
    uniformly from the agent's own stream instead of the bot's choice (the bot is then not asked):
    a weaker player of the same style, for every game. Any other parameter goes to the game's bot.
    """

    name = "heuristic"

    def __init__(self, seed: int | None = None, noise: float = 0.0, **params: Any) -> None:
        super().__init__(seed)
        if isinstance(noise, bool) or not isinstance(noise, (int, float)) or not 0 <= noise <= 1:
            raise ValueError(f"noise is a chance from 0 to 1, not {noise!r}")
        self.noise = float(noise)
        self.params = params
        self._bots: dict[str, Agent] = {}

    def choose(self, state: State, seat: int) -> Action:
        if self.noise and self.rng.random() < self.noise:
            actions = state.legal_actions(seat)
            return actions[self.rng.below(len(actions))]
        return self.bot_for(state.game).choose(state, seat)

    def bot_for(self, game: Game) -> Agent:
        """The game's own bot, built once with this agent's seed and parameters; ``ValueError``
        when the game has none or its bot refuses the parameters."""
        bot = self._bots.get(game.id)
        if bot is None:
            path = getattr(game, "bot", "")
            if not path:
                raise ValueError(f"{game.name} has no heuristic bot")
            module_name, _, class_name = path.partition(":")
            cls = getattr(importlib.import_module(module_name), class_name)
            try:
                bot = cls(seed=self.seed, **self.params)
            except TypeError as error:
                raise ValueError(f"agent 'heuristic': {error}") from None
            self._bots[game.id] = bot
        return bot


#: the bot levels, weakest first, and the agent spec each is unless a game says otherwise
#: (``Game.levels``): a noisy heuristic bot, the heuristic bot, a short search, and a search of
#: about a second. The searches are budgeted in iterations, so a level plays as strongly on a busy
#: machine as on an idle one (and as the calibration measured it); their ``time`` only bounds the
#: wait where a machine is too slow for the iterations (docs/agents.md, "Levels")
LEVELS: dict[str, str] = {
    "easy": "heuristic:noise=0.5",
    "medium": "heuristic",
    "hard": "ismcts:iterations=300,time=0.3",
    "expert": "ismcts:iterations=3000,time=2",
}

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
}


def _ismcts(**params: Any) -> Agent:
    from .ismcts import ISMCTSAgent  # imported on use: the search module is not needed to play
    return ISMCTSAgent(**params)


AGENTS["ismcts"] = _ismcts


def hint(state: State, seat: int, time: float = 1.0, iterations: int | None = None,
         seed: int | None = None, **search: Any) -> dict[str, Any]:
    """The search's best moves for ``seat`` with their win chances, mean scores and simulations,
    and why the best beats the next (see :func:`boardwright.agents.coach.hint`)."""
    from .coach import hint as coach_hint  # imported on use, like the search
    return coach_hint(state, seat, time=time, iterations=iterations, seed=seed, **search)


def review(record_or_state: Mapping[str, Any] | State, seat: int, time: float = 1.0,
           iterations: int | None = None, seed: int | None = None,
           progress: Callable[[int, int], None] | None = None, content: str | None = None,
           **search: Any) -> dict[str, Any]:
    """The review of ``seat``'s play in a finished game: the search's estimate of each chosen move
    against the best, the biggest drops as mistakes with why, and the seat's win chance over the
    game (see :func:`boardwright.agents.game_review.review`)."""
    from .game_review import review as review_game  # imported on use, like the search
    return review_game(record_or_state, seat, time=time, iterations=iterations, seed=seed, progress=progress,
                       content=content, **search)


def register(name: str, factory: Callable[..., Agent]) -> None:
    """Make an agent available by name to ``make`` (and so to ``--seats``)."""
    AGENTS[name] = factory


def names() -> list[str]:
    return sorted(AGENTS)


def _parse_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=5000,c=0.7"`` -> ``("ismcts", {"iterations": 5000, "c": 0.7})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"agent parameters are written name=value, not {pair!r} (in {spec!r})")
        params[key.strip()] = _parse_value(value.strip())
    return name, params


def split_specs(text: str) -> list[str]:
    """A comma-separated list of agent specs, one per seat:
    ``"human,ismcts:iterations=500,c=0.7,random"`` -> ``["human", "ismcts:iterations=500,c=0.7",
    "random"]``; a piece ``name=value`` without a colon continues the previous spec's parameters.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise ValueError(f"an empty seat in {text!r}")
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def make(spec: str, **params: Any) -> Agent:
    """An agent by name (or ``"name:key=value,..."``), e.g. ``make("random", seed=1)``; a level's
    name (``make("hard", seed=1)``) gives a :class:`~.level.LevelAgent`, which plays each game
    as the level resolves there."""
    name, parsed = parse_spec(spec)
    parsed.update(params)
    if name in LEVELS:
        from .level import LevelAgent
        return LevelAgent(name, **parsed)
    factory = AGENTS.get(name)
    if factory is None:
        raise ValueError(f"there is no agent '{name}' (agents: {', '.join(names())}; "
                         f"levels: {', '.join(LEVELS)})")
    try:
        return factory(**parsed)
    except TypeError as error:
        raise ValueError(f"agent '{name}': {error}") from None


def spec_text(name: str, params: Mapping[str, Any]) -> str:
    """The spec of agent ``name`` with ``params``, as :func:`parse_spec` reads it back."""
    def word(value: Any) -> str:
        return ("true" if value else "false") if isinstance(value, bool) else str(value)
    return name + (":" + ",".join(f"{key}={word(value)}" for key, value in params.items()) if params else "")


def resolve(spec: str, game: Game) -> str:
    """The agent spec that plays ``game`` for ``spec``: a level's name becomes the game's spec for
    that level (:func:`levels`), with the parameters written after the name put over the level's
    own (``"hard:iterations=1000"``: the game's hard search, with 1000 iterations a move); any other spec is itself."""
    name, params = parse_spec(spec)
    if name not in LEVELS:
        return spec
    base, own = parse_spec(level_specs(game)[name])
    return spec_text(base, {**own, **params})


def level_specs(game: Game) -> dict[str, str]:
    """Each level's agent spec for ``game``: :data:`LEVELS` with the game's own ``Game.levels``
    put over them."""
    own = getattr(game, "levels", {}) or {}
    return {level: own.get(level, spec) for level, spec in LEVELS.items()}


def levels(game: Game) -> list[dict[str, str]]:
    """The levels, weakest first, as they play ``game``: ``{"name", "spec", "about"}`` (``about``:
    what the level is, in a few words, from the spec it resolves to)."""
    from .level import describe
    return [{"name": level, "spec": spec, "about": describe(spec)} for level, spec in level_specs(game).items()]


def check(spec: str, game: Game) -> Agent:
    """The agent ``spec`` names, built as it would play ``game``: a ``ValueError`` of one line when
    the agent refuses its parameters, when ``heuristic`` names a game without a bot or a bot that
    refuses them, or when a search's rollouts or guidance need a bot the game lacks. The one check
    of a spec for the command line, the batch runner and the server."""
    if parse_spec(spec)[0] in LEVELS:
        check(resolve(spec, game), game)
        return make(spec, seed=0)
    agent = make(spec, seed=0)
    if isinstance(agent, HeuristicAgent):
        agent.bot_for(game)
    elif getattr(agent, "uses_heuristic", False):
        try:
            HeuristicAgent().bot_for(game)
        except ValueError as error:
            raise ValueError(f"{error}, which the search's heuristic rollouts or bias need") from None
    return agent


def within(agent: Agent, seconds: float) -> Agent:
    """``agent``, told to decide every move within ``seconds``: an agent with a clock of its own (a
    ``time`` per decision, which the search checks as it goes) keeps the shorter of its time and
    ``seconds``; one without a clock decides at its own pace, and whoever runs it stops it."""
    limit = getattr(agent, "within", None)  # a level: it tells the agents it builds
    if callable(limit):
        limit(seconds)
    elif hasattr(agent, "time"):
        own = agent.time
        agent.time = seconds if own is None else min(float(own), seconds)
    return agent


__all__ = ["AGENTS", "LEVELS", "Agent", "HeuristicAgent", "RandomAgent", "check", "hint", "level_specs",
           "levels", "make", "names", "parse_spec", "register", "resolve", "review", "spec_text",
           "split_specs", "within"]
