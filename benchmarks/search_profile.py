"""One window of the suite's IS-MCTS workload for one game, to count its instructions.

The machine's speed moves by 2x from minute to minute, so engine speed work compares
instruction counts of the same workload instead (docs/performance.md, "Eighth sitting: Nacho
Loco and Score! search"): the suite probe's ``ismcts`` (its four decision points, a warm-up
search of 200 iterations at each, then one window of 1,250 iterations at each) under::

    nice -n 10 valgrind --tool=callgrind \\
        --toggle-collect='CPyDef_ismcts___IsmctsAgent___analyse' \\
        .venv/bin/python benchmarks/search_profile.py nacho-loco

The searches are seeded, so every build does the same work; only ``analyse`` is counted.
"""

from __future__ import annotations

import argparse

import _suite_probe  # benchmarks/ is on the path: the script's own folder
from cardtable import _compiled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=[game for game, _ in _suite_probe.GAMES])
    parser.add_argument("--iterations", type=int, default=_suite_probe.SEARCH_ITERATIONS)
    args = parser.parse_args()
    players = dict(_suite_probe.GAMES)[args.game]
    rates = _suite_probe.ismcts(args.game, players, args.iterations, windows=1)
    print(f"{_compiled.status()} {args.game}: {rates[0]:.0f} it/s (not a figure: under valgrind)")


if __name__ == "__main__":
    main()
