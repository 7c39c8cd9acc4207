"""Learn Game Development from the game's result alone, with NumPy: a policy gradient against the random bot.

The learner plays one seat of a 2-player game through ``boardwright.rl.gymnasium_env``; the random
bot plays the other. Episodes alternate between seat 0 and seat 1, so one policy learns both.

Method (REINFORCE with a learned baseline, an actor-critic without bootstrapping):

- **Features** ``x``: the seat's observation vector (576 numbers from its own view), a constant 1
  and which seat the learner holds (the observation and the action indexes count seats from the
  learner; the seat says whether it moves first).
- **Policy**: a softmax over the legal actions only. Action ``a`` scores ``W[a] @ x``, one row of
  weights per action, so every action has its own bias and its own reading of the state; the
  illegal actions get no probability at all (the mask removes them before the softmax).
- **Baseline**: a linear estimate ``v = u @ x`` of the chance to win from here.
- **Update**: after a batch of episodes, every decision's log-probability is pushed up in
  proportion to its advantage ``G - v(x)`` (``G`` is the episode's result: 1 win, 1/2 shared win,
  0 loss; no discount, no shaping), plus a small bonus for the policy's entropy; the baseline is
  fitted to ``G`` by least squares. Both take an Adam step.
- **Evaluation**: every ``--eval-every`` episodes the policy plays ``--eval-games`` games greedily
  (its most likely legal action) on seeds never used in training, half in each seat; the win rate
  is printed with a 95% Wilson interval, next to the win rate of the sampled policy in the
  training games since the last evaluation. The greedy rate moves in big steps over the first
  updates (a small shift of the weights already changes which action is the most likely, for
  better or worse), while the sampled policy, which still explores, climbs steadily.

Training stops when the ``--minutes`` budget is spent (a final evaluation included). For one
``--seed`` the run is the same apart from where the clock stops it.

    python examples/learn_game_development.py --minutes 9 --plot examples/learn_game_development.png
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

import boardwright.rl

GAME = "game-development"
GOAL = 0.60


def features(observation: dict[str, np.ndarray], seat: int) -> np.ndarray:
    """The learner's features: its observation, a constant 1 and its seat."""
    return np.concatenate([observation["observation"], (1.0, seat)], dtype=np.float64)


class Policy:
    """A linear softmax policy over the legal actions and a linear value baseline."""

    def __init__(self, n_features: int, n_actions: int) -> None:
        self.W = np.zeros((n_actions, n_features), dtype=np.float64)  # zero: uniform over legal actions
        self.u = np.zeros(n_features, dtype=np.float64)

    def probabilities(self, X: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The policy's distribution for each row of features ``X``, zero on illegal actions."""
        logits = np.where(masks, X @ self.W.T, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None) -> int:
        """Sample a legal action (or take the most likely one when ``rng`` is None)."""
        legal = np.flatnonzero(mask)
        logits = self.W[legal] @ x
        if rng is None:
            return int(legal[np.argmax(logits)])
        cumulative = np.cumsum(np.exp(logits - logits.max()))
        pick = np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right")
        return int(legal[min(pick, len(legal) - 1)])

    def gradients(self, X: np.ndarray, masks: np.ndarray, actions: np.ndarray, returns: np.ndarray,
                  entropy: float) -> tuple[np.ndarray, np.ndarray]:
        """Ascent directions for ``W`` (policy gradient with the baseline, plus entropy bonus) and
        for ``u`` (towards the returns), averaged over the decisions of a batch."""
        n = len(X)
        p = self.probabilities(X, masks)
        advantage = returns - X @ self.u
        # d log p(a) / d logits = onehot(a) - p;  d entropy / d logits = -p (log p + H)
        d = -p * advantage[:, None]
        d[np.arange(n), actions] += advantage
        log_p = np.log(np.where(masks, p, 1.0))
        h = -(p * log_p).sum(axis=1, keepdims=True)
        d -= entropy * p * (log_p + h)
        return d.T @ X / n, advantage @ X / n


class Adam:
    """Adam steps (ascent) for a list of arrays."""

    def __init__(self, params: Sequence[np.ndarray], lr: float, b1: float = 0.9, b2: float = 0.999) -> None:
        self.params, self.lr, self.b1, self.b2, self.t = params, lr, b1, b2, 0
        self.m = [np.zeros_like(q) for q in params]
        self.v = [np.zeros_like(q) for q in params]

    def step(self, grads: Sequence[np.ndarray]) -> None:
        self.t += 1
        for q, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            m_hat = m / (1 - self.b1 ** self.t)
            v_hat = v / (1 - self.b2 ** self.t)
            q += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


@dataclass
class Episode:
    """One training or evaluation game: the learner's features, masks and actions, and its result."""

    features: list[np.ndarray]
    masks: list[np.ndarray]
    actions: list[int]
    result: float


def play(env, policy: Policy, seed: int, rng: np.random.Generator | None) -> Episode:
    """One game of the learner in ``env`` on game seed ``seed``."""
    observation, _ = env.reset(seed=seed)
    episode = Episode([], [], [], 0.0)
    done = False
    while not done:
        x, mask = features(observation, env.seat), observation["action_mask"].astype(bool)
        action = policy.act(x, mask, rng)
        episode.features.append(x)
        episode.masks.append(mask)
        episode.actions.append(action)
        observation, reward, done, _, _ = env.step(action)
    episode.result = float(reward)
    return episode


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a shared win counts as half)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(envs, policy: Policy, games: int) -> tuple[float, float, float]:
    """Greedy play on held-out seeds (odd; training uses even ones), seats alternating."""
    wins = sum(play(envs[i % 2], policy, 2 * i + 1, None).result for i in range(games))
    return (wins / games, *wilson(wins, games))


def train(minutes: float = 9.0, seed: int = 0, eval_games: int = 200, eval_every: int = 512, batch: int = 32,
          lr: float = 0.01, entropy: float = 0.01, max_episodes: int | None = None,
          out: Callable[[str], None] = print) -> tuple[Policy, list[dict[str, float]]]:
    """Train until the time budget is spent (or ``max_episodes`` are played); return the policy and
    the learning curve: one entry per evaluation, at the start, after 1, 2, 4 ... batches, then
    every ``eval_every`` episodes."""
    start = time.perf_counter()
    budget = 60.0 * minutes
    envs = [boardwright.rl.gymnasium_env(GAME, players=2, opponents="random", seat=s) for s in (0, 1)]
    probe, _ = envs[0].reset(seed=0)
    policy = Policy(len(features(probe, 0)), len(probe["action_mask"]))
    adam = Adam([policy.W, policy.u], lr)
    rng = np.random.default_rng(seed)
    curve: list[dict[str, float]] = []
    episodes = steps = 0
    results: list[float] = []  # results of the training games since the last evaluation
    train_time = batch_time = eval_time = 0.0

    def checkpoint() -> None:
        nonlocal eval_time
        began = time.perf_counter()
        rate, low, high = evaluate(envs, policy, eval_games)
        eval_time = time.perf_counter() - began
        wall = time.perf_counter() - start
        speed = steps / train_time if train_time else 0.0
        sampled = float(np.mean(results)) if results else float("nan")
        results.clear()
        curve.append({"episodes": episodes, "steps": steps, "steps_per_s": speed, "wall": wall,
                      "win_rate": rate, "low": low, "high": high, "sampled": sampled})
        out(f"episodes {episodes:6d}  steps {steps:8d}  {speed:5.0f} steps/s  wall {wall:6.1f}s  "
            f"win rate {rate:.3f} [{low:.3f}, {high:.3f}]  sampled in training {sampled:.3f}")

    checkpoint()
    while (time.perf_counter() - start + batch_time + eval_time < budget
           and (max_episodes is None or episodes + batch <= max_episodes)):
        began = time.perf_counter()
        # training games: even seeds from the run's generator; seats alternate
        played = [play(envs[(episodes + k) % 2], policy, 2 * int(rng.integers(2**61)), rng) for k in range(batch)]
        X = np.array([x for e in played for x in e.features])
        masks = np.array([m for e in played for m in e.masks])
        actions = np.array([a for e in played for a in e.actions])
        returns = np.array([e.result for e in played for _ in e.actions])
        adam.step(policy.gradients(X, masks, actions, returns, entropy))
        episodes += batch
        steps += len(X)
        results.extend(e.result for e in played)
        batch_time = time.perf_counter() - began
        train_time += batch_time
        updates = episodes // batch
        if episodes % eval_every == 0 or (episodes < eval_every and updates & (updates - 1) == 0):
            checkpoint()
    if curve[-1]["episodes"] != episodes:
        checkpoint()
    last = curve[-1]
    reached = "reached" if last["low"] > GOAL else "not reached"
    out(f"final win rate {last['win_rate']:.3f} [{last['low']:.3f}, {last['high']:.3f}] after {episodes} episodes "
        f"in {time.perf_counter() - start:.0f}s: goal of {GOAL:.0%} (the whole 95% interval above it) {reached}")
    return policy, curve


def plot(curve: list[dict[str, float]], path: str) -> None:
    """Win rate against episodes, with its 95% interval as a band."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    episodes = [c["episodes"] for c in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.fill_between(episodes, [c["low"] for c in curve], [c["high"] for c in curve], alpha=0.25,
                    label="95% interval")
    ax.plot(episodes, [c["win_rate"] for c in curve], marker="o", label="greedy policy, held-out seeds")
    ax.plot(episodes[1:], [c["sampled"] for c in curve[1:]], marker=".", label="sampled policy, training games")
    ax.axhline(GOAL, color="grey", linestyle="--", label=f"goal {GOAL:.0%}")
    ax.axhline(0.5, color="grey", linestyle=":", label="even")
    ax.set(xlabel="training episodes", ylabel="win rate against the random bot", ylim=(0, 1),
           title="Game Development, 2 players: policy gradient in NumPy")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=9.0, help="wall-clock budget (default 9)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=200, help="games per evaluation (default 200)")
    parser.add_argument("--eval-every", type=int, default=512, help="episodes between evaluations (default 512)")
    parser.add_argument("--batch", type=int, default=32, help="episodes per update")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam step size")
    parser.add_argument("--entropy", type=float, default=0.01, help="weight of the entropy bonus")
    parser.add_argument("--episodes", type=int, help="stop after this many episodes, whatever the budget")
    parser.add_argument("--plot", default="examples/learn_game_development.png", help="where to save the plot")
    parser.add_argument("--save", help="where to save the weights (.npz)")
    args = parser.parse_args(argv)
    policy, curve = train(args.minutes, args.seed, args.eval_games, args.eval_every, args.batch, args.lr,
                          args.entropy, args.episodes)
    plot(curve, args.plot)
    if args.save:
        np.savez(args.save, W=policy.W, u=policy.u)
    return curve


if __name__ == "__main__":
    main()
