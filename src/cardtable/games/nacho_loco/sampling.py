"""The Nacho Loco sampler's hooks on the draw-turn facts (NL-R16, NL-R15), kept interpreted.

:meth:`NachoState.agrees_with_public_facts` and :meth:`NachoState.fit_public_facts` call these,
once per sampled world, not per move. The bookkeeping they check (:mod:`.facts`) runs on every
draw and placement and is compiled; these two stay plain Python so that a test can plant a
sampler that ignores the facts (a compiled module's functions cannot be patched, and a method
patched onto a compiled class is ignored) and see the history check catch it.
"""

from __future__ import annotations

from cardtable.core import Rng
from cardtable.games.nacho_loco import facts
from cardtable.games.nacho_loco.table import NachoTable


def facts_hold(st: NachoTable) -> bool:
    return facts.facts_hold(st)


def fit(st: NachoTable, viewer: int, rng: Rng) -> None:
    facts.fit(st, viewer, rng)
