"""One build's measurements for benchmarks/suite.py, printed as one JSON object.

Run by the suite in a fresh interpreter per build and round (``CARDTABLE_PURE=1`` for plain);
not meant to be run by hand. Every rate is per CPU-second of this process (``process_time``),
which on a shared machine is the per-core figure; each figure is the best of a few short runs,
as ``timeit`` takes its best, because the slower runs measure the neighbours, except the
IS-MCTS rate: every window's rate is printed, and the suite reports their median and range
(a best of short windows moved by 1.5x between runs: docs/performance.md).
"""

from __future__ import annotations

import argparse
import json
import resource
import time
import tracemalloc
from collections.abc import Callable

from cardtable import _compiled
from cardtable.agents import IsmctsAgent, IsmctsConfig
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, State, new_state

#: The games and player counts the suite measures (the tables in docs/performance.md).
GAMES: tuple[tuple[str, int], ...] = (
    ("piece-of-the-action", 4),
    ("magic-show", 2),
    ("portfolio", 3),
    ("score", 3),
    ("nacho-loco", 4),
)
#: The playout paths: fast or checked, each with and without reading the actor's observation.
MODES: tuple[str, ...] = ("fast", "fast+observe", "checked", "checked+observe")


def playouts(game: str, players: int, budget: float, checked: bool, observe: bool) -> float:
    """Actions per CPU-second of uniformly random whole games, deal included.

    Fast: ``legal_action_ids`` + ``apply_unchecked`` (search and simulation). Checked:
    ``legal_actions`` + ``apply`` with the protocol's checks (the table and the CLI). Observing:
    the actor's ``observation`` before each decision, as a bot that reads its view does.
    """
    rng, actions, seed = Rng(12345), 0, 0
    start = time.process_time()
    while seed == 0 or time.process_time() - start < budget:  # at least one game
        state = new_state(game, players, seed)
        state.events = None
        seed += 1
        while not state.is_terminal():
            seat = state.to_act()[0]
            if observe:
                state.observation(seat)
            if checked:
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.below(len(legal))])
            else:
                ids = state.legal_action_ids(seat)
                state.apply_unchecked(seat, ids[rng.below(len(ids))])
            actions += 1
    return actions / (time.process_time() - start)


def positions(game: str, players: int, count: int) -> list[State]:
    """Positions from seeded random games, one in ten decisions: mid-game on average."""
    rng, out, seed = Rng(777), [], 0
    while len(out) < count:
        state = new_state(game, players, seed)
        state.events = None
        seed += 1
        while not state.is_terminal() and len(out) < count:
            if rng.below(10) == 0:
                out.append(state.clone())
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return out


def per_call_us(fn: Callable[[State], object], sample: list[State], rounds: int = 3) -> float:
    """Microseconds per call over the sample, best of ``rounds`` passes."""
    best = float("inf")
    repeat = 5
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(repeat):
            for state in sample:
                fn(state)
        best = min(best, (time.process_time() - start) / (repeat * len(sample)))
    return best * 1e6


def calls(game: str, players: int) -> dict[str, float]:
    sample = positions(game, players, 100)
    rng = Rng(5)
    return {
        "clone": per_call_us(lambda s: s.clone(), sample),
        "determinize": per_call_us(lambda s: s.determinize(s.to_act()[0], rng), sample),
        "observation": per_call_us(lambda s: s.observation(s.to_act()[0]), sample),
        "legal_action_ids": per_call_us(lambda s: s.legal_action_ids(s.to_act()[0]), sample),
    }


def search_points(game: str, players: int, count: int) -> list[tuple[State, int]]:
    """Decision points with a real choice (more than one legal action), from a seeded game."""
    state, rng, found = new_state(game, players, 17), Rng(17), []
    while not state.is_terminal() and len(found) < count:
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        if len(ids) > 1 and rng.below(4) == 0:
            found.append((state.clone(), seat))
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return found


#: A search window: one search of this many iterations at each of the four points.
SEARCH_ITERATIONS = 1250
#: Windows per probe; the suite pools every round's windows (median and range).
SEARCH_WINDOWS = 2
#: Iterations of the search whose heap peak is measured (the memory column's, as before).
MEMORY_ITERATIONS = 500
#: Iterations of the untimed warm-up search at each point (lookup tables built on first use).
WARMUP_ITERATIONS = 200


def ismcts(game: str, players: int, iterations: int, windows: int = SEARCH_WINDOWS) -> list[float]:
    """IS-MCTS iterations per CPU-second (random rollouts, default cutoff), one rate per window.

    A window is one search of ``iterations`` at each of the four points, timed as a whole
    (``4 * iterations`` iterations; 5,000 by default, ≈ 0.25 s compiled): a best of short
    windows measures the quietest moment of the neighbours, not the search, so every window is
    kept and the suite reports their median and range. Each window searches with its own seeds,
    the same in every build and round.
    """
    agent = IsmctsAgent(IsmctsConfig(iterations=iterations))
    warm = IsmctsAgent(IsmctsConfig(iterations=min(iterations, WARMUP_ITERATIONS)))
    infos = [
        InfoSet(state, seat, Rng(k))
        for k, (state, seat) in enumerate(search_points(game, players, 4))
    ]
    for k, info in enumerate(infos):
        warm.analyse(info, Rng(k + 1000))
    rates = []
    for w in range(windows):
        start = time.process_time()
        for k, info in enumerate(infos):
            agent.analyse(info, Rng(k + 100 * w))
        rates.append(len(infos) * iterations / (time.process_time() - start))
    return rates


def peak_kib(game: str, players: int, iterations: int) -> dict[str, float]:
    """Python heap peaks (tracemalloc) of one random playout and of one search, in KiB."""
    tracemalloc.start()
    playouts(game, players, 0.0, checked=False, observe=False)  # one game
    playout = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    state, seat = search_points(game, players, 1)[0]
    IsmctsAgent(IsmctsConfig(iterations=iterations)).analyse(InfoSet(state, seat, Rng(1)), Rng(2))
    search = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"playout": playout / 1024, "search": search / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument(
        "--iterations", type=int, default=SEARCH_ITERATIONS, help="per search (4 per window)"
    )
    parser.add_argument("--windows", type=int, default=SEARCH_WINDOWS, help="search windows")
    parser.add_argument(
        "--games", help="comma-separated games to measure (default: all), for targeted runs"
    )
    parser.add_argument(
        "--modes", default=",".join(MODES), help=f"playout modes to measure (of {','.join(MODES)})"
    )
    parser.add_argument(
        "--parts", default="calls,ismcts,memory", help="more to measure: calls,ismcts,memory"
    )
    args = parser.parse_args()
    wanted = args.games.split(",") if args.games else [g for g, _ in GAMES]
    modes = [m for m in args.modes.split(",") if m]
    parts = set(args.parts.split(","))
    out: dict[str, object] = {"engine": _compiled.status(), "search_iterations": args.iterations}
    for game, players in GAMES:
        if game not in wanted:
            continue
        row: dict[str, object] = {"players": players}
        for mode in modes:
            checked, observe = mode.startswith("checked"), mode.endswith("+observe")
            row[mode] = max(
                playouts(game, players, args.seconds / 2, checked, observe) for _ in range(2)
            )
        if "calls" in parts:
            row["calls_us"] = calls(game, players)
        if "ismcts" in parts:
            row["ismcts_windows"] = ismcts(game, players, args.iterations, args.windows)
        if "memory" in parts:
            row["peak_kib"] = peak_kib(game, players, MEMORY_ITERATIONS)
        out[game] = row
    out["max_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


if __name__ == "__main__":
    main()
