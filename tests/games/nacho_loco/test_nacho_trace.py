"""The Nacho Loco engine still behaves exactly as recorded (``trace.py``, ``data/trace.txt``).

The recorded digests come from the engine before the eighth sitting's search-speed work (main
267cc42): every legal id list, state (card ids, marks, tags, fields), RNG word, log line, value
and note of seeded games at 2-6 seats under the option sets (NL-R1, NL-R2, NL-R3, NL-R10,
NL-R13, NL-R14, NL-R15, NL-R19) and of search-like rollouts from their positions, from copies
and from sampled worlds, must come out the same.
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
    """The trace is worth its digests only if it goes through what a rewrite could break: the
    three ways a field closes (cut-throat NL-R6, everyone drew NL-R8, the Closer NL-R5), 2- and
    3-segment matches (NL-R13), Draw 3 (NL-R12), Skip Next (NL-R11), Go Again (NL-R10), draw
    turns and games that end (NL-R20)."""
    totals: dict[str, float] = {}
    for players, variant in ((2, "default"), (4, "extraturn"), (6, "default")):
        for seed in trace.SEEDS:
            for key, value in trace.game_run(players, variant, seed)[1].items():
                totals[key] = totals.get(key, 0.0) + value
    for key in (
        "closings_cutthroat",
        "closings_everyone_drew",
        "closings_closer",
        "matches_2",
        "matches_3",
        "opponent_draws_3",
        "skips_given",
        "go_agains",
        "draw_turns",
        "ended",
    ):
        assert totals[key] > 0, key
    assert set(trace.recorded()) == set(trace.cases())
