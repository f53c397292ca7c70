"""A draw turn is a public fact about a hand (NL-R16): the seat held no card that fitted the
Playfield then. Every determinisation must honour it; before the fact was kept, bystander
worlds dealt the drawer fitting cards."""

from __future__ import annotations

import random

import pytest

from cardtable.core import Rng, State, StateFormatError, new_state
from cardtable.games.nacho_loco import rules
from cardtable.games.nacho_loco.state import NachoState
from cardtable.games.nacho_loco.table import HAND0


def _first_draw(seed: int, players: int) -> tuple[State, int, set[int]]:
    """Random play until a seat takes a draw turn: the state after it, the seat and the card
    types that fitted the Playfield just before."""
    state = new_state("nacho-loco", players, seed)
    chooser = random.Random(seed)
    while not state.is_terminal():
        seat = state.to_act()[0]
        action = chooser.choice(state.legal_actions(seat))
        if action.text == "draw" and len(state.zones[HAND0 + seat]) > 2:
            assert isinstance(state, NachoState)
            types = set(state.cfg.type_of)
            fitting = {t for t in types if rules.can_place(state, {t})}
            state.apply(seat, action)
            return state, seat, fitting
        state.apply(seat, action)
    raise AssertionError(f"no draw turn in seed {seed}")


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3)])
def test_a_seat_that_drew_held_no_fitting_card_in_any_world(seed: int, players: int) -> None:
    state, seat, fitting = _first_draw(seed, players)
    assert isinstance(state, NachoState)
    type_of = state.cfg.type_of
    bad = 0
    for viewer in range(players):
        if viewer == seat:
            continue
        sample = state.sampler(viewer)
        for k in range(200):
            hand = sample(Rng(k)).zones[HAND0 + seat]
            # The drawn card may fit (NL-R15 tells which); the rest of the hand may not.
            bad += sum(type_of[c] in fitting for c in hand) > 1
    assert bad == 0


def test_a_position_whose_hand_breaks_lacks_is_refused() -> None:
    state, seat, _fitting = _first_draw(0, 2)
    assert isinstance(state, NachoState)
    data = state.to_json()
    assert isinstance(data, dict)
    first = state.cfg.type_of[state.zones[HAND0 + seat][0]]
    data["state"]["lacks"] = [[seat, 0, first]]
    with pytest.raises(StateFormatError, match="than 'lacks' allows"):
        NachoState.from_json(data)
    data["state"]["lacks"] = [[seat, 0]]
    with pytest.raises(StateFormatError, match="bad 'lacks' fact"):
        NachoState.from_json(data)
    data["state"]["lacks"] = [[seat, 12, first]]
    assert NachoState.from_json(data).lacks == [[seat, 12, first]]
