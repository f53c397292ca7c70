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

>>> describe(0), describe(PASS), describe(pota_id(3))
('open blue -5', 'pass', 'pota -> seat 3')
>>> describe(step_pota_id(2, DISCARD_DEST)), describe(step_reverse_id(0, 5))
('move pota from seat 2 to discard', 'move reverse from seat 0 to seat 5')
"""

from __future__ import annotations

from typing import Final

from cardtable.games.piece_of_the_action.cards import COLOURS, VALUES

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
    return divmod(action_id - base, _DESTS)


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
