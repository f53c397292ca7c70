"""The turn of Portfolio as small named functions (docs/rules/portfolio.md, PF-R1..PF-R16).

A turn of seat P: INCOME (automatic) -> DRAW choice (n cards, or the pauper's two) -> SOURCE
(discard top or stock first) -> the draws -> ACTIONS until ``end actions`` -> DISCARD -> next
seat, with the end handling of PF-R12..R14. Every automatic step runs inside
:func:`apply_action`, so between two ``apply`` calls the state waits on a decision or is over.
"""

from __future__ import annotations

from typing import Final

from cardtable.games.portfolio import legal, trades
from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import FACE_NAMES, FACE_OF, draw_cost
from cardtable.games.portfolio.table import (
    ACTIONS,
    DISCARD,
    DISCARD_PHASE,
    DRAW,
    HAND0,
    HAND_SIZE,
    OPEN,
    OVER,
    RESPOND,
    SLOTS,
    SOURCE,
    START_MONEY,
    STOCK,
    TAKEN,
    PortfolioTable,
)


def setup(st: PortfolioTable) -> None:
    """PF-R1: dealer = seat N-1, seat 0 starts; 13 cards each; one card turned up."""
    st.zones[STOCK].extend(range(len(st.spec.cards)))
    st.shuffle_zone(STOCK)
    for _ in range(HAND_SIZE):
        for seat in range(st.num_players):
            st.move(st.zones[STOCK][-1], STOCK, HAND0 + seat)
    st.move(st.zones[STOCK][-1], STOCK, DISCARD)
    st.money = [START_MONEY] * st.num_players
    start_turn(st, 0)


def start_turn(st: PortfolioTable, seat: int) -> None:
    """INCOME, then the draw choice (PF-R13: none in the final turns, or only the discard top
    with the option ``final_turns_take_discard``)."""
    st.active = seat
    st.turns += 1
    st.income = pf.income(st, seat)
    st.hand_at_start = len(st.zones[HAND0 + seat])
    st.bought = 0
    st.took_discard = False
    st.drew_stock = False
    st.offers_made = 0
    if (st.final_turn and not st.options.final_turns_take_discard) or legal.obtainable(st) == 0:
        st.money[seat] += st.income
        st.phase = ACTIONS
        return
    st.phase = DRAW


def apply_action(st: PortfolioTable, seat: int, aid: int) -> None:
    if aid >= n.SIZE:
        trade_action(st, seat, aid)
    elif aid <= n.PAUPER:
        choose_draws(st, seat, aid)
    elif aid in (n.TAKE_DISCARD, n.FROM_STOCK):
        first_source(st, seat, aid == n.TAKE_DISCARD)
    elif aid == n.END_ACTIONS:
        end_actions(st, seat)
    elif aid >= n.DISCARD:
        discard(st, seat, aid - n.DISCARD)
    else:
        play(st, seat, aid)


def choose_draws(st: PortfolioTable, seat: int, aid: int) -> None:
    """PF-R4/R9: pay only from this turn's income; bank the rest. Pauper: two for $0."""
    count = 2 if aid == n.PAUPER else aid - n.DRAW + 1
    cost = 0 if aid == n.PAUPER else draw_cost(count)
    st.money[seat] += st.income - cost
    st.bought = count
    st.cards_bought += count - 1
    st.to_draw = count
    if st.events is not None:
        how = "claims the pauper's rule" if aid == n.PAUPER else f"buys {count} card(s) for ${cost}"
        st.note(f"Seat {seat} earns ${st.income} and {how}")
    if st.zones[DISCARD]:
        st.phase = SOURCE
    else:
        draw_from_stock(st, seat, count)


def first_source(st: PortfolioTable, seat: int, take: bool) -> None:
    """PF-R6: the discard top may be the first card, counted among the n."""
    if take:
        card = st.zones[DISCARD][-1]
        st.move(card, DISCARD, HAND0 + seat)
        trades.widen_absent(st, seat, FACE_OF[card])  # the face index of its name
        st.tags[card] |= TAKEN
        st.took_discard = True
        st.to_draw -= 1
        if st.events is not None:
            st.note(f"Seat {seat} takes {st.card_name(card)} from the discard pile")
    draw_from_stock(st, seat, st.to_draw)


def draw_from_stock(st: PortfolioTable, seat: int, count: int) -> None:
    """The rest from the stock, handling its exhaustion (PF-R12); then ACTIONS."""
    stock = st.zones[STOCK]
    for _ in range(count):
        if not stock:
            break
        st.move(stock[-1], STOCK, HAND0 + seat)
        trades.widen_absent(st, seat, -1)
        st.drew_stock = True
        if not stock:
            stock_emptied(st, seat)
    st.to_draw = 0
    st.phase = ACTIONS


def stock_emptied(st: PortfolioTable, seat: int) -> None:
    """With 3 or 5 seats the first emptying reshuffles the pile into a new stock; any other
    emptying (or a reform that finds no pile) triggers the end."""
    if st.num_players in (3, 5) and not st.reformed:
        st.reformed = True
        pile = st.zones[DISCARD]
        if pile:
            for card in list(pile):
                st.move(card, DISCARD, STOCK)
            st.shuffle_zone(STOCK)
            if st.events is not None:
                st.note("The stock is empty: the discard pile is shuffled into a new stock")
            return
    if not st.ending:
        st.ending = True
        st.trigger = seat
        if st.events is not None:
            st.note(f"Seat {seat} drew the last stock card: the game is ending")


#: Runs per suit and card faces, for ``play``'s decoding by ``//`` and ``%`` (compiled, machine
#: arithmetic; ``divmod`` was a call through Python and a tuple per play).
_RUN_COUNT: Final = len(n.RUNS)
_FACE_COUNT: Final = len(FACE_NAMES)


def play(st: PortfolioTable, seat: int, aid: int) -> None:
    """One of the table plays of the ACTIONS step (portfolios.py does the moving)."""
    if aid < n.EXTEND:
        run = aid - n.MAKE
        low, high = n.RUNS[run % _RUN_COUNT]
        pf.make(st, seat, run // _RUN_COUNT, low, high)
    elif aid < n.CAP:
        at = aid - n.EXTEND
        pf.extend(st, seat, at // 2, at % 2)
    elif aid < n.NEUTRALIZE:
        at = aid - n.CAP
        rest, face = at // _FACE_COUNT, at % _FACE_COUNT
        pf.cap(st, seat, rest // 2, rest % 2, face // 4 + 1, face % 4)
    elif aid < n.ACQUIRE:
        pf.neutralize(st, seat, aid - n.NEUTRALIZE)
    elif aid < n.ACQUIRE_ACE:
        pf.acquire(st, seat, aid - n.ACQUIRE)
    else:
        slot, suit = divmod(aid - n.ACQUIRE_ACE, 4)
        pf.acquire_by_ace(st, seat, slot, suit)
    if st.events is not None:
        st.note(f"Seat {seat}: {st.spec.actions.action(aid).text}")


def end_actions(st: PortfolioTable, seat: int) -> None:
    if st.zones[HAND0 + seat]:
        st.phase = DISCARD_PHASE
    else:
        end_turn(st, seat)


def discard(st: PortfolioTable, seat: int, face: int) -> None:
    """The first copy of that face in the hand that was not taken from the pile this turn,
    else the first copy (the last card may be the taken one). Faces are compared by index
    (``FACE_OF``), not by name: compiled, a string compare per card."""
    tags = st.tags
    card = -1
    for c in st.zones[HAND0 + seat]:
        if FACE_OF[c] == face:
            if not tags[c] & TAKEN:
                card = c
                break
            if card < 0:
                card = c
    if card < 0:
        raise IndexError(f"seat {seat} holds no {FACE_NAMES[face]}")
    tags[card] = 0
    st.move(card, HAND0 + seat, DISCARD)
    end_turn(st, seat)


def end_turn(st: PortfolioTable, seat: int) -> None:
    """Clear the taken mark, count stalled turns (PF-R6), open the table for trades (PF-R10),
    then pass on or end (PF-R13)."""
    tags = st.tags
    for card in st.zones[HAND0 + seat]:
        if tags[card] & TAKEN:  # written only where set: most hands hold no taken card
            tags[card] &= ~TAKEN
    if not st.final_turn:
        st.stall = 0 if st.drew_stock else st.stall + 1
    if st.ending and seat == st.num_players - 1:
        finish(st)
        return
    if st.options.trades:
        st.opener = (seat + 1) % st.num_players
        st.open_left = st.num_players
        st.phase = OPEN
        return
    advance(st, seat)


def advance(st: PortfolioTable, seat: int) -> None:
    """The next seat's turn, a final one once the end is triggered (PF-R13)."""
    if st.ending:
        st.final_turn = True
    start_turn(st, (seat + 1) % st.num_players)


def trade_action(st: PortfolioTable, seat: int, aid: int) -> None:
    """One step of making or answering a trade offer (PF-R10; see trades.py)."""
    if aid < n.GIVE_CARD:
        back = OPEN if st.phase == OPEN else ACTIONS
        trades.start_offer(st, seat, aid - n.PROPOSE, back)
    elif aid < n.SEND_OFFER:
        trades.add_item(st, aid)
    elif aid == n.SEND_OFFER:
        st.phase = RESPOND
        if st.events is not None:
            st.note(f"Offer: {trades.offer_text(st)}")
    elif aid == n.CANCEL_OFFER:
        _drop_offer(st)
        trade_done(st)
    elif aid in (n.ACCEPT, n.DECLINE):
        trades.answer(st, accept=aid == n.ACCEPT)
        trade_done(st)
    else:  # no offer
        next_opener(st)


def _drop_offer(st: PortfolioTable) -> None:
    if st.events is not None:
        st.note(f"Seat {st.proposer} withdraws its offer")
    st.give_cards, st.ask_cards, st.give_pfs, st.ask_pfs = [], [], [], []
    st.give_money = st.ask_money = 0
    st.proposer = st.responder = -1


def trade_done(st: PortfolioTable) -> None:
    """Back to the actions of the active seat, or on around the open table."""
    if st.return_phase == OPEN:
        next_opener(st)
    else:
        st.phase = ACTIONS


def next_opener(st: PortfolioTable) -> None:
    st.open_left -= 1
    if st.open_left <= 0:
        advance(st, st.active)
        return
    st.opener = (st.opener + 1) % st.num_players
    st.phase = OPEN


def finish(st: PortfolioTable) -> None:
    """Everyone earns income once more; most money wins, then portfolio value (PF-R14)."""
    for seat in range(st.num_players):
        st.money[seat] += pf.income(st, seat)
    st.phase = OVER
    st.active = -1
    if st.events is not None:
        st.note("Final income paid. Money: " + ", ".join(f"${m}" for m in st.money))


def winners(st: PortfolioTable) -> list[int]:
    best = max(st.money)
    rich = [s for s in range(st.num_players) if st.money[s] == best]
    if len(rich) == 1:
        return rich
    worth = {s: pf.income(st, s) for s in rich}
    top = max(worth.values())
    return [s for s in rich if worth[s] == top]


__all__ = ["SLOTS"]
