"""Do heavy rollouts predict the game's winner better than random ones? (throwaway, docs/bots.md)

Positions: every 3rd decision of GAMES games between two `greedy` seats (seeds 70000+), the
winner known at the end. At each, for the seat to move: the mean over K worlds sampled from its
information set (InfoSet.sample) of one rollout's value (ismcts's compiled _rollout: cut-off C,
then the fitted search value; C=0: the search value alone, no rollout; C=100000: to the end).
Brier score and log-loss of that mean against the seat's win (1/0), per rollout policy, paired
over the same positions (each policy's worlds drawn from the same seed, so they part once the
rollouts use the generator differently). Printed with 95% intervals of
the paired difference, clustered by game.
"""

import math
import sys
import time

from cardtable import _compiled
from cardtable.agents import decide, make_agent
from cardtable.agents.base import InfoSet
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.core import Rng, new_state

GAMES, K = int(sys.argv[1]), int(sys.argv[2])
END = 100_000  # a cut-off no game reaches: to the end
CONFIGS = [("random", 8), ("heavy", 8), ("random", 0), ("random", END), ("heavy", END)][
    : int(sys.argv[3]) if len(sys.argv) > 3 else 5
]
agents = [IsmctsAgent(IsmctsConfig(rollout=r, cutoff=c, value="auto")) for r, c in CONFIGS]
rows = []  # (game, [brier per config], [logloss per config])
cpu = [0.0] * len(CONFIGS)
for g in range(GAMES):
    seed = 70000 + g
    state, rng, bot = new_state("nacho-loco", 2, seed), Rng(seed), make_agent("greedy")
    pending = []
    k = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        if k % 3 == 0:
            pending.append((state.clone(), seat))
        k += 1
        state.apply(seat, decide(bot, state, seat, rng))
    result = state.returns()
    for pos, seat in pending:
        info = InfoSet(pos, seat, Rng(seed * 7 + len(rows)))
        b, ll = [], []
        for i, agent in enumerate(agents):
            wr = Rng(seed * 1000 + len(rows))
            t0 = time.thread_time()
            total = 0.0
            for _ in range(K):
                world = info.sample(wr)
                total += agent._rollout(world, wr)[seat]
            cpu[i] += time.thread_time() - t0
            p = min(max(total / K, 1e-3), 1 - 1e-3)
            y = result[seat]
            b.append((p - y) ** 2)
            ll.append(-(y * math.log(p) + (1 - y) * math.log(1 - p)))
        rows.append((g, b, ll))
n = len(rows)
print(_compiled.status(), f"{GAMES} games, {n} positions, K={K} worlds each")
for i, (r, c) in enumerate(CONFIGS):
    bs = sum(x[1][i] for x in rows) / n
    ls = sum(x[2][i] for x in rows) / n
    print(
        f"{r:6} cutoff={c}: Brier {bs:.4f}  log-loss {ls:.4f}  CPU {1000 * cpu[i] / n / K:.3f} ms a rollout"  # noqa: E501
    )
# paired differences vs config 0, clustered by game (a game's positions are not independent)
for i in range(1, len(CONFIGS)):
    for name, idx in (("Brier", 1), ("log-loss", 2)):
        per_game = {}
        for g, *vals in rows:
            d = vals[idx - 1][i] - vals[idx - 1][0]
            s, m = per_game.get(g, (0.0, 0))
            per_game[g] = (s + d, m + 1)
        mean = sum(s for s, _ in per_game.values()) / n
        # cluster-robust SE of a ratio mean: sum over games of (s_g - mean*m_g)^2
        var = (
            sum((s - mean * m) ** 2 for s, m in per_game.values())
            / n
            / n
            * len(per_game)
            / (len(per_game) - 1)
        )
        se = math.sqrt(var)
        print(
            f"  {CONFIGS[i]} minus {CONFIGS[0]} {name}: {mean:+.4f} ({mean - 1.96 * se:+.4f} to {mean + 1.96 * se:+.4f})"  # noqa: E501
        )
