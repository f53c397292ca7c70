"""Show scoring (MS-R7 in docs/rules/magic_show.md) and the Dinner Buffet's half values (MS-R6).

A show is judged in three steps, as the rule text orders them: Tricks by the show's length, then
Mistakes at full value, then one doubling per Six. A pile without Tricks is a Comedy Show and scores
0 whatever else it holds (which also covers an empty pile, MS-R9). Results may be negative (MS-R8).

The text's example (King, King, Ten, Six, Four, Three, Two):

>>> from cardtable.games.magic_show.cards import card_id
>>> show_value([card_id(n) for n in ("KH", "KD", "10H", "6D", "4H", "3D", "2H")])
16
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from cardtable.games.magic_show.cards import MINUTES, PENALTY, POINTS, REHEARSAL, ROLE, TRICK

PERFECT_MINUTES: Final = 15
#: "If you run 30 minutes or longer, you get no points at all for your Magic Tricks."
TOO_LONG_MINUTES: Final = 30


def show_minutes(cards: Iterable[int]) -> int:
    """Length of a show in minutes: only Tricks take time (Mistakes "do not add time")."""
    return sum(MINUTES[c] for c in cards)


def trick_points(points: list[int], minutes: int) -> int:
    """The Tricks' total after the length rule (MS-R7: "biggest" means highest point value).

    Off by 5 minutes halves one biggest Trick (the Ten beats a King, as in the text's example);
    off by 10 halves them all; 30 minutes or more scores nothing. Every Trick value is even, so all
    halves are whole.
    """
    if minutes >= TOO_LONG_MINUTES:
        return 0
    off = abs(minutes - PERFECT_MINUTES)
    total = sum(points)
    if off == 0:
        return total
    if off == 5:
        return total - max(points) // 2
    return sum(p // 2 for p in points)


def show_value(cards: Iterable[int]) -> int:
    """Points of performing a practice pile now (Showtime or Farewell Show).

    :func:`trick_points` worked out in the same pass (the Tricks' total, their biggest and the
    sum of their halves), without a list of points: compiled, the list, ``sum`` and ``max``
    were calls through Python on every rollout's leaf value."""
    tricks = total = biggest = halves = 0
    minutes = penalty = sixes = 0
    for card in cards:
        role = ROLE[card]
        if role == TRICK:
            p = POINTS[card]
            tricks += 1
            total += p
            halves += p // 2
            if p > biggest:
                biggest = p
            minutes += MINUTES[card]
        elif role == REHEARSAL:
            sixes += 1
        else:
            penalty += PENALTY[card]
    if not tricks:
        return 0  # Comedy Show: "always worth exactly 0 points".
    if minutes >= TOO_LONG_MINUTES:
        points = 0
    else:
        off = abs(minutes - PERFECT_MINUTES)
        points = total if off == 0 else total - biggest // 2 if off == 5 else halves
    return (points - penalty) * (1 << sixes)  # doubled per Six


def buffet_value(card: int) -> int:
    """Half the value of a Trick converted at the Dinner Buffet (MS-R6: 10->5, K->3, Q->2, J->1)."""
    return POINTS[card] // 2
