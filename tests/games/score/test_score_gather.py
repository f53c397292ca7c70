"""The end-of-round gather puts the cards back in bulk once play has begun (for search speed,
docs/performance.md "IS-MCTS speed"): it must leave exactly the state that moving every card back
openly, one by one, and shuffling both decks leaves (the decks' canonical order before the
shuffle and the cleared marks make the two the same)."""

from __future__ import annotations

from cardtable.core import Rng, new_state
from cardtable.games.score import rules
from cardtable.games.score.cards import IS_COMPLETE
from cardtable.games.score.table import PILE, SINGLES_DECK, ScoreTable


def _gather_one_by_one(st: ScoreTable) -> None:
    for zone in range(len(st.zones)):
        if zone in (PILE, SINGLES_DECK):
            continue
        for card in list(st.zones[zone]):
            st.move(card, zone, PILE if IS_COMPLETE[card] else SINGLES_DECK)
    st.shuffle_zone(PILE)
    st.shuffle_zone(SINGLES_DECK)


def test_the_bulk_gather_leaves_the_state_moving_card_by_card_leaves() -> None:
    rng, checked = Rng(11), 0
    for seed in range(4):
        state = new_state("score", 3, seed)
        while not state.is_terminal():
            if rng.below(5) == 0:
                assert isinstance(state, ScoreTable)
                bulk, slow = state.clone(), state.clone()
                assert isinstance(bulk, ScoreTable) and isinstance(slow, ScoreTable)
                rules.gather(bulk)
                _gather_one_by_one(slow)
                assert bulk.to_json() == slow.to_json()
                assert bulk.seen == slow.seen and bulk.tags == slow.tags
                assert bulk.zones == slow.zones
                checked += 1
            movers = state.to_act()
            seat = movers[rng.below(len(movers))]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert checked > 20
