"""Action ids and texts of Nacho Loco: one fixed space per deck and board.

* ``0`` ``draw`` — take the top card of the draw pile (only when nothing in hand can be placed).
* ``1`` ``keep`` — keep a playable card just drawn (NL-R15).
* ``2`` ``end turn`` — decline the extra card of a Go Again (NL-R10).
* ``3..8`` ``target seat k`` — the opponent who draws 3 (NL-R12).
* ``START + t`` ``start with <card>`` — lay a hand card as the starter when none can be turned
  (NL-R17).
* ``PLACE + (t * cells + cell) * 3 + k`` ``place <card> at <cell> rot <k>`` — card type ``t`` on
  board cell number ``cell`` in rotation ``k`` (segment ``(i + k) mod 3`` on the cell's i-th edge).

Cells are numbered on the board in reading order (top row first, left to right), the numbers the
terminal drawing shows. The space is never enumerated: texts are made and parsed arithmetically,
so even the unbounded board (a hexagon no field can outgrow) costs nothing.

As data (:meth:`ActionLayout.decode`, :meth:`ActionLayout.encode`): ``draw``, ``keep``,
``end_turn``, ``{"kind": "target", "seat": 3}``, ``{"kind": "start", "card": "R-Y-G"}`` and
``{"kind": "place", "card": "R-Y-G", "cell": 5, "rotation": 2}``.

>>> space = ActionLayout(["R-Y-G", "Closer"], 24).space()
>>> space.parse("Place r-y-g at 5 ROT 2").text
'place R-Y-G at 5 rot 2'
>>> space.parse("target seat 3").id, space.action(0).text
(6, 'draw')
>>> space.parse("place Closer at 0 rot 1").data.to_json()
{'kind': 'place', 'card': 'Closer', 'cell': 0, 'rotation': 1}
"""

from __future__ import annotations

import re
from typing import Final

from cardtable.core import ActionData, ActionSpace

DRAW: Final = 0
KEEP: Final = 1
END: Final = 2
TARGET: Final = 3
MAX_SEATS: Final = 6
START: Final = TARGET + MAX_SEATS

_PLACE = re.compile(r"place (\S+) at (\d+) rot (\d)")
_START = re.compile(r"start with (\S+)")
_TARGET = re.compile(r"target (?:seat )?(\d)")
#: Kinds of the actions without arguments, by id.
_PLAIN = ("draw", "keep", "end_turn")  # DRAW, KEEP, END


class ActionLayout:
    """The id arithmetic of one deck (card type names) and board (number of cells)."""

    __slots__ = ("by_name", "cells", "names", "place", "size")

    def __init__(self, type_names: list[str], cells: int) -> None:
        self.names = type_names
        self.by_name = {name.lower(): t for t, name in enumerate(type_names)}
        self.cells = cells
        self.place = START + len(type_names)
        self.size = self.place + len(type_names) * cells * 3

    def place_id(self, card_type: int, cell: int, rot: int) -> int:
        return self.place + (card_type * self.cells + cell) * 3 + rot

    def split_place(self, action_id: int) -> tuple[int, int, int]:
        """``(card type, cell, rotation)`` of a placement id."""
        rest, rot = divmod(action_id - self.place, 3)
        card_type, cell = divmod(rest, self.cells)
        return card_type, cell, rot

    def describe(self, action_id: int) -> str:
        if action_id == DRAW:
            return "draw"
        if action_id == KEEP:
            return "keep"
        if action_id == END:
            return "end turn"
        if action_id < START:
            return f"target seat {action_id - TARGET}"
        if action_id < self.place:
            return f"start with {self.names[action_id - START]}"
        card_type, cell, rot = self.split_place(action_id)
        return f"place {self.names[card_type]} at {cell} rot {rot}"

    def parse(self, key: str) -> int | None:
        if key in ("draw", "keep"):
            return DRAW if key == "draw" else KEEP
        if key in ("end turn", "end", "stop"):
            return END
        found = _PLACE.fullmatch(key)
        if found:
            card_type = self.by_name.get(found.group(1))
            cell, rot = int(found.group(2)), int(found.group(3))
            if card_type is None or cell >= self.cells or rot > 2:
                return None
            return self.place_id(card_type, cell, rot)
        found = _START.fullmatch(key)
        if found:
            card_type = self.by_name.get(found.group(1))
            return None if card_type is None else START + card_type
        found = _TARGET.fullmatch(key)
        if found and int(found.group(1)) < MAX_SEATS:
            return TARGET + int(found.group(1))
        return None

    def decode(self, action_id: int) -> ActionData:
        """What an action id means, as data (the inverse of :meth:`encode`)."""
        if action_id < TARGET:
            return ActionData(_PLAIN[action_id])
        if action_id < START:
            return ActionData("target", {"seat": action_id - TARGET})
        if action_id < self.place:
            return ActionData("start", {"card": self.names[action_id - START]})
        card_type, cell, rot = self.split_place(action_id)
        return ActionData("place", {"card": self.names[card_type], "cell": cell, "rotation": rot})

    def encode(self, data: ActionData) -> int | None:
        """The id of an action's data, or None (the space checks the answer by decoding it)."""
        if data.kind in _PLAIN:
            return _PLAIN.index(data.kind)
        if data.kind == "target":
            seat = data.get("seat")
            return TARGET + seat if type(seat) is int and 0 <= seat < MAX_SEATS else None
        name = data.get("card")
        card_type = self.by_name.get(name.lower()) if isinstance(name, str) else None
        if card_type is None:
            return None
        if data.kind == "start":
            return START + card_type
        cell, rot = data.get("cell"), data.get("rotation")
        if data.kind != "place" or type(cell) is not int or type(rot) is not int:
            return None
        if not 0 <= cell < self.cells or not 0 <= rot <= 2:
            return None
        return self.place_id(card_type, cell, rot)

    def space(self) -> ActionSpace:
        return ActionSpace(self.size, self.describe, self.parse, self.decode, self.encode)
