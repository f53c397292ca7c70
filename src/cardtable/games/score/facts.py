"""What the table knows a Score! hand lacks (SC-R5, SC-R6): the facts of a forced discard or a
bust, kept with :mod:`cardtable.core.handfacts`.

A seat that discards a Complete for want of a match (SC-R5, unless discards are voluntary) or
busts (SC-R6) shows everyone that it holds no Single of the led Complete's three values. The
public field ``lacks`` (see :mod:`.table`) keeps each as ``[seat, most, value, value, value]``:
the seat holds at most ``most`` Singles of those values together. ``most`` starts at 0 and rises
by one per Single the seat gains face down; a new deal forgets every fact.
"""

from __future__ import annotations

from typing import Final

from cardtable.core import Rng, handfacts
from cardtable.games.score.cards import COMPLETE_VALUES, NUM_VALUES, VALUE
from cardtable.games.score.table import LAID, SINGLES, ScoreTable

#: How many cards of each value the deck holds (:func:`handfacts.gain`'s totals).
VALUE_TOTALS: Final[tuple[int, ...]] = tuple(VALUE.count(v) for v in range(NUM_VALUES))


def rule_out_led(st: ScoreTable, seat: int) -> None:
    """``seat`` was shown to hold no Single of the laid Complete's values."""
    st.lacks.append([seat, 0, *COMPLETE_VALUES[st.zones[LAID][-1]]])


def gained(st: ScoreTable, seat: int) -> None:
    """``seat`` took one Single face down."""
    if st.lacks:
        st.lacks = handfacts.gain(st.lacks, seat, VALUE, VALUE_TOTALS)


def facts_hold(st: ScoreTable) -> bool:
    return handfacts.hold(st, st.lacks, SINGLES, VALUE)


def fit(st: ScoreTable, viewer: int, rng: Rng) -> None:
    if st.lacks:
        handfacts.fit(st, viewer, rng, st.lacks, SINGLES, VALUE)
