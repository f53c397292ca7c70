"""Rollouts that stop at the end of the Score! round (``ScoreState.round_mark``, games/score/
rounds.py; ``halving:stop=round``, docs/bots.md "Ninth sitting"): the mark changes exactly when
a round has been scored and the next one dealt, and a ``stop=round`` rollout ends exactly there,
not an action earlier or later."""

from __future__ import annotations

import pytest

from cardtable.agents import make_agent
from cardtable.agents.halving import HalvingAgent
from cardtable.core import Rng, State, new_state
from tests.games.score.helpers import load, position
from tests.games.score.test_score_rules import COMPLETES, LONE


def random_step(state: State, rng: Rng) -> None:
    """One random action, drawing from ``rng`` exactly as the halving rollout does."""
    movers = state.to_act()
    seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
    ids = state.legal_action_ids(seat)
    state.apply_unchecked(seat, ids[rng.below(len(ids))] if len(ids) > 1 else ids[0])


def halving(spec: str) -> HalvingAgent:
    agent = make_agent(spec)
    assert isinstance(agent, HalvingAgent)
    return agent


def test_the_mark_is_the_round_and_moves_only_when_a_round_is_scored() -> None:
    """Along a random game: the mark rises by exactly one at the actions after which the
    Singles have been re-dealt (every hand back to 12, SC-R3) with the game going on, and
    stays put at every other action."""
    state, rng = new_state("score", 3, seed=5), Rng(5)
    changes = 0
    while not state.is_terminal():
        before = state.round_mark()
        assert before == state.round
        random_step(state, rng)
        if state.is_terminal():
            break
        after = state.round_mark()
        assert after in (before, before + 1)
        dealt = all(
            len(state.zone(f"hand:{s}")) == 12 and len(state.zone(f"completes:{s}")) == 3
            for s in range(3)
        )
        if after != before:
            changes += 1
            assert dealt and state.phase == "call" and not any(state.busted)
    assert changes >= 2, "the game never got past its second round: the test would prove little"


def test_a_call_ends_the_round_at_once() -> None:
    """SC-R9: calling Score! scores the round; the mark moves with that one action."""
    state = load(position(LONE, COMPLETES))
    mark = state.round_mark()
    state.apply(0, "call score")
    assert not state.is_terminal() and state.round_mark() == mark + 1


@pytest.mark.parametrize("seed", range(6))
def test_a_round_rollout_stops_exactly_at_the_rounds_end(seed: int) -> None:
    """Replay the rollout's own random actions by hand: it must stop at the first action after
    which the mark differs (one earlier, the round is still on; one later, the states differ),
    and score the position there with ``evaluate``."""
    start = new_state("score", 3, seed=seed)
    walk = Rng(seed)
    for _ in range(seed * 7):  # somewhere inside the first round
        random_step(start, walk)
    mark = start.round_mark()
    agent = halving("halving:stop=round,value=evaluate")
    played = start.clone()
    value = agent._rollout(played, Rng(40 + seed), mark)

    replay, rng, steps = start.clone(), Rng(40 + seed), 0
    while not replay.is_terminal() and replay.round_mark() == mark:
        random_step(replay, rng)
        steps += 1
    assert steps > 8, "the round ended within a cut-off's reach: the test would prove little"
    assert played.to_json() == replay.to_json()
    assert played.round_mark() == mark + 1
    assert value == replay.evaluate()


def test_a_round_rollout_ignores_the_cutoff_and_the_mark_read_before_the_action() -> None:
    """``cutoff`` does not shorten a ``stop=round`` rollout; and a rollout handed the mark of
    the decision's round stops at once when the decision itself ended the round (a call)."""
    start = new_state("score", 3, seed=2)
    mark = start.round_mark()
    played = start.clone()
    halving("halving:stop=round,cutoff=3,value=evaluate")._rollout(played, Rng(1), mark)
    assert played.round_mark() == mark + 1 or played.is_terminal()

    state = load(position(LONE, COMPLETES))
    mark = state.round_mark()
    state.apply(0, "call score")
    after = state.clone()
    value = halving("halving:stop=round,value=evaluate")._rollout(state, Rng(1), mark)
    assert state.to_json() == after.to_json()  # no action taken after the call
    assert value == after.evaluate()


def test_a_game_without_rounds_plays_a_round_rollout_to_the_end() -> None:
    """The ``State`` default mark never changes: such a rollout ends only with the game."""
    state = new_state("magic-show", 2, seed=3)
    mark = state.round_mark()
    value = halving("halving:stop=round")._rollout(state, Rng(2), mark)
    assert state.is_terminal() and value == state.returns()
