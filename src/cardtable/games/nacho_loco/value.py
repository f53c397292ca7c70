"""Nacho Loco's search value: a fitted win share from more than points and hand sizes.

``evaluate`` (the shared value: the PIMC baseline, hints and their calibration read it) sees
points and hand sizes. What a short cut-off rollout also needs to see is what is *in* a hand:
a three-colour card fits many cells, a card with one or two black X sides few, an action card
only next to the same action; and whose turn it is and who holds skip tokens. :func:`seat_features`
lists these per seat; :data:`WEIGHTS` were fitted by ``benchmarks/fit_nacho_value.py`` (logistic
regression of the game's winner on the seats' feature differences, held-out games; the command
and its log-loss against ``evaluate``'s are in docs/bots.md).
"""

from __future__ import annotations

import math

from cardtable.games.nacho_loco.cards import ACTIONS, CLOSER, X
from cardtable.games.nacho_loco.meta import TARGET_SCORE
from cardtable.games.nacho_loco.table import HAND0, OVER, NachoTable

#: Feature names, in :func:`seat_features` order.
FEATURES = (
    "points",
    "near_target",
    "colour_cards",
    "one_x_cards",
    "two_x_cards",
    "action_cards",
    "closer",
    "skips",
    "to_move",
)

#: Fitted weights (see the module docstring); the model is antisymmetric in the two seats.
WEIGHTS: tuple[float, ...] = (
    0.185,
    2.2016,
    -0.2317,
    -0.2361,
    -0.2461,
    -0.2338,
    -0.6149,
    -1.1861,
    0.1534,
)


def card_kind(segments: tuple[int, int, int]) -> int:
    """2..6: the feature slot of a card (colour only, one X, two X, action, Closer)."""
    if segments[0] == CLOSER:
        return 6
    if any(s in ACTIONS for s in segments):
        return 5
    xs = sum(1 for s in segments if s == X)
    return 2 + xs


def seat_features(state: NachoTable, seat: int) -> list[float]:
    """What the search value weighs for one seat (see :data:`FEATURES`)."""
    cfg = state.cfg
    out = [0.0] * len(FEATURES)
    points = float(state.points[seat])
    out[0] = points
    out[1] = 1.0 / (TARGET_SCORE + 1.0 - min(points, float(TARGET_SCORE)))
    types = cfg.types
    type_of = cfg.type_of
    for card in state.zones[HAND0 + seat]:
        out[card_kind(types[type_of[card]])] += 1.0
    out[7] = float(state.skips[seat])
    out[8] = 1.0 if state.active == seat else 0.0
    return out


def search_value(state: NachoTable) -> list[float]:
    """Win shares of a 2-seat position from the fitted model; ``evaluate`` for more seats."""
    if state.phase == OVER:
        return state.returns()
    if state.num_players != 2:
        return state.evaluate()
    a = seat_features(state, 0)
    b = seat_features(state, 1)
    z = 0.0
    for w, x, y in zip(WEIGHTS, a, b, strict=True):
        z += w * (x - y)
    z = max(-30.0, min(30.0, z))
    p = 1.0 / (1.0 + math.exp(-z))
    return [p, 1.0 - p]
