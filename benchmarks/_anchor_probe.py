"""Reference figures for benchmarks/suite.py: OpenSpiel's C++ card games driven from Python.

Run by the suite in an interpreter that has OpenSpiel (``pyspiel``); prints one JSON object.
Random playouts count the players' actions per CPU-second, with the deal's chance outcomes
sampled inside the timed loop (as a cardtable playout deals inside its own), the same loop as
benchmarks/_suite_probe.py: read the legal actions, pick one uniformly, apply it, optionally read
the actor's observation first.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

#: OpenSpiel games standing in for "a fast card-game engine": its C++ implementations.
ANCHORS = ("hearts", "crazy_eights", "gin_rummy")


def observe_fn(game: Any) -> Any:
    kind = game.get_type()
    if kind.provides_observation_string:
        return lambda state, player: state.observation_string(player)
    return lambda state, player: state.information_state_string(player)


def playouts(game: Any, budget: float, observe: bool) -> float:
    rng, actions = random.Random(12345), 0
    view = observe_fn(game)
    start = time.process_time()
    while time.process_time() - start < budget:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            player = state.current_player()
            if observe:
                view(state, player)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    return actions / (time.process_time() - start)


def calls(game: Any) -> dict[str, float]:
    """Microseconds per clone, observation and legal_actions at mid-game decision points."""
    rng, sample = random.Random(777), []
    while len(sample) < 100:
        state = game.new_initial_state()
        while not state.is_terminal() and len(sample) < 100:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if rng.randrange(10) == 0:
                sample.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    view = observe_fn(game)
    out = {}
    for name, fn in (
        ("clone", lambda s: s.clone()),
        ("observation", lambda s: view(s, s.current_player())),
        ("legal_action_ids", lambda s: s.legal_actions()),
    ):
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            for _ in range(5):
                for state in sample:
                    fn(state)
            best = min(best, (time.process_time() - start) / (5 * len(sample)))
        out[name] = best * 1e6
    return out


def main() -> None:
    import pyspiel  # only where installed: the suite checks before it runs this

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    out: dict[str, object] = {"version": getattr(pyspiel, "__version__", "?")}
    for name in ANCHORS:
        game = pyspiel.load_game(name)
        out[name] = {
            "players": game.num_players(),
            "fast": max(playouts(game, args.seconds / 2, False) for _ in range(2)),
            "fast+observe": max(playouts(game, args.seconds / 2, True) for _ in range(2)),
            "calls_us": calls(game),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
