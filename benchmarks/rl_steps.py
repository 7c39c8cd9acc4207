"""Environment steps per second through each research interface, against the bare state API.

    python benchmarks/rl_steps.py                      # every game, at its smallest multi-player count
    python benchmarks/rl_steps.py --game gadgeteers --seconds 3
    python benchmarks/rl_steps.py --game game-development --game backgammon

One step is one decision by a uniformly random legal action, the way a learner's environment loop
runs. Measured, each for about ``--seconds`` of this process's CPU time:

- ``bare``: ``legal_actions`` + ``apply`` on ``game.new(..., events=False)`` (the forward model);
- ``bare+obs``: the same, plus the acting seat's observation vector each step, as the adapters make
  it (``Setting.observation``: the game's fast path written from the state);
- ``bare+view``: the same, the vector encoded from ``view(seat)`` (``Observer.encode``, the reference
  the fast path is checked against);
- ``pettingzoo``: ``env.last()`` (observation and mask of the agent to act) + ``env.step``;
- ``gymnasium``: ``env.step`` of the learning seat, random opponents in the other seats; the rate
  counts every decision of the game (learner's and opponents') to compare with the others;
- ``gym learner``: the same loop, counting only the learner's ``env.step`` calls (each observed);
- ``gym no obs``: that loop with the observation made free (the env hands back one zero vector):
  the ceiling of ``gym learner`` that a faster encoder could reach, the rest being the rules, the
  opponents' turns and the env's own work;
- ``openspiel``: ``legal_actions`` + ``apply_action`` on the pyspiel state;
- ``openspiel+obs``: the same plus ``observation_tensor`` of the player to act.

Chance nodes in the OpenSpiel rows (a boardwright game's two deal nodes) are sampled from
``chance_outcomes()`` and not counted as steps. OpenSpiel's own C++ games (``backgammon``,
``bridge`` played out to the last trick, ``gin_rummy``, ``leduc_poker``, ``kuhn_poker``; any game
``pyspiel.load_game`` knows may be given to ``--game``, with its parameters) get the ``openspiel``
and ``openspiel+obs`` rows through the very same loop, to compare with ours in one run on one
machine.

The overhead column is each rate against ``bare``. After the steps, ``reset``: the CPU milliseconds
of one ``rl_environment.Environment(game).reset()`` (sampling the chance nodes and observing every
seat), per game.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings

import numpy as np

import boardwright as bw
from boardwright.engine import Stream

PLAYERS = {"gadgeteers": 2, "game-development": 2, "makers-of-universe": 3, "the-game-makers": 2}
#: OpenSpiel's own games (C++), stepped through the same loop as ours
#: (bridge without its double-dummy result: the cards are played out, as our games are, instead of one
#: double-dummy solve of ~0.2 s ending each auction)
SPIEL_GAMES = ("backgammon", "bridge(use_double_dummy_result=false)", "gin_rummy", "leduc_poker", "kuhn_poker")
SHORT = {"bridge(use_double_dummy_result=false)": "bridge, played out"}


def _timed(seconds: float, run_one) -> float:
    """Steps per CPU second of ``run_one(seed) -> steps``, played until ``seconds`` have passed."""
    steps = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += run_one(seed)
        seed += 1
    return steps / (time.process_time() - start)


def bare(game_id: str, players: int, observe: str):
    from boardwright.rl.core import Setting

    game = bw.load(game_id)
    observer = game.observer(players)
    setting = Setting(game_id, players, None)
    rng = Stream(1)

    def one(seed: int) -> int:
        state = game.new(players=players, seed=seed, events=False)
        steps = 0
        while not state.is_over:
            seat = min(state.to_act)
            if observe == "fast":
                setting.observation(state, seat)
            elif observe == "view":
                np.asarray(observer.encode(state.view(seat)), dtype=np.float32)
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.below(len(actions))])
            steps += 1
        return steps
    return one


def pettingzoo(game_id: str, players: int):
    import boardwright.rl

    env = boardwright.rl.pettingzoo_env(game_id, players=players, seed=1)
    rng = np.random.default_rng(1)

    def one(seed: int) -> int:
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        return steps
    return one


def gymnasium(game_id: str, players: int, learner: bool = False, observe: bool = True):
    import boardwright.rl

    env = boardwright.rl.gymnasium_env(game_id, players=players, opponents="random")
    if not observe:  # the ceiling: every observation is the same zero vector, made once
        zeros = np.zeros(env.setting.observation_size, np.float32)
        env.setting.observation = lambda _state, _seat: zeros
    rng = np.random.default_rng(1)

    def one(seed: int) -> int:
        observation, _ = env.reset(seed=seed)
        steps = 0
        while True:
            observation, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
            if terminated or truncated:
                return steps if learner else len(env.state.log)
    return one


def spiel_game(game_id: str):
    """The pyspiel game: a boardwright game through the adapter, or one of OpenSpiel's own by name."""
    import pyspiel

    if game_id not in PLAYERS:
        return pyspiel.load_game(game_id)
    from boardwright.rl import openspiel as adapter

    adapter.register([game_id])
    return pyspiel.load_game(adapter.spiel_name(game_id), {"players": PLAYERS[game_id]})


def sample(outcomes: list[tuple[int, float]], draw: float) -> int:
    """The chance outcome that a uniform ``draw`` in [0, 1) falls on."""
    for outcome, probability in outcomes:
        draw -= probability
        if draw < 0:
            return outcome
    return outcomes[-1][0]


def openspiel(game_id: str, observe: bool):
    game = spiel_game(game_id)
    rng = random.Random(1)

    def one(_seed: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng.random()))
                continue
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps
    return one


def reset_ms(game_id: str, seconds: float) -> float:
    """CPU milliseconds of one ``rl_environment.Environment(game).reset()``."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(spiel_game(game_id))
    env.seed(1)
    resets = 0
    start = time.process_time()
    while time.process_time() - start < seconds or resets < 3:
        env.reset()
        resets += 1
    return (time.process_time() - start) / resets * 1000


def label(game_id: str) -> str:
    """How a game is named in the table: ours with the player count, OpenSpiel's as loaded."""
    return f"{game_id} {PLAYERS[game_id]}p" if game_id in PLAYERS else f"{SHORT.get(game_id, game_id)} (OpenSpiel)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append",
                        help=f"a boardwright game ({', '.join(sorted(PLAYERS))}) or an OpenSpiel game name "
                             f"(default: ours and {', '.join(SPIEL_GAMES)})")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    args = parser.parse_args(argv)
    games = args.game or [*sorted(PLAYERS), *SPIEL_GAMES]
    if any(g not in PLAYERS for g in games):
        import pyspiel

        known = set(pyspiel.registered_names())
        for game_id in games:
            if game_id not in PLAYERS and game_id.split("(")[0] not in known:
                parser.error(f"--game: {game_id!r} is neither a boardwright game nor an OpenSpiel game")
    warnings.simplefilter("ignore")
    width = max(len(label(g)) for g in games)
    print(f"{'game':<{width}} {'interface':<14} {'steps/s':>10} {'vs bare':>8}")
    for game_id in games:
        if game_id in PLAYERS:
            players = PLAYERS[game_id]
            runs = {
                "bare": bare(game_id, players, ""),
                "bare+obs": bare(game_id, players, "fast"),
                "bare+view": bare(game_id, players, "view"),
                "pettingzoo": pettingzoo(game_id, players),
                "gymnasium": gymnasium(game_id, players),
                "gym learner": gymnasium(game_id, players, learner=True),
                "gym no obs": gymnasium(game_id, players, learner=True, observe=False),
            }
        else:
            runs = {}
        runs["openspiel"] = openspiel(game_id, False)
        runs["openspiel+obs"] = openspiel(game_id, True)
        base = None
        for name, run_one in runs.items():
            rate = _timed(args.seconds, run_one)
            if name == "bare":
                base = rate
            versus = f"{rate / base:>7.0%}" if base else f"{'-':>7}"
            print(f"{label(game_id):<{width}} {name:<14} {rate:>10,.0f} {versus}", flush=True)
    print(f"\n{'game':<{width}} {'rl_environment reset':>22}")
    for game_id in games:
        print(f"{label(game_id):<{width}} {reset_ms(game_id, min(args.seconds, 1.0)):>19.3f} ms", flush=True)


if __name__ == "__main__":
    main()
