"""Portfolio actions in a player's words, for the seat about to take them (public facts only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import RANK_NAMES, SUIT_WORDS, draw_cost

if TYPE_CHECKING:
    from cardtable.games.portfolio.state import PortfolioState


def _pf(st: PortfolioState, slot: int) -> str:
    suit, low, high = pf.ends(st, slot)
    owner = st.owner[slot]
    return f"seat {owner}'s {RANK_NAMES[low]}-{RANK_NAMES[high]} of {SUIT_WORDS[suit]}"


def describe_action(st: PortfolioState, seat: int, aid: int) -> str:
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


def _describe_trade(st: PortfolioState, aid: int) -> str:
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
