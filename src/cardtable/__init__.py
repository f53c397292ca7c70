"""cardtable: play, simulate and study five published card games on one game protocol."""

from cardtable import _compiled

_compiled.choose()  # before any engine module: compiled build, or plain Python if it is stale

from cardtable.core import (  # noqa: E402 - must follow the build choice
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
