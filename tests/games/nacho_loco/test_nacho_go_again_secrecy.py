"""Nacho Loco's Go Again question reveals nothing about the placer's hand (NL-R10).

At the table a player who matched a Go Again segment and plays no further card gives no reason:
the extra card is optional. So the engine always asks (ending the turn is always legal), whether
or not a card in the hand fits; otherwise ``to_act``, the phase and the "deciding" text would
tell every seat and spectator that the placer holds nothing that fits.
"""

from __future__ import annotations

from cardtable.core import Rng, new_state
from cardtable.games.nacho_loco import rules
from cardtable.games.nacho_loco.state import NachoState


def _go_again_placements(seed: int, players: int) -> list[tuple[int, NachoState, bool]]:
    """(placer, state after, could place) for every placement that grants a Go Again and neither
    ends the round nor closes the Playfield, in one random game."""
    state = new_state("nacho-loco", players, seed)
    assert isinstance(state, NachoState)
    rng, found = Rng(seed), []
    while not state.is_terminal() and len(state.history) < 3000:
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        before = (state.go_agains, sum(state.closes), state.round)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
        after = (state.go_agains, sum(state.closes), state.round)
        if after == (before[0] + 1, before[1], before[2]) and state.phase != rules.TARGETING:
            can = rules.can_place(state, rules.hand_types(state, seat))
            found.append((seat, state.clone(), can))
    return found


def test_the_go_again_question_is_asked_even_when_no_card_fits() -> None:
    unable = 0
    for seed in range(6):
        for seat, state, can in _go_again_placements(seed, 3):
            assert state.phase == rules.AGAIN, (seed, seat, state.phase)
            assert list(state.to_act()) == [seat]
            legal = state.legal_action_ids(seat)
            assert rules.END in legal
            if not can:
                unable += 1
                assert legal == [rules.END]
            for viewer in (None, (seat + 1) % 3):
                public = state.observation(viewer)["public"]
                assert public["deciding"] == f"seat {seat} may place one more card (Go Again)"
    assert unable, "no game reached a Go Again with nothing that fits"
