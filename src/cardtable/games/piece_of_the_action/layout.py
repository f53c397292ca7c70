"""Zone indexes and phase names shared by the state and the rules.

Zones, in index order: ``deck`` (hidden), ``discard``, ``centre`` (the Deal's +/- cards), ``xcards``
(X cards placed with the marker), ``playing`` (a Move card while its steps are made), then one
``hand:i`` (private), one ``pota:i`` and one ``reverse:i`` (public) per seat.
"""

from __future__ import annotations

from typing import Final

DECK: Final = 0
DISCARD: Final = 1
CENTRE: Final = 2
XCARDS: Final = 3
PLAYING: Final = 4
FIRST_SEAT_ZONE: Final = 5

# Phases (public). LEAD: the marker holder opens or declines. DEAL: the seat to act plays or
# passes. MOVE: the seat to act makes the next step of a Move card. OVER: the game has ended.
LEAD: Final = "lead"
DEAL: Final = "deal"
MOVE: Final = "move"
OVER: Final = "over"


def hand_zone(seat: int) -> int:
    return FIRST_SEAT_ZONE + seat


def pota_zone(num_players: int, seat: int) -> int:
    return FIRST_SEAT_ZONE + num_players + seat


def reverse_zone(num_players: int, seat: int) -> int:
    return FIRST_SEAT_ZONE + 2 * num_players + seat
