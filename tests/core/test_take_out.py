"""``take_out`` removes a card from a zone's list as ``list.remove`` would (a card is in a zone
at most once), leaving the others in order (docs/performance.md, "Tenth sitting: Magic Show and
Portfolio instructions": a version that moved the cards above down one by one was tried)."""

from __future__ import annotations

import pytest

from cardtable.core import Rng
from cardtable.core.state import take_out


def test_every_place_in_zones_of_every_size() -> None:
    rng = Rng(9)
    for size in range(1, 30):
        cards = list(range(100, 100 + size))
        rng.shuffle(cards)
        for i in range(size):
            got, want = cards[:], cards[:]
            take_out(got, cards[i])
            want.remove(cards[i])
            assert got == want, (size, i)


def test_a_card_not_in_the_zone_is_refused_and_the_zone_kept() -> None:
    cards = [3, 1, 2]
    with pytest.raises(ValueError, match="card 7 is not in the zone"):
        take_out(cards, 7)
    assert cards == [3, 1, 2]
