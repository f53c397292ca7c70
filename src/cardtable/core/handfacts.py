"""Public facts that a hand holds few cards of some kinds, shared by the games that keep them.

A rule can show the table that a hand lacks something without showing the hand: a Score! seat
that discards a Complete holds no Single of the led values (SC-R5), a Nacho Loco seat that draws
holds no card that fits (NL-R16). Each such fact is a list ``[seat, most, kind, kind, ...]``:
the seat holds at most ``most`` cards of the listed kinds together. A card the seat gains face
down may be of those kinds, so :func:`gain` raises ``most`` by one, and drops a fact that can
no longer fail; losing cards keeps a fact true. A game keeps its facts as a public field, gives
:func:`hold` to :meth:`State.agrees_with_public_facts` and :func:`fit` to
:meth:`State.fit_public_facts` (such hands are too rare for dealing again until one turns up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.core.rng import Rng

if TYPE_CHECKING:
    from cardtable.core.state import State

#: Swaps tried per card that breaks a fact before :func:`fit` gives that card up.
FIT_TRIES = 24


def gain(facts: list[list[int]], seat: int, kind: Sequence[int]) -> list[list[int]]:
    """The facts after ``seat`` took one card it may not show (``kind``: each card's kind)."""
    kept: list[list[int]] = []
    for fact in facts:
        if fact[0] == seat:
            fact = [seat, fact[1] + 1, *fact[2:]]
            listed = set(fact[2:])
            if fact[1] >= sum(1 for k in kind if k in listed):
                continue
        kept.append(fact)
    return kept


def excess(st: State, facts: list[list[int]], hand: int, seat: int, kind: Sequence[int]) -> int:
    """How many cards too many ``seat``'s hand (zone ``hand``) holds, over its facts."""
    total = 0
    cards = st.zones[hand]
    for fact in facts:
        if fact[0] == seat:
            listed = set(fact[2:])
            total += max(0, sum(1 for c in cards if kind[c] in listed) - fact[1])
    return total


def hold(st: State, facts: list[list[int]], hands: Sequence[int], kind: Sequence[int]) -> bool:
    """Does every hand keep to the facts (``hands``: each seat's hand zone)?"""
    return all(excess(st, facts, hands[f[0]], f[0], kind) == 0 for f in facts)


def fit(
    st: State,
    viewer: int,
    rng: Rng,
    facts: list[list[int]],
    hands: Sequence[int],
    kind: Sequence[int],
) -> None:
    """Swap cards ``viewer`` cannot see, between hidden places of one card back, until the hands
    keep to the facts (if random tries find such swaps). Each place keeps its marks and tag."""
    for seat in sorted({f[0] for f in facts}):
        hand = hands[seat]
        for i in range(len(st.zones[hand])):
            if excess(st, facts, hand, seat, kind) == 0:
                break
            if not st.visible(viewer, hand, st.zones[hand][i]):
                _swap_out(st, viewer, rng, facts, hands, kind, seat, i)


def _swap_out(
    st: State,
    viewer: int,
    rng: Rng,
    facts: list[list[int]],
    hands: Sequence[int],
    kind: Sequence[int],
    seat: int,
    index: int,
) -> None:
    """Try random unseen cards elsewhere for the card at ``index``; keep the first swap that
    lowers the excess of the two places' seats."""
    hand = hands[seat]
    card = st.zones[hand][index]
    backs = st.spec.cards.backs
    places = [
        (zone, j)
        for zone, cards in enumerate(st.zones)
        if zone != hand and not st.spec.layout.public[zone]
        for j, other in enumerate(cards)
        if backs[other] == backs[card] and not st.visible(viewer, zone, other)
    ]
    owner = {z: s for s, z in enumerate(hands)}
    for _ in range(min(FIT_TRIES, len(places))):
        zone, j = places[rng.below(len(places))]
        other_seat = owner.get(zone, -1)
        before = _pair_excess(st, facts, hands, kind, seat, other_seat)
        _swap(st, hand, index, zone, j)
        if _pair_excess(st, facts, hands, kind, seat, other_seat) < before:
            return
        _swap(st, hand, index, zone, j)


def _pair_excess(
    st: State,
    facts: list[list[int]],
    hands: Sequence[int],
    kind: Sequence[int],
    seat: int,
    other: int,
) -> int:
    mine = excess(st, facts, hands[seat], seat, kind)
    return mine + (excess(st, facts, hands[other], other, kind) if other >= 0 else 0)


def _swap(st: State, zone: int, i: int, other_zone: int, j: int) -> None:
    """Swap two cards' places; the marks and tags stay with the places."""
    a, b = st.zones[zone][i], st.zones[other_zone][j]
    st.zones[zone][i], st.zones[other_zone][j] = b, a
    seen, tags = st.seen, st.tags
    seen[a], seen[b] = seen[b], seen[a]
    tags[a], tags[b] = tags[b], tags[a]
