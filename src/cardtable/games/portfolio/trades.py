"""Binding trades (PF-R10), built from atomic decisions so the action space stays fixed.

A proposer opens an offer to one responder (``propose trade to seat 2``), adds items one by one —
hand cards by name (``give 7H`` / ``ask 9C``), whole portfolios with their caps (``give pf3`` /
``ask pf1``) and dollars (``give $5`` / ``ask $1``) — then ``send offer`` or ``cancel offer``.
The responder ``accept``s or ``decline``s; an accepted trade is checked again and carried out at
once, or fails with the reason if a side no longer holds what it promised (asked cards the
responder does not hold, say). Offers, replies and executed bundles are public.

When: the active seat may offer during its actions, at most ``max_offers_per_turn`` times a
turn; after each discard the table is open: every seat in turn from the next one may make one
offer to any seat (``no offer`` passes), so two seats that are not active can trade. Promises
about future play are table talk, not enforced. Offers hold at most ``MAX_ITEMS`` items, so
every game stays finite.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.games.portfolio import notation as n
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import FACE_INDEX, FACE_NAMES
from cardtable.games.portfolio.table import HAND0, OFFER, OPEN, SLOTS, PortfolioTable

MAX_ITEMS = 12


def _faces(st: PortfolioTable, seat: int) -> Counter[int]:
    names = st.spec.cards.names
    return Counter(FACE_INDEX[names[c]] for c in st.zones[HAND0 + seat])


def _items(st: PortfolioTable) -> int:
    return (
        len(st.give_cards)
        + len(st.ask_cards)
        + len(st.give_pfs)
        + len(st.ask_pfs)
        + (st.give_money > 0)
        + (st.ask_money > 0)
    )


def propose_choices(st: PortfolioTable, seat: int) -> list[int]:
    return [n.PROPOSE + k for k in range(st.num_players) if k != seat]


def offer_choices(st: PortfolioTable) -> list[int]:
    """What the proposer may add to the offer now, or send, or cancel."""
    me, other = st.proposer, st.responder
    ids: list[int] = []
    if _items(st) < MAX_ITEMS:
        held = _faces(st, me)
        given = Counter(st.give_cards)
        ids += [n.GIVE_CARD + f for f in sorted(held) if held[f] > given[f]]
        ids += [n.ASK_CARD + f for f in range(len(FACE_NAMES))]
        ids += [n.GIVE_PF + k for k in range(SLOTS) if st.owner[k] == me and k not in st.give_pfs]
        ids += [n.ASK_PF + k for k in range(SLOTS) if st.owner[k] == other and k not in st.ask_pfs]
        for i, amount in enumerate(n.AMOUNTS):
            if st.give_money + amount <= st.money[me]:
                ids.append(n.GIVE_MONEY + i)
            if st.ask_money + amount <= st.money[other]:
                ids.append(n.ASK_MONEY + i)
    if _items(st):
        ids.append(n.SEND_OFFER)
    ids.append(n.CANCEL_OFFER)
    return sorted(ids)


def start_offer(st: PortfolioTable, seat: int, responder: int, back_to: str) -> None:
    st.proposer, st.responder = seat, responder
    st.give_cards, st.ask_cards, st.give_pfs, st.ask_pfs = [], [], [], []
    st.give_money = st.ask_money = 0
    st.return_phase = back_to
    st.phase = OFFER
    if back_to != OPEN:
        st.offers_made += 1
    if st.events is not None:
        st.note(f"Seat {seat} opens a trade offer to seat {responder}")


def add_item(st: PortfolioTable, aid: int) -> None:
    if aid < n.ASK_CARD:
        st.give_cards.append(aid - n.GIVE_CARD)
        show_offered(st, st.proposer, aid - n.GIVE_CARD)
    elif aid < n.GIVE_PF:
        st.ask_cards.append(aid - n.ASK_CARD)
    elif aid < n.ASK_PF:
        st.give_pfs.append(aid - n.GIVE_PF)
    elif aid < n.GIVE_MONEY:
        st.ask_pfs.append(aid - n.ASK_PF)
    elif aid < n.ASK_MONEY:
        st.give_money += n.AMOUNTS[aid - n.GIVE_MONEY]
    else:
        st.ask_money += n.AMOUNTS[aid - n.ASK_MONEY]


def show_offered(st: PortfolioTable, seat: int, face: int) -> None:
    """A card offered is a public fact: only a held card may be offered (PF-R10), so the table
    now knows the proposer holds it. Mark enough copies seen by everyone, so that observations
    show it and every determinisation keeps it in the proposer's hand."""
    names = st.spec.cards.names
    everyone = st.spec.layout.all_mask
    copies = sorted(c for c in st.zones[HAND0 + seat] if names[c] == FACE_NAMES[face])
    wanted = st.give_cards.count(face)
    shown = [c for c in copies if st.seen[c] & everyone == everyone]
    for card in copies:
        if len(shown) >= wanted:
            break
        if card not in shown:
            st.seen[card] = everyone
            shown.append(card)


def offer_text(st: PortfolioTable) -> str:
    def side(cards: list[int], pfs: list[int], money: int) -> str:
        parts = [FACE_NAMES[f] for f in cards] + [f"pf{k}" for k in pfs]
        if money:
            parts.append(f"${money}")
        return ", ".join(parts) or "nothing"

    return (
        f"seat {st.proposer} gives {side(st.give_cards, st.give_pfs, st.give_money)} for "
        f"{side(st.ask_cards, st.ask_pfs, st.ask_money)} from seat {st.responder}"
    )


def offer_data(st: PortfolioTable) -> dict[str, Any]:
    """The offer on the table as data, for views that show its parts (the offer is public):
    ``{"proposer": 0, "responder": 1, "give": {"cards": ["9H"], "portfolios": [], "money": 0},
    "ask": {...}}``, the same facts as :func:`offer_text`."""

    def side(cards: list[int], pfs: list[int], money: int) -> dict[str, Any]:
        return {"cards": [FACE_NAMES[f] for f in cards], "portfolios": pfs[:], "money": money}

    return {
        "proposer": st.proposer,
        "responder": st.responder,
        "give": side(st.give_cards, st.give_pfs, st.give_money),
        "ask": side(st.ask_cards, st.ask_pfs, st.ask_money),
    }


def problem(st: PortfolioTable) -> str | None:
    """Why the offer cannot be carried out now, or None."""
    me, other = st.proposer, st.responder
    if Counter(st.give_cards) - _faces(st, me):
        return f"seat {me} no longer holds every card it offered"
    if Counter(st.ask_cards) - _faces(st, other):
        return f"seat {other} does not hold every card asked for"
    if any(st.owner[k] != me for k in st.give_pfs) or any(st.owner[k] != other for k in st.ask_pfs):
        return "a portfolio in the offer changed hands"
    if st.give_money > st.money[me] or st.ask_money > st.money[other]:
        return "a side cannot pay the dollars in the offer"
    return None


def execute(st: PortfolioTable) -> None:
    """Carry out the trade; every card that changes hands becomes known to everyone."""
    me, other = st.proposer, st.responder
    _hand_over(st, me, other, st.give_cards)
    _hand_over(st, other, me, st.ask_cards)
    for k in st.give_pfs:
        st.owner[k] = other
    for k in st.ask_pfs:
        st.owner[k] = me
    st.money[me] += st.ask_money - st.give_money
    st.money[other] += st.give_money - st.ask_money
    st.trades_done += 1


def _hand_over(st: PortfolioTable, giver: int, taker: int, faces: list[int]) -> None:
    """Like a play, a card given away is the copy taken from the pile this turn if the giver
    holds two, and it leaves its mark behind (ruling 2.4, steps 3 and 6)."""
    everyone = st.spec.layout.all_mask
    for face in faces:
        card = pf.play_card(st, giver, face // 4 + 1, face % 4, HAND0 + taker)
        st.seen[card] = everyone
        widen_absent(st, taker, face)


# ---------------------------------------------------------------------- absent cards (PF-R10)
#
# A trade accepted but void because the responder lacks an asked card is public (offers and
# replies are, PF-R10): the table learns that the responder held fewer copies than asked of at
# least one asked face. Each such fact is kept as ``[seat, face, count, face, count, ...]``:
# for some listed face the seat holds fewer than ``count`` copies. A card the seat gains later
# may be one of those faces, so each gain raises the counts it could affect (every count for a
# card drawn face down, that face's count for a card gained in the open); a fact that can no
# longer fail (a count above the copies in the game) is dropped. Losing cards keeps a fact true.


def note_absent(st: PortfolioTable) -> None:
    """After a void trade: record what the table learned about the responder's hand."""
    if Counter(st.give_cards) - _faces(st, st.proposer):
        return  # void for the proposer's side first: nothing is learned about the responder
    if not Counter(st.ask_cards) - _faces(st, st.responder):
        return  # void for portfolios or dollars, which are public anyway
    fact = [st.responder]
    for face, count in sorted(Counter(st.ask_cards).items()):
        fact += [face, count]
    st.absent.append(fact)


def widen_absent(st: PortfolioTable, seat: int, face: int) -> None:
    """``seat`` gained a card of ``face`` (-1: drawn face down, any face)."""
    if not st.absent:
        return
    kept: list[list[int]] = []
    for fact in st.absent:
        if fact[0] == seat:
            for i in range(1, len(fact), 2):
                if face < 0 or fact[i] == face:
                    fact[i + 1] += 1
            if any(
                fact[i + 1] > len(st.spec.cards.ids_named(FACE_NAMES[fact[i]]))
                for i in range(1, len(fact), 2)
            ):
                continue
        kept.append(fact)
    st.absent = kept


def absent_facts_hold(st: PortfolioTable) -> bool:
    """Does every hand agree with the absent-card facts (see above)?"""
    for fact in st.absent:
        held = _faces(st, fact[0])
        if not any(held[fact[i]] < fact[i + 1] for i in range(1, len(fact), 2)):
            return False
    return True


def answer(st: PortfolioTable, accept: bool) -> None:
    """The responder's reply; then play returns to where the offer was made."""
    text = offer_text(st)
    if accept:
        why = problem(st)
        if why is None:
            execute(st)
            result = f"Trade done: {text}"
        else:
            note_absent(st)
            result = f"Trade accepted but void ({why}): {text}"
    else:
        result = f"Seat {st.responder} declines: {text}"
    if st.events is not None:
        st.note(result)
    st.give_cards, st.ask_cards, st.give_pfs, st.ask_pfs = [], [], [], []
    st.give_money = st.ask_money = 0
    st.proposer = st.responder = -1
