"""Which actions a seat may take now, as sorted ids: the only source of legality."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio import trades
from cardtable.games.portfolio.cards import ACE, FACE_INDEX, KING, NAME_OF, colour_suits, draw_cost
from cardtable.games.portfolio.meta import DISCARD, HAND0, SLOTS, STOCK

if TYPE_CHECKING:
    from cardtable.games.portfolio.state import PortfolioState

DRAW, SOURCE, ACTIONS, DISCARD_PHASE, OVER = "draw", "source", "actions", "discard", "over"
PHASES = (DRAW, SOURCE, ACTIONS, DISCARD_PHASE, OVER, trades.OFFER, trades.RESPOND, trades.OPEN)


def decider(st: PortfolioState) -> int:
    """The seat that decides now: the active seat, or a seat making or answering an offer."""
    phase = st.phase
    if phase == trades.OFFER:
        return st.proposer
    if phase == trades.RESPOND:
        return st.responder
    if phase == trades.OPEN:
        return st.opener
    return st.active


def obtainable(st: PortfolioState) -> int:
    """PF-R4: cards that can really be drawn now (the pile counts in a first pass of 3 or 5)."""
    stock, pile = len(st.zones[STOCK]), len(st.zones[DISCARD])
    if st.num_players in (3, 5) and not st.reformed:
        return stock + pile
    return stock + (1 if pile else 0)


def may_pauper(st: PortfolioState, seat: int) -> bool:
    """PF-R5: no portfolio and at most 12 cards at the start of the turn."""
    return seat not in st.owner and st.hand_at_start <= 12 and obtainable(st) >= 2


def draw_choices(st: PortfolioState, seat: int) -> list[int]:
    limit = min(obtainable(st), n.MAX_DRAW)
    ids = [n.DRAW + k - 1 for k in range(1, limit + 1) if draw_cost(k) <= st.income]
    if may_pauper(st, seat):
        ids.append(n.PAUPER)
    return ids


def source_choices(st: PortfolioState) -> list[int]:
    """Discard top or stock first (PF-R6); a stalled table must draw from the stock."""
    if st.to_draw == 1 and st.stall >= st.stall_limit and st.zones[STOCK]:
        return [n.FROM_STOCK]
    return [n.TAKE_DISCARD, n.FROM_STOCK]


def action_choices(st: PortfolioState, seat: int) -> list[int]:
    ids = make_choices(st, seat)
    for slot in range(SLOTS):
        owner = st.owner[slot]
        if owner == seat:
            ids += own_portfolio_choices(st, seat, slot)
        elif owner >= 0:
            ids += attack_choices(st, seat, slot)
    if st.options.trades and st.offers_made < st.options.max_offers_per_turn:
        ids += trades.propose_choices(st, seat)
    ids.append(n.END_ACTIONS)
    return sorted(ids)


def _holds(st: PortfolioState, seat: int) -> set[tuple[int, int]]:
    rank, suit = st.rank, st.suit
    return {(rank[c], suit[c]) for c in st.zones[HAND0 + seat]}


def make_choices(st: PortfolioState, seat: int) -> list[int]:
    """Every run of 3+ consecutive ranks of one suit that the hand holds (Ace low, no wrap)."""
    held = _holds(st, seat)
    ids = []
    for suit in range(4):
        for low in range(1, 12):
            if (low, suit) not in held:
                continue
            high = low
            while high < KING and (high + 1, suit) in held:
                high += 1
                if high - low >= 2:
                    ids.append(n.make_id(suit, low, high))
    return ids


def own_portfolio_choices(st: PortfolioState, seat: int, slot: int) -> list[int]:
    """Extend either uncapped end; cap an uncapped end with a same-rank same-colour card."""
    held = _holds(st, seat)
    suit, low, high = pf.ends(st, slot)
    ids = []
    for end, rank, flag, nxt in ((0, low, pf.CAP_LOW, low - 1), (1, high, pf.CAP_HIGH, high + 1)):
        if pf.has_cap(st, slot, flag):
            continue
        if ACE <= nxt <= KING and (nxt, suit) in held:
            ids.append(n.extend_id(slot, end))
        for cap_suit in colour_suits(suit):
            if (rank, cap_suit) in held:
                ids.append(n.cap_id(slot, end, FACE_INDEX[NAME_OF[(rank, cap_suit)]]))
    return ids


def attack_choices(st: PortfolioState, seat: int, slot: int) -> list[int]:
    """Neutralize below an uncapped low end; acquire above an uncapped high end (or by Ace)."""
    held = _holds(st, seat)
    suit, low, high = pf.ends(st, slot)
    worth = pf.slot_value(st, slot)
    money = st.money[seat]
    ids = []
    open_low = low > ACE and not pf.has_cap(st, slot, pf.CAP_LOW)
    if open_low and (low - 1, suit) in held and money >= worth:
        ids.append(n.NEUTRALIZE + slot)
    if not pf.has_cap(st, slot, pf.CAP_HIGH) and money >= 2 * worth:
        if high < KING and (high + 1, suit) in held:
            ids.append(n.ACQUIRE + slot)
        if high == KING:
            ids += [n.ace_id(slot, s) for s in colour_suits(suit) if (ACE, s) in held]
    return ids


def discard_choices(st: PortfolioState, seat: int) -> list[int]:
    """Any card but the one taken from the pile this turn, unless it is the last card."""
    hand = st.zones[HAND0 + seat]
    names = st.spec.cards.names
    if len(hand) == 1:
        return [n.DISCARD + FACE_INDEX[names[hand[0]]]]
    faces = {FACE_INDEX[names[c]] for c in hand if not st.tags[c] & pf.TAKEN}
    return sorted(n.DISCARD + f for f in faces)


def legal_ids(st: PortfolioState, seat: int) -> list[int]:
    if st.phase == OVER or seat != decider(st):
        return []
    if st.phase == trades.OFFER:
        return trades.offer_choices(st)
    if st.phase == trades.RESPOND:
        return [n.ACCEPT, n.DECLINE]
    if st.phase == trades.OPEN:
        return [*trades.propose_choices(st, seat), n.NO_OFFER]
    if st.phase == DRAW:
        return draw_choices(st, seat)
    if st.phase == SOURCE:
        return source_choices(st)
    if st.phase == ACTIONS:
        return action_choices(st, seat)
    return discard_choices(st, seat)
