"""The triangular lattice and the board (NL-R1): small pure functions on cell coordinates.

Cell ``(r, c)`` points up when ``r + c`` is even. Edges in clockwise order are ``B, L, R`` for an
up cell and ``T, R, L`` for a down cell; a card in rotation ``k`` shows segment ``(i + k) mod 3``
on the i-th of them. Across ``L`` lies ``(r, c-1)``, across ``R`` ``(r, c+1)``, below an up cell
``(r+1, c)``, above a down cell ``(r-1, c)``. The clockwise lists are arranged so that two touching
edges have the same index on both sides (an up cell's B meets a down cell's T, L meets R).

>>> neighbours((0, 0))
((1, 0), (0, -1), (0, 1))
>>> len(hexagon_cells(2)), len(hexagon_cells(3))
(24, 54)
"""

from __future__ import annotations

from functools import lru_cache

Cell = tuple[int, int]
Point = tuple[int, int]

# Edge names in clockwise order, per orientation.
UP_EDGES = ("B", "L", "R")
DOWN_EDGES = ("T", "R", "L")

#: Largest radius the field can reach from the starter: 94 cards in a chain (see ``unbounded``).
UNBOUNDED_RADIUS = 95


def is_up(cell: Cell) -> bool:
    return (cell[0] + cell[1]) % 2 == 0


def edge_names(cell: Cell) -> tuple[str, str, str]:
    return UP_EDGES if is_up(cell) else DOWN_EDGES


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The cell across each edge, in the cell's clockwise edge order."""
    r, c = cell
    if is_up(cell):
        return ((r + 1, c), (r, c - 1), (r, c + 1))
    return ((r - 1, c), (r, c + 1), (r, c - 1))


def corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The three lattice points of a cell, as ``(x, y)`` (x in half edges, y the row line)."""
    r, c = cell
    if is_up(cell):
        return ((c + 1, r), (c, r + 1), (c + 2, r + 1))
    return ((c, r), (c + 2, r), (c + 1, r + 1))


def distance(a: Point, b: Point) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dy, (dx + dy) // 2)


CENTRE: Point = (1, 0)  # the top corner of the starter cell


def hexagon_cells(radius: int) -> list[Cell]:
    """Cells whose three corners are all within ``radius`` of :data:`CENTRE`, sorted."""
    out = []
    for r in range(-radius, radius + 1):
        for c in range(-2 * radius - 2, 2 * radius + 3):
            if all(distance(p, CENTRE) <= radius for p in corners((r, c))):
                out.append((r, c))
    return out


def parse_board(text: str) -> int:
    """The radius of a board: ``hexagon:R``, or ``unbounded`` (a hexagon no field can leave)."""
    if text == "unbounded":
        return UNBOUNDED_RADIUS
    kind, _, size = text.partition(":")
    if kind != "hexagon" or not size.isdigit() or not 1 <= int(size) <= 20:
        raise ValueError(f"board must be hexagon:R (R from 1 to 20) or unbounded, not {text!r}")
    return int(size)


class Board:
    """The cells of one board with their indexes and neighbour table (built once per spec).

    ``adjacent[3 * i + e]`` is the index of the cell across edge ``e`` of cell ``i``, or -1 when
    that edge faces off the board (an edge facing off the board touches nothing).
    """

    __slots__ = ("adjacent", "cells", "index", "name", "radius", "starter")

    def __init__(self, name: str) -> None:
        self.name = name
        self.radius = parse_board(name)
        self.cells: tuple[Cell, ...] = tuple(hexagon_cells(self.radius))
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        adjacent: list[int] = []
        for cell in self.cells:
            adjacent.extend(self.index.get(n, -1) for n in neighbours(cell))
        self.adjacent: tuple[int, ...] = tuple(adjacent)
        self.starter = self.index[(0, 0)]

    @property
    def bounded(self) -> bool:
        return self.name != "unbounded"

    def __len__(self) -> int:
        return len(self.cells)


@lru_cache(maxsize=8)
def board_named(name: str) -> Board:
    """The shared :class:`Board` of a board name (views and bots read boards from observations)."""
    return Board(name)
