"""Bots. Each sees only its seat's observation and legal actions (see :mod:`.base`).

``AGENTS`` maps the names accepted by ``cardtable play --bots`` to factories; a new agent is
added here, so the CLI picks it up without changes.

>>> "random" in AGENTS
True
>>> make_agent("random").name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.agents.base import Agent, decide
from cardtable.agents.random_agent import RandomAgent

AGENTS: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
}


def make_agent(name: str) -> Agent:
    """A new agent by its registered name."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"no agent called {name!r}; agents: {', '.join(sorted(AGENTS))}") from None
    return factory()


__all__ = ["AGENTS", "Agent", "RandomAgent", "decide", "make_agent"]
