"""The game protocol shared by every cardtable game. See ``docs/architecture.md``."""

from cardtable.core.actions import Action, ActionData, ActionSpace
from cardtable.core.errors import (
    BadOptions,
    CardtableError,
    IllegalAction,
    StateFormatError,
    UnknownGame,
)
from cardtable.core.options import OptionSpec, option
from cardtable.core.records import GameRecord
from cardtable.core.registry import (
    GameInfo,
    GreedyPolicy,
    get_game,
    list_games,
    load_state,
    new_state,
    register,
    state_from_json,
)
from cardtable.core.rng import Rng
from cardtable.core.state import NO_COMMIT, State
from cardtable.core.zones import CardSet, Layout, TableSpec, Vis, ZoneSpec, seat_zones

__all__ = [
    "NO_COMMIT",
    "Action",
    "ActionData",
    "ActionSpace",
    "BadOptions",
    "CardSet",
    "CardtableError",
    "GameInfo",
    "GameRecord",
    "GreedyPolicy",
    "IllegalAction",
    "Layout",
    "OptionSpec",
    "Rng",
    "State",
    "StateFormatError",
    "TableSpec",
    "UnknownGame",
    "Vis",
    "ZoneSpec",
    "get_game",
    "list_games",
    "load_state",
    "new_state",
    "option",
    "register",
    "seat_zones",
    "state_from_json",
]
