"""The generic observation encoder, and the sequentialised face-down commitments."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from cardtable.core import Rng, State
from cardtable.core.registry import list_games, new_state
from cardtable.envs.table import GameTable

GAMES = [info.name for info in list_games()]


def _random_states(table: GameTable, seed: int, limit: int = 400) -> list[State]:
    state, rng, out = table.new(seed), Rng(seed), []
    while not state.is_terminal() and len(out) < limit:
        out.append(state.clone())
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    out.append(state)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_vector_size_is_fixed_and_finite(game: str) -> None:
    table = GameTable(game)
    for state in _random_states(table, 3)[::7]:
        for seat in range(table.players):
            vector = table.vector(state, seat)
            assert vector.shape == (table.encoder.size,)
            assert vector.dtype == np.float32 and np.isfinite(vector).all()


@pytest.mark.parametrize("game", GAMES)
def test_vector_ignores_what_the_seat_cannot_see(game: str) -> None:
    """A determinised state (hidden cards re-dealt) encodes exactly as the real one, for that
    seat; while another seat's vector of the same two states differs somewhere in the game."""
    table = GameTable(game)
    differs = False
    for state in _random_states(table, 11)[::5]:
        if state.is_terminal():
            continue
        seat = state.to_act()[0]
        world = state.determinize(seat, Rng(99))
        assert np.array_equal(table.vector(state, seat), table.vector(world, seat))
        other = (seat + 1) % table.players
        differs = differs or not np.array_equal(
            table.vector(state, other), table.vector(world, other)
        )
    assert differs


@pytest.mark.parametrize("game", ["magic-show", "score"])
def test_later_seat_never_sees_an_earlier_face_down_choice(game: str) -> None:
    """The AEC order commits one seat after another; the seat still to commit gets the same
    observation (dict and vector) whichever legal choice the earlier seat made face down."""
    table = GameTable(game)
    checked = 0
    for seed in range(6):
        for state in _random_states(table, seed):
            waiting = list(state.to_act())
            if len(waiting) < 2:
                continue
            first, later = waiting[0], waiting[1]
            choices = state.legal_action_ids(first)
            if len(choices) < 2:
                continue
            worlds = []
            for choice in (choices[0], choices[-1]):
                world = state.clone()
                world.apply(first, choice)
                assert later in world.to_act()  # not resolved yet: the choice is face down
                worlds.append(world)
            assert worlds[0].to_json() != worlds[1].to_json()  # the choices really differ
            assert worlds[0].observation(later) == worlds[1].observation(later)
            assert np.array_equal(table.vector(worlds[0], later), table.vector(worlds[1], later))
            checked += 1
    assert checked >= 10


def test_encoder_fields_are_documented_sizes() -> None:
    table = GameTable("magic-show")
    enc = table.encoder
    zones = len(enc.zone_names) * (len(enc.card_names) + 1)
    assert enc.size > zones + 4 * 2 + 1 + table.num_actions
    state = new_state("magic-show", 2, seed=1)
    vector = table.vector(state, 0)
    hand = enc.zone_names.index("hand:0") * (len(enc.card_names) + 1)
    assert vector[hand : hand + len(enc.card_names)].sum() == len(
        state.observation(0)["zones"]["hand:0"]
    )
