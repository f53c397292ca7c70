"""Bot specs, levels, the greedy dispatch and IS-MCTS behaviour."""

from __future__ import annotations

import pytest

from cardtable.agents import IsmctsAgent, decide, make_agent, parse_spec
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, new_state


def test_specs_and_levels() -> None:
    assert parse_spec("ismcts:iterations=5, c=1.5") == ("ismcts", {"iterations": "5", "c": "1.5"})
    assert make_agent("EASY").name == "random"
    assert make_agent("medium").name == "greedy"
    hard = make_agent("hard")
    assert isinstance(hard, IsmctsAgent) and hard.config.iterations == 400
    expert = make_agent("expert")
    assert isinstance(expert, IsmctsAgent) and expert.config.time == 2.0


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("genius", "no agent called 'genius'"),
        ("ismcts:depth=3", "no parameter 'depth'"),
        ("ismcts:iterations=many", "must be a int"),
        ("ismcts:iterations=0", "iterations >= 1"),
        ("ismcts:rollout=smart", "rollout must be"),
        ("ismcts:iterations", "write name=value"),
        ("random:x=1", "takes no parameters"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec)


def test_ismcts_is_reproducible_at_a_fixed_budget() -> None:
    state = new_state("piece-of-the-action", 3, seed=4)
    seat = state.to_act()[0]
    picks = {decide(make_agent("ismcts:iterations=60"), state, seat, Rng(9)).id for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_finds_the_winning_call() -> None:
    """Score!: a seat whose call wins the game outright should call, not lead."""
    from tests.games.score.helpers import load, position
    from tests.games.score.test_score_rules import COMPLETES, LONE

    state = load(position(LONE, COMPLETES, state={"total": [8, 0, 0]}))
    agent = make_agent("ismcts:iterations=300,cutoff=20")
    assert decide(agent, state, 0, Rng(1)).text == "call score"


def test_analysis_ranks_every_legal_action() -> None:
    state = new_state("magic-show", 2, seed=3)
    agent = make_agent("ismcts:iterations=100")
    assert isinstance(agent, IsmctsAgent)
    ranked = agent.analyse(InfoSet(state, 0, Rng(1)), Rng(2))
    assert {a.action for a in ranked} == set(state.legal_actions(0))
    assert sum(a.visits for a in ranked) == 100
    assert ranked[0].visits >= ranked[-1].visits


def test_greedy_without_a_game_policy_plays_at_random() -> None:
    state = new_state("piece-of-the-action", 3, seed=2)
    seat = state.to_act()[0]
    assert decide(make_agent("greedy"), state, seat, Rng(0)) in state.legal_actions(seat)
