"""Portfolio actions in a player's words, for the seat about to take them (public facts only)."""

from __future__ import annotations

from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import RANK_NAMES, SUIT_WORDS, draw_cost
from cardtable.games.portfolio.table import (
    DISCARD_PHASE,
    DRAW,
    HAND0,
    OVER,
    SOURCE,
    STOCK,
    TAKEN,
    PortfolioTable,
)


def _pf(st: PortfolioTable, slot: int) -> str:
    suit, low, high = pf.ends(st, slot)
    owner = st.owner[slot]
    return f"seat {owner}'s {RANK_NAMES[low]}-{RANK_NAMES[high]} of {SUIT_WORDS[suit]}"


def describe_action(st: PortfolioTable, seat: int, aid: int) -> str:
    if aid >= n.SIZE:
        return _describe_trade(st, aid)
    if aid < n.PAUPER:
        count = aid - n.DRAW + 1
        cost = draw_cost(count)
        return f"draw {count} card(s) for ${cost}; bank ${st.income - cost} of this turn's income"
    if aid == n.PAUPER:
        return "pauper's rule: draw 2 cards for $0 (you own no portfolio)"
    if aid == n.TAKE_DISCARD:
        return "take the discard top as your first card (you may not discard it this turn)"
    if aid == n.FROM_STOCK:
        return "draw all your cards from the stock"
    if aid < n.EXTEND:
        return f"lay {st.spec.actions.action(aid).text[5:]} as a new portfolio"
    if aid < n.CAP:
        slot, end = divmod(aid - n.EXTEND, 2)
        return f"add a card to the {n.ENDS[end]} end of {_pf(st, slot)}"
    if aid < n.NEUTRALIZE:
        return "cap it: that end can then never be extended or attacked"
    if aid < n.ACQUIRE:
        slot = aid - n.NEUTRALIZE
        return f"pay ${pf.slot_value(st, slot)} to neutralize {_pf(st, slot)} (all to the discard)"
    if aid < n.END_ACTIONS:
        slot = (aid - n.ACQUIRE) if aid < n.ACQUIRE_ACE else (aid - n.ACQUIRE_ACE) // 4
        return f"pay ${2 * pf.slot_value(st, slot)} to take over {_pf(st, slot)}"
    if aid == n.END_ACTIONS:
        return "finish your actions (then discard one card)"
    return "discard this card and end your turn"


def _describe_trade(st: PortfolioTable, aid: int) -> str:
    if aid < n.GIVE_CARD:
        return f"start a trade offer to seat {aid - n.PROPOSE}; add what each side gives"
    if aid < n.SEND_OFFER:
        return f"add to the offer: {n.describe_trade(aid)}"
    if aid == n.SEND_OFFER:
        return "send the offer; if accepted it is binding and carried out at once"
    if aid == n.CANCEL_OFFER:
        return "withdraw the offer"
    if aid == n.ACCEPT:
        return "accept: the trade is carried out now, in public"
    if aid == n.DECLINE:
        return "decline the offer"
    return "make no offer this time around the table"


def choice_notes(st: PortfolioTable, seat: int) -> list[str]:
    """Why the seat's choices are narrowed now (draw counts, the stall rule, the taken card)."""
    from cardtable.games.portfolio import legal

    if st.phase == OVER or seat != legal.decider(st):
        return []
    notes: list[str] = []
    if st.phase == DRAW and st.final_turn:
        notes.append(
            "A final turn: the stock is gone, and your one draw is the discard pile's top "
            "(PF-R13, option final_turns_take_discard)."
        )
    elif st.phase == DRAW:
        limit = min(legal.obtainable(st), n.MAX_DRAW)
        affordable = (
            max(k for k in range(1, limit + 1) if draw_cost(k) <= st.income) if limit else 0
        )
        if affordable < n.MAX_DRAW:
            why = (
                f"your income this turn is ${st.income} (draws are paid only from it, PF-R9)"
                if affordable < limit
                else f"only {limit} card(s) can really be drawn now (PF-R4)"
            )
            notes.append(f"You can draw at most {affordable} card(s): {why}.")
        if seat in st.owner:
            notes.append("The pauper's rule is not offered: you own a portfolio (PF-R5).")
    elif st.phase == SOURCE and legal.source_choices(st) == [n.FROM_STOCK]:
        if st.zones[STOCK]:
            notes.append(
                f"Your first card must come from the stock: {st.stall} turns in a row took no "
                "stock card (PF-R6, option stall_limit)."
            )
    elif st.phase == SOURCE and st.zones[STOCK] and legal.source_choices(st) == [n.TAKE_DISCARD]:
        notes.append(
            f"Your first card must be the discard top: the stock can give only "
            f"{legal.stock_supply(st)} of the {st.to_draw} cards you bought (PF-R4)."
        )
    elif st.phase == DISCARD_PHASE:
        hand = st.zones[HAND0 + seat]
        if len(hand) > 1 and any(st.tags[c] & TAKEN for c in hand):
            notes.append(
                "The card you took from the discard pile this turn cannot be discarded (PF-R6)."
            )
    return notes
