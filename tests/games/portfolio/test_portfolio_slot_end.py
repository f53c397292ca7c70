"""``slot_end`` (a derived field, ``table.CACHES``) is one past the highest owned slot.

The turn's actions and the incomes walk the owners only below it (docs/performance.md, "Tenth
sitting: Magic Show and Portfolio instructions"), so a slot owned at or above it would lose its
plays and its income. Held here after every action of seeded random games with and without
trades (which hand portfolios over) and with 2 to 5 seats, in clones and in loaded positions.
"""

from __future__ import annotations

import pytest

from cardtable.core import Rng, new_state
from cardtable.games.portfolio.state import PortfolioState
from cardtable.games.portfolio.table import owned_end


def _expected(owner: list[int]) -> int:
    return max((k + 1 for k, who in enumerate(owner) if who >= 0), default=0)


def test_owned_end_is_one_past_the_highest_owned_slot() -> None:
    assert owned_end([-1] * 52) == 0
    assert owned_end([0] + [-1] * 51) == 1
    assert owned_end([-1, -1, 2] + [-1] * 49) == 3
    assert owned_end([-1] * 51 + [1]) == 52


@pytest.mark.parametrize(("players", "trades"), [(2, False), (3, False), (3, True), (5, True)])
def test_slot_end_follows_every_make_neutralize_and_trade(players: int, trades: bool) -> None:
    rng = Rng(11)
    shrunk = grown = 0
    for seed in range(4):
        state = new_state("portfolio", players, seed, {"trades": trades})
        assert isinstance(state, PortfolioState)
        steps = 0
        while not state.is_terminal() and steps < 600:
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            before = state.slot_end
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
            steps += 1
            assert state.slot_end == _expected(state.owner), (seed, steps)
            shrunk += state.slot_end < before
            grown += state.slot_end > before
            if steps % 25 == 0:
                copy = state.clone()
                assert isinstance(copy, PortfolioState)
                assert copy.slot_end == state.slot_end
                loaded = PortfolioState.from_json(state.to_json())
                assert isinstance(loaded, PortfolioState)
                assert loaded.slot_end == state.slot_end
    assert grown  # portfolios were made
    if players >= 3:
        assert shrunk  # and the highest one neutralized at least once
