"""Property tests specific to Piece of the Action, over random games at every player count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import Rng, new_state
from cardtable.games.piece_of_the_action import moves
from cardtable.games.piece_of_the_action.cards import KIND, XCARD
from cardtable.games.piece_of_the_action.state import PotaState
from cardtable.games.piece_of_the_action.table import DEAL, MOVE, hand_zone


def random_game(num_players: int, seed: int) -> list[PotaState]:
    """Every position of one random game."""
    state = new_state("piece-of-the-action", num_players, seed)
    assert isinstance(state, PotaState)
    state.events = None
    rng = Rng(seed)
    out = [state.clone()]
    while not state.is_terminal():
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
        out.append(state.clone())
    return out


@settings(max_examples=20, deadline=None)
@given(num_players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_scores_never_negative_and_x_never_in_hand(num_players: int, seed: int) -> None:
    """POTA-R14 (no score below zero) and POTA-R3 (an X never stays in a hand)."""
    for state in random_game(num_players, seed):
        assert min(state.score) >= 0
        for seat in range(num_players):
            assert all(KIND[c] != XCARD for c in state.zones[hand_zone(seat)])


@settings(max_examples=15, deadline=None)
@given(num_players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_move_shortcut_agrees_with_exhaustive_search(num_players: int, seed: int) -> None:
    """POTA-R13: the greedy lower bound never changes which Moves and steps are offered."""
    checked = 0
    for state in random_game(num_players, seed):
        if state.phase not in (DEAL, MOVE):
            continue
        fast, slow = moves.Table(state), moves.Table(state, shortcut=False)
        if state.phase == MOVE:
            assert fast.completable_steps(state.move_left) == slow.completable_steps(
                state.move_left
            )
        for count in (1, 2, 3):
            assert fast.can_complete(count) == slow.can_complete(count)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_games_end_with_winners(num_players: int) -> None:
    for seed in range(5):
        final = random_game(num_players, seed)[-1]
        assert final.is_terminal() and final.winners
        top = max(final.score)
        assert all(final.score[w] == top for w in final.winners)
