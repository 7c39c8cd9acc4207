"""The rl examples that use other libraries' learners run with the rl extra alone.

- MaskablePPO (examples/maskable_ppo.py): a policy trained in seat 0 only beats the random bot
  clearly in both seats, because the observation and the action indexes are relative to the acting
  seat. Read with seat 0's indexes (as before seat-relative actions), the same policy loses in
  seat 1: the check below is the one that fails then.
- OpenSpiel's PyTorch DQN (examples/openspiel_dqn.py) trains and plays both seats (it needs dm-tree).

torch, sb3-contrib and dm-tree come with the rl extra (and so the test extra); without them the
tests skip, except under BOARDWRIGHT_CI=1, where they fail.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from services import missing

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
#: learner decisions of training (a multiple of MaskablePPO's 2,048 steps per update): about 25 s of CPU
STEPS = 10 * 2048
EVAL_GAMES = 200


def example(name: str = "maskable_ppo", needs: tuple[str, ...] = ("torch", "sb3_contrib", "gymnasium")):
    for module in needs:
        if importlib.util.find_spec(module) is None:
            missing(f"{module} is not installed (pip install 'boardwright[rl]')")
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def clearly_beats_random(result) -> bool:
    """The lower end of the 95% interval of the win rate is above an even game."""
    return result.low > 0.5


@pytest.mark.slow
def test_a_policy_trained_in_seat_0_beats_random_in_both_seats():
    ppo = example()
    model = ppo.train(minutes=10, seed=0, train_seat="0", steps=STEPS, out=lambda _: None)
    assert model.num_timesteps == STEPS
    seats = [ppo.evaluate(model, seat, EVAL_GAMES) for seat in (0, 1)]
    for result in seats:
        assert result.games == EVAL_GAMES
        assert clearly_beats_random(result), f"seat {result.seat}: {result}"
    # the same policy with seat 0's indexes in seat 1 (the adapter before seat-relative actions)
    absolute = ppo.evaluate(model, 1, EVAL_GAMES, absolute=True)
    assert not clearly_beats_random(absolute), absolute
    assert absolute.high < seats[1].low, (absolute, seats[1])


def test_the_script_trains_a_little_and_prints_each_seat(capsys):
    ppo = example()
    results = ppo.main(["--steps", "64", "--eval-games", "2", "--train-seat", "both"])
    printed = capsys.readouterr().out
    assert "trained in seat both: 2048 steps" in printed  # one rollout of MaskablePPO, the smallest
    assert [r.seat for r in results] == [0, 1]
    for seat in (0, 1):
        assert f"seat {seat}: win rate " in printed


def test_openspiel_dqn_trains_and_plays_both_seats(capsys):
    dqn = example("openspiel_dqn", needs=("torch", "tree", "pyspiel"))
    results = dqn.main(["--episodes", "3", "--eval-games", "2"])
    printed = capsys.readouterr().out
    assert "trained in seat 0: 3 episodes" in printed
    assert [seat for seat, *_ in results] == [0, 1]
    assert all(0 <= low <= rate <= high <= 1 for _, rate, low, high in results)
