"""Per-card knowledge: open moves, secret moves, shuffles, observations and determinisation."""

from __future__ import annotations

import pytest

from cardtable.core import IllegalAction, Rng

from .toy import DECK, HAND0, TABLE, toy


def test_owner_sees_own_hand_only() -> None:
    state = toy()
    obs0 = state.observation(0)
    assert None not in obs0["zones"]["hand:0"]
    assert obs0["zones"]["hand:1"] == [None, None]
    assert obs0["zones"]["deck"] == [None, None]
    assert state.observation(None)["zones"]["hand:0"] == [None, None]


def test_open_move_keeps_everyone_who_saw_the_card_informed() -> None:
    state = toy()
    card = state.zones[HAND0][0]
    state.move(card, HAND0, TABLE)  # public now
    state.move(card, TABLE, HAND0 + 1)  # everyone saw it picked up
    assert state.observation(0)["zones"]["hand:1"].count(state.card_name(card)) == 1
    assert state.visible(None, HAND0 + 1, card) is False  # spectators see only public zones
    # A card passed openly from hand 0 to hand 1 stays known to seat 0 (perfect recall).
    other = state.zones[HAND0][0]
    state.move(other, HAND0, HAND0 + 1)
    assert state.visible(0, HAND0 + 1, other)


def test_secret_move_tells_only_the_audience_and_others_lose_track() -> None:
    state = toy()
    known = state.zones[HAND0][0]
    state.move(known, HAND0, HAND0 + 1)  # seat 0 knows this card is in hand 1
    secret = state.zones[HAND0 + 1][0]
    state.move_secret(secret, HAND0 + 1, HAND0, audience=0b11)
    assert state.visible(0, HAND0, secret) and state.visible(1, HAND0, secret)
    # A third party would lose track of the source hand; here seat 0 is in the audience, so
    # it keeps its knowledge. With an audience of seat 1 only, seat 0 loses track of hand 1.
    state.move_secret(state.zones[HAND0 + 1][-1], HAND0 + 1, DECK, audience=0b10)
    assert not any(state.visible(0, HAND0 + 1, c) for c in state.zones[HAND0 + 1])


def test_shuffle_forgets_positions() -> None:
    state = toy()
    card = state.zones[HAND0][0]
    state.move(card, HAND0, TABLE)
    state.move(card, TABLE, DECK)
    assert state.visible(1, DECK, card)
    state.shuffle_zone(DECK)
    assert not any(state.visible(s, DECK, c) for s in (0, 1) for c in state.zones[DECK])


def test_commitments_are_hidden_until_resolved() -> None:
    state = toy(3)
    choice = state.legal_action_ids(0)[0]
    state.apply(0, choice)
    assert state.to_act() == [1]
    assert state.observation(0)["my_commit"] == state.actions.action(choice).text
    obs1 = state.observation(1)
    assert obs1["my_commit"] is None
    assert obs1["committed"] == [True, False]
    assert obs1["history"] == [[0, "makes a hidden choice"]]
    with pytest.raises(IllegalAction, match="already committed"):
        state.apply(0, state.legal_action_ids(1)[0])


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = toy(5)
    seen_by_0 = sorted(state.zones[HAND0])
    changed = False
    for i in range(40):
        det = state.determinize(0, Rng(i))
        assert sorted(det.zones[HAND0]) == seen_by_0
        assert sorted(c for z in det.zones for c in z) == list(range(6))
        changed |= det.zones[HAND0 + 1] != state.zones[HAND0 + 1]
    assert changed, "determinisation never re-dealt the unseen cards"


def test_determinize_resamples_other_seats_commitments() -> None:
    state = toy(6)
    state.apply(1, state.legal_action_ids(1)[-1])
    outcomes = set()
    for i in range(40):
        det = state.determinize(0, Rng(i))
        assert det.pending[1] in det.zones[HAND0 + 1]
        outcomes.add(det.pending[1])
        assert det.history == []
    assert len(outcomes) > 1


def test_determinize_reseeds_the_game_rng() -> None:
    state = toy(7)
    det = state.determinize(0, Rng(1))
    assert det.rng.state != state.rng.state


def test_card_put_under_the_deck_stays_known_to_who_put_it_there() -> None:
    state = toy(8)
    card = state.zones[HAND0][0]
    state.move(card, HAND0, DECK, bottom=True)
    assert state.zones[DECK][0] == card
    assert state.visible(0, DECK, card) and not state.visible(1, DECK, card)
    det = state.determinize(0, Rng(1))
    assert det.zones[DECK][0] == card  # the seat knows exactly where it is
