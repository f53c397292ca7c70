"""CPU time per decision of two searching bots in whole games, to set equal-time ladders.

A ladder "at equal time" needs the time-budgeted bot's budget to match what an iteration-budgeted
bot (``hard``) really spends. This plays whole games of ``--bot`` against ``--other`` (seat
rotated between the two seeds) and prints each bot's mean ``time.thread_time()`` per decision
that had a choice (forced moves are not searched). Run it on the engine the ladder uses
(compiled: ``make compile``)::

    .venv/bin/python benchmarks/search_cpu.py nacho-loco --other pimc:time=0.08,clock=cpu
"""

from __future__ import annotations

import argparse
import time

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, get_game, new_state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--other", default="pimc:time=0.05,clock=cpu")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    players = get_game(args.game).min_players
    for k, seed in enumerate(args.seeds):
        specs = [args.bot] + [args.other] * (players - 1)
        lone = k % players  # the first bot's seat rotates with the seed
        specs = specs[-lone:] + specs[:-lone] if lone else specs
        bots = [make_agent(spec) for spec in specs]
        state, rng = new_state(args.game, players, seed=seed), Rng(seed)
        spent = {args.bot: [0.0, 0], args.other: [0.0, 0]}
        while not state.is_terminal():
            seat = state.to_act()[0]
            if len(state.legal_action_ids(seat)) > 1:
                start = time.thread_time()
                action = decide(bots[seat], state, seat, rng)
                spent[specs[seat]][0] += time.thread_time() - start
                spent[specs[seat]][1] += 1
            else:
                action = state.legal_actions(seat)[0]
            state.apply(seat, action)
        cells = [f"{s}: {t / max(n, 1) * 1000:.1f} ms x {n}" for s, (t, n) in spent.items()]
        print(f"{args.game} seed {seed}: " + "; ".join(cells), flush=True)


if __name__ == "__main__":
    main()
