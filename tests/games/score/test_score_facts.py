"""Discards and busts are public facts about a hand (SC-R5, SC-R6), and every determinisation
must honour them: a seat that discarded a Complete held no Single matching the led Complete
then, and a busted seat holds none for the rest of the round. Before the facts were kept, most
bystander worlds dealt such a seat a matching Single."""

from __future__ import annotations

import random

from cardtable.core import Rng, State, new_state
from cardtable.games.score.cards import COMPLETE_VALUES, VALUE
from cardtable.games.score.table import LAID, SINGLES

from .helpers import commit_all, load, position
from .test_score_rules import COMPLETES, NO_FRS


def _play_until(seed: int, word: str) -> tuple[State, int]:
    """Random play (seed ``seed``) until a log line contains ``word``: the state and the seat
    named first in that line."""
    state = new_state("score", 3, seed)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_act()[0]
        before = len(state.events or ())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        for _audience, line, _step in (state.events or [])[before:]:
            if word in line:
                return state, int(line.split()[1])
    raise AssertionError(f"no {word!r} in seed {seed}")


def _matching_worlds(state: State, seat: int) -> int:
    """Among 200 worlds of each other seat, how many give ``seat`` a Single of the led values."""
    led = set(COMPLETE_VALUES[state.zones[LAID][-1]])
    bad = 0
    for viewer in range(3):
        if viewer == seat:
            continue
        sample = state.sampler(viewer)
        for k in range(200):
            world = sample(Rng(k))
            bad += any(VALUE[c] in led for c in world.zones[SINGLES[seat]])
    return bad


def test_a_seat_that_discards_holds_no_matching_single_in_any_world() -> None:
    state, seat = _play_until(0, "has no matching Single")
    led = COMPLETE_VALUES[state.zones[LAID][-1]]
    assert not any(VALUE[c] in led for c in state.zones[SINGLES[seat]])
    assert _matching_worlds(state, seat) == 0


def test_a_busted_seat_holds_no_matching_single_in_any_world() -> None:
    """B has no Complete and no Hollow, Green or Circle: the lay of Hollow-Green-Circle busts it."""
    hands = [
        {"Hollow": 4, "Green": 4, "Circle": 4},
        {"Filled": 4, "Partial": 4, "Red": 4},
        {"Blue": 4, "Square": 4, "Triangle": 4},
    ]
    completes = [
        ["Filled-Blue-Square", "Partial-Blue-Triangle", "Filled-Red-Triangle"],
        [],
        ["Hollow-Red-Circle", "Partial-Red-Circle", "Filled-Green-Circle"],
    ]
    top = ["Hollow-Green-Circle", "Hollow-Blue-Circle", "Partial-Green-Square"]
    state = load(position(hands, completes, pile_top=top))
    state.apply(0, "lead")
    state.apply(0, "lay HGC")
    assert state.busted == [False, True, False]
    assert _matching_worlds(state, 1) == 0


def _forced_discard(options: dict[str, object]) -> State:
    """B lays Filled-Red-Square; A, with no Filled, Red or Square Single, discards (SC-R5)."""
    top = ["Filled-Red-Square", "Partial-Red-Square", "Hollow-Red-Circle", "Hollow-Green-Circle"]
    data = position(NO_FRS, COMPLETES, pile_top=top, state={"lead": 1, "first_lead": 1})
    data["options"] = options
    state = load(data)
    state.apply(1, "lead")
    state.apply(1, "lay Filled-Red-Square")
    commit_all(state, {1: "play Filled", 2: "play Red", 0: "discard Partial-Blue-Square"})
    return state


def test_a_forced_discard_bounds_the_led_values_at_zero_and_gains_loosen_them() -> None:
    state = _forced_discard({})
    filled, red, square = 0, 3, 7
    assert state.lacks == [[0, 0, filled, red, square]]
    state.apply(1, "pass Red")
    assert state.lacks == [[0, 0, filled, red, square]]  # C's gain says nothing about A
    # C lays Hollow-Green-Circle; C collects A's and B's Singles and passes two to A.
    state.apply(2, "lead")
    state.apply(2, "lay Hollow-Green-Circle")
    commit_all(state, {2: "play Circle", 0: "play Hollow", 1: "play Hollow"})
    assert state.lacks == [[0, 0, filled, red, square]]  # losing Singles keeps the fact
    state.apply(2, state.legal_actions(2)[0])
    assert state.lacks == [[0, 1, filled, red, square]]
    state.apply(2, state.legal_actions(2)[0])
    assert state.lacks == [[0, 2, filled, red, square]]


def test_a_voluntary_discard_shows_nothing() -> None:
    state = _forced_discard({"voluntary_complete_discard": True})
    assert state.lacks == []
