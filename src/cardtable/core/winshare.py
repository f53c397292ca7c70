"""Win shares from a lead and what is left to play: the model behind some games' ``evaluate``.

Search cuts its rollouts off and scores the position with ``State.evaluate``. Giving the whole
win to the points leader (the default) is overconfident early in a game: a 10-point lead with
most of the deck to play is far from a win. Where a game's standing is a points total, a seat's
share is modelled as a softmax of its standing over a ``spread`` that the caller makes grow with
what is left to play (``scale * sqrt(cards left + c)``, the way a random walk's spread grows),
so a lead counts for more as the game nears its end. With two seats this is the logistic of the
margin. The constants are fitted per game on played games and checked on held-out ones
(``benchmarks/fit_evaluate.py``; the fits are in docs/bots.md).

>>> margin_shares([10.0, 10.0], 5.0)
[0.5, 0.5]
>>> [round(s, 3) for s in margin_shares([20.0, 10.0], 5.0)]
[0.881, 0.119]
"""

from __future__ import annotations

import math


def margin_shares(values: list[float], spread: float) -> list[float]:
    """Each seat's share of the win, ``exp(v / spread)`` normalised; sums to 1.

    Subtracting the top value first keeps ``exp`` from overflowing on large leads. The top is
    found by a loop that keeps the first of equal values, as ``max`` does (compiled, ``max`` is a
    call through Python).
    """
    top = values[0]
    for v in values:
        if v > top:
            top = v
    weights = [math.exp((v - top) / spread) for v in values]
    whole = sum(weights)
    return [w / whole for w in weights]
