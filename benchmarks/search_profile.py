"""One window of the suite's IS-MCTS workload for one game, to count its instructions.

The machine's speed moves by 2x from minute to minute, so engine speed work compares
instruction counts of the same workload instead (docs/performance.md, "Eighth sitting: Nacho
Loco and Score! search"): the suite probe's ``ismcts`` (its four decision points, a warm-up
search of 200 iterations at each, then one window of 1,250 iterations at each) under::

    nice -n 10 valgrind --tool=callgrind \\
        --toggle-collect='CPyDef_ismcts___IsmctsAgent___analyse' \\
        .venv/bin/python benchmarks/search_profile.py nacho-loco

The searches are seeded, so every build does the same work; only ``analyse`` is counted.
The last line is a digest of every analysis the workload made (each root action's visits and
value): two builds meant to search alike print the same digest ("Tenth sitting: Magic Show and
Portfolio instructions").
"""

from __future__ import annotations

import argparse
import hashlib
import time

import _suite_probe  # benchmarks/ is on the path: the script's own folder
from cardtable import _compiled
from cardtable.agents import IsmctsAgent, IsmctsConfig
from cardtable.agents.base import InfoSet
from cardtable.core import Rng


def workload(game: str, players: int, iterations: int) -> tuple[float, str]:
    """The calls of ``_suite_probe.ismcts(game, players, iterations, windows=1)``, in order and
    with its seeds: the window's rate and a digest of every analysis (warm-up ones included)."""
    agent = IsmctsAgent(IsmctsConfig(iterations=iterations))
    warm = IsmctsAgent(IsmctsConfig(iterations=min(iterations, _suite_probe.WARMUP_ITERATIONS)))
    infos = [
        InfoSet(state, seat, Rng(k))
        for k, (state, seat) in enumerate(_suite_probe.search_points(game, players, 4))
    ]
    analyses = []
    for k, info in enumerate(infos):
        analyses.append(repr(warm.analyse(info, Rng(k + 1000))))
    start = time.process_time()
    for k, info in enumerate(infos):
        analyses.append(repr(agent.analyse(info, Rng(k))))
    rate = len(infos) * iterations / (time.process_time() - start)
    return rate, hashlib.sha256("\n".join(analyses).encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=[game for game, _ in _suite_probe.GAMES])
    parser.add_argument("--iterations", type=int, default=_suite_probe.SEARCH_ITERATIONS)
    args = parser.parse_args()
    players = dict(_suite_probe.GAMES)[args.game]
    rate, digest = workload(args.game, players, args.iterations)
    print(f"{_compiled.status()} {args.game}: {rate:.0f} it/s (not a figure: under valgrind)")
    print(f"analyses digest {digest}")


if __name__ == "__main__":
    main()
