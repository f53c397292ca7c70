"""A terminal drawing of the Playfield: triangles with their three segments on a board outline.

Each lattice row is four text lines and each half edge four columns, so a triangle's slanted
edges are drawn with the box-drawing diagonals at one column per line. A placed card shows the
segment on each edge just inside that edge (``R Y G B O P`` colours, ``X``, ``+`` Go Again,
``>`` Skip Next, ``3`` Opponent Draws 3); empty cells next to the field carry their number (the
number the ``place … at N`` actions use); the rest of the board is a dotted outline.
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from cardtable.games.nacho_loco.cards import ACTIONS, CLOSER, D3, GO, SKIP, X
from cardtable.games.nacho_loco.greedy import parse_card
from cardtable.games.nacho_loco.lattice import Cell, board_named, is_up, neighbours

_GLYPH = {0: "R", 1: "Y", 2: "G", 3: "B", 4: "O", 5: "P", X: "X", GO: "+", SKIP: ">", D3: "3"}
_STYLE = {0: "red", 1: "yellow", 2: "green", 3: "blue", 4: "dark_orange", 5: "magenta"}
_ROW_LINES = 4
_COLS = 4


def glyph(segment: int) -> str:
    if segment == CLOSER:
        return "*"
    return _GLYPH[segment]


def _styled(segment: int) -> str:
    text = glyph(segment)
    if segment in _STYLE:
        return f"[bold {_STYLE[segment]}]{text}[/]"
    if segment in ACTIONS:
        return f"[bold]{text}[/]"
    return f"[dim]{text}[/]"


class _Canvas:
    def __init__(self, rows: range, cols: range) -> None:
        self.top, self.left = rows.start * _ROW_LINES, cols.start * _COLS
        height = (rows.stop - rows.start) * _ROW_LINES + 1
        width = (cols.stop - cols.start) * _COLS + 1
        self.plain = [[" "] * width for _ in range(height)]
        self.marked: dict[tuple[int, int], str] = {}

    def put(self, line: int, col: int, text: str, markup: str | None = None) -> None:
        y, x = line - self.top, col - self.left
        for i, ch in enumerate(text):
            if 0 <= y < len(self.plain) and 0 <= x + i < len(self.plain[y]):
                self.plain[y][x + i] = ch
                self.marked.pop((y, x + i), None)
        if markup is not None and 0 <= y < len(self.plain):
            self.marked[(y, x)] = markup
            for i in range(1, len(text)):
                self.marked[(y, x + i)] = ""  # drawn by the markup of the first character

    def text(self) -> str:
        lines = []
        for y, row in enumerate(self.plain):
            out = []
            for x, ch in enumerate(row):
                out.append(self.marked.get((y, x), escape(ch) if ch == "[" else ch))
            lines.append("".join(out).rstrip())
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)


def _outline(canvas: _Canvas, cell: Cell, char_l: str, char_r: str, base: str) -> None:
    r, c = cell
    top = r * _ROW_LINES
    if is_up(cell):
        for k in range(1, 4):
            canvas.put(top + k, 4 * c + 4 - k, char_l)
            canvas.put(top + k, 4 * c + 4 + k, char_r)
        canvas.put(top + 4, 4 * c + 1, base * 7)
    else:
        canvas.put(top, 4 * c + 1, base * 7)
        for k in range(1, 4):
            canvas.put(top + k, 4 * c + k, char_r)
            canvas.put(top + k, 4 * c + 8 - k, char_l)


def _faces(canvas: _Canvas, cell: Cell, shown: tuple[int, int, int]) -> None:
    r, c = cell
    top = r * _ROW_LINES
    if is_up(cell):  # edges B, L, R
        spots = ((top + 3, 4 * c + 4), (top + 2, 4 * c + 3), (top + 2, 4 * c + 5))
    else:  # edges T, R, L
        spots = ((top + 1, 4 * c + 4), (top + 2, 4 * c + 5), (top + 2, 4 * c + 3))
    for (line, col), segment in zip(spots, shown, strict=True):
        canvas.put(line, col, glyph(segment), _styled(segment))


def _number(canvas: _Canvas, cell: Cell, index: int) -> None:
    r, c = cell
    line = r * _ROW_LINES + (3 if is_up(cell) else 1)
    label = f"{index:>2}"
    canvas.put(line, 4 * c + 3, label, f"[bold cyan]{label}[/]")


def draw_field(public: dict[str, Any]) -> str:
    """The Playfield on its board, as Rich markup."""
    board = board_named(public["board"])
    placed: dict[Cell, tuple[int, int, int]] = {}
    for entry in public["field"]:
        segs = parse_card(entry["card"])
        k = entry["rot"]
        placed[(entry["at"][0], entry["at"][1])] = (
            segs[k % 3],
            segs[(k + 1) % 3],
            segs[(k + 2) % 3],
        )
    open_cells = {
        n for cell in placed for n in neighbours(cell) if n in board.index and n not in placed
    }
    # The unbounded board has no outline: only the field and its neighbourhood are drawn.
    shown_cells = list(board.cells) if board.bounded else sorted(set(placed) | open_cells)
    if not shown_cells:
        return "(the Playfield is empty)"
    rows = range(min(r for r, _ in shown_cells), max(r for r, _ in shown_cells) + 1)
    cols = range(min(c for _, c in shown_cells), max(c for _, c in shown_cells) + 3)
    canvas = _Canvas(rows, cols)
    for cell in shown_cells:
        if cell not in placed:
            _outline(canvas, cell, ".", ".", ".")
    for cell in open_cells:
        _number(canvas, cell, board.index[cell])
    for cell in placed:
        _outline(canvas, cell, "\u2571", "\u2572", "_")
    for cell, shown in placed.items():
        _faces(canvas, cell, shown)
    return canvas.text()


def render(obs: dict[str, Any]) -> str:
    public = obs["public"]
    seat = obs["seat"]
    lines = [draw_field(public), ""]
    lines.append(
        "[dim]R Y G B colours · X blocks · + Go Again · > Skip Next · 3 Opponent Draws 3 · "
        "* Closer · numbers: places next to the field[/]"
    )
    for s, (points, size) in enumerate(zip(public["points"], public["hand_sizes"], strict=True)):
        who = "you" if s == seat else f"seat {s}"
        marks = []
        if public["skips"][s]:
            marks.append(f"{public['skips'][s]} skip token(s)")
        if s in public["noplay"]:
            marks.append("drew without playing")
        if s == public["active"] and not obs["terminal"]:
            marks.append("to play")
        extra = f" ({', '.join(marks)})" if marks else ""
        cards = "card" if size == 1 else "cards"
        lines.append(f"{who}: {points} points, {size} {cards}{extra}")
    under = obs["zones"].get("under") or []
    pile = f"draw pile {public['draw_size']}" + (" (the Closer at the bottom)" if under else "")
    lines.append(f"round {public['round']} · {pile} · first to {public['target']} points wins")
    if seat is not None:
        hand = obs["zones"][f"hand:{seat}"]
        lines.append("your hand: " + "  ".join(escape(str(card)) for card in hand))
    lines.append(escape(public["deciding"]))
    return "\n".join(lines)
