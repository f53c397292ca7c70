"""Nacho Loco's fitted search value (``NachoState.search_value``, :mod:`...nacho_loco.value`).

Only the search reads it (``ismcts:value=search``); ``evaluate`` stays the shared value of the
PIMC baseline and the hints. It sees what ``evaluate`` cannot: a skip token a seat holds
(NL-R11: its next turn is lost), whose turn it is, the Closer in a hand; and points near the
target of 20 (NL-R20) weigh more than early ones.
"""

from __future__ import annotations

import pytest

from cardtable.games.nacho_loco import value

from .helpers import position

START = [("R-Y-G", (0, 0), 0)]
HANDS = {0: ["R-Y-B", "Y-G-B"], 1: ["R-G-B", "R-Y-G"]}


def test_a_held_skip_token_lowers_the_search_value_but_not_evaluate() -> None:
    free = position(2, START, HANDS, active=0)
    skipped = position(2, START, HANDS, active=0, skips=[1, 0])
    assert free.evaluate() == pytest.approx(skipped.evaluate())  # hand sizes and points only
    assert skipped.search_value()[0] < free.search_value()[0] - 0.1


def test_the_search_value_is_symmetric_in_the_seats_and_sums_to_one() -> None:
    state = position(2, START, HANDS, active=0, points=[7, 3])
    mirror = position(2, START, {0: HANDS[1], 1: HANDS[0]}, active=1, points=[3, 7])
    got, back = state.search_value(), mirror.search_value()
    assert sum(got) == pytest.approx(1.0)
    assert got == pytest.approx(back[::-1])


def test_points_near_the_target_count_more_than_early_points() -> None:
    """Three points from 16 to 19 are worth more than from 0 to 3 (NL-R20: first to 20)."""

    def share(a: int, b: int) -> float:
        return position(2, START, HANDS, active=0, points=[a, b]).search_value()[0]

    assert share(19, 16) - 0.5 > share(3, 0) - 0.5 + 0.05


def test_more_than_two_seats_fall_back_to_evaluate() -> None:
    state = position(3, START, {0: ["R-Y-B"], 1: ["R-G-B"], 2: ["Y-G-B"]}, active=0)
    assert state.search_value() == pytest.approx(state.evaluate())


def test_card_kinds() -> None:
    assert value.card_kind((0, 1, 2)) == 2  # three colours
    assert value.card_kind((0, 8, 8)) == 4  # two black X
    assert value.card_kind((0, 9, 8)) == 5  # an action
    assert value.card_kind((12, 12, 12)) == 6  # the Closer
