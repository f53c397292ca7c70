"""cardtable: play, simulate and study five published card games on one game protocol."""

from cardtable.core import (
    Action,
    GameRecord,
    IllegalAction,
    State,
    get_game,
    list_games,
    load_state,
    new_state,
)

__all__ = [
    "Action",
    "GameRecord",
    "IllegalAction",
    "State",
    "get_game",
    "list_games",
    "load_state",
    "new_state",
]
__version__ = "0.1.0"
