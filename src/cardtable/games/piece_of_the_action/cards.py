"""The 108 cards of Piece of the Action, as flat per-card tables indexed by card id.

Per colour (blue, red, green), 35 cards:

* Deal cards -2, -3, -4, -5 (one each), +2 and +3 (three each), +4 and +5 (two each): "'+' and '-'
  cards are all played to the center of the table";
* Move 1 (three), Move 2 (two), Move 3 (two): move that many different table cards;
* POTA (ten): a piece of the Deal for the seat it is placed before;
* Reverse (four): flips the Deal's value for that seat.

Plus three uncoloured X cards that multiply every Deal's value. 3 x 35 + 3 = 108.
"""

from __future__ import annotations

from typing import Final

COLOURS: Final = ("blue", "red", "green")

DEAL: Final = 0
MOVE: Final = 1
POTA: Final = 2
REVERSE: Final = 3
XCARD: Final = 4

#: Deal-card values in action-space order; ``VALUE_INDEX[v]`` is a value's position.
VALUES: Final = (-5, -4, -3, -2, 2, 3, 4, 5)
VALUE_INDEX: Final = {v: i for i, v in enumerate(VALUES)}

_PER_COLOUR: tuple[tuple[int, int, int], ...] = (
    # (kind, value or move count, copies)
    (DEAL, -2, 1),
    (DEAL, -3, 1),
    (DEAL, -4, 1),
    (DEAL, -5, 1),
    (DEAL, 2, 3),
    (DEAL, 3, 3),
    (DEAL, 4, 2),
    (DEAL, 5, 2),
    (MOVE, 1, 3),
    (MOVE, 2, 2),
    (MOVE, 3, 2),
    (POTA, 0, 10),
    (REVERSE, 0, 4),
)


def _name(kind: int, colour: int, value: int) -> str:
    if kind == XCARD:
        return "x"
    col = COLOURS[colour]
    if kind == DEAL:
        return f"{col}{value:+d}"
    if kind == MOVE:
        return f"{col}-move{value}"
    return f"{col}-pota" if kind == POTA else f"{col}-reverse"


def _build() -> tuple[list[int], list[int], list[int], list[str]]:
    kinds: list[int] = []
    colours: list[int] = []
    values: list[int] = []
    for colour in range(len(COLOURS)):
        for kind, value, copies in _PER_COLOUR:
            for _ in range(copies):
                kinds.append(kind)
                colours.append(colour)
                values.append(value)
    for _ in range(3):
        kinds.append(XCARD)
        colours.append(-1)
        values.append(0)
    names = [_name(k, c, v) for k, c, v in zip(kinds, colours, values, strict=True)]
    return kinds, colours, values, names


_KINDS, _COLOURS, _VALUES, _NAMES = _build()

#: ``KIND[card]``: DEAL, MOVE, POTA, REVERSE or XCARD.
KIND: Final[tuple[int, ...]] = tuple(_KINDS)
#: ``COLOUR[card]``: index into COLOURS, -1 for X cards.
COLOUR: Final[tuple[int, ...]] = tuple(_COLOURS)
#: ``VALUE[card]``: a Deal card's signed value, a Move card's count, else 0.
VALUE: Final[tuple[int, ...]] = tuple(_VALUES)
NAMES: Final[tuple[str, ...]] = tuple(_NAMES)
NUM_CARDS: Final = len(NAMES)
#: ``VALUE_SLOT[v + 5]``: the index in VALUES of a Deal value ``v`` (-1 for none): a tuple,
#: where compiled code indexes machine words instead of hashing ``VALUE_INDEX``'s boxed keys.
VALUE_SLOT: Final[tuple[int, ...]] = tuple(VALUE_INDEX.get(v, -1) for v in range(-5, 6))
#: ``VALUE_AT[i]`` is ``VALUES[i]``: compiled, indexing the literal tuple VALUES with a variable
#: builds the tuple anew each time (a tuple and eight boxed ints); this copy is built once.
VALUE_AT: Final[tuple[int, ...]] = tuple(VALUES)
#: ``DEAL_INDEX[card]``: a Deal card's value index in VALUES (-1 for other cards).
DEAL_INDEX: Final[tuple[int, ...]] = tuple(
    VALUE_INDEX[v] if k == DEAL else -1 for k, v in zip(_KINDS, _VALUES, strict=True)
)

#: Rank in the preliminary deal (POTA-R1): a Deal card's signed value; cards without a number
#: rank below -5 and tie with each other.
NO_NUMBER: Final = -99
PRELIM_RANK: Final[tuple[int, ...]] = tuple(
    v if k == DEAL else NO_NUMBER for k, v in zip(KIND, VALUE, strict=True)
)

assert NUM_CARDS == 108, NUM_CARDS
