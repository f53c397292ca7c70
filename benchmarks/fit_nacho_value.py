"""Fit Nacho Loco's search value (``NachoState.search_value``) on positions of whole games.

``evaluate`` scores a position by points and hand *sizes* only. A search cut off after a few
actions cannot see what else decides a round: which cards are in a hand (a card with black X
sides fits fewer cells than a three-colour card), skip tokens, whose turn it is. This script
plays 2-player games (each seat ``greedy`` or ``random``, drawn per seat and game), keeps one
position in every ``--every`` actions with the final result, and fits a logistic model of the
winner on the differences of per-seat features (least log-loss, numpy, plain gradient steps).
It prints the fitted weights and the held-out log-loss and Brier score next to ``evaluate``'s
and the base rate's. Training games use seeds from 1000, held-out ones seeds from 90000. Run::

    .venv/bin/python benchmarks/fit_nacho_value.py --train 600 --test 300
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, State, new_state
from cardtable.games.nacho_loco.value import FEATURES, seat_features


def play(seed: int, every: int) -> tuple[list[list[float]], list[float], list[float]]:
    state, rng = new_state("nacho-loco", 2, seed), Rng(seed)
    bots = [make_agent("greedy" if rng.below(3) else "random") for _ in range(2)]
    rows: list[list[float]] = []
    base: list[float] = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            rows.append(diff(state))
            base.append(state.evaluate()[0])
        seat = state.to_act()[0]
        state.apply(seat, decide(bots[seat], state, seat, rng))
        step += 1
    won = state.returns()[0]
    return rows, base, [won] * len(rows)


def diff(state: State) -> list[float]:
    a, b = seat_features(state, 0), seat_features(state, 1)  # type: ignore[arg-type]
    return [x - y for x, y in zip(a, b, strict=True)]


def collect(seeds: range, every: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xs: list[list[float]] = []
    bs: list[float] = []
    ys: list[float] = []
    for seed in seeds:
        r, b, y = play(seed, every)
        xs += r
        bs += b
        ys += y
    return np.array(xs), np.array(bs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 4000) -> np.ndarray:
    """Logistic regression without intercept (the model is antisymmetric in the seats)."""
    w = np.zeros(x.shape[1])
    scale = x.std(axis=0) + 1e-9
    xs = x / scale
    lr = 0.5
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(xs @ w)))
        grad = xs.T @ (p - y) / len(y) + 1e-4 * w
        w -= lr * grad
    return w / scale


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    logloss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return logloss, float(np.mean((p - y) ** 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=600)
    parser.add_argument("--test", type=int, default=300)
    parser.add_argument("--every", type=int, default=3)
    args = parser.parse_args()
    start = time.process_time()
    x, _, y = collect(range(1000, 1000 + args.train), args.every)
    xt, bt, yt = collect(range(90000, 90000 + args.test), args.every)
    w = fit(x, y)
    print(
        f"{len(y)} training positions, {len(yt)} held out, {time.process_time() - start:.0f} s CPU"
    )
    print("weights: " + ", ".join(f"{n}={v:.4f}" for n, v in zip(FEATURES, w, strict=True)))
    model = 1.0 / (1.0 + np.exp(-(xt @ w)))
    base = np.full_like(yt, y.mean())
    for name, p in (("fitted", model), ("evaluate", bt), ("base rate", base)):
        ll, brier = scores(p, yt)
        print(f"{name:9s} held-out log-loss {ll:.4f}  Brier {brier:.4f}")
    print("weights tuple:", tuple(round(float(v), 4) for v in w))


if __name__ == "__main__":
    main()
