"""Which actions a seat may take now, as sorted ids: the only source of legality."""

from __future__ import annotations

from typing import Final

from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio import trades
from cardtable.games.portfolio.cards import (
    ACE,
    FACE_OF,
    KING,
    RANK_OF,
    RED,
    SUIT_OF,
    colour_suits,
    draw_cost,
)
from cardtable.games.portfolio.table import (
    ACTIONS,
    CAP_HIGH,
    CAP_LOW,
    DISCARD,
    DISCARD_PHASE,
    DRAW,
    HAND0,
    OFFER,
    OPEN,
    RESPOND,
    SOURCE,
    STOCK,
    TAKEN,
    PortfolioTable,
)


def decider(st: PortfolioTable) -> int:
    """The seat that decides now: the active seat, or a seat making or answering an offer."""
    phase = st.phase
    if phase == OFFER:
        return st.proposer
    if phase == RESPOND:
        return st.responder
    if phase == OPEN:
        return st.opener
    return st.active


def obtainable(st: PortfolioTable) -> int:
    """PF-R4: cards that can really be drawn now (the pile counts in a first pass of 3 or 5)."""
    stock, pile = len(st.zones[STOCK]), len(st.zones[DISCARD])
    if st.num_players in (3, 5) and not st.reformed:
        return stock + pile
    return stock + (1 if pile else 0)


def may_pauper(st: PortfolioTable, seat: int) -> bool:
    """PF-R5: no portfolio and at most 12 cards at the start of the turn."""
    return st.hand_at_start <= 12 and not owns_any(st.owner, seat) and obtainable(st) >= 2


def owns_any(owner: list[int], seat: int) -> bool:
    """``seat in owner``, as a loop of int compares: compiled, ``in`` compares 52 boxed ints
    through Python's generic comparison (a fifth of a search's draw choices in the profile)."""
    return any(who == seat for who in owner)


#: ``draw k`` costs ``_DRAW_COSTS[k]``. ``Final``: compiled, a module global that is not is a
#: dict lookup on every use (137,000 of them in a profiled 2,000-iteration search).
_DRAW_COSTS: Final[tuple[int, ...]] = tuple(draw_cost(k) for k in range(n.MAX_DRAW + 1))


def draw_choices(st: PortfolioTable, seat: int) -> list[int]:
    """``draw k`` for every k the seat can afford from this turn's income and get (PF-R4, R9);
    the costs rise with k, so the list stops at the first unaffordable one."""
    limit = min(obtainable(st), n.MAX_DRAW)
    income = st.income
    ids = []
    for k in range(1, limit + 1):
        if _DRAW_COSTS[k] > income:
            break
        ids.append(n.DRAW + k - 1)
    if may_pauper(st, seat):
        ids.append(n.PAUPER)
    return ids


def stock_supply(st: PortfolioTable) -> int:
    """Cards a draw that starts from the stock can get: the stock, and in a first pass of 3 or
    5 seats the pile that is reshuffled into a new one when it runs out (PF-R12)."""
    stock = len(st.zones[STOCK])
    if st.num_players in (3, 5) and not st.reformed:
        return stock + len(st.zones[DISCARD])
    return stock


def source_choices(st: PortfolioTable) -> list[int]:
    """Discard top or stock first (PF-R6). The stock only when it can supply every card bought
    (ruling 2.4, step 3: nobody pays for a card that does not exist, PF-R4), so with the stock
    gone (a final turn under ``final_turns_take_discard``, PF-R13) the top is the only source;
    a stalled table must draw from the stock."""
    if not st.zones[STOCK] or st.to_draw > stock_supply(st):
        return [n.TAKE_DISCARD]
    if st.to_draw == 1 and st.stall >= st.stall_limit:
        return [n.FROM_STOCK]
    return [n.TAKE_DISCARD, n.FROM_STOCK]


def action_choices(st: PortfolioTable, seat: int) -> list[int]:
    hand = hand_bits(st, seat)
    ids = make_choices(hand)
    # The owned slots in order (pf.owned_slots, without its list), read only below
    # ``slot_end``: no slot above it is owned, and walking all 52 owners was a third of a
    # search's action choices.
    owner = st.owner
    for slot in range(st.slot_end):
        who = owner[slot]
        if who < 0:
            continue
        if who == seat:
            own_portfolio_choices(st, slot, hand, ids)
        else:
            attack_choices(st, seat, slot, hand, ids)
    if st.options.trades and st.offers_made < st.options.max_offers_per_turn:
        ids += trades.propose_choices(st, seat)
    ids.append(n.END_ACTIONS)
    ids.sort()
    return ids


#: A card's place in a hand word (:func:`hand_bits`): bit ``14 * suit + rank``.
SUIT_BITS: Final = 14
_RANKS: Final = (1 << SUIT_BITS) - 1
#: Per card id, its bit in a hand word, as the shifted int (four 14-bit fields, below 2**56, so
#: the word stays a machine int compiled): one table read per card, no shift.
_HAND_BIT: Final[tuple[int, ...]] = tuple(
    1 << (SUIT_BITS * s + r) for s, r in zip(SUIT_OF, RANK_OF, strict=True)
)


def hand_bits(st: PortfolioTable, seat: int) -> int:
    """The seat's hand as one word: bit ``14 * suit + rank`` is set when the hand holds a card
    of that rank and suit, so every "does the hand hold this card" of the turn's choices is a
    shift and a mask (:func:`holds`). One int, not a list of four suit masks: compiled, the list
    and its four boxed masks were allocated and freed on every call of the turn's choices."""
    word = 0
    for c in st.zones[HAND0 + seat]:
        word |= _HAND_BIT[c]
    return word


def holds(hand: int, suit: int, rank: int) -> bool:
    """Does the hand word (:func:`hand_bits`) hold a card of that rank and suit?"""
    return bool(hand >> (SUIT_BITS * suit + rank) & 1)


#: Make ids by ``mask << 2 | suit`` (at most 4 × 2**14 masks), filled on first use. A list,
#: not a dict: compiled, an index is a machine-word load where a dict lookup hashes a boxed int
#: (the profile of compiled Portfolio searches showed the lookups at 4% of all time).
_MAKES: Final[list[tuple[int, ...] | None]] = [None] * (1 << 16)


def make_choices(hand: int) -> list[int]:
    """Every run of 3+ consecutive ranks of one suit that the hand holds (Ace low, no wrap)."""
    ids: list[int] = []
    for suit in range(4):
        mask = hand >> (SUIT_BITS * suit) & _RANKS
        if mask:
            key = mask << 2 | suit
            found = _MAKES[key]
            if found is None:
                found = _MAKES[key] = _runs(suit, mask)
            if found:  # most suits of a hand hold no run: no concatenation of an empty tuple
                ids += found
    return ids


def _runs(suit: int, mask: int) -> tuple[int, ...]:
    out = []
    for low in range(ACE, KING - 1):
        if not mask >> low & 1:
            continue
        high = low
        while high < KING and mask >> (high + 1) & 1:
            high += 1
            if high - low >= 2:
                out.append(n.make_id(suit, low, high))
    return tuple(out)


def own_portfolio_choices(
    st: PortfolioTable, slot: int, hand: int, ids: list[int] | None = None
) -> list[int]:
    """Extend either uncapped end; cap an uncapped end with a same-rank same-colour card.

    Appended to ``ids`` when given (and returned). The two ends are written out, not looped
    over a tuple of tuples: compiled, that loop boxed eight ints per call. The colour's two
    suits are ``first`` and ``3 - first`` (``colour_suits``: (1, 2) red, (0, 3) black), two
    ints rather than a tuple that compiled code would allocate."""
    out: list[int] = [] if ids is None else ids
    suit, low, high, caps = pf.summary(st, slot)
    first = 1 if RED[suit] else 0
    second = 3 - first
    if not caps & CAP_LOW:
        if low > ACE and holds(hand, suit, low - 1):
            out.append(n.extend_id(slot, 0))
        if holds(hand, first, low):
            out.append(n.cap_id(slot, 0, (low - 1) * 4 + first))
        if holds(hand, second, low):
            out.append(n.cap_id(slot, 0, (low - 1) * 4 + second))
    if not caps & CAP_HIGH:
        if high < KING and holds(hand, suit, high + 1):
            out.append(n.extend_id(slot, 1))
        if holds(hand, first, high):
            out.append(n.cap_id(slot, 1, (high - 1) * 4 + first))
        if holds(hand, second, high):
            out.append(n.cap_id(slot, 1, (high - 1) * 4 + second))
    return out


def attack_choices(
    st: PortfolioTable, seat: int, slot: int, hand: int, ids: list[int] | None = None
) -> list[int]:
    """Neutralize below an uncapped low end; acquire above an uncapped high end (or by Ace).

    Appended to ``ids`` when given (and returned): compiled, a list per attacked slot was
    allocated, concatenated and freed."""
    out: list[int] = [] if ids is None else ids
    suit, low, high, caps = pf.summary(st, slot)
    worth = pf.RUN_VALUE[low][high]
    money = st.money[seat]
    if low > ACE and not caps & CAP_LOW and holds(hand, suit, low - 1) and money >= worth:
        out.append(n.NEUTRALIZE + slot)
    if not caps & CAP_HIGH and money >= 2 * worth:
        if high < KING and holds(hand, suit, high + 1):
            out.append(n.ACQUIRE + slot)
        if high == KING:
            out += [n.ace_id(slot, s) for s in colour_suits(suit) if holds(hand, s, ACE)]
    return out


#: Per card id, its face's bit in a word of faces (face index 0..51: rank-major).
_FACE_BIT: Final[tuple[int, ...]] = tuple(1 << f for f in FACE_OF)
#: The faces word is read in four 13-bit quarters (faces 13q .. 13q + 12).
_QUARTER: Final = 13
_QUARTER_MASK: Final = (1 << _QUARTER) - 1
#: Discard ids by ``mask << 2 | quarter``, filled on first use (as ``_MAKES``): the ids come
#: out of a tuple already boxed, where compiled code boxed a new int per id on every call (a
#: tenth of the search's legal ids in the profile).
_DISCARDS: Final[list[tuple[int, ...] | None]] = [None] * (1 << (_QUARTER + 2))


def discard_choices(st: PortfolioTable, seat: int) -> list[int]:
    """Any card but the one taken from the pile this turn, unless it is the last card; one id
    per face, in face order."""
    hand = st.zones[HAND0 + seat]
    if len(hand) == 1:
        return [n.DISCARD + FACE_OF[hand[0]]]
    tags = st.tags
    faces = 0  # the faces as bits of one word, read out in order: no set, no sort
    for c in hand:
        if not tags[c] & TAKEN:
            faces |= _FACE_BIT[c]
    ids: list[int] = []
    for quarter in range(4):
        mask = faces >> (_QUARTER * quarter) & _QUARTER_MASK
        if mask:
            key = mask << 2 | quarter
            found = _DISCARDS[key]
            if found is None:
                found = _DISCARDS[key] = _discard_ids(quarter, mask)
            ids += found
    return ids


def _discard_ids(quarter: int, mask: int) -> tuple[int, ...]:
    """The discard ids of the faces set in ``mask``, a quarter of the faces word."""
    first = n.DISCARD + _QUARTER * quarter
    return tuple(first + f for f in range(_QUARTER) if mask >> f & 1)


def legal_ids(st: PortfolioTable, seat: int) -> list[int]:
    """The phases one by one, the turn's first (a search is mostly in them): each phase is
    compared once (``decider`` would compare it again), and only the decider has choices."""
    phase = st.phase
    if phase == ACTIONS:
        return action_choices(st, seat) if seat == st.active else []
    if phase == DISCARD_PHASE:
        return discard_choices(st, seat) if seat == st.active else []
    if phase == DRAW:
        return draw_choices(st, seat) if seat == st.active else []
    if phase == SOURCE:
        return source_choices(st) if seat == st.active else []
    if phase == OFFER:
        return trades.offer_choices(st) if seat == st.proposer else []
    if phase == RESPOND:
        return [n.ACCEPT, n.DECLINE] if seat == st.responder else []
    if phase == OPEN:
        return [*trades.propose_choices(st, seat), n.NO_OFFER] if seat == st.opener else []
    return []  # OVER (check_fields admits no other phase)
