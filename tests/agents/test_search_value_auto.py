"""``ismcts:value=auto``: the game's ``search_value`` where the game prefers it, else ``evaluate``.

Nacho Loco opts in (``NachoState.SEARCH_VALUE_PREFERRED``: its fitted value sees skip tokens,
NL-R11, and the turn, which ``evaluate`` does not); Score! has a search value too but does not
opt in, so a search on ``auto`` there scores with ``evaluate`` as before.
"""

from __future__ import annotations

import pytest

from cardtable.agents import LEVELS, IsmctsAgent, make_agent
from cardtable.agents.ismcts import IsmctsConfig

from ..games.nacho_loco.helpers import position as nacho_position
from ..games.score.helpers import load
from ..games.score.helpers import position as score_position
from .test_search_value import COMPLETES, _hands


def test_auto_reads_nacho_loco_s_search_value() -> None:
    state = nacho_position(
        2, [("R-Y-G", (0, 0), 0)], {0: ["R-Y-B"], 1: ["R-G-B"]}, active=0, skips=[1, 0]
    )
    assert state.search_value() != pytest.approx(state.evaluate())
    auto = IsmctsAgent(IsmctsConfig(value="auto"))
    assert auto._leaf(state.clone()) == state.search_value()
    assert IsmctsAgent(IsmctsConfig())._leaf(state.clone()) == state.evaluate()


def test_auto_keeps_evaluate_in_a_game_that_does_not_opt_in() -> None:
    state = load(score_position(_hands(3), COMPLETES))
    assert state.search_value() != state.evaluate()
    assert IsmctsAgent(IsmctsConfig(value="auto"))._leaf(state.clone()) == state.evaluate()


def test_hard_reads_nacho_loco_s_search_value() -> None:
    """``hard`` is on ``value=auto``: 31 of 50 against ``pimc`` at equal CPU with it in Nacho
    Loco, 11 of 30 without (docs/bots.md); elsewhere it scores with ``evaluate`` as before.
    (The level's default spec: a game may name another, ``specs.GAME_LEVELS``.)"""
    hard = make_agent(LEVELS["hard"])
    assert isinstance(hard, IsmctsAgent)
    state = nacho_position(
        2, [("R-Y-G", (0, 0), 0)], {0: ["R-Y-B"], 1: ["R-G-B"]}, active=0, skips=[1, 0]
    )
    assert hard._leaf(state.clone()) == state.search_value()
    score = load(score_position(_hands(3), COMPLETES))
    assert hard._leaf(score.clone()) == score.evaluate()
