"""IS-MCTS speed: iterations per second on one core, over decision points of seeded random games.

Run: ``.venv/bin/python benchmarks/ismcts.py [--iterations 400] [--points 10]``.
"""

from __future__ import annotations

import argparse
import time

from cardtable.agents import IsmctsAgent, IsmctsConfig
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, list_games, new_state


def points(game: str, players: int, count: int) -> list[tuple[object, int]]:
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
    args = parser.parse_args()
    for info in list_games():
        players = info.min_players
        for rollout in ("random", "greedy"):
            agent = IsmctsAgent(IsmctsConfig(iterations=args.iterations, rollout=rollout))
            total, spent = 0, 0.0
            for k, (state, seat) in enumerate(points(info.name, players, args.points)):
                infoset = InfoSet(state, seat, Rng(k))  # type: ignore[arg-type]
                start = time.perf_counter()
                agent.analyse(infoset, Rng(k))
                spent += time.perf_counter() - start
                total += args.iterations
            rate = total / spent
            print(f"{info.name:22} {players}p rollout={rollout:6}  {rate:8.0f} iterations/s")


if __name__ == "__main__":
    main()
