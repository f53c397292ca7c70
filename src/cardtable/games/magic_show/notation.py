"""Action ids and their texts: a fixed space of 59 actions with stable ids.

* ``0..51`` — ``play <card>``: commit that card face down (ids are card ids, so ``play AC`` exists
  in the space but is never legal: MS-R2).
* ``52`` ``cancel`` — use one Ace at a STOP window (MS-R4).
* ``53`` ``let it resolve`` — decline to stop the card (the only choice without an Ace).
* ``54..57`` ``convert 10``/``convert K``/``convert Q``/``convert J`` — Dinner Buffet by rank
  (MS-R6; the two same-colour Tricks of one rank score alike, so the rank is the whole choice).
* ``58`` ``decline buffet``.

As data (:func:`decode`, :func:`encode`): ``{"kind": "play", "card": "KH"}``, ``cancel``,
``let_resolve``, ``{"kind": "convert", "rank": "K"}``, ``decline_buffet``.

>>> space = make_action_space()
>>> space.parse("Play kh").text, space.parse("convert k").id, space.parse("pass").text
('play KH', 55, 'let it resolve')
>>> space.action(55).data.to_json()
{'kind': 'convert', 'rank': 'K'}
"""

from __future__ import annotations

from typing import Final

from cardtable.core import ActionData, ActionSpace
from cardtable.games.magic_show.cards import (
    JACK,
    KING,
    NAMES,
    NUM_CARDS,
    QUEEN,
    TEN,
    card_id,
    rank_name,
)

# ``Final`` literals: the rules compare action ids with these on every decision, and compiled
# code reads a ``Final`` literal as a constant, any other module global from a dictionary.
CANCEL: Final = 52  # NUM_CARDS
LET_RESOLVE: Final = 53
CONVERT_BASE: Final = 54
#: Ranks that can be converted, in id order.
CONVERT_RANKS: Final[tuple[int, ...]] = (TEN, KING, QUEEN, JACK)
DECLINE_BUFFET: Final = 58  # CONVERT_BASE + len(CONVERT_RANKS)
SIZE: Final = 59
assert CANCEL == NUM_CARDS
assert CONVERT_BASE + len(CONVERT_RANKS) == DECLINE_BUFFET

CONVERT_ID: Final[dict[int, int]] = {rank: CONVERT_BASE + i for i, rank in enumerate(CONVERT_RANKS)}
#: The convert id of each rank (0 for ranks that cannot be converted), indexed by rank.
CONVERT_ID_OF_RANK: Final[tuple[int, ...]] = tuple(CONVERT_ID.get(r, 0) for r in range(14))
#: Rank converted by an action id (0 for ids that are not conversions), indexed by id.
CONVERT_RANK: Final[tuple[int, ...]] = tuple(
    CONVERT_RANKS[a - CONVERT_BASE] if CONVERT_BASE <= a < DECLINE_BUFFET else 0
    for a in range(SIZE)
)

#: Extra spellings accepted by the parser (already normalised: lower case, single spaces).
_ALIASES: dict[str, int] = {
    "stop": CANCEL,
    "use ace": CANCEL,
    "let": LET_RESOLVE,
    "pass": LET_RESOLVE,
    "resolve": LET_RESOLVE,
    "decline": DECLINE_BUFFET,
    "convert ten": CONVERT_ID[TEN],
    "convert king": CONVERT_ID[KING],
    "convert queen": CONVERT_ID[QUEEN],
    "convert jack": CONVERT_ID[JACK],
}


def describe(action_id: int) -> str:
    """The canonical text of an action id."""
    if action_id < NUM_CARDS:
        return f"play {NAMES[action_id]}"
    if action_id == CANCEL:
        return "cancel"
    if action_id == LET_RESOLVE:
        return "let it resolve"
    if action_id == DECLINE_BUFFET:
        return "decline buffet"
    return f"convert {rank_name(CONVERT_RANK[action_id])}"


_BY_TEXT: dict[str, int] = {describe(a).lower(): a for a in range(SIZE)} | _ALIASES


def parse(key: str) -> int | None:
    """The id of a normalised text (canonical form or alias), or None."""
    return _BY_TEXT.get(key)


#: Kinds of the actions without arguments, by id.
_PLAIN: dict[int, str] = {
    CANCEL: "cancel",
    LET_RESOLVE: "let_resolve",
    DECLINE_BUFFET: "decline_buffet",
}
_PLAIN_ID: dict[str, int] = {kind: aid for aid, kind in _PLAIN.items()}
_CONVERT_BY_NAME: dict[str, int] = {rank_name(rank): CONVERT_ID[rank] for rank in CONVERT_RANKS}


def decode(action_id: int) -> ActionData:
    """What an action id means, as data (the inverse of :func:`encode`)."""
    if action_id < NUM_CARDS:
        return ActionData("play", {"card": NAMES[action_id]})
    if action_id in _PLAIN:
        return ActionData(_PLAIN[action_id])
    return ActionData("convert", {"rank": rank_name(CONVERT_RANK[action_id])})


def encode(data: ActionData) -> int | None:
    """The id of an action's data, or None (the space checks the answer by decoding it)."""
    if data.kind == "play":
        name = data.get("card")
        return card_id(name) if isinstance(name, str) and name in NAMES else None
    if data.kind == "convert":
        rank = data.get("rank")
        return _CONVERT_BY_NAME.get(rank) if isinstance(rank, str) else None
    return _PLAIN_ID.get(data.kind)


def make_action_space() -> ActionSpace:
    """The action space (one per configuration; Magic Show has only one)."""
    return ActionSpace(SIZE, describe, parse, decode, encode)
