"""Declarative metadata of Portfolio: names, player counts, options and zone indexes."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core import option

NAME = "portfolio"
DISPLAY_NAME = "Portfolio"
ALIASES = ("pf",)
MIN_PLAYERS = 2
MAX_PLAYERS = 5
RULES_DOC = "portfolio.md"
SUMMARY = (
    "Build runs of one suit into income-earning portfolios, buy extra draws with this turn's "
    "income, and neutralize or take over your rivals' portfolios; most money wins."
)
#: Option values where a person plays: PF-R10 trading is on (bot-only tables keep it off).
HUMAN_OPTIONS = {"trades": True}


@dataclass(frozen=True, slots=True)
class PortfolioOptions:
    """The readings a table may choose differently (see docs/rules/portfolio.md, Options)."""

    stall_limit: int = option(
        0,
        "PF-R6",
        "Turns in a row without a stock card, after which a draw must include one "
        "(0 means 3 x players).",
        minimum=0,
        maximum=100,
    )
    trades: bool = option(
        False,
        "PF-R10",
        "Binding trades of cards, portfolios and dollars (on at tables with a person; "
        "off for bot-only tables and simulations).",
    )
    final_turns_take_discard: bool = option(
        False,
        "PF-R13",
        "In the final turns a seat still draws one card: the discard pile's top, its only "
        "source (off: no drawing of any kind in the final turns).",
    )
    max_offers_per_turn: int = option(
        3,
        "PF-R10",
        "Trade offers the active seat may make during its actions each turn.",
        minimum=0,
        maximum=20,
    )
