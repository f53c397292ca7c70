"""Bot specs: the one string that names a bot everywhere (CLI, web table, simulator).

``random``, ``greedy``, ``ismcts`` or ``ismcts:iterations=2000,rollout=greedy`` (parameters
after a colon, comma-separated), or a difficulty level a player understands:

============  ===============================================  ===================================
level         spec                                             what it is
============  ===============================================  ===================================
``easy``      ``random``                                       any legal move
``medium``    ``greedy``                                       the game's rule of thumb
``hard``      ``ismcts:iterations=400``                        a short search (well under 1 s)
``expert``    ``ismcts:time=2.0,rollout=greedy``               two seconds of search per move
============  ===============================================  ===================================

>>> make_agent("ismcts:iterations=50,c=1.0").config.iterations
50
>>> make_agent("hard").name
'ismcts'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from cardtable.agents.base import Agent, ThinkingAgent
from cardtable.agents.greedy_agent import GreedyAgent
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.agents.random_agent import RandomAgent

LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "ismcts:iterations=400",
    "expert": "ismcts:time=2.0,rollout=greedy",
}


def _ismcts(params: dict[str, str]) -> IsmctsAgent:
    known: dict[str, type] = {f.name: type(f.default) for f in fields(IsmctsConfig)}
    values: dict[str, Any] = {}
    for key, raw in params.items():
        if key not in known:
            raise ValueError(f"ismcts has no parameter {key!r}; it has {', '.join(known)}")
        kind = known[key]
        try:
            values[key] = kind(raw)
        except ValueError:
            raise ValueError(f"ismcts {key} must be a {kind.__name__}, not {raw!r}") from None
    config = IsmctsConfig(**values)
    if config.rollout not in ("random", "greedy"):
        raise ValueError("ismcts rollout must be 'random' or 'greedy'")
    if config.iterations < 1 or config.time < 0 or config.cutoff < 0 or config.c < 0:
        raise ValueError("ismcts needs iterations >= 1 and non-negative time, cutoff and c")
    return IsmctsAgent(config)


def _plain(factory: Callable[[], Agent]) -> Callable[[dict[str, str]], Agent]:
    def make(params: dict[str, str]) -> Agent:
        if params:
            raise ValueError(f"this bot takes no parameters, got {', '.join(params)}")
        return factory()

    return make


BOTS: dict[str, Callable[[dict[str, str]], Agent | ThinkingAgent]] = {
    "random": _plain(RandomAgent),
    "greedy": _plain(GreedyAgent),
    "ismcts": _ismcts,
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=5,c=1"`` -> ``("ismcts", {"iterations": "5", "c": "1"})``."""
    text = spec.strip()
    text = LEVELS.get(text.lower(), text)
    name, _, rest = text.partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"bad bot parameter {item!r} in {spec!r}; write name=value")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def make_agent(spec: str) -> Agent | ThinkingAgent:
    """A new bot from its spec (see the module docstring); ValueError names what is wrong."""
    name, params = parse_spec(spec)
    if name not in BOTS:
        known = ", ".join([*BOTS, *LEVELS])
        raise ValueError(f"no agent called {name!r}; agents: {known}")
    return BOTS[name](params)
