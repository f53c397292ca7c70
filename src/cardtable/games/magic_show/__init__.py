"""Magic Show (*Rules of Play*, Salen & Zimmerman): two magicians, simultaneous face-down play.

Rules as read in ``docs/rules/magic_show.md`` (MS-R1..MS-R11).

>>> from cardtable.games.magic_show import MagicShowState
>>> state = MagicShowState.new(2, seed=3)
>>> list(state.to_act()), len(state.zone("hand:0")), len(state.zone("deck"))
([0, 1], 5, 42)
"""

from __future__ import annotations

from cardtable.core import GameInfo, register
from cardtable.games.magic_show import meta
from cardtable.games.magic_show.greedy import greedy
from cardtable.games.magic_show.meta import MagicShowOptions
from cardtable.games.magic_show.render import render
from cardtable.games.magic_show.state import MagicShowState

__all__ = ["GAME_INFO", "MagicShowOptions", "MagicShowState", "render"]

GAME_INFO = register(GameInfo.from_meta(meta, MagicShowState, renderer=render, greedy=greedy))
