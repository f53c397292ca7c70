"""State.sampler: the determinisations of determinize, prepared once, never aliased."""

from __future__ import annotations

import pytest

from cardtable.core import Rng, list_games, new_state
from cardtable.core.determinize import make_sampler


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_samples_are_determinisations_and_independent(info: object) -> None:
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    state, rng, checked = new_state(name, players, 9), Rng(9), 0
    while not state.is_terminal() and checked < 12:
        movers = list(state.to_act())
        seat = movers[rng.below(len(movers))]
        sample = state.sampler(seat)
        first = sample(Rng(checked))
        snapshot = first.to_json()
        assert first.observation(seat)["zones"] == state.observation(seat)["zones"]
        assert snapshot == state.determinize(seat, Rng(checked)).to_json()
        # Playing on in one sample must not leak into the next one (no shared lists).
        play = Rng(1)
        while not first.is_terminal():
            mover = first.to_act()[0]
            ids = first.legal_action_ids(mover)
            first.apply_unchecked(mover, ids[play.below(len(ids))])
        assert sample(Rng(checked)).to_json() == snapshot
        checked += 1
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert checked


#: Options that make the constraint bite: Score! seats that discard their Completes freely end up
#: answering a laid Complete with a Single as their only way out.
_HARD_OPTIONS = {"score": {"voluntary_complete_discard": True}}


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_samples_respect_who_must_act(info: object) -> None:
    """Every seat that must act has a legal action in a true state (the game moves on
    otherwise), and everyone sees who must act: no sample may contradict that. Score! found it:
    a seat still to answer a laid Complete holds a matching Single, which a plain re-deal of the
    hidden cards can take away."""
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    rng, checked = Rng(5), 0
    state = new_state(name, players, 40, _HARD_OPTIONS.get(name))
    while not state.is_terminal():
        movers = list(state.to_act())
        for seat in range(players):
            sample = state.sampler(seat)
            for k in range(4):
                world = sample(Rng(k))
                for mover in world.to_act():
                    assert world.legal_action_ids(mover), (seat, mover, world.to_json())
                checked += 1
        seat = movers[rng.below(len(movers))]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert checked


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_samples_keep_the_seats_own_legal_ids(info: object) -> None:
    """A seat's legal actions depend only on what it knows, so every sample of its information
    set gives it the same legal ids, in the same order: IS-MCTS takes the root's ids from the
    information set once instead of regenerating them in every sampled world."""
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    state, rng, checked = new_state(name, players, 23), Rng(23), 0
    while not state.is_terminal():
        for seat in state.to_act():
            own = state.legal_action_ids(seat)
            sample = state.sampler(seat)
            for k in range(3):
                assert sample(Rng(k)).legal_action_ids(seat) == own, (seat, state.to_json())
                checked += 1
        movers = list(state.to_act())
        seat = movers[rng.below(len(movers))]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert checked


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_sampler_shortcuts_give_the_same_samples(info: object) -> None:
    """``State.cards_never_in`` lets the sampler reject a deal (POTA-R3: an X card dealt into
    a hand) before building it, and a group of cards that all keep one seen mark and tag is
    dealt without rewriting them. That must change nothing: for the same rng, the same sample
    and the rng left in the same state, as when every deal is built and then judged — so a
    search makes the same choices. Checked at every seat of every decision of a random game."""
    name = info.name  # type: ignore[attr-defined]
    for players in sorted({info.min_players, info.max_players}):  # type: ignore[attr-defined]
        state, rng, checked = new_state(name, players, 21), Rng(21), 0
        while not state.is_terminal():
            for seat in range(players):
                fast, built = make_sampler(state, seat), make_sampler(state, seat, shortcut=False)
                a, b = Rng(checked), Rng(checked)
                for _ in range(3):
                    assert fast(a).to_json() == built(b).to_json(), (players, seat, checked)
                    assert a.next_u64() == b.next_u64()
                checked += 1
            movers = list(state.to_act())
            seat = movers[rng.below(len(movers))]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
        assert checked


def test_pota_cards_never_in_is_used_and_agrees() -> None:
    """The shortcut is live in Piece of the Action (it bars the X cards from every hand, and
    only there), and every card it bars would make a state disagree with the public facts."""
    state = new_state("piece-of-the-action", 4, 3)
    hands = {state.spec.layout.index[f"hand:{s}"] for s in range(4)}
    xcards = {c for c, name in enumerate(state.spec.cards.names) if name == "x"}
    assert len(xcards) == 3
    for zone in range(len(state.zones)):
        assert state.cards_never_in(zone) == (xcards if zone in hands else set())
    for card in xcards:  # any barred card in any hand: the facts' check rejects the state
        world = state.clone()
        hand = world.zones[min(hands)]
        where = next(z for z in world.zones if card in z)
        where[where.index(card)], hand[0] = hand[0], card
        assert not world.agrees_with_public_facts()
