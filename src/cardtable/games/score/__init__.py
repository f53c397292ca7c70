"""Score! (three players): Complete and Single cards, face-down plays and private passes.

Rules as read in ``docs/rules/score.md`` (SC-R1..SC-R16).

>>> from cardtable.games.score import ScoreState
>>> state = ScoreState.new(3, seed=3)
>>> list(state.to_act()), len(state.zone("hand:0")), len(state.zone("pile"))
([0], 12, 18)
"""

from __future__ import annotations

from cardtable.core import GameInfo, register
from cardtable.games.score import meta
from cardtable.games.score.greedy import greedy
from cardtable.games.score.meta import ScoreOptions
from cardtable.games.score.render import render
from cardtable.games.score.state import ScoreState

__all__ = ["GAME_INFO", "ScoreOptions", "ScoreState", "render"]

GAME_INFO = register(GameInfo.from_meta(meta, ScoreState, renderer=render, greedy=greedy))
