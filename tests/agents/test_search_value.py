"""``ismcts:value=search``: the search scores cut-off rollouts with the game's ``search_value``.

The flat PIMC baseline and the Hint button keep ``State.evaluate``; a search may read a sharper
value (docs/bots.md, "`hard` and `ismcts` against the PIMC baseline"). Score!'s credits sets in
progress, which ``evaluate`` cannot see (SC-R9: only complete sets of four score).
"""

from __future__ import annotations

import pytest

from cardtable.agents import IsmctsAgent, make_agent
from cardtable.agents.base import InfoSet
from cardtable.agents.ismcts import IsmctsConfig
from cardtable.core import Rng, new_state
from cardtable.games.score import rules

from ..games.score.helpers import load, position

A, B = 0, 1
COMPLETES = [
    ["Filled-Red-Circle", "Partial-Blue-Square", "Hollow-Green-Triangle"],
    ["Filled-Blue-Triangle", "Partial-Green-Circle", "Hollow-Red-Square"],
    ["Filled-Green-Square", "Partial-Red-Triangle", "Hollow-Blue-Circle"],
]
OTHERS = {"Partial": 1, "Hollow": 2, "Red": 2, "Blue": 2, "Green": 2}
C_HAND = {
    "Partial": 1,
    "Hollow": 1,
    "Red": 2,
    "Blue": 2,
    "Green": 2,
    "Circle": 2,
    "Square": 1,
    "Triangle": 1,
}


def _hands(a_filled: int) -> list[dict[str, int]]:
    """No sets anywhere; A holds ``a_filled`` Filled Singles (its Filled-Red-Circle wants them)
    and makes up twelve with Squares; B holds the other Filled."""
    a = {"Filled": a_filled, "Square": 3 - a_filled, **OTHERS}
    b = {"Filled": 4 - a_filled, "Partial": 2, "Hollow": 1, "Circle": 2, "Square": a_filled}
    b["Triangle"] = 3
    return [a, b, dict(C_HAND)]


def test_score_search_value_sees_a_set_in_progress_that_evaluate_does_not() -> None:
    three = load(position(_hands(3), COMPLETES))
    two = load(position(_hands(2), COMPLETES))
    for state in (three, two):
        assert rules.hand_score(state, A) == 0  # no complete set: evaluate sees nothing
        assert state.evaluate() == pytest.approx([1 / 3] * 3)
    # Every value matches one of A's Completes: three Filled are worth 0.45 of a set, one
    # Partial 0.05, two each of Hollow, Red, Blue and Green 0.15 each; with the third Filled
    # swapped for a Square, 0.15 + 0.05 for those two.
    assert rules.hand_promise(three, A) == pytest.approx(0.45 + 0.05 + 4 * 0.15)
    assert rules.hand_promise(two, A) == pytest.approx(0.15 + 0.05 + 0.05 + 4 * 0.15)
    assert two.search_value()[A] < three.search_value()[A]
    assert three.search_value()[A] > three.search_value()[2]  # the near-set shows: C has none
    assert sum(three.search_value()) == pytest.approx(1.0)


def test_value_search_scores_the_cut_off_with_search_value_and_evaluate_otherwise() -> None:
    state = load(position(_hands(3), COMPLETES))
    searching = IsmctsAgent(IsmctsConfig(value="search"))
    plain = IsmctsAgent(IsmctsConfig())
    assert searching._leaf(state.clone()) == state.search_value()
    assert plain._leaf(state.clone()) == state.evaluate()
    assert state.search_value() != state.evaluate()


def test_value_search_is_reproducible_from_the_seed() -> None:
    state = new_state("score", 3, seed=8)
    seat = state.to_act()[0]

    def ranked(seed: int) -> list[tuple[str, int, float]]:
        agent = make_agent("ismcts:iterations=120,reuse=0,first=greedy,value=search")
        assert isinstance(agent, IsmctsAgent)
        info = InfoSet(state, seat, Rng(seed))
        return [(a.action.text, a.visits, a.value) for a in agent.analyse(info, Rng(seed))]

    assert ranked(4) == ranked(4)


def test_a_bad_value_is_refused() -> None:
    with pytest.raises(ValueError, match="value must be"):
        make_agent("ismcts:value=oracle")
