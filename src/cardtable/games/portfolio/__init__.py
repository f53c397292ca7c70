"""Portfolio (Levy, Dunn, Moore; The Games Journal): runs of one suit that earn income.

Rules as read in ``docs/rules/portfolio.md`` (PF-R1..PF-R16), binding trades (PF-R10) included:
they are on at tables with a person and off by default (option ``trades``).

>>> from cardtable.games.portfolio import PortfolioState
>>> state = PortfolioState.new(3, seed=3)
>>> len(state.zone("hand:0")), len(state.zone("stock")), state.money
(13, 64, [6, 6, 6])
"""

from __future__ import annotations

from cardtable.core import GameInfo, register
from cardtable.games.portfolio import meta
from cardtable.games.portfolio.greedy import greedy
from cardtable.games.portfolio.meta import PortfolioOptions
from cardtable.games.portfolio.render import render
from cardtable.games.portfolio.state import PortfolioState

__all__ = ["GAME_INFO", "PortfolioOptions", "PortfolioState"]

GAME_INFO = register(GameInfo.from_meta(meta, PortfolioState, renderer=render, greedy=greedy))
