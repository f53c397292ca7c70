"""The lattice geometry (NL-R1), the deck lists (NL-R2) and the incremental Playfield caches."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import GameRecord, Rng, new_state
from cardtable.games.nacho_loco import facts, rules
from cardtable.games.nacho_loco.cards import CLOSER, X, cards_of, rotate, types_of
from cardtable.games.nacho_loco.lattice import (
    Board,
    corners,
    distance,
    hexagon_cells,
    is_up,
    neighbours,
)
from cardtable.games.nacho_loco.state import NachoState
from cardtable.games.nacho_loco.tables import face_key
from tests.conformance.checks import check_conservation, check_round_trips, check_turn


def test_orientation_and_neighbours() -> None:
    assert is_up((0, 0)) and not is_up((0, 1)) and not is_up((1, 0)) and is_up((1, 1))
    assert neighbours((0, 0)) == ((1, 0), (0, -1), (0, 1))  # B, L, R
    assert neighbours((0, 1)) == ((-1, 1), (0, 2), (0, 0))  # T, R, L


def test_touching_edges_have_the_same_index_on_both_sides() -> None:
    for cell in hexagon_cells(3):
        for e, other in enumerate(neighbours(cell)):
            assert neighbours(other)[e] == cell


def test_neighbours_share_two_corners() -> None:
    for cell in hexagon_cells(2):
        for other in neighbours(cell):
            assert len(set(corners(cell)) & set(corners(other))) == 2


def test_six_cells_meet_at_a_lattice_point() -> None:
    around = [c for c in hexagon_cells(3) if (2, 1) in corners(c)]
    assert sorted(around) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]


def test_rotation_moves_segments_clockwise() -> None:
    assert rotate((1, 2, 3), 0) == (1, 2, 3)
    assert rotate((1, 2, 3), 1) == (2, 3, 1)
    assert rotate((1, 2, 3), 2) == (3, 1, 2)


def test_boards_have_the_ruled_sizes_and_the_starter_corner_at_the_centre() -> None:
    assert len(Board("hexagon:2")) == 24 and len(Board("hexagon:3")) == 54
    assert corners((0, 0))[0] == (1, 0)
    assert distance((1, 0), (-1, 2)) == 2 and distance((1, 0), (4, 1)) == 2


def test_default_deck_has_the_ruled_composition() -> None:
    """NL-R2: 94 cards, 212 colour + 36 X + 31 action + 3 Closer segments."""
    cards = cards_of("cardtable-4")
    segments = Counter(s for card in cards for s in card)
    assert len(cards) == 94
    assert sum(segments[c] for c in range(6)) == 212 and segments[X] == 36
    assert segments[CLOSER] == 3 and sum(segments[a] for a in (9, 10, 11)) == 31
    assert [segments[c] for c in range(4)] == [55, 54, 51, 52]
    assert len(cards_of("cardtable-6")) == 94 and len(types_of("cardtable-6")) == 94


def test_x_against_x_is_not_a_match() -> None:
    state = new_state("nacho-loco", 3, seed=1)
    assert isinstance(state, NachoState)
    fits = state.cfg.fits.fits(face_key(X, -1, -1))
    assert fits == ()


def _rescan(state: NachoState) -> set[int]:
    board = state.cfg.board
    occupied = {board.index[(r, c)] for r, c, _ in state.field_at}
    frontier = set()
    for cell in occupied:
        for other in neighbours(board.cells[cell]):
            j = board.index.get(other, -1)
            if j >= 0 and j not in occupied:
                frontier.add(j)
    return frontier


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_incremental_frontier_equals_a_full_rescan(seed: int, players: int) -> None:
    """The frontier and faces kept on every placement equal a rescan of the board, the open
    cells, their fits and the live count (NL-R6) kept move by move equal a recomputation from
    the field alone, and the legal placements equal a brute-force search over hand cards ×
    cells × rotations."""
    state = new_state("nacho-loco", players, seed=seed)
    assert isinstance(state, NachoState)
    rng = Rng(seed)
    steps = 0
    while not state.is_terminal() and steps < 400:
        assert set(state.frontier) == _rescan(state)
        assert all(s.key == rules.pointing_key(state, cell) for cell, s in state.frontier.items())
        rebuilt = state.clone()
        rules.rebuild_caches(rebuilt)
        assert rebuilt.faces == state.faces
        assert rebuilt.frontier == state.frontier
        assert _spots(rebuilt) == _spots(state)
        assert rebuilt.live == state.live
        fits = state.cfg.fits
        assert state.live == sum(fits.live(s.key) for s in state.frontier.values())  # NL-R6
        assert facts.fitting_types(state) == sorted(
            {t for s in state.frontier.values() for t in fits.by_type(s.key)}
        )
        if state.phase == rules.PLAY:
            assert _brute_force(state) == [
                a for a in state.legal_action_ids(state.active) if a >= state.cfg.actions.place
            ]
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
        steps += 1


def _spots(
    state: NachoState,
) -> dict[int, tuple[int, tuple[tuple[int, ...], ...], int, bool, tuple[int, ...]]]:
    """The frontier cells with what fits each, as plain values (a Spot compares by identity)."""
    return {
        cell: (s.key, s.offsets, s.mask, s.live, s.effects) for cell, s in state.frontier.items()
    }


def _brute_force(state: NachoState) -> list[int]:
    """Every (hand card type, board cell, rotation) tried against the rules, no caches."""
    cfg = state.cfg
    board = cfg.board
    shown_at = {
        (r, c): rotate(cfg.types[cfg.type_of[card]], rot)
        for card, (r, c, rot) in zip(state.zone("field"), state.field_at, strict=True)
    }
    ids = set()
    for card in state.zone(f"hand:{state.active}"):
        t = cfg.type_of[card]
        for index, cell in enumerate(board.cells):
            if cell in shown_at:
                continue
            faces = [
                shown_at[n][e] if n in shown_at else -1 for e, n in enumerate(neighbours(cell))
            ]
            for k in range(3):
                if t == cfg.closer_type:
                    if k == 0 and sum(f == X for f in faces) >= 2:
                        ids.add(cfg.actions.place_id(t, index, 0))
                    continue
                mine = rotate(cfg.types[t], k)
                if k and mine in [rotate(cfg.types[t], j) for j in range(k)]:
                    continue
                touching = [(m, f) for m, f in zip(mine, faces, strict=True) if f >= 0]
                good = [m == f and m not in (X, CLOSER) for m, f in touching]
                if touching and all(good):
                    ids.add(cfg.actions.place_id(t, index, k))
    return sorted(ids)


OPTION_SETS = [
    {"board": "unbounded"},
    {"deck": "cardtable-6", "placement_rule": "any_edge"},
    {"go_again_mode": "extra_turn", "must_play_drawn": True},
    {"match_draws_on_going_out": False, "closing_gift_on_going_out": True, "first_player": 1},
    {"board": "hexagon:4"},
]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_every_option_plays_whole_games_under_the_checks(options: dict[str, object]) -> None:
    """Whole random games with each non-default option: cards conserved, someone to act with a
    legal action, JSON and clone round trips, a record that replays to the same state."""
    for seed in range(3):
        state = new_state("nacho-loco", 3, seed=seed, options=options)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            check_conservation(state)
            check_turn(state)
            if steps % 40 == 0:
                check_round_trips(state)
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
            steps += 1
            assert steps < 20_000
        replayed = GameRecord.of(state, seed).replay()
        assert replayed.to_json() == state.to_json()
