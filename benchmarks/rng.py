"""The random generator's cost per call: plain and compiled, interleaved in one run.

Run: ``.venv/bin/python benchmarks/rng.py [--rounds 5]`` (after ``make compile``, or it measures
plain Python twice). Each round times every operation in a fresh interpreter of each build in
turn (``CARDTABLE_PURE=1`` for plain), so a machine whose speed drifts slows both alike; the
best of the rounds counts, as ``timeit`` does. Nanoseconds per call, by CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

#: Runs in each build's interpreter: the best of a few loops per operation, ns per call.
_PROBE = r"""
import json, time
from cardtable import _compiled
from cardtable.core import Rng

def per_call(fn, calls):
    best = float("inf")
    for _ in range(3):
        start = time.process_time_ns()
        fn(calls)
        best = min(best, (time.process_time_ns() - start) / calls)
    return best

def below(calls):
    rng = Rng(1)
    for i in range(calls):
        rng.below(52)

def next_u64(calls):
    rng = Rng(1)
    for i in range(calls):
        rng.next_u64()

def random(calls):
    rng = Rng(1)
    for i in range(calls):
        rng.random()

def shuffle52(calls):
    rng, deck = Rng(1), list(range(52))
    for i in range(calls // 51):
        rng.shuffle(deck)

def shuffle_batched90(calls):
    rng, deck = Rng(1), list(range(90))
    for i in range(calls // 89):
        rng.shuffle_batched(deck)

out = {"engine": _compiled.status()}
for name, fn, calls, per in (
    ("below(52)", below, 200_000, 1),
    ("next_u64()", next_u64, 200_000, 1),
    ("random()", random, 200_000, 1),
    ("shuffle, 52 cards", shuffle52, 204_000, 51),
    ("shuffle_batched, 90 cards", shuffle_batched90, 178_000, 89),
):
    out[name] = per_call(fn, calls) * per
print(json.dumps(out))
"""


def measure(pure: bool) -> dict[str, float]:
    env = dict(os.environ, CARDTABLE_PURE="1" if pure else "0")
    result = subprocess.run(
        [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True
    )
    data: dict[str, float] = json.loads(result.stdout)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    best: dict[str, dict[str, float]] = {}
    engines: dict[str, object] = {}
    for _ in range(args.rounds):
        for build, pure in (("plain", True), ("compiled", False)):
            data = measure(pure)
            engines[build] = data.pop("engine")
            for name, ns in data.items():
                row = best.setdefault(name, {})
                row[build] = min(row.get(build, float("inf")), ns)
    print(f"engines: {engines}; best of {args.rounds} interleaved rounds, ns per call (CPU)")
    print(f"| {'operation':<26} | {'plain':>9} | {'compiled':>9} | plain ÷ compiled |")
    print(f"|{'-' * 28}|{'-' * 11}|{'-' * 11}|{'-' * 18}|")
    for name, row in best.items():
        ratio = row["plain"] / row["compiled"]
        print(f"| {name:<26} | {row['plain']:>9.0f} | {row['compiled']:>9.0f} | {ratio:>16.1f} |")


if __name__ == "__main__":
    main()
