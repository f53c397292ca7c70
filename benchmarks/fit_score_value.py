"""Fit Score!'s search value: each seat's win share from features of its standing and its hand.

``ScoreState.evaluate`` (what the PIMC baseline and default ``ismcts`` score a cut-off rollout
with) is ``(total + hand_score + 1)**2`` normalised: a guess that ignores sets in progress, the
lone-top bonus and how close a call is to the target. Here a softmax of a linear score per seat,
``w . x_s``, is fitted by least log-loss on positions of *training* games (seeds from 1000) and
scored on *held-out* games (seeds from 90000) against ``evaluate``, the guessed
``search_value`` of the fourth sitting and the base rate. The features are
``games.score.value.features`` (the same function the search calls).

Players: every seat is ``random`` or ``greedy`` (drawn per seat and game, as in
``fit_evaluate.py``). One position in every ``--every`` actions is kept, with the final returns.
Run::

    .venv/bin/python benchmarks/fit_score_value.py --train 400 --test 200
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, State, new_state
from cardtable.games.score import rules
from cardtable.games.score.value import FEATURE_NAMES, WEIGHTS, features


def play(
    seed: int, every: int
) -> list[tuple[list[list[float]], list[float], list[float], list[float]]]:
    state, rng = new_state("score", 3, seed), Rng(seed)
    bots = [make_agent("greedy" if rng.below(2) else "random") for _ in range(3)]
    kept = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            kept.append(
                (
                    features(state),  # type: ignore[arg-type]
                    state.evaluate(),
                    guess(state),
                )
            )
        movers = state.to_act()
        seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
        state.apply(seat, decide(bots[seat], state, seat, rng.fork()))
        step += 1
    out = state.returns()
    return [(x, ev, sv, out) for x, ev, sv in kept]


def guess(state: State) -> list[float]:
    """The fourth sitting's guessed search value (``rules.hand_promise``), for comparison."""
    if state.is_terminal():
        return state.returns()
    potential = [
        t + (0.0 if state.busted[s] else rules.hand_promise(state, s)) + 1.0  # type: ignore[attr-defined]
        for s, t in enumerate(state.total)  # type: ignore[attr-defined]
    ]
    weights = [p * p for p in potential]
    return [w / sum(weights) for w in weights]


def collect(seeds: range, every: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    xs, evs, svs, outs = [], [], [], []
    for seed in seeds:
        for x, ev, sv, out in play(seed, every):
            xs.append(x)
            evs.append(ev)
            svs.append(sv)
            outs.append(out)
    return np.array(xs), np.array(evs), np.array(svs), np.array(outs)


def softmax_shares(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = x @ w
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 3000) -> np.ndarray:
    """Least log-loss by Newton-free gradient descent with a step halved when the loss rises."""
    w = np.zeros(x.shape[2])
    rate = 0.5
    loss = log_loss(softmax_shares(x, w), y)
    for _ in range(steps):
        p = softmax_shares(x, w)
        grad = np.einsum("nsk,ns->k", x, p - y) / len(x)
        trial = w - rate * grad
        new = log_loss(softmax_shares(x, trial), y)
        if new <= loss:
            w, loss = trial, new
            rate *= 1.1
        else:
            rate *= 0.5
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-(y * np.log(np.clip(p, 1e-9, 1.0))).sum(axis=1).mean())


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(((p - y) ** 2).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=400)
    parser.add_argument("--test", type=int, default=200)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--check", action="store_true", help="score the shipped WEIGHTS only")
    args = parser.parse_args()
    start = time.perf_counter()
    xtr, _, _, ytr = collect(range(1000, 1000 + args.train), args.every)
    xte, ev, sv, yte = collect(range(90000, 90000 + args.test), args.every)
    w = np.array(WEIGHTS) if args.check else fit(xtr, ytr)
    print(
        f"score, 3 players: {len(xtr)} training positions ({args.train} games), {len(xte)}"
        f" held-out ({args.test} games), {time.perf_counter() - start:.0f} s"
    )
    print("  weights: " + ", ".join(f"{n}={v:.4g}" for n, v in zip(FEATURE_NAMES, w, strict=True)))
    base = np.tile(ytr.mean(axis=0), (len(yte), 1))
    for name, p in (
        ("fitted" if not args.check else "shipped WEIGHTS", softmax_shares(xte, w)),
        ("evaluate", ev),
        ("search_value (4th sitting guess)", sv),
        ("base rate", base),
    ):
        print(f"  held-out: {name}: log-loss {log_loss(p, yte):.4f}, Brier {brier(p, yte):.4f}")


if __name__ == "__main__":
    main()
