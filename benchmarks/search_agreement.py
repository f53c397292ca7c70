"""How often two bots choose differently in the same positions: is a search's choice noise?

Plays ``--games`` games of rule-of-thumb players and, at every third decision with a choice,
asks both bots (bot ``k`` with ``Rng(1000 * seed + step + 7919 * k)``, so the same spec twice
is the same search with another seed), then prints the disagreements by kind of decision. If a
bot disagrees with itself as often as with another bot, its choices there are noise
(docs/bots.md, "Score!, diagnosed")::

    .venv/bin/python benchmarks/search_agreement.py score "hard;hard"
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, get_game, new_state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("specs", help="two bot specs separated by ';'")
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()
    specs = args.specs.split(";")
    players = get_game(args.game).min_players
    greedy = make_agent("greedy")
    total: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    cpu = [0.0] * len(specs)
    for seed in range(1, args.games + 1):
        state, rng, step = new_state(args.game, players, seed=seed), Rng(seed), 0
        while not state.is_terminal():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and step % 3 == 0:
                kind = f"{legal[0].text.split()[0]}/{len(legal)}"
                choices = set()
                for k, spec in enumerate(specs):
                    start = time.thread_time()
                    choice_rng = Rng(1000 * seed + step + 7919 * k)
                    choice = decide(make_agent(spec), state, seat, choice_rng)
                    cpu[k] += time.thread_time() - start
                    choices.add(choice.text)
                total[kind] += 1
                differ[kind] += len(choices) > 1
            step += 1
            state.apply(seat, decide(greedy, state, seat, rng))
    for kind in sorted(total):
        print(f"{kind:16s} positions {total[kind]:4d}  disagree {differ[kind]:4d}")
    print(f"all {sum(total.values())}  disagree {sum(differ.values())}  cpu s {cpu}")


if __name__ == "__main__":
    main()
