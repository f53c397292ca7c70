"""Instructions per rollout: ismcts's compiled _rollout on fixed Nacho Loco positions.

Run from the repository root (ROLLOUT random|heavy, CUTOFF 0|8)::

    PYTHONPATH=$PWD/src nice -n 10 valgrind --tool=callgrind \
        --toggle-collect='CPyDef_ismcts___IsmctsAgent____rollout' .venv/bin/python \
        benchmarks/ladder_runs/nacho-loco-s11-playout/playout_cost.py ROLLOUT CUTOFF

(the exact name: a pattern that also matches the CPyPy_ wrapper toggles collection off again
inside it). Inclusive: the heavy branch is called from _rollout. Steps taken: the call count of
apply_unchecked under _rollout (callgrind_annotate --tree=caller). Positions: every 2nd
decision of 4 greedy-vs-greedy games (seeds 1-4); each rolled out REPS times from a fresh clone
(clones made outside the counted function).
"""

import sys

from cardtable import _compiled
from cardtable.agents import decide, make_agent
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.core import Rng, new_state

rollout, cutoff = sys.argv[1], int(sys.argv[2])
REPS = 40
positions = []
for seed in range(1, 5):
    state, rng, bot = new_state("nacho-loco", 2, seed), Rng(seed), make_agent("greedy")
    k = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        if k % 2 == 0:
            positions.append(state.clone())
        k += 1
        state.apply(seat, decide(bot, state, seat, rng))
agent = IsmctsAgent(IsmctsConfig(rollout=rollout, cutoff=cutoff, value="auto"))
rng = Rng(99)
for p in positions:
    for _ in range(REPS):
        s = p.clone()
        agent._rollout(s, rng)
print(_compiled.status(), rollout, cutoff, "rollouts:", len(positions) * REPS)
