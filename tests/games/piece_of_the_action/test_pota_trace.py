"""Piece of the Action still behaves exactly as recorded (``trace.py``, ``data/trace.txt``).

The recorded digests come from the engine before the seventh sitting's speed work on the legal
ids (main 54773cd, plain; main's compiled build gives the same): every seat's legal id list,
state (card ids, marks, moved tags, fields), RNG word, log line, value and note of seeded games
at two to six players under every option (POTA-R4, POTA-R11, POTA-R18) and of search-like
rollouts from their positions must come out the same.
"""

from __future__ import annotations

import pytest

from . import trace

_GROUPS = sorted({(n, variant) for n, variant, _ in trace.cases()})


@pytest.mark.parametrize(("players", "variant"), _GROUPS, ids=[f"{n}-{v}" for n, v in _GROUPS])
def test_games_match_the_recorded_trace(players: int, variant: str) -> None:
    recorded = trace.recorded()
    for seed in trace.SEEDS:
        digest, _ = trace.game_run(players, variant, seed)
        where = f"{players} {variant} seed {seed}"
        assert digest == recorded[players, variant, seed], f"{where} differs"


def test_the_trace_reaches_the_rare_paths() -> None:
    """The trace is worth its digests only if it goes through what a rewrite could break: Move
    cards and their steps (POTA-R13), Reverses played and moved (POTA-R11, R12), X cards
    (POTA-R3, R10), declines (POTA-R4), tie-break Deals (POTA-R18) and games that end."""
    totals: dict[str, float] = {}
    for n in (2, 4, 6):
        for seed in trace.SEEDS:
            for key, value in trace.game_run(n, "default", seed)[1].items():
                totals[key] = totals.get(key, 0.0) + value
    for key in ("moves", "move_steps", "reverses", "reverse_steps", "x_cards", "declines"):
        assert totals[key] > 0, key
    assert totals["ended"] == 3 * len(trace.SEEDS)
    assert totals["tiebreak_deals"] + totals["rollout_tiebreak_deals"] > 0
    assert set(trace.recorded()) == set(trace.cases())
