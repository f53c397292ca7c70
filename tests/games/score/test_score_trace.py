"""The Score! engine still behaves exactly as recorded (``trace.py``, ``data/trace.txt``).

The recorded digests come from the engine before the sixth sitting's speed work (main a3336e8):
every legal id list, state (card ids, marks, fields, face-down plays), RNG word, log line,
value and note of seeded games under every option (SC-R2, SC-R4, SC-R11, SC-R12) and of
search-like rollouts from their positions must come out the same.
"""

from __future__ import annotations

import pytest

from . import trace

_GROUPS = sorted({(name, variant) for name, variant, _ in trace.cases()})


@pytest.mark.parametrize(("name", "variant"), _GROUPS, ids=[f"{n}-{v}" for n, v in _GROUPS])
def test_games_match_the_recorded_trace(name: str, variant: str) -> None:
    recorded = trace.recorded()
    for seed in trace.SEEDS:
        digest, _ = trace.game_run(name, variant, seed)
        assert digest == recorded[name, variant, seed], f"{name} {variant} seed {seed} differs"


def test_the_trace_reaches_the_rare_paths() -> None:
    """The trace is worth its digests only if it goes through what a rewrite could break:
    five-point hands (SC-R11), busts (SC-R6), discards (SC-R5), rounds the empty pile ends
    (SC-R12) and games that end (SC-R2)."""
    totals: dict[str, float] = {}
    for name, variant in (("deal", "default"), ("near5", "default"), ("five", "optional5")):
        for seed in trace.SEEDS[:3]:
            for key, value in trace.game_run(name, variant, seed)[1].items():
                totals[key] = totals.get(key, 0.0) + value
    for key in ("five_point_hands", "busts", "complete_discards", "empty_pile_endings", "ended"):
        assert totals[key] > 0, key
    assert set(trace.recorded()) == set(trace.cases())
