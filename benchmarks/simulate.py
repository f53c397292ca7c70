"""Simulation throughput: games/s with 1 and 2 workers, and the harness cost against a bare loop.

The bare loop plays the same random games through the fast path (``legal_action_ids`` +
``apply_unchecked``) with nothing else; the harness adds ``decide``, rows, Parquet parts and the
process pool. Run: ``.venv/bin/python benchmarks/simulate.py --game score --games 600``.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from cardtable import _compiled
from cardtable.core import Rng, get_game, new_state
from cardtable.simulate.plan import Plan, game_seed
from cardtable.simulate.runner import run_plan


def bare(game: str, players: int, games: int) -> float:
    start = time.perf_counter()
    for index in range(games):
        seed = game_seed(0, index)
        state = new_state(game, players, seed)
        state.events = None
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
        state.game_stats()
    return games / (time.perf_counter() - start)


def harness(game: str, players: int, games: int, workers: int) -> float:
    out = Path(tempfile.mkdtemp()) / "run"
    plan = Plan(game, players, ("random",) * players, games, 0, {}, True, max(1, games // 8))
    start = time.perf_counter()
    run_plan(plan, out, workers=workers)
    rate = games / (time.perf_counter() - start)
    shutil.rmtree(out.parent)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="score")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=600)
    args = parser.parse_args()
    print(f"engine: {_compiled.status()} (make compile / CARDTABLE_PURE=1)")
    players = args.players or get_game(args.game).min_players
    b = bare(args.game, players, args.games)
    one = harness(args.game, players, args.games, 1)
    two = harness(args.game, players, args.games, 2)
    print(f"{args.game}, {players} players, {args.games} random games")
    print(f"  bare loop, 1 core:    {b:8.1f} games/s")
    print(f"  harness, 1 worker:    {one:8.1f} games/s  (cost {100 * (1 - one / b):.1f}% vs bare)")
    print(f"  harness, 2 workers:   {two:8.1f} games/s  (scaling {two / one:.2f}x)")


if __name__ == "__main__":
    main()
