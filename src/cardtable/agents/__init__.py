"""Bots. Each sees only its seat's information (see :mod:`.base`); a spec string names one.

``make_agent(spec)`` accepts ``random``, ``greedy``, ``ismcts[:k=v,...]``, ``pimc[:k=v,...]``
and the levels ``easy``, ``medium``, ``hard`` and ``expert`` (:mod:`.specs`). ``AGENTS`` lists
the names.

>>> "random" in AGENTS and "hard" in AGENTS
True
>>> make_agent("random").name
'random'
"""

from __future__ import annotations

from cardtable.agents.base import Agent, InfoSet, ThinkingAgent, decide, decide_id
from cardtable.agents.external import ExternalAgent
from cardtable.agents.greedy_agent import GreedyAgent, greedy_choice
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.agents.pimc import PimcAgent, PimcConfig
from cardtable.agents.random_agent import RandomAgent
from cardtable.agents.specs import (
    BOTS,
    LEVELS,
    close_agent,
    end_game,
    game_setup,
    make_agent,
    parse_spec,
    split_specs,
    start_game,
)

#: Every bot name and level accepted by ``make_agent`` (parameters go after a colon).
AGENTS: tuple[str, ...] = (*BOTS, *LEVELS)

__all__ = [
    "AGENTS",
    "Agent",
    "ExternalAgent",
    "GreedyAgent",
    "InfoSet",
    "IsmctsAgent",
    "IsmctsConfig",
    "PimcAgent",
    "PimcConfig",
    "RandomAgent",
    "ThinkingAgent",
    "close_agent",
    "decide",
    "decide_id",
    "end_game",
    "game_setup",
    "greedy_choice",
    "make_agent",
    "parse_spec",
    "split_specs",
    "start_game",
]
