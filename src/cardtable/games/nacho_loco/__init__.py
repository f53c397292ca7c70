"""Nacho Loco (2–6 players): triangular three-segment cards on a hexagonal board.

The text lost its pictures; the card list and the board are the assumed model of
``docs/rules/nacho_loco.md`` (NL-R1, NL-R2, calibrated under NL-R21).

>>> from cardtable.games.nacho_loco import NachoState
>>> state = NachoState.new(4, seed=1)
>>> list(state.to_act()), [len(state.zone(f"hand:{s}")) for s in range(4)], len(state.zone("field"))
([0], [6, 6, 6, 6], 1)
"""

from __future__ import annotations

from cardtable.core import GameInfo, register
from cardtable.games.nacho_loco import meta
from cardtable.games.nacho_loco.greedy import greedy
from cardtable.games.nacho_loco.meta import NachoOptions
from cardtable.games.nacho_loco.render import render
from cardtable.games.nacho_loco.state import NachoState

__all__ = ["GAME_INFO", "NachoOptions", "NachoState", "render"]

GAME_INFO = register(GameInfo.from_meta(meta, NachoState, renderer=render, greedy=greedy))
