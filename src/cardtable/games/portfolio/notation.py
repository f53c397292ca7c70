"""The fixed action space of Portfolio (the same for every player count).

==============  =====  ====================================================================
ids             count  text
==============  =====  ====================================================================
0-24            25     ``draw 3`` — buy n cards this turn (n = id + 1; PF-R4)
25              1      ``pauper`` — two cards for $0 (PF-R5)
26, 27          2      ``take discard`` / ``from stock`` — the first of the cards drawn (PF-R6)
28-291          264    ``make 4-7H`` — a new portfolio of hearts 4..7 from the hand
292-395         104    ``extend pf3 low`` / ``extend pf3 high`` — one card onto an own portfolio
396-5803        5408   ``cap pf3 low 7D`` — cap an end of an own portfolio with that card
5804-5855       52     ``neutralize pf3`` — pay its value, play the card below its low end
5856-5907       52     ``acquire pf3`` — pay twice its value, play the card above its high end
5908-6115       208    ``acquire pf3 with AD`` — a King-headed portfolio, by an Ace of its colour
6116            1      ``end actions``
6117-6168       52     ``discard 7H``
==============  =====  ====================================================================

Portfolios are named by their public slot (``pf3``); cards by rank and suit (copies from other
decks are interchangeable, so the name is the whole choice).

As data (:func:`decode`, :func:`encode`) every action has a ``kind`` and named arguments:
``portfolio`` (a slot), ``card`` (a name such as ``7D``), ``seat``, ``count``, ``amount``, ``end``
(``low``/``high``) and, for ``make``, ``suit`` with the ``low`` and ``high`` ranks (Ace 1 ..
King 13). A trade item is ``give`` or ``ask`` with one of ``card``, ``portfolio``, ``amount``.

>>> describe(0), describe(PAUPER), describe(make_id(2, 4, 7)), describe(cap_id(3, 1, 5))
('draw 1', 'pauper', 'make 4-7H', 'cap pf3 high 2D')
>>> decode(cap_id(3, 1, 5)).to_json()
{'kind': 'cap', 'card': '2D', 'end': 'high', 'portfolio': 3}
"""

from __future__ import annotations

from typing import Final

from cardtable.core import ActionData, ActionSpace
from cardtable.games.portfolio.cards import FACE_INDEX, FACE_NAMES, RANK_NAMES, SUITS
from cardtable.games.portfolio.table import SLOTS

#: The most cards any table can ever afford in one draw, so no draw that PF-R4 and PF-R9 allow
#: is left out: 25 cards cost $324, which a seat can earn with 25 cards left to draw (three
#: decks); 26 would need more income than the other 130 cards can give (proof in the test
#: ``test_the_action_space_holds_every_draw_any_table_can_afford_pf_r4``).
MAX_DRAW: Final = 25
DRAW: Final = 0
PAUPER: Final = DRAW + MAX_DRAW
TAKE_DISCARD: Final = PAUPER + 1
FROM_STOCK: Final = TAKE_DISCARD + 1
MAKE: Final = FROM_STOCK + 1
#: (low, high) rank pairs of legal runs (length 3..13), in id order.
RUNS: Final[tuple[tuple[int, int], ...]] = tuple(
    (low, high) for low in range(1, 14) for high in range(low + 2, 14)
)
RUN_INDEX: Final = {run: i for i, run in enumerate(RUNS)}
EXTEND: Final = MAKE + 4 * len(RUNS)
CAP: Final = EXTEND + 2 * SLOTS
NEUTRALIZE: Final = CAP + 2 * SLOTS * len(FACE_NAMES)
ACQUIRE: Final = NEUTRALIZE + SLOTS
ACQUIRE_ACE: Final = ACQUIRE + SLOTS
END_ACTIONS: Final = ACQUIRE_ACE + 4 * SLOTS
DISCARD: Final = END_ACTIONS + 1
SIZE: Final = DISCARD + len(FACE_NAMES)
ENDS: Final = ("low", "high")


def make_id(suit: int, low: int, high: int) -> int:
    return MAKE + suit * len(RUNS) + RUN_INDEX[(low, high)]


def extend_id(slot: int, end: int) -> int:
    return EXTEND + slot * 2 + end


def cap_id(slot: int, end: int, face: int) -> int:
    """Cap ``end`` (0 low, 1 high) of slot ``slot`` with the card of face index ``face``."""
    return CAP + (slot * 2 + end) * len(FACE_NAMES) + face


def ace_id(slot: int, suit: int) -> int:
    """Acquire a King-headed portfolio with the Ace of ``suit``."""
    return ACQUIRE_ACE + slot * 4 + suit


def describe(action_id: int) -> str:
    """The canonical text of an action id (caps and Aces name their suit by colour pair)."""
    if action_id < PAUPER:
        return f"draw {action_id - DRAW + 1}"
    if action_id == PAUPER:
        return "pauper"
    if action_id == TAKE_DISCARD:
        return "take discard"
    if action_id == FROM_STOCK:
        return "from stock"
    if action_id < EXTEND:
        suit, run = divmod(action_id - MAKE, len(RUNS))
        low, high = RUNS[run]
        return f"make {RANK_NAMES[low]}-{RANK_NAMES[high]}{SUITS[suit]}"
    if action_id < CAP:
        slot, end = divmod(action_id - EXTEND, 2)
        return f"extend pf{slot} {ENDS[end]}"
    if action_id < NEUTRALIZE:
        rest, face = divmod(action_id - CAP, len(FACE_NAMES))
        slot, end = divmod(rest, 2)
        return f"cap pf{slot} {ENDS[end]} {FACE_NAMES[face]}"
    if action_id < ACQUIRE:
        return f"neutralize pf{action_id - NEUTRALIZE}"
    if action_id < ACQUIRE_ACE:
        return f"acquire pf{action_id - ACQUIRE}"
    if action_id < END_ACTIONS:
        slot, suit = divmod(action_id - ACQUIRE_ACE, 4)
        return f"acquire pf{slot} with A{SUITS[suit]}"
    if action_id == END_ACTIONS:
        return "end actions"
    return f"discard {FACE_NAMES[action_id - DISCARD]}"


def make_action_space() -> ActionSpace:
    return ActionSpace(SIZE, describe)


# ---------------------------------------------------------------------- trades (PF-R10)

PROPOSE: Final = SIZE  # "propose trade to seat 2" (5 ids)
GIVE_CARD: Final = PROPOSE + 5
ASK_CARD: Final = GIVE_CARD + len(FACE_NAMES)
GIVE_PF: Final = ASK_CARD + len(FACE_NAMES)
ASK_PF: Final = GIVE_PF + SLOTS
GIVE_MONEY: Final = ASK_PF + SLOTS  # "give $1", "give $5"
ASK_MONEY: Final = GIVE_MONEY + 2  # "ask $1", "ask $5"
SEND_OFFER: Final = ASK_MONEY + 2
CANCEL_OFFER: Final = SEND_OFFER + 1
ACCEPT: Final = CANCEL_OFFER + 1
DECLINE: Final = ACCEPT + 1
NO_OFFER: Final = DECLINE + 1
TRADE_SIZE: Final = NO_OFFER + 1
AMOUNTS: Final = (1, 5)


def describe_trade(action_id: int) -> str:
    """Texts of the trade actions (ids from :data:`PROPOSE`)."""
    if action_id < GIVE_CARD:
        return f"propose trade to seat {action_id - PROPOSE}"
    if action_id < ASK_CARD:
        return f"give {FACE_NAMES[action_id - GIVE_CARD]}"
    if action_id < GIVE_PF:
        return f"ask {FACE_NAMES[action_id - ASK_CARD]}"
    if action_id < ASK_PF:
        return f"give pf{action_id - GIVE_PF}"
    if action_id < GIVE_MONEY:
        return f"ask pf{action_id - ASK_PF}"
    if action_id < ASK_MONEY:
        return f"give ${AMOUNTS[action_id - GIVE_MONEY]}"
    if action_id < SEND_OFFER:
        return f"ask ${AMOUNTS[action_id - ASK_MONEY]}"
    return ("send offer", "cancel offer", "accept", "decline", "no offer")[action_id - SEND_OFFER]


def describe_any(action_id: int) -> str:
    return describe(action_id) if action_id < SIZE else describe_trade(action_id)


def make_full_space() -> ActionSpace:
    """Every action, trades included (the same space whether or not trades are on)."""
    return ActionSpace(TRADE_SIZE, describe_any, None, decode, encode)


# ---------------------------------------------------------------------- actions as data

#: Kinds of the actions without arguments, by id.
_PLAIN: dict[int, str] = {
    PAUPER: "pauper",
    TAKE_DISCARD: "take_discard",
    FROM_STOCK: "from_stock",
    END_ACTIONS: "end_actions",
    SEND_OFFER: "send_offer",
    CANCEL_OFFER: "cancel_offer",
    ACCEPT: "accept",
    DECLINE: "decline",
    NO_OFFER: "no_offer",
}
_PLAIN_ID: dict[str, int] = {kind: aid for aid, kind in _PLAIN.items()}
#: ``(first id, kind, argument)`` of the actions with one argument that indexes a range of ids:
#: a portfolio slot, a card by face index, a seat.
_RANGES: tuple[tuple[int, int, str, str], ...] = (
    (NEUTRALIZE, ACQUIRE, "neutralize", "portfolio"),
    (ACQUIRE, ACQUIRE_ACE, "acquire", "portfolio"),
    (DISCARD, SIZE, "discard", "card"),
    (PROPOSE, GIVE_CARD, "propose", "seat"),
    (GIVE_CARD, ASK_CARD, "give", "card"),
    (ASK_CARD, GIVE_PF, "ask", "card"),
    (GIVE_PF, ASK_PF, "give", "portfolio"),
    (ASK_PF, GIVE_MONEY, "ask", "portfolio"),
)


def decode(action_id: int) -> ActionData:
    """What an action id means, as data (the inverse of :func:`encode`)."""
    if action_id in _PLAIN:
        return ActionData(_PLAIN[action_id])
    if action_id < PAUPER:
        return ActionData("draw", {"count": action_id - DRAW + 1})
    if action_id < EXTEND:
        suit, run = divmod(action_id - MAKE, len(RUNS))
        low, high = RUNS[run]
        return ActionData("make", {"suit": SUITS[suit], "low": low, "high": high})
    if action_id < CAP:
        slot, end = divmod(action_id - EXTEND, 2)
        return ActionData("extend", {"portfolio": slot, "end": ENDS[end]})
    if action_id < NEUTRALIZE:
        rest, face = divmod(action_id - CAP, len(FACE_NAMES))
        slot, end = divmod(rest, 2)
        return ActionData("cap", {"portfolio": slot, "end": ENDS[end], "card": FACE_NAMES[face]})
    if ACQUIRE_ACE <= action_id < END_ACTIONS:
        slot, suit = divmod(action_id - ACQUIRE_ACE, 4)
        return ActionData("acquire_with", {"portfolio": slot, "card": f"A{SUITS[suit]}"})
    if GIVE_MONEY <= action_id < SEND_OFFER:
        kind = "give" if action_id < ASK_MONEY else "ask"
        base = GIVE_MONEY if kind == "give" else ASK_MONEY
        return ActionData(kind, {"amount": AMOUNTS[action_id - base]})
    for first, end_id, kind, arg in _RANGES:
        if first <= action_id < end_id:
            index = action_id - first
            return ActionData(kind, {arg: FACE_NAMES[index] if arg == "card" else index})
    raise ValueError(f"no Portfolio action has id {action_id}")


def _index(data: ActionData, arg: str, limit: int) -> int | None:
    """The argument as an index below ``limit`` (a card by its face index), or None."""
    value = data.get(arg)
    if arg == "card":
        return FACE_INDEX.get(value) if isinstance(value, str) else None
    return value if type(value) is int and 0 <= value < limit else None


def _encode_make(data: ActionData) -> int | None:
    suit, low, high = data.get("suit"), data.get("low"), data.get("high")
    if suit not in SUITS or type(low) is not int or type(high) is not int:
        return None
    return make_id(SUITS.index(str(suit)), low, high) if (low, high) in RUN_INDEX else None


def _encode_on_slot(data: ActionData) -> int | None:
    """``extend``, ``cap`` and ``acquire_with``: a portfolio, with an end and/or a card."""
    slot, face, end = _index(data, "portfolio", SLOTS), _index(data, "card", 0), data.get("end")
    if slot is None:
        return None
    if data.kind == "acquire_with":
        return None if face is None else ace_id(slot, face % 4)
    if not isinstance(end, str) or end not in ENDS:
        return None
    if data.kind == "extend":
        return extend_id(slot, ENDS.index(end))
    return None if face is None else cap_id(slot, ENDS.index(end), face)


def encode(data: ActionData) -> int | None:
    """The id of an action's data, or None (the space checks the answer by decoding it)."""
    kind = data.kind
    if kind in _PLAIN_ID:
        return _PLAIN_ID[kind]
    if kind == "draw":
        count = _index(data, "count", MAX_DRAW + 1)
        return None if not count else DRAW + count - 1
    if kind == "make":
        return _encode_make(data)
    if kind in ("extend", "cap", "acquire_with"):
        return _encode_on_slot(data)
    if kind in ("give", "ask") and data.has("amount"):
        amount = data.get("amount")
        base = GIVE_MONEY if kind == "give" else ASK_MONEY
        return base + AMOUNTS.index(amount) if type(amount) is int and amount in AMOUNTS else None
    for first, end_id, range_kind, arg in _RANGES:
        if kind == range_kind and data.has(arg):
            index = _index(data, arg, end_id - first)
            return None if index is None else first + index
    return None
