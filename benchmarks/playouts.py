"""Random-playout speed of a game on one core: games/s and actions/s, plus hot-path timings.

Run: ``.venv/bin/python benchmarks/playouts.py --game piece-of-the-action --players 4``

A playout is a whole game from a fresh deal in which every decision is a uniformly random legal
action, through the fast path (``legal_action_ids`` + ``apply_unchecked``, table log off) — what
simulation and search use. Set-up (the deal) is included in the time. The hot-path section times
``legal_action_ids``, ``apply_unchecked``, ``clone``, ``determinize`` and ``to_json`` on positions
sampled from playouts. This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable

from cardtable import _compiled
from cardtable.core import Rng, State, get_game, new_state

Options = dict[str, str] | None


def playout(game: str, players: int, seed: int, rng: Rng, options: Options = None) -> int:
    state = new_state(game, players, seed, options)
    state.events = None
    actions = 0
    while not state.is_terminal():
        waiting = state.to_act()
        seat = waiting[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
        actions += 1
    return actions


def measure_playouts(
    game: str, players: int, seconds: float, options: Options = None
) -> dict[str, float]:
    rng = Rng(12345)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += playout(game, players, games, rng, options)
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "actions_per_game": round(actions / games, 1),
    }


def sample_positions(game: str, players: int, count: int, options: Options = None) -> list[State]:
    rng = Rng(777)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = new_state(game, players, seed, options)
        state.events = None
        seed += 1
        while not state.is_terminal():
            if rng.below(20) == 0:
                out.append(state.clone())
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return out[:count]


def time_per_call(fn: Callable[[State], object], positions: list[State], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for pos in positions:
            fn(pos)
    return (time.perf_counter() - start) / (repeat * len(positions)) * 1e6


def hot_paths(game: str, players: int, options: Options = None) -> dict[str, float]:
    positions = sample_positions(game, players, 200, options)
    rng = Rng(5)

    def legal(s: State) -> object:
        return s.legal_action_ids(s.to_act()[0])

    def apply_one(s: State) -> object:
        c = s.clone()
        seat = c.to_act()[0]
        c.apply_unchecked(seat, c.legal_action_ids(seat)[0])
        return c

    clone_us = time_per_call(lambda s: s.clone(), positions, 20)
    return {
        "legal_action_ids_us": round(time_per_call(legal, positions, 20), 2),
        "clone_us": round(clone_us, 2),
        "clone_legal_apply_us": round(time_per_call(apply_one, positions, 20), 2),
        "determinize_us": round(
            time_per_call(lambda s: s.determinize(s.to_act()[0], rng), positions, 10), 2
        ),
        "to_json_us": round(time_per_call(lambda s: json.dumps(s.to_json()), positions, 5), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="piece-of-the-action")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "-o", "--option", action="append", default=[], metavar="NAME=VALUE", help="game option"
    )
    args = parser.parse_args()
    info = get_game(args.game)
    options = dict(pair.split("=", 1) for pair in args.option) or None
    result = {
        "game": info.name,
        "players": args.players,
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "engine": _compiled.status(),
        "options": options or {},
        **measure_playouts(info.name, args.players, args.seconds, options),
        **hot_paths(info.name, args.players, options),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
