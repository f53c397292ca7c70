"""One window of the suite's IS-MCTS workload, for an instruction count under callgrind.

The machine's speed moves a CPU-time rate by up to 2x from minute to minute, so engine changes
are measured by the instructions of one fixed workload instead (docs/performance.md, "Eighth
sitting: Portfolio search"): the suite's four search points (``_suite_probe.search_points``,
seed 17) of a game, one search of ``--iterations`` at each with the suite's seeds of window 0,
default ``IsmctsConfig``. It prints a digest of the four searches' analyses, so two builds that
are meant to behave alike can be seen to search alike::

    nice -n 10 valgrind --tool=callgrind --callgrind-out-file=OUT \\
        --toggle-collect='CPyDef_ismcts___IsmctsAgent___analyse' \\
        .venv/bin/python benchmarks/portfolio_callgrind.py
    callgrind_annotate --inclusive=yes OUT | head -60

``--toggle-collect`` counts only the instructions inside ``analyse`` (compiled builds; a plain
build has no such C function, so leave the option out there and count the whole run).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _suite_probe import SEARCH_ITERATIONS, search_points
from cardtable.agents import IsmctsAgent, IsmctsConfig
from cardtable.agents.base import InfoSet
from cardtable.core import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="portfolio")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=SEARCH_ITERATIONS, help="per search")
    args = parser.parse_args()
    agent = IsmctsAgent(IsmctsConfig(iterations=args.iterations))
    analyses = []
    for k, (state, seat) in enumerate(search_points(args.game, args.players, 4)):
        analyses.append(repr(agent.analyse(InfoSet(state, seat, Rng(k)), Rng(k))))
    print(hashlib.sha256("\n".join(analyses).encode()).hexdigest())


if __name__ == "__main__":
    main()
