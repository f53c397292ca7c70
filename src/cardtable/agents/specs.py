"""Bot specs: the one string that names a bot everywhere (CLI, web table, simulator).

``random``, ``greedy``, ``ismcts`` or ``ismcts:iterations=2000,rollout=greedy`` (parameters
after a colon, comma-separated), or a difficulty level a player understands:

============  ===============================================  ===================================
level         spec                                             what it is
============  ===============================================  ===================================
``easy``      ``random``                                       any legal move
``medium``    ``greedy``                                       the game's rule of thumb
``hard``      ``ismcts:iterations=400,reuse=0,first=greedy,``  a short search (well under 1 s)
              ``value=auto``
``expert``    ``ismcts:time=2.0,rollout=greedy``               two seconds of search per move
============  ===============================================  ===================================

>>> make_agent("ismcts:iterations=50,c=1.0").config.iterations
50
>>> make_agent("hard", game="score").name
'ismcts'

A level may name another spec in one game (:data:`GAME_LEVELS`, for example a search that
suits that game better). Callers that know the game pass it (``make_agent(spec, game=...)``,
``level_spec``); ``make_agent("hard")`` without a game returns, for a level that differs by
game, a :class:`ByGameAgent` that makes the game's bot from the first position it is asked
about, so no caller can play the wrong ``hard`` by forgetting the game.

``pimc:iterations=100`` or ``pimc:time=0.25`` is the flat Perfect-Information Monte Carlo
baseline (:mod:`.pimc`), the reference opponent a search should beat.
``halving:rollouts=650`` is sequential halving over the root actions on shared sampled worlds
(:mod:`.halving`; a candidate for Nacho Loco's ``hard``, docs/bots.md).

>>> make_agent("pimc:time=0.25").config.time
0.25

``external:cmd=PROGRAM ARGS`` runs another program as the bot (:mod:`.external`). Its ``cmd``
parameter must come last and takes the rest of the spec verbatim, spaces and commas included
(split like a shell would, without a shell). Only trusted callers may start programs: the
command line passes ``allow_external=True``; the web table does not.

>>> parse_spec("external:timeout=2,cmd=python bot.py --x a,b")
('external', {'timeout': '2', 'cmd': 'python bot.py --x a,b'})
>>> split_specs("random,greedy,ismcts:iterations=50,rollout=greedy")
['random', 'greedy', 'ismcts:iterations=50,rollout=greedy']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from typing import Any, cast

from cardtable.agents.base import Agent, InfoSet, ThinkingAgent, state_fields
from cardtable.agents.external import make_external
from cardtable.agents.greedy_agent import GreedyAgent
from cardtable.agents.halving import HalvingAgent, HalvingConfig
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.agents.pimc import PimcAgent, PimcConfig
from cardtable.agents.random_agent import RandomAgent
from cardtable.core import Action, Rng, State

LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    # value=auto: the game's search value where the game opts in (Nacho Loco, docs/bots.md).
    "hard": "ismcts:iterations=400,reuse=0,first=greedy,value=auto",
    "expert": "ismcts:time=2.0,rollout=greedy",
}

#: The exceptions to :data:`LEVELS`, by game name (``State.GAME``): ``{game: {level: spec}}``.
#: A level not listed for a game plays its :data:`LEVELS` spec there. Each change of a level
#: in one game is a strength claim for that game alone (docs/bots.md, the level table).
GAME_LEVELS: dict[str, dict[str, str]] = {}


def _level(spec: str) -> str | None:
    """The level ``spec`` names (``"hard"``, any case), or None for any other spec."""
    key = spec.strip().lower()
    return key if key in LEVELS else None


def level_spec(spec: str, game: str | None = None) -> str:
    """The spec a level stands for in ``game``; any other spec unchanged.

    Without a game a level means its :data:`LEVELS` spec, the one most games play.

    >>> level_spec("medium", "score"), level_spec("pimc:iterations=5", "score")
    ('greedy', 'pimc:iterations=5')
    """
    level = _level(spec)
    if level is None:
        return spec
    if game is not None and level in GAME_LEVELS.get(game, {}):
        return GAME_LEVELS[game][level]
    return LEVELS[level]


def game_specs(spec: str) -> list[str]:
    """Every spec ``spec`` can stand for, whatever the game: the level's default first, then
    each game's exception (one spec for anything but a level that differs by game).

    What a check that does not know the game must check: all of them (``server/budget.py``).
    """
    level = _level(spec)
    if level is None:
        return [spec]
    out = [LEVELS[level]]
    for game in sorted(GAME_LEVELS):
        other = GAME_LEVELS[game].get(level)
        if other is not None and other not in out:
            out.append(other)
    return out


def varies_by_game(spec: str) -> bool:
    """Whether ``spec`` is a level that plays another spec in some game."""
    return len(game_specs(spec)) > 1


class ByGameAgent:
    """A level that differs by game, made before the game is known: it makes the game's own bot
    (:func:`level_spec`) from the game named in the first position it is asked about, and
    keeps it (one per game, so one object can sit at tables of several games).

    Every spec the level can stand for is made when this is, so a bad one fails at once. The
    game's name is public (every observation carries it), so the choice stays fair.
    """

    def __init__(self, level: str) -> None:
        self.name = level
        self.level = level
        self._agents: dict[str, Agent | ThinkingAgent] = {}
        for spec in game_specs(level):
            make_agent(spec)

    def agent_for(self, game: str) -> Agent | ThinkingAgent:
        """The bot this level is in ``game``, made on first use."""
        agent = self._agents.get(game)
        if agent is None:
            agent = self._agents[game] = make_agent(level_spec(self.level, game))
        return agent

    def choose_from(self, info: InfoSet, rng: Rng) -> Action:
        agent = self.agent_for(str(info.observation["game"]))
        if hasattr(agent, "choose_from"):
            return cast(ThinkingAgent, agent).choose_from(info, rng)
        return agent.choose(info.observation, info.legal, rng)


def _typed(bot: str, config: type, params: dict[str, str]) -> dict[str, Any]:
    """The parameters converted to the types of ``config``'s fields; ValueError names a bad one."""
    known: dict[str, type] = {f.name: type(f.default) for f in fields(config)}
    values: dict[str, Any] = {}
    for key, raw in params.items():
        if key not in known:
            raise ValueError(f"{bot} has no parameter {key!r}; it has {', '.join(known)}")
        kind = known[key]
        try:
            values[key] = kind(raw)
        except ValueError:
            raise ValueError(f"{bot} {key} must be a {kind.__name__}, not {raw!r}") from None
    return values


def _ismcts(params: dict[str, str]) -> IsmctsAgent:
    config = IsmctsConfig(**_typed("ismcts", IsmctsConfig, params))
    if config.rollout not in ("random", "greedy", "heavy"):
        raise ValueError("ismcts rollout must be 'random', 'greedy' or 'heavy'")
    if config.iterations < 1 or config.time < 0 or config.cutoff < 0 or config.c < 0:
        raise ValueError("ismcts needs iterations >= 1 and non-negative time, cutoff and c")
    if config.clock not in ("wall", "cpu"):
        raise ValueError("ismcts clock must be 'wall' or 'cpu'")
    if config.reuse < 0:
        raise ValueError("ismcts reuse must be 0 (one per root action) or more")
    if config.first not in ("none", "greedy"):
        raise ValueError("ismcts first must be 'none' or 'greedy'")
    if config.value not in ("evaluate", "search", "auto"):
        raise ValueError("ismcts value must be 'evaluate', 'search' or 'auto'")
    if config.keep < 0:
        raise ValueError("ismcts keep must be 0 (off) or a positive number of standard errors")
    return IsmctsAgent(config)


def _pimc(params: dict[str, str]) -> PimcAgent:
    config = PimcConfig(**_typed("pimc", PimcConfig, params))
    if config.iterations < 1 or config.time < 0 or config.cutoff < 0:
        raise ValueError("pimc needs iterations >= 1 and non-negative time and cutoff")
    if config.clock not in ("wall", "cpu"):
        raise ValueError("pimc clock must be 'wall' or 'cpu'")
    if config.rollout not in ("random", "heavy") or config.stop not in ("cutoff", "round"):
        raise ValueError("pimc rollout must be 'random' or 'heavy' and stop 'cutoff' or 'round'")
    if config.value not in ("evaluate", "search", "margin"):
        raise ValueError("pimc value must be 'evaluate', 'search' or 'margin'")
    return PimcAgent(config)


def _halving(params: dict[str, str]) -> HalvingAgent:
    config = HalvingConfig(**_typed("halving", HalvingConfig, params))
    if config.rollouts < 1 or config.cutoff < 0:
        raise ValueError("halving needs rollouts >= 1 and a non-negative cutoff")
    if config.value not in ("evaluate", "search", "auto"):
        raise ValueError("halving value must be 'evaluate', 'search' or 'auto'")
    if config.time < 0 or config.clock not in ("wall", "cpu"):
        raise ValueError("halving needs a non-negative time and clock 'wall' or 'cpu'")
    if config.stop not in ("cutoff", "round"):
        raise ValueError("halving stop must be 'cutoff' or 'round'")
    return HalvingAgent(config)


def _greedy(params: dict[str, str]) -> GreedyAgent:
    """``greedy`` or ``greedy:trade=0`` (the rule of thumb that never trades)."""
    unknown = set(params) - {"trade"}
    if unknown:
        raise ValueError(f"greedy has no parameter {sorted(unknown)[0]!r}; it has trade")
    trade = params.get("trade", "1").lower()
    if trade not in ("0", "1", "true", "false"):
        raise ValueError(f"greedy trade must be 0 or 1, not {params['trade']!r}")
    return GreedyAgent(trade=trade in ("1", "true"))


def _plain(factory: Callable[[], Agent]) -> Callable[[dict[str, str]], Agent]:
    def make(params: dict[str, str]) -> Agent:
        if params:
            raise ValueError(f"this bot takes no parameters, got {', '.join(params)}")
        return factory()

    return make


BOTS: dict[str, Callable[[dict[str, str]], Agent | ThinkingAgent]] = {
    "random": _plain(RandomAgent),
    "greedy": _greedy,
    "ismcts": _ismcts,
    "pimc": _pimc,
    "halving": _halving,
}


#: Bots that start other programs: only for callers that pass ``allow_external=True``.
EXTERNAL: dict[str, Callable[[dict[str, str]], Agent | ThinkingAgent]] = {
    "external": make_external,
}

#: ``cmd=`` at the start of the parameters or after a comma: the verbatim rest of the spec.
_VERBATIM = re.compile(r"(?:^|,)\s*cmd\s*=")


def parse_spec(spec: str, game: str | None = None) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=5,c=1"`` -> ``("ismcts", {"iterations": "5", "c": "1"})``.

    A level is read as its spec in ``game`` (:func:`level_spec`; without a game, its default).
    """
    text = level_spec(spec.strip(), game)
    name, _, rest = text.partition(":")
    params: dict[str, str] = {}
    verbatim = _VERBATIM.search(rest)
    if verbatim is not None:
        params["cmd"] = rest[verbatim.end() :].strip()
        rest = rest[: verbatim.start()]
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"bad bot parameter {item!r} in {spec!r}; write name=value")
        params[key.strip()] = value.strip()
    if "cmd" in params:  # keep the documented order: cmd last
        params["cmd"] = params.pop("cmd")
    return name.strip().lower(), params


def split_specs(text: str) -> list[str]:
    """A list of specs: split on ``;`` if there is one, else on commas that start a new bot.

    With commas, an item that looks like ``name=value`` (no colon before its ``=``) is another
    parameter of the spec before it, so ``greedy,ismcts:time=1,rollout=greedy`` is two bots.
    A spec whose values contain commas (an external command) needs ``;`` between specs.
    """
    if ";" in text:
        return [s.strip() for s in text.split(";") if s.strip()]
    out: list[str] = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        eq, colon = item.find("="), item.find(":")
        if out and eq >= 0 and (colon < 0 or colon > eq):
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def make_agent(
    spec: str, *, game: str | None = None, allow_external: bool = False
) -> Agent | ThinkingAgent:
    """A new bot from its spec (see the module docstring); ValueError names what is wrong.

    ``game`` (``State.GAME``) picks a level's spec for that game; without it a level that
    differs by game becomes a :class:`ByGameAgent`, which picks it at the first decision.
    """
    if game is None and varies_by_game(spec):
        return ByGameAgent(str(_level(spec)))
    name, params = parse_spec(spec, game)
    if name in EXTERNAL:
        if not allow_external:
            raise ValueError(f"{name} bots run a program; they can be chosen only from the CLI")
        return EXTERNAL[name](params)
    if name not in BOTS:
        known = ", ".join([*BOTS, *LEVELS, *EXTERNAL])
        raise ValueError(f"no agent called {name!r}; agents: {known}")
    return BOTS[name](params)


def close_agent(agent: object) -> None:
    """Release what a bot holds (an external bot's program); a no-op for the others."""
    close = getattr(agent, "close", None)
    if callable(close):
        close()


def game_setup(state: State, seat: int) -> dict[str, Any]:
    """What a bot is told when a game begins: game, players, its seat, the options by name,
    the card list and the table's zones.

    The card list (a name per card id, with the back each shows face down) and the zones (who
    sees each by default, whose it is, whether its order is public) are what a bot needs to
    deal the worlds it cannot tell apart from the real one, without knowing the game's code.
    """
    options = state.options
    named = {f.name: getattr(options, f.name) for f in fields(options)} if options else {}
    cards = state.spec.cards
    zones = [
        {
            "name": zone.name,
            "visibility": zone.vis.name.lower(),
            "owner": zone.owner if zone.owner >= 0 else None,
            "ordered": not state.spec.layout.unordered[zi],
        }
        for zi, zone in enumerate(state.spec.layout.specs)
    ]
    return {
        "game": state.GAME,
        "players": state.num_players,
        "seat": seat,
        "options": named,
        "cards": [
            {"name": name, "back": back}
            for name, back in zip(cards.names, cards.backs, strict=True)
        ],
        "zones": zones,
    }


def start_game(agent: object, state: State, seat: int) -> None:
    """Tell a bot that keeps a game's context (an external program) that a game begins."""
    hook = getattr(agent, "game_start", None)
    if callable(hook):
        hook(game_setup(state, seat))


def end_game(agent: object, state: State, seat: int) -> None:
    """Tell such a bot the game is over, with its seat's final observation."""
    hook = getattr(agent, "game_end", None)
    if callable(hook):
        observation = state.observation(seat)
        if getattr(agent, "wants_state_fields", False):
            observation["state"] = state_fields(state)
        hook(observation)
