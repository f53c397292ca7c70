"""A fitted win-share value for Score!, the search's cut-off score (``ScoreState.search_value``).

Why: ``evaluate`` credits only complete sets, so at an 8-action cut-off a pass, a face-down
play or a lay that builds toward a set scores the same as one that gives it away (the diagnosis
in docs/bots.md), and it knows nothing of the lone-top bonus (SC-R10) or of a call that would
reach the target (SC-R2). This value is a softmax over seats of a linear score of each seat's
``features``, with ``WEIGHTS`` fitted by least log-loss on positions of rule-of-thumb and random
games (``benchmarks/fit_score_value.py``; the held-out figures are in docs/bots.md). Only the
search reads it: the PIMC baseline, the Hint button and the calibration keep ``evaluate``.
"""

from __future__ import annotations

import math

from cardtable.games.score.cards import COPIES, HAS_VALUE, NUM_VALUES, VALUE
from cardtable.games.score.table import COMPLETES, SEATS, SINGLES, ScoreTable

FEATURE_NAMES: tuple[str, ...] = (
    "total",
    "sets",
    "threes",
    "twos",
    "ones",
    "bonus",
    "reaches",
    "completes",
    "busted",
    "squared",
)

#: Fitted by ``benchmarks/fit_score_value.py --train 400 --test 200`` (one weight per feature,
#: in ``FEATURE_NAMES`` order; held-out log-loss 0.863 against ``evaluate``'s 0.964).
WEIGHTS: tuple[float, ...] = (
    0.3849,
    0.6572,
    0.3387,
    0.1566,
    0.0826,
    0.0303,
    0.2812,
    -0.4789,
    0.0584,
    0.0877,
)


def features(st: ScoreTable) -> list[list[float]]:
    """Every seat's standing, one list per seat in ``FEATURE_NAMES`` order: total; the points
    its sets score now; the matching worth of values held three, two and one of; whether a call
    now would give it the lone-top bonus and whether it would reach the target; Completes held;
    bust; and (total + sets) squared over the target (a point is worth more near the target)."""
    hands = [_hand(st, s) for s in range(SEATS)]
    target = st.options.target_score
    out = []
    for seat in range(SEATS):
        busted = st.busted[seat]
        sets, threes, twos, ones = (0, 0, 0, 0) if busted else hands[seat]
        best_other = 0
        for other in range(SEATS):
            if other != seat and not st.busted[other]:
                best_other = max(best_other, hands[other][0])
        bonus = 1.0 if sets > best_other else 0.0
        total = st.total[seat]
        out.append(
            [
                float(total),
                float(sets),
                float(threes),
                float(twos),
                float(ones),
                bonus,
                1.0 if not busted and total + sets + bonus >= target else 0.0,
                float(len(st.zones[COMPLETES[seat]])),
                1.0 if busted else 0.0,
                (total + sets) ** 2 / target,
            ]
        )
    return out


def _hand(st: ScoreTable, seat: int) -> tuple[int, int, int, int]:
    """Matching worth of the values held four (the points of its sets), three, two and one of."""
    counts = [0] * NUM_VALUES
    for card in st.zones[SINGLES[seat]]:
        counts[VALUE[card]] += 1
    completes = st.zones[COMPLETES[seat]]
    by_count = [0] * (COPIES + 1)
    for value in range(NUM_VALUES):
        n = counts[value]
        if n:
            worth = 0
            for c in completes:
                worth += HAS_VALUE[c][value]
            by_count[min(n, COPIES)] += worth
    return by_count[4], by_count[3], by_count[2], by_count[1]


def fitted_shares(st: ScoreTable) -> list[float]:
    """Each seat's win share: a softmax of ``WEIGHTS . features``."""
    scores = []
    for x in features(st):
        score = 0.0
        for w, v in zip(WEIGHTS, x, strict=True):
            score += w * v
        scores.append(score)
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    whole = sum(weights)
    return [w / whole for w in weights]
