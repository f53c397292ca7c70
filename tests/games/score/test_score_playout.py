"""The Score! heavy-rollout policy (games/score/playout.py, ``ScoreState.rollout_action_id``,
docs/bots.md "Tenth sitting: Score!") is the rule of thumb of games/score/greedy.py, read from
the arrays: it must choose exactly what the rule of thumb chooses, in every phase."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, new_state
from cardtable.games.score.greedy import greedy


@pytest.mark.parametrize("seed", range(4))
def test_the_heavy_rollout_action_is_the_rule_of_thumbs(seed: int) -> None:
    """Along epsilon-greedy games (so hands and phases vary), at every decision of every seat
    to act: the same action id as ``greedy`` on the seat's observation."""
    state, rng = new_state("score", 3, seed=seed), Rng(seed)
    rule = make_agent("greedy")
    phases: Counter[str] = Counter()
    while not state.is_terminal():
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                expected = greedy(state.observation(seat), legal, Rng(0))[0].id
                assert state.rollout_action_id(seat, Rng(1)) == expected, (state.phase, seat)
                phases[state.phase] += 1
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        if rng.below(5) == 0:
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
        else:
            state.apply(seat, decide(rule, state, seat, rng))
    # every kind of choice was checked (a test that only saw passes would prove little)
    assert all(phases[p] > 0 for p in ("call", "choose", "commit", "collect")), phases


def test_a_seat_with_nothing_to_do_gets_minus_one() -> None:
    state = new_state("score", 3, seed=1)
    idle = next(s for s in range(3) if s not in state.to_act())
    assert state.rollout_action_id(idle, Rng(1)) == -1
