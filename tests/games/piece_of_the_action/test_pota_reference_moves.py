"""Cross-check of Move cards against a naive reference written straight from the rules.

The engine searches Moves on a compact summary (``moves.Table``) with a greedy shortcut. This
reference instead makes every candidate step on a cloned state, card by card, and checks the
special situations afterwards (POTA-R8, R11, R12, R13), then searches completions by brute force.
Over many random positions the offered steps and playable Move cards must agree exactly.
"""

from __future__ import annotations

import pytest

from cardtable.core import Rng, new_state
from cardtable.games.piece_of_the_action import notation
from cardtable.games.piece_of_the_action.cards import COLOUR, KIND, MOVE, VALUE
from cardtable.games.piece_of_the_action.state import PotaState
from cardtable.games.piece_of_the_action.table import (
    CENTRE,
    DEAL,
    DISCARD,
    hand_zone,
    pota_zone,
    reverse_zone,
)
from cardtable.games.piece_of_the_action.table import MOVE as MOVE_PHASE

STEPS = range(notation.STEP_CENTRE, notation.SIZE)


def table_ok(state: PotaState) -> bool:
    """Special situations after a step: centre total not zero; a Reverse needs a POTA."""
    n = state.num_players
    if sum(VALUE[c] for c in state.zones[CENTRE]) == 0:
        return False
    for seat in range(n):
        has_reverse = bool(state.zones[reverse_zone(n, seat)])
        if seat != state.leader and has_reverse and not state.zones[pota_zone(n, seat)]:
            return False
    return True


def naive_step(state: PotaState, step: int) -> PotaState | None:
    """The state after ``step``, or None if the step is illegal."""
    n = state.num_players
    new = state.clone()
    zones, tags = new.zones, new.tags
    if step < notation.STEP_POTA:
        value = notation.VALUES[step - notation.STEP_CENTRE]
        cards = [c for c in zones[CENTRE] if VALUE[c] == value]
        if not cards:
            return None
        new.move(cards[0], CENTRE, DISCARD)
        return new if table_ok(new) else None
    src, dest = notation.split_step(step)
    if src >= n or (dest != notation.DISCARD_DEST and (dest >= n or dest == src)):
        return None
    is_pota = step < notation.STEP_REVERSE
    src_zone = pota_zone(n, src) if is_pota else reverse_zone(n, src)
    free = [c for c in zones[src_zone] if not tags[c]]
    if not free:
        return None
    card = free[0]
    if dest == notation.DISCARD_DEST:
        new.move(card, src_zone, DISCARD)
    elif is_pota:
        new.move(card, src_zone, pota_zone(n, dest))
        tags[card] = 1
    else:
        if dest != state.leader and not zones[pota_zone(n, dest)]:
            return None
        dest_zone = reverse_zone(n, dest)
        if zones[dest_zone]:
            if not state.options.moved_reverse_cancels:
                return None
            new.move(zones[dest_zone][0], dest_zone, DISCARD)
            new.move(card, src_zone, DISCARD)
        else:
            new.move(card, src_zone, dest_zone)
            tags[card] = 1
    return new if table_ok(new) else None


def completable(state: PotaState, steps: int) -> bool:
    if steps == 0:
        return True
    return any(
        (after := naive_step(state, s)) is not None and completable(after, steps - 1) for s in STEPS
    )


def reference_steps(state: PotaState) -> list[int]:
    return [
        s
        for s in STEPS
        if (after := naive_step(state, s)) is not None and completable(after, state.move_left - 1)
    ]


def reference_moves(state: PotaState) -> list[int]:
    """Move cards of the Deal colour in hand that can be completed."""
    counts = {
        VALUE[c]
        for c in state.zones[hand_zone(state.actor)]
        if KIND[c] == MOVE and COLOUR[c] == state.colour
    }
    return sorted(notation.PLAY_MOVE + k - 1 for k in counts if completable(state, k))


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("cancel", [True, False])
def test_moves_agree_with_naive_reference(num_players: int, cancel: bool) -> None:
    checked_steps = checked_moves = 0
    for seed in range(12):
        state = new_state(
            "piece-of-the-action", num_players, seed, {"moved_reverse_cancels": cancel}
        )
        assert isinstance(state, PotaState)
        state.events = None
        rng = Rng(seed)
        while not state.is_terminal():
            seat = state.to_act()[0]
            legal = state.legal_action_ids(seat)
            if state.phase == MOVE_PHASE:
                assert legal == reference_steps(state), state.to_json()
                checked_steps += 1
            elif state.phase == DEAL:
                engine = [a for a in legal if notation.PLAY_MOVE <= a < notation.STEP_CENTRE]
                assert engine == reference_moves(state), state.to_json()
                checked_moves += 1
            # Prefer Move cards and steps so the interesting positions come up often.
            moves = [a for a in legal if a >= notation.PLAY_MOVE]
            pool = moves if moves and rng.below(3) else legal
            state.apply_unchecked(seat, pool[rng.below(len(pool))])
    assert checked_steps > 20
    assert checked_moves > 20
