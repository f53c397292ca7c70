"""``handfacts.gain`` with the per-kind totals a game passes (Nacho Loco, NL-R15/NL-R16; Score!,
SC-R5/SC-R6) gives the facts the pass over the deck gives, and raises bounds in place.

The totals turned a gain from a pass over every card of the deck per fact into a lookup per
listed kind (docs/performance.md, "The modules a compiled module calls"); the facts are public
fields, so the result must be the same list of the same facts, fact for fact.
"""

from __future__ import annotations

import copy

from hypothesis import given
from hypothesis import strategies as st

from cardtable.core import handfacts

KINDS = 6


def _reference(facts: list[list[int]], seat: int, kind: list[int]) -> list[list[int]]:
    """The gain as first written: a new list per raised fact, totals from a pass over ``kind``."""
    kept = []
    for fact in facts:
        if fact[0] == seat:
            fact = [seat, fact[1] + 1, *fact[2:]]
            listed = set(fact[2:])
            if fact[1] >= sum(1 for k in kind if k in listed):
                continue
        kept.append(fact)
    return kept


facts_strategy = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.integers(0, 6),
        st.lists(st.integers(0, KINDS - 1), min_size=1, max_size=4, unique=True),
    ).map(lambda t: [t[0], t[1], *sorted(t[2])]),
    max_size=8,
)


@given(
    facts=facts_strategy,
    seat=st.integers(0, 2),
    kind=st.lists(st.integers(0, KINDS - 1), min_size=1, max_size=20),
)
def test_gain_with_totals_equals_the_pass_over_the_deck(
    facts: list[list[int]], seat: int, kind: list[int]
) -> None:
    totals = [kind.count(k) for k in range(KINDS)]
    expected = _reference(copy.deepcopy(facts), seat, kind)
    assert handfacts.gain(copy.deepcopy(facts), seat, kind) == expected
    assert handfacts.gain(copy.deepcopy(facts), seat, kind, totals) == expected


def test_gain_raises_the_seats_bounds_in_place_and_keeps_the_list_when_nothing_drops() -> None:
    facts = [[0, 0, 1, 2], [1, 0, 1], [0, 1, 3]]
    kind = [1, 1, 2, 2, 3, 3, 3]
    totals = [kind.count(k) for k in range(4)]
    out = handfacts.gain(facts, 0, kind, totals)
    assert out is facts
    assert facts == [[0, 1, 1, 2], [1, 0, 1], [0, 2, 3]]
    # the third fact reaches its total (3 cards of kind 3): dropped, the others kept
    out = handfacts.gain(facts, 0, kind, totals)
    assert out == [[0, 2, 1, 2], [1, 0, 1]]
