"""What the table knows a Score! hand lacks (SC-R5, SC-R6), and dealing worlds that respect it.

A seat that discards a Complete for want of a match (SC-R5, unless discards are voluntary) or
busts (SC-R6) shows everyone that it holds no Single of the led Complete's three values. The
table keeps this in the public field ``at_most`` (see :mod:`.table`): per seat and value, the
most Singles of that value the seat can hold. A fact sets the led values to 0; every Single the
seat later gains face down raises every value by one (it may be any value), up to the four
copies, which means no fact; a new deal forgets them all. Losing Singles keeps a bound true.

Determinisation deals the unseen Singles at random; a hand of twelve that avoids three values
is too rare to wait for, so :func:`fit` swaps the Singles that break a bound with unseen Singles
elsewhere that fit both hands (each place keeps its marks), and the sampler checks the result.
"""

from __future__ import annotations

from cardtable.core import Rng
from cardtable.games.score.cards import COMPLETE_VALUES, COPIES, NUM_VALUES, VALUE
from cardtable.games.score.table import LAID, SEATS, SINGLES, ScoreTable, value_counts


def rule_out_led(st: ScoreTable, seat: int) -> None:
    """``seat`` was shown to hold no Single of the laid Complete's values."""
    caps = st.at_most[seat]
    for value in COMPLETE_VALUES[st.zones[LAID][-1]]:
        caps[value] = 0


def gained(st: ScoreTable, seat: int) -> None:
    """``seat`` took one Single face down: any bound may now be one higher."""
    st.at_most[seat] = [min(COPIES, n + 1) for n in st.at_most[seat]]


def forget_all(st: ScoreTable) -> None:
    """A new deal: nothing is known about the new hands."""
    st.at_most = [[COPIES] * NUM_VALUES for _ in range(SEATS)]


def fit(st: ScoreTable, viewer: int, rng: Rng) -> None:
    """Swap Singles ``viewer`` cannot see until every hand is within its bounds (if it can)."""
    for seat in range(SEATS):
        if min(st.at_most[seat]) >= COPIES:
            continue
        hand = SINGLES[seat]
        for i in range(len(st.zones[hand])):
            card = st.zones[hand][i]
            if value_counts(st, seat)[VALUE[card]] > st.at_most[seat][VALUE[card]]:
                _swap_out(st, viewer, seat, i, rng)


def _swap_out(st: ScoreTable, viewer: int, seat: int, index: int, rng: Rng) -> None:
    """Swap the Single at ``index`` of the seat's hand with a random unseen Single of another
    hand that the seat may hold and whose hand may take this one."""
    hand = SINGLES[seat]
    card = st.zones[hand][index]
    if st.visible(viewer, hand, card):
        return
    mine = value_counts(st, seat)
    places: list[tuple[int, int]] = []
    for other in range(SEATS):
        if other == seat:
            continue
        theirs = value_counts(st, other)
        if theirs[VALUE[card]] >= st.at_most[other][VALUE[card]]:
            continue
        zone = SINGLES[other]
        for j, candidate in enumerate(st.zones[zone]):
            value = VALUE[candidate]
            if mine[value] < st.at_most[seat][value] and not st.visible(viewer, zone, candidate):
                places.append((zone, j))
    if not places:
        return
    zone, j = places[rng.below(len(places))]
    other_card = st.zones[zone][j]
    st.zones[hand][index], st.zones[zone][j] = other_card, card
    seen, tags = st.seen, st.tags
    seen[card], seen[other_card] = seen[other_card], seen[card]
    tags[card], tags[other_card] = tags[other_card], tags[card]


def facts_hold(st: ScoreTable) -> bool:
    """Is every hand within its bounds?"""
    for seat in range(SEATS):
        caps = st.at_most[seat]
        if min(caps) < COPIES and any(
            n > cap for n, cap in zip(value_counts(st, seat), caps, strict=True)
        ):
            return False
    return True
