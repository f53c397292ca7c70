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
    SLOTS,
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
    bits = hand_bits(st, seat)
    ids = make_choices(bits)
    owner = st.owner
    for slot in range(SLOTS):  # the owned slots in order (pf.owned_slots, without its list)
        who = owner[slot]
        if who < 0:
            continue
        if who == seat:
            own_portfolio_choices(st, slot, bits, ids)
        else:
            ids += attack_choices(st, seat, slot, bits)
    if st.options.trades and st.offers_made < st.options.max_offers_per_turn:
        ids += trades.propose_choices(st, seat)
    ids.append(n.END_ACTIONS)
    ids.sort()
    return ids


#: Per card id, its bit in a hand word: ``14 * suit + rank`` (four 14-bit fields, below 2**56,
#: so the word stays a machine int compiled).
_HAND_BIT: Final[tuple[int, ...]] = tuple(14 * s + r for s, r in zip(SUIT_OF, RANK_OF, strict=True))
_RANKS: Final = (1 << 14) - 1


def hand_bits(st: PortfolioTable, seat: int) -> list[int]:
    """Per suit, the ranks the seat's hand holds as a bitmask (bit r for rank r): one pass over
    the hand answers every "does the hand hold this card" of the turn's choices. The pass ORs
    into one word and splits it at the end: compiled, ``bits[suit] |= ...`` per card read and
    boxed a list item each time (a tenth of a search's legal ids in the profile)."""
    word = 0
    for c in st.zones[HAND0 + seat]:
        word |= 1 << _HAND_BIT[c]
    return [word & _RANKS, word >> 14 & _RANKS, word >> 28 & _RANKS, word >> 42]


#: Make ids by ``mask << 2 | suit`` (at most 4 × 2**14 masks), filled on first use. A list,
#: not a dict: compiled, an index is a machine-word load where a dict lookup hashes a boxed int
#: (the profile of compiled Portfolio searches showed the lookups at 4% of all time).
_MAKES: Final[list[tuple[int, ...] | None]] = [None] * (1 << 16)


def make_choices(bits: list[int]) -> list[int]:
    """Every run of 3+ consecutive ranks of one suit that the hand holds (Ace low, no wrap)."""
    ids: list[int] = []
    for suit in range(4):
        mask = bits[suit]
        if mask:
            key = mask << 2 | suit
            found = _MAKES[key]
            if found is None:
                found = _MAKES[key] = _runs(suit, mask)
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
    st: PortfolioTable, slot: int, bits: list[int], ids: list[int] | None = None
) -> list[int]:
    """Extend either uncapped end; cap an uncapped end with a same-rank same-colour card.

    Appended to ``ids`` when given (and returned). The two ends are written out, not looped
    over a tuple of tuples: compiled, that loop boxed eight ints per call."""
    out: list[int] = [] if ids is None else ids
    suit, low, high, caps = pf.summary(st, slot)
    held = bits[suit]
    first, second = (1, 2) if RED[suit] else (0, 3)  # colour_suits(suit)
    if not caps & CAP_LOW:
        if low > ACE and held >> (low - 1) & 1:
            out.append(n.extend_id(slot, 0))
        if bits[first] >> low & 1:
            out.append(n.cap_id(slot, 0, (low - 1) * 4 + first))
        if bits[second] >> low & 1:
            out.append(n.cap_id(slot, 0, (low - 1) * 4 + second))
    if not caps & CAP_HIGH:
        if high < KING and held >> (high + 1) & 1:
            out.append(n.extend_id(slot, 1))
        if bits[first] >> high & 1:
            out.append(n.cap_id(slot, 1, (high - 1) * 4 + first))
        if bits[second] >> high & 1:
            out.append(n.cap_id(slot, 1, (high - 1) * 4 + second))
    return out


def attack_choices(st: PortfolioTable, seat: int, slot: int, bits: list[int]) -> list[int]:
    """Neutralize below an uncapped low end; acquire above an uncapped high end (or by Ace)."""
    suit, low, high, caps = pf.summary(st, slot)
    worth = pf.RUN_VALUE[low][high]
    money = st.money[seat]
    held = bits[suit]
    ids = []
    if low > ACE and not caps & CAP_LOW and held >> (low - 1) & 1 and money >= worth:
        ids.append(n.NEUTRALIZE + slot)
    if not caps & CAP_HIGH and money >= 2 * worth:
        if high < KING and held >> (high + 1) & 1:
            ids.append(n.ACQUIRE + slot)
        if high == KING:
            ids += [n.ace_id(slot, s) for s in colour_suits(suit) if bits[s] >> ACE & 1]
    return ids


def discard_choices(st: PortfolioTable, seat: int) -> list[int]:
    """Any card but the one taken from the pile this turn, unless it is the last card."""
    hand = st.zones[HAND0 + seat]
    if len(hand) == 1:
        return [n.DISCARD + FACE_OF[hand[0]]]
    tags = st.tags
    faces = 0  # the faces as bits of one word, read out in order: no set, no sort
    for c in hand:
        if not tags[c] & TAKEN:
            faces |= 1 << FACE_OF[c]
    ids = []
    f = 0
    while faces:
        if faces & 1:
            ids.append(n.DISCARD + f)
        faces >>= 1
        f += 1
    return ids


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
