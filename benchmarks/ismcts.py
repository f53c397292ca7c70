"""IS-MCTS speed: iterations per second on one core, over decision points of seeded random games.

Run: ``.venv/bin/python benchmarks/ismcts.py [--iterations 400] [--points 10] [--rollout random]
[--cutoff N] [--repeat 3]``. Two rates are printed: per second of wall time and per second of
this process's CPU time; on a machine shared with other work the CPU-time rate is the per-core
figure. Each point is searched ``--repeat`` times with the same seed (the same work) and its
fastest run counts, as ``timeit`` does: the slower runs measure other processes and the
garbage collector, not the search.
"""

from __future__ import annotations

import argparse
import time

from cardtable import _compiled
from cardtable.agents import IsmctsAgent, IsmctsConfig
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, State, list_games, new_state


def points(game: str, players: int, count: int) -> list[tuple[State, int]]:
    state, rng, found = new_state(game, players, 17), Rng(17), []
    while not state.is_terminal() and len(found) < count:
        movers = list(state.to_act())
        seat = movers[0]
        ids = state.legal_action_ids(seat)
        if len(ids) > 1 and rng.below(4) == 0:
            found.append((state.clone(), seat))
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--points", type=int, default=10)
    parser.add_argument("--rollout", choices=("random", "greedy", "both"), default="both")
    parser.add_argument("--cutoff", type=int, default=IsmctsConfig().cutoff)
    parser.add_argument("--game", action="append", help="Only this game (repeatable).")
    parser.add_argument(
        "--warmup",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="Search each point once untimed first, as a bot that has already moved has "
        "(games build lookup tables on first use).",
    )
    parser.add_argument(
        "--repeat", type=int, default=3, help="Timed runs per point (the best counts)."
    )
    args = parser.parse_args()
    print(f"engine: {_compiled.status()} (make compile / CARDTABLE_PURE=1)")
    rollouts = ("random", "greedy") if args.rollout == "both" else (args.rollout,)
    for info in list_games():
        if args.game and info.name not in args.game:
            continue
        players = info.min_players
        found = points(info.name, players, args.points)
        for rollout in rollouts:
            config = IsmctsConfig(iterations=args.iterations, rollout=rollout, cutoff=args.cutoff)
            agent = IsmctsAgent(config)
            total, wall, cpu = 0, 0.0, 0.0
            for k, (state, seat) in enumerate(found):
                infoset = InfoSet(state, seat, Rng(k))
                if args.warmup:
                    agent.analyse(infoset, Rng(k + 1000))
                best_wall = best_cpu = float("inf")
                for _ in range(max(1, args.repeat)):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    agent.analyse(infoset, Rng(k))
                    best_wall = min(best_wall, time.perf_counter() - start)
                    best_cpu = min(best_cpu, time.process_time() - start_cpu)
                wall += best_wall
                cpu += best_cpu
                total += args.iterations
            print(
                f"{info.name:22} {players}p rollout={rollout:6} cutoff={args.cutoff:<3} "
                f"{total / wall:8.0f} it/s wall {total / cpu:8.0f} it/s cpu"
            )


if __name__ == "__main__":
    main()
