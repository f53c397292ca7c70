"""SC-R11: a five-point hand is laid down at once (unless the option makes it optional), so a game
that goes on shows every seat that nobody holds one. Determinisations must honour it: before, a
bystander's worlds gave B its fourth Square (17 of 300), and with it a five-point
hand B would already have had to lay down."""

from __future__ import annotations

from typing import Any

from cardtable.core import Rng
from cardtable.games.score import rules

from .helpers import load, position

#: B holds Filled, Red and three Squares with Filled-Red-Square, all known to A, and one card A
#: has not seen (a Hollow); C holds the fourth Square among twelve Singles A has not seen.
HANDS = [
    {"Partial": 4, "Blue": 4, "Green": 4},
    {"Filled": 4, "Red": 4, "Square": 3, "Hollow": 1},
    {"Hollow": 3, "Circle": 4, "Triangle": 4, "Square": 1},
]
COMPLETES = [
    ["Partial-Blue-Circle", "Partial-Green-Circle", "Hollow-Blue-Triangle"],
    ["Filled-Red-Square", "Hollow-Red-Circle", "Filled-Green-Triangle"],
    ["Hollow-Green-Square", "Partial-Red-Triangle", "Filled-Blue-Circle"],
]


def _position(options: dict[str, Any]) -> Any:
    data = position(HANDS, COMPLETES, options=options)
    hand = data["zones"]["hand:1"]
    data["zones"]["hand:1"] = [
        name if name == "Hollow" else {"card": name, "seen": [0]} for name in hand
    ]
    data["zones"]["completes:1"] = [
        {"card": name, "seen": [0]} for name in data["zones"]["completes:1"]
    ]
    return load(data)


def _five_point_worlds(options: dict[str, Any]) -> int:
    state = _position(options)
    assert all(rules.five_point_complete(state, s) < 0 for s in range(3))
    sample = state.sampler(0)
    return sum(rules.five_point_complete(sample(Rng(k)), 1) >= 0 for k in range(300))


def test_no_world_holds_a_five_point_hand_that_would_have_been_laid_down() -> None:
    assert _five_point_worlds({}) == 0


def test_an_optional_five_point_hand_may_be_held_in_a_world() -> None:
    """With ``five_point_optional`` a seat may keep one until its turn: not declaring yet shows
    nothing, and the worlds may hold one."""
    assert _five_point_worlds({"five_point_optional": True}) > 0
