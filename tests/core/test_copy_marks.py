"""The knowledge marks of identical copies when a card leaves a hand (``State.move`` and
``State.move_secret``), against a plain reference: the engine's shortcuts (the copies' marks
read first, marks stored only where they change) must mark exactly as the full walk does."""

from __future__ import annotations

import pytest

from cardtable.core import Rng, State, new_state

#: Games whose card sets hold identical copies (two decks, four Singles of a value).
COPY_GAMES = [("piece-of-the-action", 4), ("portfolio", 2), ("portfolio", 5), ("score", 3)]


def reference_share(st: State, card: int, src: int) -> None:
    """Before ``card`` leaves unordered ``src``: the copies' marks evened out (the full walk)."""
    zone = st.zones[src]
    rank, tags, seen = st.spec.cards.rank, st.tags, st.seen
    owner = st.spec.layout.owner_bit[src]
    kind, tag = rank[card], tags[card]
    others = sorted(c for c in zone if c != card and rank[c] == kind and tags[c] == tag)
    extra = seen[card] & ~owner
    for c in others:
        extra |= seen[c] & ~owner
    if not others or not extra:
        return
    moving = seen[card] & owner
    rest = [seen[c] & owner for c in others]
    for seat in range(st.num_players):
        bit = 1 << seat
        if not extra & bit:
            continue
        known = (seen[card] & bit != 0) + sum(1 for c in others if seen[c] & bit)
        moving |= bit
        for i in range(known - 1):
            rest[i] |= bit
    seen[card] = moving
    for c, mark in zip(others, rest, strict=True):
        seen[c] = mark


def reference_move(st: State, card: int, src: int, dst: int) -> None:
    layout = st.spec.layout
    if layout.unordered[src] and st.spec.cards.has_copies:
        reference_share(st, card, src)
    st.zones[src].remove(card)
    st.zones[dst].append(card)
    st.seen[card] = layout.all_mask if layout.public[src] else layout.owner_bit[src] | st.seen[card]


def reference_move_secret(st: State, card: int, src: int, dst: int, audience: int) -> None:
    if st.spec.layout.unordered[src] and st.spec.cards.has_copies:
        reference_share(st, card, src)
    st.zones[src].remove(card)
    st.zones[dst].append(card)
    st.seen[card] = audience
    keep = audience | st.spec.layout.owner_bit[src]
    for other in st.zones[src]:
        st.seen[other] &= keep


def test_twins_are_the_other_ids_of_a_name() -> None:
    for name, players in COPY_GAMES:
        cards = new_state(name, players, 1).spec.cards
        for card, twins in enumerate(cards.twins):
            assert twins == tuple(c for c in cards.ids_named(cards.names[card]) if c != card)


@pytest.mark.parametrize(("name", "players"), COPY_GAMES)
def test_moves_out_of_hands_mark_as_the_full_walk(name: str, players: int) -> None:
    state, rng = new_state(name, players, 5), Rng(5)
    layout = state.spec.layout
    hands = [z for z in range(len(layout)) if layout.unordered[z]]
    everyone = layout.all_mask
    checked = shared = 0
    for step in range(60):
        if state.is_terminal():
            break
        for trial in range(12):
            a, b = state.clone(), state.clone()
            # Random extra knowledge on every card, so the walk has copies to even out.
            for c in range(len(a.seen)):
                a.seen[c] = b.seen[c] = rng.below(everyone + 1)
            src = hands[rng.below(len(hands))]
            if not a.zones[src]:
                continue
            card = a.zones[src][rng.below(len(a.zones[src]))]
            dst = hands[rng.below(len(hands))]
            if dst == src:
                dst = 0 if src != 0 else 1
            if trial % 2:
                audience = rng.below(everyone + 1)
                a.move_secret(card, src, dst, audience)
                reference_move_secret(b, card, src, dst, audience)
            else:
                a.move(card, src, dst)
                reference_move(b, card, src, dst)
            assert sorted(a.zones[src]) == sorted(b.zones[src])
            assert a.seen == b.seen, (step, trial, card, src, dst)
            checked += 1
            shared += a.seen != state.seen
        movers = list(state.to_act())
        seat = movers[rng.below(len(movers))]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert checked > 100 and shared
