"""Action ids and their texts: one fixed space of 75 actions for Score!.

* ``0`` ``call score`` — end the round and score it (SC-R9: needs a qualifying set).
* ``1`` ``lead`` — take the top Completes of the pile.
* ``2`` ``declare five`` — declare a five-point hand (only with option ``five_point_optional``).
* ``3..29`` ``lay <Complete>`` — lay one of the drawn Completes face up.
* ``30..38`` ``play <value>`` — commit a Single of that value face down.
* ``39..65`` ``discard <Complete>`` — commit the discard of a Complete (no matching Single).
* ``66..74`` ``pass <value>`` — pass a Single of that value face down to the next participant.

Singles of one value are interchangeable, so the value is the whole choice. Completes may be
written by name or by code (``lay FRS``).

As data (:func:`decode`, :func:`encode`): ``call``, ``lead``, ``declare_five``, and ``lay``,
``play``, ``discard``, ``pass`` with the card's name: ``{"kind": "play", "card": "Red"}`` (a
Single is named by its value).

>>> space = make_action_space()
>>> space.parse("Lay frs").text, space.parse("play red").id, space.parse("score!").text
('lay Filled-Red-Square', 33, 'call score')
>>> space.action(33).data.to_json()
{'kind': 'play', 'card': 'Red'}
"""

from __future__ import annotations

from typing import Final

from cardtable.core import ActionData, ActionSpace
from cardtable.games.score.cards import CODES, NAMES, NUM_COMPLETES, NUM_VALUES, VALUE_NAMES

CALL: Final = 0
LEAD: Final = 1
DECLARE_FIVE: Final = 2
LAY: Final = 3
PLAY: Final = LAY + NUM_COMPLETES
DISCARD: Final = PLAY + NUM_VALUES
PASS: Final = DISCARD + NUM_COMPLETES
SIZE: Final = PASS + NUM_VALUES


def describe(action_id: int) -> str:
    """The canonical text of an action id."""
    if action_id == CALL:
        return "call score"
    if action_id == LEAD:
        return "lead"
    if action_id == DECLARE_FIVE:
        return "declare five"
    if action_id < PLAY:
        return f"lay {NAMES[action_id - LAY]}"
    if action_id < DISCARD:
        return f"play {VALUE_NAMES[action_id - PLAY]}"
    if action_id < PASS:
        return f"discard {NAMES[action_id - DISCARD]}"
    return f"pass {VALUE_NAMES[action_id - PASS]}"


def _table() -> dict[str, int]:
    table = {describe(a).lower(): a for a in range(SIZE)}
    for cid in range(NUM_COMPLETES):
        table[f"lay {CODES[cid].lower()}"] = LAY + cid
        table[f"discard {CODES[cid].lower()}"] = DISCARD + cid
    table.update({"score": CALL, "score!": CALL, "call score!": CALL, "call": CALL})
    table.update({"declare five-point hand": DECLARE_FIVE, "five": DECLARE_FIVE})
    return table


_BY_TEXT = _table()


def parse(key: str) -> int | None:
    """The id of a normalised text (canonical form, code or alias), or None."""
    return _BY_TEXT.get(key)


_PLAIN = ("call", "lead", "declare_five")  # by id: CALL, LEAD, DECLARE_FIVE
#: ``kind -> (first id, card names in id order)`` of the actions that name a card.
_COMPLETE_NAMES = NAMES[:NUM_COMPLETES]
_CARD_KINDS: dict[str, tuple[int, tuple[str, ...]]] = {
    "lay": (LAY, _COMPLETE_NAMES),
    "play": (PLAY, VALUE_NAMES),
    "discard": (DISCARD, _COMPLETE_NAMES),
    "pass": (PASS, VALUE_NAMES),
}


def decode(action_id: int) -> ActionData:
    """What an action id means, as data (the inverse of :func:`encode`)."""
    if action_id < LAY:
        return ActionData(_PLAIN[action_id])
    for kind, (base, names) in _CARD_KINDS.items():
        if base <= action_id < base + len(names):
            return ActionData(kind, {"card": names[action_id - base]})
    raise ValueError(f"no Score! action has id {action_id}")


def encode(data: ActionData) -> int | None:
    """The id of an action's data, or None (the space checks the answer by decoding it)."""
    if data.kind in _PLAIN:
        return _PLAIN.index(data.kind)
    found = _CARD_KINDS.get(data.kind)
    name = data.get("card")
    if found is None or not isinstance(name, str) or name not in found[1]:
        return None
    return found[0] + found[1].index(name)


def make_action_space() -> ActionSpace:
    """The action space (the same for every option set)."""
    return ActionSpace(SIZE, describe, parse, decode, encode)
