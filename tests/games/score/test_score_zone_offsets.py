"""The hot rule paths name a seat's zone by adding the seat to the first seat's zone
(``COMPLETES0 + seat``) instead of indexing a ``Final`` tuple, which compiled code builds anew
at every use (docs/performance.md, "Eighth sitting: Nacho Loco and Score! search"): the two
must name the same zones, in the layout the table declares."""

from __future__ import annotations

from cardtable.games.score.table import (
    COMPLETES,
    COMPLETES0,
    DRAWN,
    DRAWN0,
    SEATS,
    SINGLES,
    SINGLES0,
    ZONE_SPECS,
)


def test_first_zone_plus_seat_is_the_seats_zone() -> None:
    for first, zones, prefix in (
        (COMPLETES0, COMPLETES, "completes"),
        (SINGLES0, SINGLES, "hand"),
        (DRAWN0, DRAWN, "drawn"),
    ):
        assert zones == tuple(first + seat for seat in range(SEATS))
        for seat in range(SEATS):
            assert ZONE_SPECS[first + seat].name == f"{prefix}:{seat}"
