"""Portfolio (Levy, Dunn, Moore; The Games Journal): runs of one suit that earn income.

Rules as read in ``docs/rules/portfolio.md`` (PF-R1..PF-R16). Trades (PF-R10) are not in yet.

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

GAME_INFO = register(
    GameInfo(
        name=meta.NAME,
        display_name=meta.DISPLAY_NAME,
        min_players=meta.MIN_PLAYERS,
        max_players=meta.MAX_PLAYERS,
        state_class=PortfolioState,
        summary=meta.SUMMARY,
        aliases=meta.ALIASES,
        rules_doc=meta.RULES_DOC,
        renderer=render,
        greedy=greedy,
        human_options={"trades": True},  # PF-R10: trading is on where a person plays
    )
)
