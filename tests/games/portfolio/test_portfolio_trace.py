"""The Portfolio engine still behaves exactly as recorded (``trace.py``, ``data/trace.txt``).

The recorded digests come from the engine before the seventh sitting's search-speed work (main
54773cd): every legal id list, state (card ids, marks, tags, fields), RNG word, log line, value
and note of seeded games at 2-5 seats (two and three decks) under every option (PF-R6, PF-R10,
PF-R13) and of search-like rollouts from their positions, from copies and from sampled worlds,
must come out the same.
"""

from __future__ import annotations

import pytest

from . import trace

_GROUPS = sorted({(players, variant) for players, variant, _ in trace.cases()})


@pytest.mark.parametrize(("players", "variant"), _GROUPS, ids=[f"{p}-{v}" for p, v in _GROUPS])
def test_games_match_the_recorded_trace(players: int, variant: str) -> None:
    recorded = trace.recorded()
    for seed in trace.SEEDS:
        digest, _ = trace.game_run(players, variant, seed)
        assert digest == recorded[players, variant, seed], f"{players} {variant} {seed} differs"


def test_the_trace_reaches_the_rare_paths() -> None:
    """The trace is worth its digests only if it goes through what a rewrite could break:
    caps (PF-R8), neutralizations (PF-R11) and acquisitions (PF-R15, PF-R16), trades (PF-R10),
    the 3/5-seat reshuffle of the pile into a new stock (PF-R12) and games that end (PF-R13,
    PF-R14)."""
    totals: dict[str, float] = {}
    for players, variant in ((3, "default"), (4, "trades"), (5, "all")):
        for seed in trace.SEEDS:
            for key, value in trace.game_run(players, variant, seed)[1].items():
                totals[key] = totals.get(key, 0.0) + value
    for key in ("caps", "neutralizations", "acquisitions", "trades", "reformed", "ended"):
        assert totals[key] > 0, key
    assert set(trace.recorded()) == set(trace.cases())
