"""How often two bots call "Score!" when they may: a check of a search value's call timing.

Plays ``--games`` games of rule-of-thumb players and, at every decision where calling is legal
(SC-R9), asks the rule of thumb and each bot (bot ``k`` with ``Rng(1000 * seed + step + 7919 *
k)``) whether to call, then prints how often each called. Written when ``hard`` with Score!'s
fitted search value lost to the PIMC baseline (docs/bots.md)::

    .venv/bin/python benchmarks/score_calls.py "hard;ismcts:iterations=400,reuse=0,first=greedy"
"""

from __future__ import annotations

import argparse

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, new_state
from cardtable.games.score.notation import CALL


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", help="bot specs separated by ';'")
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    specs = ["greedy", *args.specs.split(";")]
    greedy = make_agent("greedy")
    calls = [0] * len(specs)
    positions = 0
    for seed in range(1, args.games + 1):
        state, rng, step = new_state("score", 3, seed=seed), Rng(seed), 0
        while not state.is_terminal():
            seat = state.to_act()[0]
            if CALL in state.legal_action_ids(seat):
                positions += 1
                for k, spec in enumerate(specs):
                    choice = decide(
                        make_agent(spec), state, seat, Rng(1000 * seed + step + 7919 * k)
                    )
                    calls[k] += choice.id == CALL
            step += 1
            state.apply(seat, decide(greedy, state, seat, rng))
    print(f"positions where a call is legal: {positions}")
    for spec, n in zip(specs, calls, strict=True):
        print(f"  {spec}: calls in {n}")


if __name__ == "__main__":
    main()
