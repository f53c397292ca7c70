"""Helpers for the Piece of the Action rule tests: hand-written positions and short drivers.

Expected values in the tests come from the rule text and docs/rules/piece_of_the_action.md,
worked by hand;
these helpers only build positions and read results through the public protocol
(``load_state``, ``apply``, ``legal_actions``, ``to_json``, ``observation``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import cardtable
from cardtable.core import IllegalAction, State

GAME = "piece-of-the-action"
COLOURS = ("blue", "red", "green")
#: Hand size by player count (rule text, "Preliminary").
HAND = {2: 12, 3: 10, 4: 8, 5: 7, 6: 6}


def full_deck() -> list[str]:
    """The 108 card names, built from the rule text's "Deck Composition" (35 per colour + 3 X)."""
    names: list[str] = []
    for c in COLOURS:
        for value, copies in ((-2, 1), (-3, 1), (-4, 1), (-5, 1), (2, 3), (3, 3), (4, 2), (5, 2)):
            names += [f"{c}{value:+d}"] * copies
        for count, copies in ((1, 3), (2, 2), (3, 2)):
            names += [f"{c}-move{count}"] * copies
        names += [f"{c}-pota"] * 10
        names += [f"{c}-reverse"] * 4
    return [*names, "x", "x", "x"]


def position(
    n: int = 4,
    zones: dict[str, list[str]] | None = None,
    *,
    deck: list[str] | None = None,
    options: dict[str, Any] | None = None,
    rng: int = 0,
    **scalars: Any,
) -> State:
    """A hand-written position.

    Without ``deck``, every unlisted card goes to the (shuffled) deck. With ``deck`` (listed bottom
    to top: the LAST card is drawn first) the deck is exactly that, and every other unlisted card is
    put in the discard pile, so refills are fully controlled.
    """
    zones = {k: list(v) for k, v in (zones or {}).items()}
    data: dict[str, Any] = {"game": GAME, "num_players": n, "rng": rng, "state": scalars}
    if options:
        data["options"] = options
    if deck is None:
        data["rest"] = True
    else:
        zones["deck"] = list(deck)
        left = Counter(full_deck())
        for cards in zones.values():
            left.subtract(cards)
        assert all(v >= 0 for v in left.values()), f"too many cards listed: {-left}"
        zones["discard"] = zones.get("discard", []) + sorted(left.elements())
    data["zones"] = zones
    return cardtable.load_state(data)


def deal(
    n: int = 4,
    zones: dict[str, list[str]] | None = None,
    *,
    leader: int = 0,
    colour: str = "blue",
    actor: int | None = None,
    passed: list[int] | None = None,
    scores: list[int] | None = None,
    **kwargs: Any,
) -> State:
    """A position inside a Deal (phase DEAL): ``leader`` opened it in ``colour``."""
    scalars: dict[str, Any] = {
        "phase": "deal",
        "marker": leader,
        "leader": leader,
        "colour": COLOURS.index(colour),
        "actor": (leader + 1) % n if actor is None else actor,
        "passed": passed or [0] * n,
        "score": scores or [50] * n,
    }
    return position(n, zones, **scalars, **kwargs)


def lead(
    n: int = 4,
    zones: dict[str, list[str]] | None = None,
    *,
    marker: int = 0,
    scores: list[int] | None = None,
    **kwargs: Any,
) -> State:
    """A position at the start of a Deal (phase LEAD) with ``marker`` holding the Leader marker."""
    return position(
        n, zones, phase="lead", marker=marker, actor=marker, score=scores or [50] * n, **kwargs
    )


def texts(state: State, seat: int | None = None) -> set[str]:
    """Texts of the legal actions of ``seat`` (default: the seat to act)."""
    if seat is None:
        seat = actor(state)
    return {a.text for a in state.legal_actions(seat)}


def actor(state: State) -> int:
    (seat,) = state.to_act()
    return seat


def play(state: State, *actions: str) -> None:
    """Apply each action text for the seat to act."""
    for text in actions:
        state.apply(actor(state), text)


def assert_illegal(state: State, seat: int, text: str) -> None:
    """``text`` is rejected with IllegalAction and the state is left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, text)
    assert state.to_json() == before


def pass_out(state: State) -> None:
    """Every seat still in the Deal passes, in turn, until the Deal is settled."""
    while field(state, "phase") in ("deal", "move"):
        state.apply(actor(state), "pass")


def field(state: State, name: str) -> Any:
    """A public scalar of the JSON state (``phase``, ``marker``, ``score``, ...)."""
    return state.to_json()["state"][name]


def scores(state: State) -> list[int]:
    return list(field(state, "score"))


def zone(state: State, name: str) -> list[str]:
    """Card names of a zone, in order (JSON entries may carry knowledge marks)."""
    return [e if isinstance(e, str) else e["card"] for e in state.to_json()["zones"][name]]


def all_cards(state: State) -> Counter[str]:
    """Every card of every zone, as a multiset of names."""
    out: Counter[str] = Counter()
    for name in state.to_json()["zones"]:
        out.update(zone(state, name))
    return out


def card_value(name: str) -> int:
    """The signed number of a +/- card name (``"green-4"`` -> -4)."""
    for colour in COLOURS:
        if name.startswith(colour):
            return int(name[len(colour) :])
    raise ValueError(f"{name!r} is not a +/- card")


def round5(value: int) -> int:
    """POTA-R9, written from the ruling: away from zero to the next multiple of 5."""
    if value % 5 == 0:
        return value
    sign = 1 if value > 0 else -1
    return sign * ((abs(value) + 4) // 5 * 5)
