"""CPU time per decision of several bots on the same positions: a quick equal-CPU check.

``search_cpu.py`` plays whole games (minutes of CPU in Score!); this asks each bot for a choice
at the same few positions of one game of rule-of-thumb players (every 15th step with a choice)
and prints its mean ``time.thread_time()`` per decision, so a rollout budget can be matched to a
``pimc`` time budget in seconds. Fewer positions, so a rougher figure::

    .venv/bin/python benchmarks/cpu_positions.py score "pimc:time=0.03,clock=cpu" \
        "halving:rollouts=800"
"""

from __future__ import annotations

import argparse
import time

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, get_game, new_state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--points", type=int, default=12)
    args = parser.parse_args()
    players = get_game(args.game).min_players
    state, rng = new_state(args.game, players, seed=args.seed), Rng(args.seed)
    greedy = make_agent("greedy")
    points = []
    step = 0
    while not state.is_terminal() and len(points) < args.points:
        seat = state.to_act()[0]
        if len(state.legal_action_ids(seat)) > 1 and step % 15 == 0:
            points.append((state.clone(), seat))
        step += 1
        state.apply(seat, decide(greedy, state, seat, rng))
    for spec in args.specs:
        bot = make_agent(spec, game=args.game)
        start = time.thread_time()
        for k, (position, seat) in enumerate(points):
            decide(bot, position, seat, Rng(k))
        mean = (time.thread_time() - start) / len(points) * 1000
        print(f"{spec}: {mean:.1f} ms x {len(points)}", flush=True)


if __name__ == "__main__":
    main()
