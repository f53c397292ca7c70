"""The fixed action space of Piece of the Action and the text of every action.

Every action inside a Deal uses the Deal's colour (POTA-R7), so only opening a Deal names a colour.
Seat targets cover the largest table (6 seats), so ids are the same for every player count.

====================  =========  ===========================================
ids                   count      text
====================  =========  ===========================================
0-23                  24         ``open blue +3`` (colour x value)
24                    1          ``decline``
25                    1          ``pass``
26-33                 8          ``play +3``
34-39                 6          ``pota -> seat 2``
40-45                 6          ``reverse -> seat 2``
46-48                 3          ``move 2`` (play a Move card)
49-56                 8          ``move +3 from centre to discard``
57-98                 42         ``move pota from seat 1 to seat 4|discard``
99-140                42         ``move reverse from seat 1 to seat 4|discard``
====================  =========  ===========================================

As data (:func:`decode`, :func:`encode`): ``{"kind": "open", "colour": "blue", "value": 3}``,
``decline``, ``pass``, ``{"kind": "play", "value": -2}``, ``pota`` and ``reverse`` with the target
``seat``, ``{"kind": "move", "count": 2}``, ``{"kind": "move_deal", "value": 3}`` and ``move_pota``
/ ``move_reverse`` with ``from`` (a seat) and ``to`` (a seat, or ``"discard"``).

>>> describe(0), describe(PASS), describe(pota_id(3))
('open blue -5', 'pass', 'pota -> seat 3')
>>> describe(step_pota_id(2, DISCARD_DEST)), describe(step_reverse_id(0, 5))
('move pota from seat 2 to discard', 'move reverse from seat 0 to seat 5')
>>> decode(step_pota_id(2, DISCARD_DEST)).to_json()
{'kind': 'move_pota', 'from': 2, 'to': 'discard'}
"""

from __future__ import annotations

from typing import Final

from cardtable.core import ActionData, ActionSpace
from cardtable.games.piece_of_the_action.cards import COLOURS, VALUE_INDEX, VALUES

MAX_SEATS: Final = 6
#: Destination index meaning "the discard pile" in Move steps.
DISCARD_DEST: Final = MAX_SEATS
_DESTS: Final = MAX_SEATS + 1

OPEN: Final = 0
DECLINE: Final = 24
PASS: Final = 25
PLAY_DEAL: Final = 26
PLAY_POTA: Final = 34
PLAY_REVERSE: Final = 40
PLAY_MOVE: Final = 46
STEP_CENTRE: Final = 49
STEP_POTA: Final = 57
STEP_REVERSE: Final = STEP_POTA + MAX_SEATS * _DESTS
SIZE: Final = STEP_REVERSE + MAX_SEATS * _DESTS


def open_id(colour: int, value_index: int) -> int:
    return OPEN + colour * len(VALUES) + value_index


def pota_id(target: int) -> int:
    return PLAY_POTA + target


def reverse_id(target: int) -> int:
    return PLAY_REVERSE + target


def step_pota_id(src: int, dest: int) -> int:
    return STEP_POTA + src * _DESTS + dest


def step_reverse_id(src: int, dest: int) -> int:
    return STEP_REVERSE + src * _DESTS + dest


def split_step(action_id: int) -> tuple[int, int]:
    """(source seat, destination) of a POTA or Reverse move step."""
    base = STEP_POTA if action_id < STEP_REVERSE else STEP_REVERSE
    rel = action_id - base
    return rel // _DESTS, rel % _DESTS  # not divmod: compiled, that boxes a tuple of Python ints


def _dest_text(dest: int) -> str:
    return "discard" if dest == DISCARD_DEST else f"seat {dest}"


def describe(action_id: int) -> str:
    """The canonical text of an action id."""
    if action_id < DECLINE:
        colour, vi = divmod(action_id - OPEN, len(VALUES))
        return f"open {COLOURS[colour]} {VALUES[vi]:+d}"
    if action_id == DECLINE:
        return "decline"
    if action_id == PASS:
        return "pass"
    if action_id < PLAY_POTA:
        return f"play {VALUES[action_id - PLAY_DEAL]:+d}"
    if action_id < PLAY_REVERSE:
        return f"pota -> seat {action_id - PLAY_POTA}"
    if action_id < PLAY_MOVE:
        return f"reverse -> seat {action_id - PLAY_REVERSE}"
    if action_id < STEP_CENTRE:
        return f"move {action_id - PLAY_MOVE + 1}"
    if action_id < STEP_POTA:
        return f"move {VALUES[action_id - STEP_CENTRE]:+d} from centre to discard"
    src, dest = split_step(action_id)
    kind = "pota" if action_id < STEP_REVERSE else "reverse"
    return f"move {kind} from seat {src} to {_dest_text(dest)}"


# ---------------------------------------------------------------------- actions as data

#: Kinds of the actions without arguments, by id.
_PLAIN: dict[int, str] = {DECLINE: "decline", PASS: "pass"}
_PLAIN_ID: dict[str, int] = {kind: aid for aid, kind in _PLAIN.items()}
#: ``kind -> first id`` of the actions that name one seat (``pota -> seat 2``).
_SEAT_KINDS: dict[str, int] = {"pota": PLAY_POTA, "reverse": PLAY_REVERSE}
#: ``kind -> first id`` of the move steps of a POTA or Reverse card.
_STEP_KINDS: dict[str, int] = {"move_pota": STEP_POTA, "move_reverse": STEP_REVERSE}


def decode(action_id: int) -> ActionData:
    """What an action id means, as data (the inverse of :func:`encode`)."""
    if action_id < DECLINE:
        colour, vi = divmod(action_id - OPEN, len(VALUES))
        return ActionData("open", {"colour": COLOURS[colour], "value": VALUES[vi]})
    if action_id in _PLAIN:
        return ActionData(_PLAIN[action_id])
    if action_id < PLAY_POTA:
        return ActionData("play", {"value": VALUES[action_id - PLAY_DEAL]})
    if action_id < PLAY_MOVE:
        kind = "pota" if action_id < PLAY_REVERSE else "reverse"
        return ActionData(kind, {"seat": action_id - _SEAT_KINDS[kind]})
    if action_id < STEP_CENTRE:
        return ActionData("move", {"count": action_id - PLAY_MOVE + 1})
    if action_id < STEP_POTA:
        return ActionData("move_deal", {"value": VALUES[action_id - STEP_CENTRE]})
    src, dest = split_step(action_id)
    kind = "move_pota" if action_id < STEP_REVERSE else "move_reverse"
    return ActionData(kind, {"from": src, "to": "discard" if dest == DISCARD_DEST else dest})


def _seat(value: object, limit: int = MAX_SEATS) -> int | None:
    return value if type(value) is int and 0 <= value < limit else None


def encode(data: ActionData) -> int | None:
    """The id of an action's data, or None (the space checks the answer by decoding it)."""
    kind = data.kind
    value = data.get("value")
    index = VALUE_INDEX.get(value) if type(value) is int else None
    if kind == "open":
        colour = data.get("colour")
        if index is None or colour not in COLOURS:
            return None
        return open_id(COLOURS.index(str(colour)), index)
    if kind in ("play", "move_deal"):
        if index is None:
            return None
        return (PLAY_DEAL if kind == "play" else STEP_CENTRE) + index
    if kind in _SEAT_KINDS:
        seat = _seat(data.get("seat"))
        return None if seat is None else _SEAT_KINDS[kind] + seat
    if kind == "move":
        count = _seat(data.get("count"), STEP_CENTRE - PLAY_MOVE + 1)
        return None if not count else PLAY_MOVE + count - 1
    if kind in _STEP_KINDS:
        src, to = _seat(data.get("from")), data.get("to")
        dest = DISCARD_DEST if to == "discard" else _seat(to)
        if src is None or dest is None:
            return None
        return _STEP_KINDS[kind] + src * _DESTS + dest
    return _PLAIN_ID.get(kind)


def make_action_space() -> ActionSpace:
    """The action space (the same for every player count)."""
    return ActionSpace(SIZE, describe, None, decode, encode)
