"""CPU time of one OpenSpiel ``ISMCTSBot`` simulation on our games, for the profile in
docs/ecosystem.md.

Deals seed 1000, plays 6 random actions (generator seeded 0), then times one 30-simulation
search by process CPU time (so a busy machine matters less than for wall time). ``--bridge`` uses
OpenSpiel's ``RandomRolloutEvaluator`` instead of ours; ``--adapter FILE`` loads the adapter
module from FILE instead (the "before" figures: ``git show 5a43bd4:src/cardtable/envs/
openspiel.py > /tmp/old.py`` with ``--adapter /tmp/old.py --bridge``).

Run: ``.venv/bin/python benchmarks/openspiel_sim_cost.py magic-show [--bridge] [--adapter F]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--bridge", action="store_true")
    parser.add_argument("--adapter", default="")
    args = parser.parse_args()
    if args.adapter:
        spec = importlib.util.spec_from_file_location("cardtable.envs.openspiel", args.adapter)
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["cardtable.envs.openspiel"] = module
        spec.loader.exec_module(module)
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import cardtable.envs.openspiel as adapter

    players = 3 if args.game == "score" else 2
    game = pyspiel.load_game(adapter.short_name(args.game), {"players": players})
    state = game.new_initial_state()
    state.apply_action(1000)
    rng = np.random.RandomState(0)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    evaluator = mcts.RandomRolloutEvaluator if args.bridge else adapter.RolloutEvaluator
    bot = ismcts.ISMCTSBot(
        game, evaluator(1, random_state=rng), 2.0, args.simulations, random_state=rng
    )
    started = time.process_time()
    bot.step(state)
    spent = (time.process_time() - started) / args.simulations
    print(f"{args.game}: {1000 * spent:.2f} ms CPU per simulation")


if __name__ == "__main__":
    main()
