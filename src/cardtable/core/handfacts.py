"""Public facts about how many cards of some kinds a hand holds, shared by the games that keep them.

A rule can show the table something about a hand without showing the hand: a Score! seat that
discards a Complete holds no Single of the led values (SC-R5), a Nacho Loco seat that draws holds
no card that fits (NL-R16), and one whose drawn card fits now holds exactly one such card
(NL-R15). Each fact is a list ``[seat, bound, kind, kind, ...]`` about the listed kinds together:

* a *lacks* fact: the seat holds at most ``bound`` of them. A card the seat gains face down may be
  of those kinds, so :func:`gain` raises the bound by one and drops a fact that can no longer
  fail; a listed card given up in the open lowers it again (:func:`lose`: that card was one of
  the extra places, since the hand held no more than the bound); other losses keep it true.
* a *holds* fact: the seat holds at least ``bound`` of them. Gains keep it true; a listed card
  given up in the open may have been one of them, so :func:`give_up` lowers the bound and drops
  the fact at 0; other losses keep it true.

A game keeps its facts as public fields, gives :func:`hold` to
:meth:`State.agrees_with_public_facts` and :func:`fit` to :meth:`State.fit_public_facts` (such
hands are too rare for dealing again until one turns up). The facts are counts, never which card:
which card of a hand came when is not public, and a world must not be told.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.core.rng import Rng

if TYPE_CHECKING:
    from cardtable.core.state import State

#: Swaps tried per card that breaks a fact before :func:`fit` gives that card up.
FIT_TRIES = 24

Facts = list[list[int]]


def gain(
    facts: Facts, seat: int, kind: Sequence[int], totals: Sequence[int] | None = None
) -> Facts:
    """The lacks facts after ``seat`` took one card it may not show (``kind``: each card's kind).

    Each of the seat's facts gets its bound raised in place (as :func:`lose` lowers it); the
    list is copied only when a fact is dropped. ``totals``, when given, holds how many cards of
    each kind there are (indexed by kind, the counts ``kind`` gives): a game that draws often
    passes them, so that a gain costs a lookup per listed kind instead of a pass over the deck."""
    kept: Facts | None = None
    for i, fact in enumerate(facts):
        if fact[0] == seat:
            fact[1] += 1
            listed = set(fact[2:])
            if totals is not None:
                total = 0
                for k in listed:
                    total += totals[k]
            else:
                total = sum(1 for k in kind if k in listed)
            if fact[1] >= total:
                if kept is None:
                    kept = facts[:i]
                continue
        if kept is not None:
            kept.append(fact)
    return facts if kept is None else kept


def widen(facts: Facts, seat: int, kinds: Sequence[int]) -> None:
    """A new fact shows that the seat's cards of ``kinds`` all came after it was learned (the
    hand held none, or only the card just gained): they came after every earlier fact too, so
    each earlier lacks fact of the seat lists them as well. Without this the facts, each true
    alone, would let one gained card stand for two facts' extra places at once."""
    for k, fact in enumerate(facts):
        if fact[0] == seat:
            facts[k] = [seat, fact[1], *sorted({*fact[2:], *kinds})]


def lose(facts: Facts, seat: int, kind: int) -> None:
    """``seat`` gave up, in the open, a card of ``kind``: each lacks fact listing it allows one
    card fewer (the hand held no more listed cards than the bound)."""
    for fact in facts:
        if fact[0] == seat and fact[1] > 0 and _lists(fact, kind):
            fact[1] -= 1


def _lists(fact: list[int], kind: int) -> bool:
    """Does ``fact`` (``[seat, bound, kind, ...]``) list ``kind``? (No slice copied.)"""
    return any(fact[i] == kind for i in range(2, len(fact)))


def give_up(holds: Facts, seat: int, kind: int) -> Facts:
    """The holds facts after ``seat`` gave up, in the open, a card of ``kind``: it may have been
    one of the listed cards the hand was known to hold."""
    kept: Facts = []
    for fact in holds:
        if fact[0] == seat and kind in fact[2:]:
            if fact[1] <= 1:
                continue
            fact = [seat, fact[1] - 1, *fact[2:]]
        kept.append(fact)
    return kept


def _count(cards: Sequence[int], kind: Sequence[int], listed: Sequence[int]) -> int:
    wanted = set(listed)
    return sum(1 for c in cards if kind[c] in wanted)


def violation(
    st: State, lacks: Facts, holds: Facts, hand: int, seat: int, kind: Sequence[int]
) -> int:
    """How many cards too many or too few ``seat``'s hand (zone ``hand``) holds, over its facts."""
    total = 0
    cards = st.zones[hand]
    for fact in lacks:
        if fact[0] == seat:
            total += max(0, _count(cards, kind, fact[2:]) - fact[1])
    for fact in holds:
        if fact[0] == seat:
            total += max(0, fact[1] - _count(cards, kind, fact[2:]))
    return total


def excess(st: State, facts: Facts, hand: int, seat: int, kind: Sequence[int]) -> int:
    """How many cards too many ``seat``'s hand (zone ``hand``) holds, over its lacks facts."""
    return violation(st, facts, [], hand, seat, kind)


def hold(
    st: State, facts: Facts, hands: Sequence[int], kind: Sequence[int], holds: Facts | None = None
) -> bool:
    """Does every hand keep to the facts (``hands``: each seat's hand zone)?"""
    more = holds or []
    return all(violation(st, facts, more, hands[f[0]], f[0], kind) == 0 for f in (*facts, *more))


def fit(
    st: State,
    viewer: int,
    rng: Rng,
    facts: Facts,
    hands: Sequence[int],
    kind: Sequence[int],
    holds: Facts | None = None,
) -> None:
    """Swap cards ``viewer`` cannot see, between hidden places of one card back, until the hands
    keep to the facts (if random tries find such swaps). Each place keeps its marks and tag."""
    more = holds or []
    for seat in sorted({f[0] for f in (*facts, *more)}):
        hand = hands[seat]
        for i in range(len(st.zones[hand])):
            if violation(st, facts, more, hand, seat, kind) == 0:
                break
            if not st.visible(viewer, hand, st.zones[hand][i]):
                _swap_out(st, viewer, rng, (facts, more), hands, kind, seat, i)


def _swap_out(
    st: State,
    viewer: int,
    rng: Rng,
    both: tuple[Facts, Facts],
    hands: Sequence[int],
    kind: Sequence[int],
    seat: int,
    index: int,
) -> None:
    """Try random unseen cards elsewhere for the card at ``index``; keep the first swap that
    lowers the violation of the two places' seats."""
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
        before = _pair_violation(st, both, hands, kind, seat, other_seat)
        _swap(st, hand, index, zone, j)
        if _pair_violation(st, both, hands, kind, seat, other_seat) < before:
            return
        _swap(st, hand, index, zone, j)


def _pair_violation(
    st: State,
    both: tuple[Facts, Facts],
    hands: Sequence[int],
    kind: Sequence[int],
    seat: int,
    other: int,
) -> int:
    lacks, holds = both
    mine = violation(st, lacks, holds, hands[seat], seat, kind)
    if other < 0:
        return mine
    return mine + violation(st, lacks, holds, hands[other], other, kind)


def swap(st: State, zone: int, i: int, other_zone: int, j: int) -> None:
    """Swap two cards' places; the marks and tags stay with the places."""
    a, b = st.zones[zone][i], st.zones[other_zone][j]
    st.zones[zone][i], st.zones[other_zone][j] = b, a
    seen, tags = st.seen, st.tags
    seen[a], seen[b] = seen[b], seen[a]
    tags[a], tags[b] = tags[b], tags[a]


_swap = swap
