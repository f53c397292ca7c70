"""The cards of Score! as data (SC-R1 in docs/rules/score.md).

Nine values in three characteristics: fill (Filled, Partial, Hollow), colour (Red, Blue, Green)
and shape (Circle, Square, Triangle).

* **Completes** (ids 0..26): one card for every fill × colour × shape, named like
  ``Filled-Red-Square``. A Complete *has* three values, one of each characteristic.
* **Singles** (ids 27..62): four of each value, named by the value (``Red``). Copies share a name:
  they are interchangeable, and the core keeps their ids distinct.

>>> NAMES[0], NAMES[26], NAMES[27], NAMES[62]
('Filled-Red-Circle', 'Hollow-Green-Triangle', 'Filled', 'Triangle')
>>> [VALUE_NAMES[v] for v in COMPLETE_VALUES[complete_id("Partial-Blue-Square")]]
['Partial', 'Blue', 'Square']
"""

from __future__ import annotations

from typing import Final

FILLS: Final = ("Filled", "Partial", "Hollow")
COLOURS: Final = ("Red", "Blue", "Green")
SHAPES: Final = ("Circle", "Square", "Triangle")
#: The nine values: fills 0..2, colours 3..5, shapes 6..8.
VALUE_NAMES: Final[tuple[str, ...]] = FILLS + COLOURS + SHAPES
NUM_VALUES: Final = 9
#: Which characteristic a value belongs to, in words.
CHARACTERISTIC: Final = ("fill",) * 3 + ("colour",) * 3 + ("shape",) * 3

NUM_COMPLETES: Final = 27
COPIES: Final = 4  # Singles of each value: a set is all four
FIRST_SINGLE: Final = NUM_COMPLETES
NUM_CARDS: Final = NUM_COMPLETES + NUM_VALUES * COPIES

#: The three values of each Complete (fill, colour, shape), by Complete id.
COMPLETE_VALUES: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (f, 3 + c, 6 + s) for f in range(3) for c in range(3) for s in range(3)
)
#: The value of each Single by card id (-1 for Completes).
VALUE: Final[tuple[int, ...]] = (-1,) * NUM_COMPLETES + tuple(
    v for v in range(NUM_VALUES) for _ in range(COPIES)
)
IS_COMPLETE: Final[tuple[bool, ...]] = tuple(c < NUM_COMPLETES for c in range(NUM_CARDS))

NAMES: Final[tuple[str, ...]] = tuple(
    "-".join(VALUE_NAMES[v] for v in values) for values in COMPLETE_VALUES
) + tuple(VALUE_NAMES[VALUE[c]] for c in range(FIRST_SINGLE, NUM_CARDS))

#: Short codes of Completes (``FRS``), accepted wherever a Complete's name is.
CODES: Final[tuple[str, ...]] = tuple(
    "".join(VALUE_NAMES[v][0] for v in values) for values in COMPLETE_VALUES
)

#: Does Complete ``c`` have value ``v``? Indexed ``HAS_VALUE[c][v]``.
HAS_VALUE: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(v in values for v in range(NUM_VALUES)) for values in COMPLETE_VALUES
)


def complete_id(name: str) -> int:
    """The id of a Complete from its name (``Filled-Red-Square``) or code (``FRS``)."""
    key = name.strip().lower()
    for cid in range(NUM_COMPLETES):
        if NAMES[cid].lower() == key or CODES[cid].lower() == key:
            return cid
    raise ValueError(f"no Complete called {name!r}")


def value_id(name: str) -> int:
    """The index of a value from its name (``Red``), case ignored."""
    key = name.strip().lower()
    for v, vname in enumerate(VALUE_NAMES):
        if vname.lower() == key:
            return v
    raise ValueError(f"no value called {name!r}")
