"""The game registry: which games exist, their metadata, and the one way to start or load them.

Games register themselves when their package is imported (like OpenSpiel's ``register_game``).
The registry finds them through one mechanism only, the ``cardtable.games`` entry-point group:
the built-in games are listed there in cardtable's own ``pyproject.toml``, exactly as a game in
another distribution lists itself in its own. The core therefore never imports a game by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

from cardtable.core.actions import Action
from cardtable.core.errors import StateFormatError, UnknownGame
from cardtable.core.gamerules import players_text
from cardtable.core.jsonio import read_json
from cardtable.core.options import OptionSpec, option_specs
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.core.text import quote

#: A game's rule-of-thumb player: from a seat's observation and its legal actions (never the
#: state, so it is fair by construction) pick one action and say why in one line (hints show it).
GreedyPolicy = Callable[[Mapping[str, Any], Sequence[Action], Rng], tuple[Action, str]]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the CLI, server and simulator know of a game without playing it."""

    name: str
    display_name: str
    min_players: int
    max_players: int
    state_class: type[State]
    summary: str
    aliases: tuple[str, ...] = ()
    simultaneous: bool = False
    rules_doc: str = ""
    #: Turns an observation into text for a terminal (Rich markup allowed); None = generic view.
    renderer: Callable[[dict[str, Any]], str] | None = None
    #: The game's rule-of-thumb player (see :data:`GreedyPolicy`); None = the game has none yet.
    greedy: GreedyPolicy | None = None
    #: Option values for tables where a person plays (e.g. Portfolio's trades), applied by the
    #: terminal and the web table unless the person sets the option; bot-only tables and
    #: simulations keep the defaults.
    human_options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_meta(
        cls,
        meta: ModuleType,
        state_class: type[State],
        *,
        renderer: Callable[[dict[str, Any]], str] | None = None,
        greedy: GreedyPolicy | None = None,
    ) -> GameInfo:
        """A game's entry, read from its ``meta.py`` (``NAME``, ``DISPLAY_NAME``,
        ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``SUMMARY``, ``ALIASES``, ``RULES_DOC``, and optional
        ``SIMULTANEOUS`` and ``HUMAN_OPTIONS``), so registration copies nothing by hand."""
        return cls(
            name=meta.NAME,
            display_name=meta.DISPLAY_NAME,
            min_players=meta.MIN_PLAYERS,
            max_players=meta.MAX_PLAYERS,
            state_class=state_class,
            summary=meta.SUMMARY,
            aliases=tuple(meta.ALIASES),
            simultaneous=getattr(meta, "SIMULTANEOUS", False),
            rules_doc=meta.RULES_DOC,
            renderer=renderer,
            greedy=greedy,
            human_options=dict(getattr(meta, "HUMAN_OPTIONS", {})),
        )

    @property
    def options(self) -> list[OptionSpec]:
        return option_specs(self.state_class.OPTIONS)

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def players_text(self) -> str:
        """``Magic Show is for exactly 2 players`` / ``… takes 2 to 6 players``."""
        return players_text(self.display_name, self.min_players, self.max_players)


_REGISTRY: dict[str, GameInfo] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def register(info: GameInfo) -> GameInfo:
    """Add a game (called at the bottom of each game package's ``__init__``)."""
    existing = _REGISTRY.get(info.name)
    if existing is not None and existing.state_class is not info.state_class:
        raise ValueError(f"a different game is already registered as {info.name!r}")
    _REGISTRY[info.name] = info
    for alias in (info.name, *info.aliases):
        _ALIASES[alias] = info.name
    return info


def unregister(name: str) -> None:
    """Remove a game and its aliases (for games registered by a test for that test only)."""
    info = _REGISTRY.pop(name, None)
    if info is None:
        raise UnknownGame(f"no game called {name!r} is registered")
    for alias in (info.name, *info.aliases):
        _ALIASES.pop(alias, None)


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in sorted(entry_points(group="cardtable.games"), key=lambda e: e.name):
        ep.load()


def list_games() -> list[GameInfo]:
    """Every registered game, by name."""
    _load_all()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]


def get_game(name: str) -> GameInfo:
    """A game by name or alias (``piece-of-the-action`` or ``pota``)."""
    _load_all()
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else ""
    if key not in _ALIASES:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"no game called {quote(name, 40)}; games: {known}")
    return _REGISTRY[_ALIASES[key]]


def new_state(
    game: str, num_players: int, seed: int = 0, options: dict[str, Any] | None = None
) -> State:
    """Start a game. The same arguments always give the same deal.

    >>> state = new_state("piece-of-the-action", 4, seed=1)
    >>> state.num_players, state.is_terminal()
    (4, False)
    """
    info = get_game(game)
    info.state_class.check_players(num_players)  # before a compiled ``new`` sees a non-int
    return info.state_class.new(num_players, seed, options)


def state_from_json(data: dict[str, Any]) -> State:
    """Rebuild a state of any registered game from its JSON form."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise StateFormatError("a state needs a 'game' name")
    try:
        info = get_game(data["game"])
    except UnknownGame as exc:
        raise StateFormatError(str(exc)) from None
    return info.state_class.from_json(data)


def load_state(source: str | Path | dict[str, Any]) -> State:
    """Load a state from a JSON file path or an already parsed dict (e.g. a rulebook position)."""
    if isinstance(source, dict):
        return state_from_json(source)
    try:
        return state_from_json(read_json(source))
    except StateFormatError as exc:
        raise StateFormatError(f"{source}: {exc}") from None
