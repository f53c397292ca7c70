"""Magic Show in a player's words: what each action would do for the seat about to take it, and
why its choices are narrowed now. Reads only what that seat can see (its hand, the piles, the
revealed cards)."""

from __future__ import annotations

from cardtable.games.magic_show import rules
from cardtable.games.magic_show.cards import (
    BUFFET,
    IS_ACE,
    MINUTES,
    MISTAKE,
    NAMES,
    NAP,
    NUM_CARDS,
    OWNER,
    PENALTY,
    POINTS,
    REHEARSAL,
    ROLE,
    SHOWTIME,
    TRICK,
    TRICK_POINTS,
    rank_name,
)
from cardtable.games.magic_show.meta import SEAT_NAMES
from cardtable.games.magic_show.notation import CANCEL, CONVERT_RANK, DECLINE_BUFFET, LET_RESOLVE
from cardtable.games.magic_show.scoring import show_value
from cardtable.games.magic_show.table import (
    BUFFET_PHASE,
    COMMIT,
    HAND,
    PILE,
    REVEALED,
    STOP,
    MagicShowTable,
)

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def pretty(name: str) -> str:
    """``KH`` as ``K♥``."""
    return name[:-1] + SUIT_SYMBOLS.get(name[-1], name[-1])


def _whose(seat: int, owner: int) -> str:
    return "your" if seat == owner else f"{SEAT_NAMES[owner]}'s"


def _who(seat: int, owner: int) -> str:
    return "you" if seat == owner else SEAT_NAMES[owner]


def effect(st: MagicShowTable, seat: int, card: int) -> str:
    """What ``card`` does when it resolves, for its colour's owner (MS-R1)."""
    owner = OWNER[card]
    role = ROLE[card]
    if role == TRICK:
        return (
            f"a {POINTS[card]}-point, {MINUTES[card]}-minute Magic Trick: it goes to "
            f"{_whose(seat, owner)} practice pile"
        )
    if role == MISTAKE:
        return f"{_whose(seat, owner)} Mistake: -{PENALTY[card]} in {_whose(seat, owner)} next show"
    if role == REHEARSAL:
        return f"{_whose(seat, owner)} Rehearsal: goes to the pile and doubles that show's result"
    if role == SHOWTIME:
        worth = show_value(st.zones[PILE[owner]])
        return (
            f"Showtime for {_who(seat, owner)}: {_whose(seat, owner)} pile is performed now, "
            f"worth {worth:+d} today, then discarded"
        )
    if role == BUFFET:
        text = (
            f"Dinner Buffet for {_who(seat, owner)}: one Trick from {_whose(seat, owner)} pile "
            "may be cashed for half its value (MS-R6)"
        )
        if not any(ROLE[c] == TRICK for c in st.zones[PILE[owner]]):
            text += " — that pile holds no Trick now, so it would just be discarded"
        return text
    if role == NAP:
        return "Afternoon Nap: the two hands are swapped when it resolves (MS-R11)"
    return "an Ace: never played face down, it stops a revealed card (MS-R2, MS-R4)"


def describe_action(st: MagicShowTable, seat: int, aid: int) -> str:
    if aid < NUM_CARDS:
        return f"{pretty(NAMES[aid])} — {effect(st, seat, aid)}"
    revealed = st.zones[REVEALED]
    if aid == CANCEL and revealed:
        card = revealed[0]
        return (
            f"spend an Ace to stop {pretty(NAMES[card])}: it has no effect and goes into your "
            "hand; the Ace is discarded (MS-R5)"
        )
    if aid == LET_RESOLVE and revealed:
        card = revealed[0]
        return f"let {pretty(NAMES[card])} happen: {effect(st, seat, card)}"
    if aid == DECLINE_BUFFET:
        return "keep your Tricks for a later show; the Eight is discarded"
    rank = CONVERT_RANK[aid] if aid < len(CONVERT_RANK) else 0
    if rank:
        half = TRICK_POINTS[rank] // 2
        return (
            f"discard a {rank_name(rank)} Trick from your pile: +{half} now (half its value, "
            "MS-R6), and your show loses it"
        )
    return st.spec.actions.action(aid).text


def choice_notes(st: MagicShowTable, seat: int) -> list[str]:
    if seat not in rules.to_act(st):
        return []
    hand = st.zones[HAND[seat]]
    if st.phase == COMMIT:
        aces = sum(1 for c in hand if IS_ACE[c])
        if aces:
            return [
                f"Your Ace{'s are' if aces > 1 else ' is'} not offered: Aces are never played "
                "face down; they stop a revealed card at its window (MS-R2, MS-R4)."
            ]
        return []
    card = st.zones[REVEALED][0] if st.zones[REVEALED] else -1
    if st.phase == STOP and card >= 0:
        name = pretty(NAMES[card])
        if not rules.holds_ace(st, seat):
            return [
                f"You hold no Ace, so you cannot stop {name}: both players are asked at every "
                "card, Ace or not (MS-R4)."
            ]
        return [f"You may spend an Ace to stop {name} before it happens (MS-R4, MS-R5)."]
    if st.phase == BUFFET_PHASE:
        return [
            "Dinner Buffet: cash one Trick of your pile for half its value, or decline (MS-R6)."
        ]
    return []
