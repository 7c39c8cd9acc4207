"""What one game of the balance lab yields, played on a worker (standard library only).

A lab game is played exactly as :func:`boardwright.sim.runner.play_game` plays it (same seed,
same agents, same decisions), with two small additions read through the game's hooks
(:mod:`boardwright.engine.lab`): after each decision the round and turn keys, to count rounds and
turns and to note who leads as each round ends; and at the end the items each seat took. Events
are told only when the game's hook reads them.

A game still running after :data:`LAB_MAX_DECISIONS` decisions (a stalemate the rules do not end,
or bots that never move it on) is stopped and reported as unfinished, instead of stopping the
whole study: how often that happens is a finding of its own.
"""

from __future__ import annotations

import importlib
import math
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import Item
from ..runner import GameResult, GameTask, agent_seed

#: a lab game still running after this many decisions is stopped and counted as unfinished (the
#: longest games measured take a few thousand decisions, with random agents)
LAB_MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class LabGame(GameResult):
    """How one game went, as the lab's statistics need it (plain picklable values): the batch
    runner's result and more."""

    #: rounds and player turns played (None when the game does not say what they are)
    rounds: int | None
    turns: int | None
    #: the seats with the top score as each round ended (the first round's end first), then at
    #: the end of the game
    leaders: tuple[tuple[int, ...], ...]
    #: per seat, the items of content it took, sorted
    items: tuple[tuple[Item, ...], ...]
    #: wall-clock seconds the game took on its worker (timing only: it varies from run to run)
    seconds: float
    #: False when the game was stopped after ``max_decisions`` without an end (no winners then)
    finished: bool = True
    #: the seats with the lowest score at the same moments as ``leaders`` (who trails)
    trailers: tuple[tuple[int, ...], ...] = ()


def top_seats(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats with the highest score."""
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def bottom_seats(scores: Sequence[float]) -> tuple[int, ...]:
    """The seats with the lowest score."""
    worst = min(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == worst)


def win_share(game: GameResult, seat: int) -> float:
    """The part of a win ``seat`` earned: 1/k if it is one of k winners, else 0."""
    return 1.0 / len(game.winners) if seat in game.winners else 0.0


def standing_at(moments: Sequence[tuple[int, ...]], rounds: int | None,
                fraction: float | None) -> tuple[int, ...] | None:
    """Who stood somewhere (led, or trailed) at a point of a game, from ``moments``: one entry
    as each round ended, then one at the end (``LabGame.leaders`` or ``trailers``). The point is
    ``fraction`` of the game's rounds played (rounded to a round's end, halves up), or as the
    last round began (``None``); None when the game had a single round or no rounds."""
    ends = moments[:-1]
    if rounds is None or not ends:
        return None
    if fraction is None:
        return ends[-1]
    played = len(ends) + 1
    return ends[min(len(ends), max(1, math.floor(fraction * played + 0.5))) - 1]


def play_lab_game(task: GameTask) -> LabGame:
    """Play one game to the end with a fresh agent per seat, and read what the lab needs."""
    from ... import agents, load

    if task.module:
        importlib.import_module(task.module)
    start = time.perf_counter()
    game = load(task.game)
    state = game.new(players=len(task.seats), seed=task.seed, options=dict(task.options),
                     events=game.lab_needs_events)
    players = [agents.make(spec, seed=agent_seed(task.seed, seat)) for seat, spec in enumerate(task.seats)]
    seat_decisions = [0] * len(task.seats)
    decisions = 0
    progress = game.lab_progress
    round_key, turn_key = progress(state)
    rounds = 0 if round_key is None else 1
    turns = 0 if turn_key is None else 1
    knows_rounds = round_key is not None
    knows_turns = turn_key is not None
    leaders: list[tuple[int, ...]] = []
    trailers: list[tuple[int, ...]] = []
    while not state.is_over:
        if decisions >= task.max_decisions:
            break
        seat = state.to_act[0]
        state.apply(seat, players[seat].choose(state, seat))
        seat_decisions[seat] += 1
        decisions += 1
        now_round, now_turn = progress(state)
        if now_round is not None and now_round != round_key:
            if rounds and not state.is_over:
                standing = state.scores()
                leaders.append(top_seats(standing))
                trailers.append(bottom_seats(standing))
            rounds += 1
            knows_rounds = True
        if now_turn is not None and now_turn != turn_key:
            turns += 1
            knows_turns = True
        round_key, turn_key = now_round, now_turn
    scores = tuple(state.scores())
    leaders.append(top_seats(scores))
    trailers.append(bottom_seats(scores))
    finished = state.is_over
    items = tuple(tuple(sorted(mine)) for mine in game.lab_items(state)) if finished else ()
    return LabGame(
        index=task.index, seed=task.seed, seats=task.seats, scores=scores,
        winners=tuple(state.winners()) if finished else (),
        decisions=decisions, seat_decisions=tuple(seat_decisions),
        rounds=rounds if knows_rounds else None, turns=turns if knows_turns else None,
        leaders=tuple(leaders), items=items, seconds=time.perf_counter() - start, finished=finished,
        trailers=tuple(trailers),
    )


def play_lab_chunk(tasks: Sequence[GameTask]) -> list[LabGame] | tuple[GameTask, str]:
    """Play a chunk of lab games on a worker: the games, or the first failing task and why."""
    games = []
    for task in tasks:
        try:
            games.append(play_lab_game(task))
        except Exception as error:
            return task, failure(error)
    return games


def failure(error: BaseException) -> str:
    """A one-line account of an error: its type, message and where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    return f"{type(error).__name__}: {error}{where}"
