"""The order in which the engine files a hand's cards is nobody's information.

Twin worlds that differ only in the internal order of every unordered zone (hands, a Score!
lead's drawn Completes; see ``ZoneSpec.ordered``) are played forward with the same actions; every
seat's whole view (observation with history and log, legal actions with their descriptions,
choice notes) must stay identical. This catches a hand shown in filing order, an index that
shifts with where an unknown card sat, a rule that moves several hand cards in filing order (the
Score! lead's two Completes under the pile), a log line listing a hand in filing order (Score!'s
round-end "shows" line) and a hand exchanged in the giver's order (Magic Show's Nap).
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Rng, State, list_games, new_state

CASES = [(info.name, n) for info in list_games() for n in info.player_counts()]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` is told now."""
    out: dict[str, Any] = {"obs": state.observation(seat)}
    if seat is not None and seat in state.to_act():
        ids = state.legal_action_ids(seat)
        out["legal"] = [(state.actions.action(a).text, state.describe_action(seat, a)) for a in ids]
        out["notes"] = state.choice_notes(seat)
    return out


def reorder(state: State, rng: Rng) -> State:
    """A twin with every unordered zone's cards filed in another order."""
    twin = state.clone()
    for zi, unordered in enumerate(twin.spec.layout.unordered):
        if unordered:
            rng.shuffle(twin.zones[zi])
    return twin


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_filing_order_of_hands_never_shows(game: str, num_players: int) -> None:
    seed = 11
    state, rng = new_state(game, num_players, seed), Rng(seed)
    steps, twins = 0, 0
    while not state.is_terminal() and steps < 320:
        if steps % 80 == 0:
            twin = reorder(state, rng.fork())
            compare_forward(state.clone(), twin, rng.fork(), 40)
            twins += 1
        waiting = list(state.to_act())
        seat = waiting[rng.below(len(waiting))]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
        steps += 1
    assert twins


def compare_forward(first: State, second: State, rng: Rng, steps: int) -> None:
    """Play both with the same actions; every seat's view must stay the same."""
    for step in range(steps):
        for seat in [*range(first.num_players), None]:
            assert view(first, seat) == view(second, seat), (first.GAME, step, seat)
        if first.is_terminal():
            return
        waiting = list(first.to_act())
        seat = waiting[rng.below(len(waiting))]
        ids = first.legal_action_ids(seat)
        action = ids[rng.below(len(ids))]
        first.apply_unchecked(seat, action)
        second.apply_unchecked(seat, action)
