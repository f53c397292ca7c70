"""Portfolios on the table: runs in public slots ``pf:k``, their caps, values and the plays
onto them (make, extend, cap, neutralize, acquire).
PF-R7, R8, R11, R15, R16 of ``docs/rules/portfolio.md``.

A slot's zone holds the run's cards in rank order, then its caps, marked by card tags. The
owner of slot k is the public scalar ``owner[k]`` (-1: free).
"""

from __future__ import annotations

from typing import Final

from cardtable.games.portfolio.cards import ACE, FACE_OF, KING, RANK_OF, RED, SUIT_OF, value
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
    owned_end,
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
    """``(suit, low rank, high rank, cap flags)`` of a slot (the hot path of legal-move
    generation; ``ends`` and ``has_cap`` ask the same one at a time).

    Read off the ends of the zone, which is always tidy (run by rank, then caps: ``_tidy``
    after every play onto a slot, the load check's sort for a loaded position): the low end is
    the first card, the caps are the last one or two, the high end the card before them. A
    free slot (no run card) answers ``(-1, 14, 0, caps)``, as the scan of every card did."""
    zone = st.zones[PF0 + slot]
    tags = st.tags
    caps = 0
    i = len(zone) - 1
    while i >= 0:
        flags = tags[zone[i]] & CAPS
        if not flags:
            break
        caps |= flags
        i -= 1
    if i < 0:
        return -1, KING + 1, 0, caps
    low = zone[0]
    return SUIT_OF[low], RANK_OF[low], RANK_OF[zone[i]], caps


def slot_value(st: PortfolioTable, slot: int) -> int:
    _suit, low, high, _caps = summary(st, slot)
    return RUN_VALUE[low][high] if high else 0


def owned_slots(st: PortfolioTable) -> list[int]:
    """The slots that hold a portfolio, in order."""
    owner = st.owner
    return [k for k in range(SLOTS) if owner[k] >= 0]


def income(st: PortfolioTable, seat: int) -> int:
    """Total value of the seat's portfolios now. Only the slots below ``slot_end`` are read
    (no slot above it is owned): a few owners instead of 52 at every turn's start."""
    total = 0
    owner = st.owner
    for k in range(st.slot_end):
        if owner[k] == seat:
            total += slot_value(st, k)
    return total


def incomes(st: PortfolioTable) -> list[int]:
    """Every seat's income, in one walk over the owners (as in ``income``): a rollout's leaf."""
    out = [0] * st.num_players
    owner = st.owner
    for k in range(st.slot_end):
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
    first (ruling 2.4, step 6: the copy left in hand stays free to discard), or -1. Cards are
    compared by face index (one table read per card, not two)."""
    face = (rank - 1) * 4 + suit
    tags = st.tags
    found = -1
    for card in st.zones[HAND0 + seat]:
        if FACE_OF[card] == face:
            if tags[card] & TAKEN:
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


#: A card's place in a tidy slot, as one int: ``(caps, rank, card)`` in fields of 2, 4 and 8
#: bits (card ids are below 156).
_CARD_BITS: Final = 8


def _tidy_key(tags: list[int], card: int) -> int:
    return ((tags[card] & CAPS) << 4 | RANK_OF[card]) << _CARD_BITS | card


def _tidy(st: PortfolioTable, slot: int) -> None:
    """Keep the slot's zone as run (by rank) then caps (low cap first).

    An insertion sort in place by the int key ``(caps, rank, card)``: the zone is tidy but for
    the card(s) just played (make, extend, cap, acquire), so it moves at most those, with no
    list built. Compiled, the sort of a keyed copy allocated two lists and boxed a key per card
    (2% of a search). The keys of a zone's cards differ (the card id is in them), so any
    correct sort gives the one order the sort of keys gave."""
    zone = st.zones[PF0 + slot]
    tags = st.tags
    for i in range(1, len(zone)):
        card = zone[i]
        key = _tidy_key(tags, card)
        j = i
        while j > 0 and _tidy_key(tags, zone[j - 1]) > key:
            zone[j] = zone[j - 1]
            j -= 1
        if j != i:
            zone[j] = card


def make(st: PortfolioTable, seat: int, suit: int, low: int, high: int) -> int:
    slot = free_slot(st)
    for rank in range(low, high + 1):
        play_card(st, seat, rank, suit, PF0 + slot)
    st.owner[slot] = seat
    if slot >= st.slot_end:
        st.slot_end = slot + 1
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
    if slot == st.slot_end - 1:
        st.slot_end = owned_end(st.owner)
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
