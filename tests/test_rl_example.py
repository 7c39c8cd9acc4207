"""The learning example runs: a few seconds of training print learning-curve lines, write the plot
and the weights, and the same seed trains the same policy."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is part of the test extra")
pytest.importorskip("matplotlib", reason="the lab extra is part of the test extra")
import numpy as np

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "learn_game_development.py"
LINE = re.compile(r"episodes +\d+  steps +\d+ +\d+ steps/s  wall +[\d.]+s  win rate [01]\.\d{3} "
                  r"\[[01]\.\d{3}, [01]\.\d{3}\]  sampled in training (?:nan|[01]\.\d{3})")


def example():
    spec = importlib.util.spec_from_file_location("learn_game_development", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


def test_a_tiny_budget_prints_a_curve_and_writes_the_plot_and_weights(tmp_path, capsys):
    plot, weights = tmp_path / "curve.png", tmp_path / "weights.npz"
    curve = example().main(["--minutes", "0.05", "--eval-games", "4", "--batch", "8",
                            "--plot", str(plot), "--save", str(weights)])
    printed = capsys.readouterr().out
    assert len(LINE.findall(printed)) == len(curve) >= 2, printed  # the start and at least one more
    assert curve[-1]["episodes"] > 0 and curve[-1]["steps"] > 0
    assert re.search(r"final win rate [01]\.\d{3} \[.*\] after \d+ episodes .*goal of 60% .* (not )?reached", printed)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with np.load(weights) as saved:
        assert saved["W"].shape == (222, 578) and np.abs(saved["W"]).sum() > 0  # trained, not the zero start
        assert saved["u"].shape == (578,)


def test_one_seed_trains_one_policy():
    module = example()
    runs = [module.train(minutes=10, seed=s, eval_games=2, batch=4, max_episodes=8, out=lambda _: None)
            for s in (3, 3, 4)]
    (a, curve_a), (b, curve_b), (c, _) = runs
    assert np.array_equal(a.W, b.W) and np.array_equal(a.u, b.u)
    assert [p["steps"] for p in curve_a] == [p["steps"] for p in curve_b]
    assert not np.array_equal(a.W, c.W)
