"""Train a small policy on Magic Show through the Gymnasium environment, and plot its curve.

A linear softmax policy over the generic observation vector, masked to the legal actions, trained
with REINFORCE (a running-mean baseline) against a random opponent, in plain numpy. Every
``--every`` episodes it is evaluated (greedy over its probabilities) for ``--eval`` games against
the random and the greedy bot; a uniformly random legal policy is evaluated the same way as the
reference line. The plot shows win share (1 a win, 1/2 a tie) against training episodes.

Run: ``.venv/bin/python examples/train_reinforce.py --episodes 2000 --out curve.png``
(a few minutes on one core). Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import numpy.typing as npt

from cardtable.envs.gymnasium import CardtableEnv

Array = npt.NDArray[np.float64]


def features(obs: dict[str, npt.NDArray[np.float32]]) -> Array:
    """The observation squashed into -1..1 (scores and counts vary in scale), plus a bias."""
    x = obs["observation"].astype(np.float64)
    return np.append(x / (1.0 + np.abs(x)), 1.0)


def policy(weights: Array, x: Array, mask: npt.NDArray[np.int8]) -> Array:
    """Action probabilities: a softmax over the legal actions' linear scores."""
    logits = weights @ x
    logits[mask == 0] = -np.inf
    logits -= logits[mask == 1].max()
    p = np.exp(logits)
    return p / p.sum()


def episode(
    env: CardtableEnv, weights: Array, rng: np.random.Generator, seed: int, learn: bool
) -> tuple[float, list[tuple[Array, Array, int]]]:
    """Play one game; return the reward and (features, probabilities, action) per decision."""
    obs, _ = env.reset(seed=seed)
    steps: list[tuple[Array, Array, int]] = []
    done, reward = False, 0.0
    while not done:
        x = features(obs)
        p = policy(weights, x, obs["action_mask"])
        action = int(rng.choice(len(p), p=p)) if learn else int(p.argmax())
        steps.append((x, p, action))
        obs, reward, done, _, _ = env.step(action)
    return float(reward), steps


def evaluate(weights: Array | None, opponent: str, games: int, seed: int) -> float:
    """Mean win share over ``games`` (weights None: a uniformly random legal policy)."""
    env = CardtableEnv("magic-show", opponents=opponent)
    rng = np.random.default_rng(seed)
    total = 0.0
    for g in range(games):
        if weights is None:
            obs, _ = env.reset(seed=seed + g)
            done, reward = False, 0.0
            while not done:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                obs, reward, done, _, _ = env.step(action)
            total += reward
        else:
            total += episode(env, weights, rng, seed + g, learn=False)[0]
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--every", type=int, default=250)
    parser.add_argument("--eval", type=int, default=100)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--out", default="learning-curve.png")
    args = parser.parse_args()
    start = time.perf_counter()
    env = CardtableEnv("magic-show", opponents="random")
    rng = np.random.default_rng(0)
    size = env.table.encoder.size + 1
    weights = np.zeros((env.table.num_actions, size))
    baseline = 0.5
    xs, vs_random, vs_greedy = [], [], []
    for ep in range(args.episodes + 1):
        if ep % args.every == 0:
            xs.append(ep)
            vs_random.append(evaluate(weights, "random", args.eval, 10**6))
            vs_greedy.append(evaluate(weights, "greedy", args.eval, 2 * 10**6))
            print(f"episode {ep}: vs random {vs_random[-1]:.3f}, vs greedy {vs_greedy[-1]:.3f}")
        if ep == args.episodes:
            break
        reward, steps = episode(env, weights, rng, ep, learn=True)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, p, action in steps:
            grad = -np.outer(p, x)  # d log pi(a) / dW = (onehot(a) - p) x^T
            grad[action] += x
            weights += args.lr * advantage * grad / len(steps)
    ref_random = evaluate(None, "random", args.eval, 10**6)
    ref_greedy = evaluate(None, "greedy", args.eval, 2 * 10**6)
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    ax.plot(xs, vs_random, "o-", label="trained policy vs random")
    ax.plot(xs, vs_greedy, "s-", label="trained policy vs greedy")
    ax.axhline(ref_random, ls="--", c="C0", alpha=0.6, label="random policy vs random")
    ax.axhline(ref_greedy, ls="--", c="C1", alpha=0.6, label="random policy vs greedy")
    ax.set_xlabel("training episodes (vs random)")
    ax.set_ylabel(f"win share over {args.eval} games")
    ax.set_title("Magic Show: linear REINFORCE through the Gymnasium env")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"reference: random policy vs random {ref_random:.3f}, vs greedy {ref_greedy:.3f}")
    print(f"saved {args.out} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
