"""The public protocol: what clients send, what each seat is sent, and the limits on both.

Every object a seat receives is built here, by :func:`seat_message`, from what the engine lets
that seat see — ``view(seat)``, ``legal_actions(seat)``, ``events(seat)`` and the public score
breakdown — so there is one redaction path from the game to the network. The seed, the record and
other seats' tokens are never part of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import boardwright as bw
from boardwright import agents
from boardwright.agents.ismcts import ISMCTSAgent
from boardwright.agents.level import LevelAgent
from boardwright.engine import Game, names
from boardwright.engine.names import MAX_NAME as MAX_NAME  # re-exported: the protocol's bound on a name
from boardwright.engine.options import Option
from boardwright.engine.state import MAX_ACTION_TEXT, State

#: the largest request body (and WebSocket message) the server reads
MAX_BODY = 64 * 1024
#: the most options a table may set, and the longest agent spec
MAX_OPTIONS = 32
MAX_SPEC = 100
#: a bot's longest think per move (seconds): the most a seat kind's ``time`` may ask
MAX_BOT_TIME = 10.0
#: what one search iteration costs at its dearest, in CPU milliseconds, per rollout policy: a fixed
#: part, a part per rollout decision (``depth``) and a whole rollout to the end (``depth=0``, or a
#: depth beyond it). The dearest game and player count, at the opening, on one core of the machine
#: the server was measured on (benchmarks/search_cost.py): a search given ``iterations`` and no
#: ``time`` must fit them in :data:`MAX_BOT_TIME` at these costs
ITERATION_COST_MS = {"random": (0.3, 0.015, 30.0), "heuristic": (0.5, 0.35, 280.0)}
#: the turn timer's range (seconds), when a table sets one
TIMER_RANGE = (10, 7 * 24 * 3600)
#: the options a client may never set: they name files on the server's machine
SERVER_ONLY_OPTIONS = frozenset({"content"})
HUMAN = "human"
#: the bots that cost little per move; any other bot searches, and counts against --search-seats
LIGHT_BOTS = frozenset({"random", "heuristic"})


class BadRequest(Exception):
    """A request the server refuses: ``status`` is the HTTP status, the message one line, and
    ``retry_after`` (for a 429 or 503) the seconds after which the client may try again."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


def parse_json(body: bytes) -> dict[str, Any]:
    """The JSON object of a request body, or :class:`BadRequest` saying what is wrong with it."""
    if len(body) > MAX_BODY:
        raise BadRequest(413, f"a request body is at most {MAX_BODY} bytes, not {len(body)}")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise BadRequest(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadRequest(400, "the request body must be a JSON object")
    return data


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...], what: str,
           default: Any = ...) -> Any:
    if name not in data:
        if default is ...:
            raise BadRequest(422, f"the field '{name}' is missing ({what})")
        return default
    value = data[name]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise BadRequest(422, f"the field '{name}' must be {what}")
    return value


def search_cost(rollout: str, depth: int, bias: float) -> float:
    """The most one search iteration costs (CPU seconds) with these rollouts and guidance
    (:data:`ITERATION_COST_MS`; guidance asks the heuristic bot once per iteration)."""
    fixed, step, whole = ITERATION_COST_MS[rollout]
    cost = whole if depth == 0 else min(whole, fixed + step * depth)
    if bias:
        cost += ITERATION_COST_MS["heuristic"][1]
    return cost / 1000


def most_iterations(rollout: str, depth: int, bias: float) -> int:
    """The most iterations a search without a ``time`` may ask: what fits in :data:`MAX_BOT_TIME`."""
    return max(1, int(MAX_BOT_TIME / search_cost(rollout, depth, bias)))


def check_spec(spec: str, game: Game) -> str:
    """A seat's kind at a table of ``game``: ``"human"``, or an agent spec that the agent and the
    game's own bot accept (:func:`boardwright.agents.check`) and that the server can run within
    its limits: a ``time`` of at most :data:`MAX_BOT_TIME`, and a search without one whose
    ``iterations`` fit in that time (:func:`most_iterations`). A level (``"hard"``) is checked as
    the spec it plays ``game`` with (:func:`boardwright.agents.resolve`), and kept by its name."""
    if spec == HUMAN:
        return spec
    if len(spec) > MAX_SPEC:
        raise BadRequest(422, f"a seat's kind is at most {MAX_SPEC} characters")
    try:
        agent = agents.check(spec, game)
        played = agents.resolve(spec, game)
    except ValueError as error:
        raise BadRequest(422, f"seat kind {spec[:40]!r}: {' '.join(str(error).split())}") from None
    if isinstance(agent, LevelAgent):
        agent = agent.agent_for(game)
    params = agents.parse_spec(played)[1]
    think = params.get("time")
    if think is not None and not (isinstance(think, (int, float)) and 0 < think <= MAX_BOT_TIME):
        raise BadRequest(422, f"seat kind {spec!r}: a bot thinks at most {MAX_BOT_TIME:g} s per move")
    if isinstance(agent, ISMCTSAgent) and think is None:
        most = most_iterations(agent.rollout, agent.depth, agent.bias)
        rollouts = f"{agent.rollout} rollouts " + (f"of depth {agent.depth}" if agent.depth else "to the end")
        if "iterations" not in params:
            raise BadRequest(422, f"seat kind {spec!r}: give a search 'time' (at most {MAX_BOT_TIME:g} s) or "
                                  f"'iterations' (at most {most} with {rollouts})")
        if agent.iterations is not None and agent.iterations > most:
            raise BadRequest(422, f"seat kind {spec!r}: at most {most} iterations with {rollouts} fit in "
                                  f"{MAX_BOT_TIME:g} s a move; ask fewer, or give a 'time'")
    return spec


def is_search_bot(spec: str) -> bool:
    """Whether a seat kind is a bot other than the light ones (a search, or an agent of a plugin);
    a level is one when it searches in any game (``hard`` and ``expert``)."""
    if spec == HUMAN:
        return False
    try:
        if agents.parse_spec(spec)[0] in agents.LEVELS:
            return any(agents.parse_spec(agents.resolve(spec, bw.load(game_id)))[0] not in LIGHT_BOTS
                       for game_id in bw.games())
        return agents.parse_spec(spec)[0] not in LIGHT_BOTS
    except ValueError:
        return True


def parse_create(data: Mapping[str, Any], shortest_timer: int = TIMER_RANGE[0]) -> dict[str, Any]:
    """``{game, players, seats, options, timer?}`` checked: game known, seats one per player
    (:func:`seat_entry`: a kind, and a person's name where given),
    options the game's own (no file paths), timer in range (from ``shortest_timer``: the
    server's ``--shortest-timer``, else the start of :data:`TIMER_RANGE`)."""
    game_id = _field(data, "game", str, "a game id (GET /api/games lists them)")
    if game_id not in bw.games():
        raise BadRequest(422, f"there is no game {game_id[:40]!r} (games: {', '.join(bw.games())})")
    game = bw.load(game_id)
    players = _field(data, "players", int, "a whole number of players", game.default_players)
    if not game.min_players <= players <= game.max_players:
        raise BadRequest(422, f"{game.name} plays {game.player_range()} players, not {players}")
    entries = _field(data, "seats", list, "a list of seat kinds, one per player", [HUMAN] * players)
    if len(entries) != players:
        raise BadRequest(422, f"the field 'seats' must list {players} seat kinds (\"human\" or a bot such as "
                              f"\"heuristic\")")
    checked = [seat_entry(entry, game, players) for entry in entries]
    kinds, seat_names = [kind for kind, _ in checked], [name for _, name in checked]
    options = _field(data, "options", dict, "an object of option names and values", {})
    if len(options) > MAX_OPTIONS:
        raise BadRequest(422, f"at most {MAX_OPTIONS} options")
    forbidden = SERVER_ONLY_OPTIONS.intersection(options)
    if forbidden:
        raise BadRequest(422, f"the option '{min(forbidden)}' names a file on the server; a table cannot set it")
    try:
        state = game.new(players, seed=0, options=options, events=False)  # checks every option
    except (ValueError, bw.BoardwrightError) as error:
        raise BadRequest(422, " ".join(str(error).split())) from None
    for option in game.options:
        value, most = state.options.get(option.name), option.server_maximum
        if most is not None and value is not None and value > most:
            raise BadRequest(422, f"{game.id} option '{option.name}' is at most {most:g} on a game server, "
                                  f"not {value} (a longer game is not needed to play)")
    timer = _field(data, "timer", (int, type(None)), "a number of seconds per turn, or null", None)
    if timer is not None and not shortest_timer <= timer <= TIMER_RANGE[1]:
        raise BadRequest(422, f"the turn timer is {shortest_timer} to {TIMER_RANGE[1]} seconds, not {timer}")
    return {"game": game_id, "players": players, "seats": kinds, "names": seat_names,
            "options": dict(options), "timer": timer}


def seat_entry(entry: Any, game: Game, players: int) -> tuple[str, str | None]:
    """One seat of ``POST /api/tables``: its kind (a string: ``"human"`` or a bot spec) or
    ``{"kind": ..., "name": ...}`` (a person's seat with its display name, :func:`check_name`),
    as ``(kind, name or None)``. A bot's seat has no name: the table shows its badge."""
    if isinstance(entry, str):
        return check_spec(entry, game), None
    if not isinstance(entry, dict) or not isinstance(entry.get("kind", HUMAN), str) or set(entry) - {"kind", "name"}:
        raise BadRequest(422, f"each of the {players} seats is a seat kind (\"human\" or a bot such as "
                              f"\"heuristic\") or {{\"kind\": \"human\", \"name\": \"Ada\"}}")
    kind = check_spec(entry.get("kind", HUMAN), game)
    name = entry.get("name")
    if name is not None and kind != HUMAN:
        raise BadRequest(422, "a bot's seat takes no name (the table shows the bot's badge)")
    return kind, None if name is None else check_name(name, "name")


def check_name(value: Any, field: str = "name") -> str:
    """A person's display name, checked by :func:`boardwright.engine.names.check_name`;
    :class:`BadRequest` (422) saying what is wrong otherwise."""
    try:
        return names.check_name(value, field)
    except ValueError as error:
        raise BadRequest(422, str(error)) from None


def is_reserved_name(name: str) -> bool:
    """Whether ``name`` (a display name or a username) is what the table shows for a seat or a bot
    (:func:`boardwright.engine.names.is_reserved`)."""
    return names.is_reserved(name)


@dataclass(frozen=True)
class Move:
    """A checked ``POST .../actions`` or ``.../undo`` body: the seat's token (``None``: the
    signed-in person's seat), the action's text (``None`` for an undo), the version it was chosen
    at, and how many of the seat's events the client has already (the answer's events start there)."""
    token: str | None
    action: str | None
    version: int
    since: int


def parse_move(data: Mapping[str, Any], needs_action: bool = True) -> Move:
    """``{token?, action, version, since?}`` (``action`` only for a move) checked for shape."""
    # no token (or null): the signed-in person's seat
    token = None if data.get("token") is None else _field(data, "token", str, "the seat's token")
    action = _field(data, "action", str, "an action's text") if needs_action else None
    if action is not None and len(action) > MAX_ACTION_TEXT:
        raise BadRequest(422, f"an action's text is at most {MAX_ACTION_TEXT} characters")
    version = _field(data, "version", int, "the version the move was chosen at (a whole number)")
    if not 0 <= version < 1 << 31:
        raise BadRequest(422, "the field 'version' is out of range")
    since = _field(data, "since", int, "the number of the seat's events the client has (0 or more)", 0)
    if not 0 <= since < 1 << 31:
        raise BadRequest(422, "the field 'since' is out of range")
    return Move(token, action, version, since)


#: every answer and push is written with this one encoder (``json.dumps`` with options builds one per call)
_ENCODER = json.JSONEncoder(separators=(",", ":"))


def to_json(value: Any) -> str:
    """The compact JSON text of a message or a part of one."""
    return _ENCODER.encode(value)


def seat_parts(state: State, seat: int | None, undo: bool | Literal["test"] | None = "test") -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may know of the game now, but its events: its own
    parts (:func:`own_parts`) and the table's public ones (:func:`public_parts`)."""
    return {**own_parts(state, seat, undo), **public_parts(state)}


def own_parts(state: State, seat: int | None, undo: bool | Literal["test"] | None = "test") -> dict[str, Any]:
    """What only ``seat`` is told of the game now: its view, its legal actions (their menu, the
    game's advice on them, and the one that declines an optional reaction: ``pass_action``, which a
    page may take for a player who asked it to), and whether it may take back its last action: the engine's answer
    (``undo`` ``"test"``) or the answer given (a server has its workers test it; ``None`` while it
    is not known; a replay gives no). Built only from the seat's own redacted reads."""
    legal = [str(action) for action in state.legal_actions(seat)] if seat is not None else []
    passing = state.pass_action(seat) if seat is not None and legal else None
    return {
        "view": state.view(seat),
        "legal_actions": legal,
        "menu": state.action_groups(seat) if seat is not None and legal else [],
        "advice": state.advice(seat) if seat is not None and legal else None,
        "pass_action": None if passing is None else str(passing),
        "can_undo": (seat is not None and state.can_undo(seat)) if undo == "test" else undo,
    }


def public_parts(state: State) -> dict[str, Any]:
    """What every seat and spectator is told of the game now: whose turn it is, the scores and
    their public breakdown, and the end."""
    return {
        "to_act": list(state.to_act),
        "scores": state.scores(),
        "breakdown": state.score_breakdown(),
        "is_over": state.is_over,
        "winners": state.winners(),
    }


def seat_message(state: State, table: str, version: int, seat: int | None, since: int = 0,
                 extra: Mapping[str, Any] | None = None,
                 undo: bool | Literal["test"] | None = "test") -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may know now, as the protocol sends it:
    :func:`seat_parts` and the seat's events from ``since``, with ``extra`` (who sits where, the
    clock) added."""
    message: dict[str, Any] = {"game": state.game.id, "table": table, "version": version, "seat": seat,
                               **seat_parts(state, seat, undo), "events": state.events(seat, since)}
    if extra:
        message.update(extra)
    return message


def option_entry(option: Option) -> dict[str, Any]:
    """An option as ``GET /api/games`` lists it: name, doc, default, type, and the values a table
    may set (its choices, or its range as a server takes it)."""
    entry: dict[str, Any] = {"name": option.name, "doc": option.doc, "default": option.default,
                             "type": option.type.__name__}
    if option.choices is not None:
        entry["choices"] = list(option.choices)
    if option.minimum is not None:
        entry["minimum"] = option.minimum
    highest = [bound for bound in (option.maximum, option.server_maximum) if bound is not None]
    if highest:
        entry["maximum"] = min(highest)
    return entry


def games_list() -> list[dict[str, Any]]:
    """Every game with its player counts, options, catalog, whether it has reaction windows
    (a seat may be asked to react or pass), and its bot levels, weakest first, each ``{"name",
    "about"}`` (``GET /api/games``)."""
    listed = []
    for game_id in bw.games():
        game = bw.load(game_id)
        listed.append({
            "id": game.id, "name": game.name, "min_players": game.min_players, "max_players": game.max_players,
            "options": [option_entry(option) for option in game.options if option.name not in SERVER_ONLY_OPTIONS],
            "catalog": game.catalog(),
            "reactions": game.has_reaction_windows(),
            "levels": [{"name": level["name"], "about": level["about"]} for level in agents.levels(game)],
        })
    return listed
