"""How many sampled worlds each pimc variant gets at 0.05 s of CPU (docs/bots.md, "Tenth
sitting: Score!"): every sixth decision with a choice among the first 120 actions of one
rule-of-thumb Score! game (seed 5). Prints spec, positions, median, least and most worlds.

    .venv/bin/python benchmarks/ladder_runs/score-s12-pimc-heavy-round/worlds_look.py
"""

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, new_state

SPECS = [
    "pimc:time=0.05,clock=cpu",
    "pimc:time=0.05,clock=cpu,rollout=heavy,stop=round",
    "pimc:time=0.05,clock=cpu,stop=round",
    "pimc:time=0.05,clock=cpu,rollout=heavy,stop=round,value=margin",
    "pimc:time=0.05,clock=cpu,rollout=heavy,cutoff=0",
]

for spec in SPECS:
    bot = make_agent(spec)
    state, rng = new_state("score", 3, seed=5), Rng(3)
    worlds: list[int] = []
    greedy = make_agent("greedy")
    for n in range(120):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        if len(state.legal_action_ids(seat)) > 1 and n % 6 == 0:
            decide(bot, state, seat, rng)
            worlds.append(bot.last_iterations)  # type: ignore[attr-defined]
        state.apply(seat, decide(greedy, state, seat, rng))
    worlds.sort()
    print(spec, len(worlds), worlds[len(worlds) // 2], worlds[0], worlds[-1])
