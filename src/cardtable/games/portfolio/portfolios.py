"""Portfolios on the table: runs in public slots ``pf:k``, their caps, values and the plays
onto them (make, extend, cap, neutralize, acquire).
PF-R7, R8, R11, R15, R16 of ``docs/rules/portfolio.md``.

A slot's zone holds the run's cards in rank order, then its caps, marked by card tags. The
owner of slot k is the public scalar ``owner[k]`` (-1: free).
"""

from __future__ import annotations

from typing import Final

from cardtable.games.portfolio.cards import ACE, KING, RANK_OF, RED, SUIT_OF, value
from cardtable.games.portfolio.table import (
    CAP_HIGH,
    CAP_LOW,
    CAPS,
    DISCARD,
    HAND0,
    PF0,
    SLOTS,
    TAKEN,
    PortfolioTable,
    run_cards,
)


def has_cap(st: PortfolioTable, slot: int, flag: int) -> bool:
    tags = st.tags
    return any(tags[c] & flag for c in st.zones[PF0 + slot])


def run_value(ranks: list[int]) -> int:
    """Sum of card values without the two lowest ranks (PF-R2: caps never count).

    >>> run_value([4, 5, 6, 7]), run_value([11, 12, 13]), run_value(list(range(1, 14)))
    (5, 4, 32)
    """
    ordered = sorted(ranks)
    return sum(value(r) for r in ordered[2:])


#: ``RUN_VALUE[low][high]``: the value of the run of ranks low..high (a run has no gaps).
RUN_VALUE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(run_value(list(range(low, high + 1))) if high >= low else 0 for high in range(14))
    for low in range(14)
)


def summary(st: PortfolioTable, slot: int) -> tuple[int, int, int, int]:
    """``(suit, low rank, high rank, cap flags)`` of a slot in one pass over its zone (the hot
    path of legal-move generation; ``ends`` and ``has_cap`` ask the same one at a time)."""
    tags = st.tags
    suit, low, high, caps = -1, KING + 1, 0, 0
    for c in st.zones[PF0 + slot]:
        flags = tags[c] & CAPS
        if flags:
            caps |= flags
            continue
        r = RANK_OF[c]
        if r < low:
            low = r
            suit = SUIT_OF[c]
        if r > high:
            high = r
    return suit, low, high, caps


def slot_value(st: PortfolioTable, slot: int) -> int:
    _suit, low, high, _caps = summary(st, slot)
    return RUN_VALUE[low][high] if high else 0


def owned_slots(st: PortfolioTable) -> list[int]:
    """The slots that hold a portfolio, in order."""
    owner = st.owner
    return [k for k in range(SLOTS) if owner[k] >= 0]


def income(st: PortfolioTable, seat: int) -> int:
    """Total value of the seat's portfolios now. The slots are read in place, not listed
    (``owned_slots``): compiled, the list boxed up to 52 slot numbers per call, at every turn's
    start and every rollout's leaf."""
    total = 0
    owner = st.owner
    for k in range(SLOTS):
        if owner[k] == seat:
            total += slot_value(st, k)
    return total


def incomes(st: PortfolioTable) -> list[int]:
    """Every seat's income, in one pass over the slots (read in place, as in ``income``)."""
    out = [0] * st.num_players
    owner = st.owner
    for k in range(SLOTS):
        who = owner[k]
        if who >= 0:
            out[who] += slot_value(st, k)
    return out


def ends(st: PortfolioTable, slot: int) -> tuple[int, int, int]:
    """(suit, low rank, high rank) of a slot's run."""
    run = run_cards(st, slot)
    return st.suit[run[0]], st.rank[run[0]], st.rank[run[-1]]


def hand_card(st: PortfolioTable, seat: int, rank: int, suit: int) -> int:
    """A card of that rank and suit in the seat's hand, the one taken from the pile this turn
    first (ruling 2.4, step 6: the copy left in hand stays free to discard), or -1."""
    found = -1
    for card in st.zones[HAND0 + seat]:
        if RANK_OF[card] == rank and SUIT_OF[card] == suit:
            if st.tags[card] & TAKEN:
                return card
            found = card
    return found


def play_card(st: PortfolioTable, seat: int, rank: int, suit: int, zone: int) -> int:
    """Move a card of the hand to ``zone``: the taken mark (PF-R6) belongs to the card only
    while it is in the hand this turn, so it stays behind (ruling 2.4, step 3)."""
    card = hand_card(st, seat, rank, suit)
    st.tags[card] &= ~TAKEN
    st.move(card, HAND0 + seat, zone)
    return card


def free_slot(st: PortfolioTable) -> int:
    return st.owner.index(-1)


#: A card's place in a tidy slot, as one sortable int: ``(caps, rank, card)`` in fields of
#: 2, 4 and 8 bits (card ids are below 156).
_CARD_BITS: Final = 8
_CARD_MASK: Final = (1 << _CARD_BITS) - 1


def _tidy(st: PortfolioTable, slot: int) -> None:
    """Keep the slot's zone as run (by rank) then caps (low cap first).

    Sorted as ints that carry the key and the card, not with a key function: compiled, the key
    function was a Python call and a tuple per card. No two cards of a slot share the key (a
    run has one card per rank and each end at most one cap), so the card in the low bits
    never decides and the order is the key order, as before."""
    zone = st.zones[PF0 + slot]
    tags = st.tags
    keyed = [((tags[c] & CAPS) << 4 | RANK_OF[c]) << _CARD_BITS | c for c in zone]
    keyed.sort()
    zone[:] = [k & _CARD_MASK for k in keyed]


def make(st: PortfolioTable, seat: int, suit: int, low: int, high: int) -> int:
    slot = free_slot(st)
    for rank in range(low, high + 1):
        play_card(st, seat, rank, suit, PF0 + slot)
    st.owner[slot] = seat
    _tidy(st, slot)
    st.made += 1
    return slot


def extend(st: PortfolioTable, seat: int, slot: int, end: int) -> None:
    suit, low, high = ends(st, slot)
    rank = low - 1 if end == 0 else high + 1
    play_card(st, seat, rank, suit, PF0 + slot)
    _tidy(st, slot)


def cap(st: PortfolioTable, seat: int, slot: int, end: int, rank: int, suit: int) -> None:
    card = play_card(st, seat, rank, suit, PF0 + slot)
    st.tags[card] = CAP_LOW if end == 0 else CAP_HIGH
    _tidy(st, slot)
    st.caps += 1


def neutralize(st: PortfolioTable, seat: int, slot: int) -> None:
    """Pay the value; run low->high, then caps, then the neutralizing card on top (PF-R11)."""
    suit, low, _high = ends(st, slot)
    st.money[seat] -= slot_value(st, slot)
    zone = PF0 + slot
    for c in run_cards(st, slot):
        st.move(c, zone, DISCARD)
    for c in sorted(st.zones[zone], key=lambda c: st.tags[c]):
        st.tags[c] = 0
        st.move(c, zone, DISCARD)
    play_card(st, seat, low - 1, suit, DISCARD)
    st.owner[slot] = -1
    st.neutralized += 1


def acquire(st: PortfolioTable, seat: int, slot: int) -> None:
    """Pay twice the value (before the card); the card joins the high end; the portfolio,
    caps included, changes hands (PF-R15: it earns from its new owner's next turn)."""
    suit, _low, high = ends(st, slot)
    st.money[seat] -= 2 * slot_value(st, slot)
    play_card(st, seat, high + 1, suit, PF0 + slot)
    _tidy(st, slot)
    st.owner[slot] = seat
    st.acquired += 1


def acquire_by_ace(st: PortfolioTable, seat: int, slot: int, ace_suit: int) -> None:
    """PF-R16: a King-headed portfolio for an Ace of its colour; the Ace is discarded."""
    st.money[seat] -= 2 * slot_value(st, slot)
    play_card(st, seat, ACE, ace_suit, DISCARD)
    st.owner[slot] = seat
    st.acquired += 1


def same_colour(suit_a: int, suit_b: int) -> bool:
    return RED[suit_a] == RED[suit_b]


def attack_targets(st: PortfolioTable, seat: int) -> list[tuple[int, int, int, int]]:
    """(slot, suit, low, high) of every other seat's portfolio."""
    out = []
    for k in range(SLOTS):
        owner = st.owner[k]
        if owner >= 0 and owner != seat:
            out.append((k, *ends(st, k)))
    return out


__all__ = ["ACE", "KING"]
