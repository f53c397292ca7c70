"""Rollouts a decision at 0.05 s of CPU: ``halving`` stopping at the round's end vs ``pimc``.

At every sixth decision with a choice among the first 60 of two rule-of-thumb Score! games, each
bot searches once; prints the median rollouts a decision (halving: ``last_rollouts``; pimc:
sampled worlds times actions). Run from the repository: ``.venv/bin/python
benchmarks/ladder_runs/score-s11-halving-round/rollouts_look.py``.
"""

from __future__ import annotations

import statistics

from cardtable.agents import decide, make_agent
from cardtable.agents.base import InfoSet
from cardtable.agents.halving import HalvingAgent
from cardtable.agents.pimc import PimcAgent
from cardtable.core import Rng, new_state

h = make_agent("halving:time=0.05,clock=cpu,stop=round")
p = make_agent("pimc:time=0.05,clock=cpu")
g = make_agent("greedy")
assert isinstance(h, HalvingAgent)
assert isinstance(p, PimcAgent)
hr, pr, ks = [], [], []
for seed in (1, 2):
    state, rng = new_state("score", 3, seed=seed), Rng(seed)
    n = 0
    while not state.is_terminal() and n < 60:
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        if len(ids) > 1 and n % 6 == 0:
            h.best_index(InfoSet(state, seat, Rng(n)), Rng(n))
            p.values(InfoSet(state, seat, Rng(n)), Rng(n))
            hr.append(h.last_rollouts)
            pr.append(p.last_iterations * len(ids))
            ks.append(len(ids))
        if len(ids) > 1:
            n += 1
        state.apply(seat, decide(g, state, seat, rng))
print("positions", len(hr), "actions median", statistics.median(ks))
print(
    "halving stop=round rollouts/decision median",
    statistics.median(hr),
    "min",
    min(hr),
    "max",
    max(hr),
)
print(
    "pimc cut-off 8 rollouts/decision median", statistics.median(pr), "min", min(pr), "max", max(pr)
)
