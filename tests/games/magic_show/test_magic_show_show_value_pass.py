"""``show_value`` scores a pile in one pass (docs/performance.md, "Tenth sitting: Magic Show and
Portfolio instructions"); it must agree with the rule's three steps written out plainly:
Tricks by the show's length (``trick_points`` on the list of their points, MS-R7), then the
Mistakes, then one doubling per Six, and 0 for a pile without Tricks (a Comedy Show, MS-R9).
Checked on every practice pile a seat can hold up to four cards, and on random larger ones."""

from __future__ import annotations

from itertools import combinations

from cardtable.core import Rng
from cardtable.games.magic_show.cards import (
    MINUTES,
    MISTAKE,
    NUM_CARDS,
    OWNER,
    PENALTY,
    POINTS,
    REHEARSAL,
    ROLE,
    TRICK,
)
from cardtable.games.magic_show.scoring import show_value, trick_points


def reference(cards: list[int]) -> int:
    points = [POINTS[c] for c in cards if ROLE[c] == TRICK]
    if not points:
        return 0
    minutes = sum(MINUTES[c] for c in cards)
    mistakes = sum(PENALTY[c] for c in cards if ROLE[c] not in (TRICK, REHEARSAL))
    sixes = sum(1 for c in cards if ROLE[c] == REHEARSAL)
    return (trick_points(points, minutes) - mistakes) * 2**sixes


#: Red's pile cards: its Tricks, Sixes and Mistakes (hearts and diamonds).
PILE_CARDS = [
    c for c in range(NUM_CARDS) if OWNER[c] == 0 and ROLE[c] in (TRICK, REHEARSAL, MISTAKE)
]


def test_every_small_pile_scores_as_the_rule_reads() -> None:
    checked = 0
    for size in range(5):
        for pile in combinations(PILE_CARDS, size):
            assert show_value(list(pile)) == reference(list(pile)), pile
            checked += 1
    assert checked > 2000


def test_random_large_piles_score_as_the_rule_reads() -> None:
    rng = Rng(5)
    lengths = set()
    for _ in range(3000):
        pile = PILE_CARDS[:]
        rng.shuffle(pile)
        pile = pile[: 5 + rng.below(len(pile) - 4)]
        lengths.add(sum(MINUTES[c] for c in pile))
        assert show_value(pile) == reference(pile), pile
    assert min(lengths) < 30 <= max(lengths)  # both sides of the length rule
