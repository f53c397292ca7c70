"""What fits where: per-deck tables of the placements that suit the faces pointing at a cell.

The faces pointing at an empty cell, one per edge in the cell's clockwise order (``-1`` where the
neighbour is empty or off the board), are packed into one int key. For each key the table lists
every (card type, rotation) that may go there with its matched-segment count and matched actions,
and whether the cell is *live* (some non-Closer card of the deck list fits, NL-R6). The lists are
built on first use and shared by every state of the configuration, so legal-move generation is a
lookup per frontier cell.
"""

from __future__ import annotations

from typing import Final

from cardtable.games.nacho_loco.cards import CLOSER, D3, GO, SKIP, Segments, X, matches, rotate

#: A placement that fits: card type, rotation, matched segments, matched action segments.
Fit = tuple[int, int, int, tuple[int, ...]]


def face_key(f0: int, f1: int, f2: int) -> int:
    """Pack three pointing faces (-1 for none) into one int."""
    return (f0 + 1) | ((f1 + 1) << 4) | ((f2 + 1) << 8)


def unpack(key: int) -> tuple[int, int, int]:
    return ((key & 15) - 1, ((key >> 4) & 15) - 1, ((key >> 8) & 15) - 1)


class FitTable:
    """The fits of one deck under one placement rule (NL-R3, NL-R5, NL-R7)."""

    __slots__ = ("all_edges", "closer_type", "grouped", "known", "liveness", "types", "variants")

    def __init__(self, types: list[Segments], all_edges: bool) -> None:
        self.types = types
        self.all_edges = all_edges
        self.closer_type = next((t for t, s in enumerate(types) if s[0] == CLOSER), -1)
        #: The fits worked out so far, by key (read directly on the hot path).
        self.known: dict[int, tuple[Fit, ...]] = {}
        #: Whether some non-Closer card fits, by key (read directly on the hot path).
        self.liveness: dict[int, bool] = {}
        #: The fits grouped by card type, by key (read directly on the hot path).
        self.grouped: dict[int, dict[int, tuple[Fit, ...]]] = {}
        #: Every card type's distinct rotations as ``(type, rotation, face, face, face)``, in
        #: type then rotation order, the Closer as ``(type, -1, …)``: worked out once, so that
        #: the first sight of a key is a pass over plain ints (it was the rotated tuples, a
        #: ``zip`` and a list search per rotation, 0.3 ms a key compiled).
        self.variants: list[tuple[int, int, int, int, int]] = []
        for t, segs in enumerate(types):
            if t == self.closer_type:
                self.variants.append((t, -1, CLOSER, CLOSER, CLOSER))
                continue
            shown_before: list[Segments] = []
            for k in range(3):
                shown = rotate(segs, k)
                if shown in shown_before:
                    continue  # a symmetric card: this rotation shows the same faces
                shown_before.append(shown)
                self.variants.append((t, k, shown[0], shown[1], shown[2]))

    def fits(self, key: int) -> tuple[Fit, ...]:
        found = self.known.get(key)
        if found is None:
            found = self._build(key)
            self.known[key] = found
        return found

    def by_type(self, key: int) -> dict[int, tuple[Fit, ...]]:
        """The fits of ``key`` grouped by card type: legal-move generation asks "which of the
        types in this hand go here", a handful of lookups instead of a scan of every fit."""
        found = self.grouped.get(key)
        if found is None:
            grouped: dict[int, list[Fit]] = {}
            for fit in self.fits(key):
                grouped.setdefault(fit[0], []).append(fit)
            found = {t: tuple(fits) for t, fits in grouped.items()}
            self.grouped[key] = found
        return found

    def live(self, key: int) -> bool:
        """Could some non-Closer card of the deck list be placed here (NL-R6)?"""
        found = self.liveness.get(key)
        if found is None:
            found = any(fit[0] != self.closer_type for fit in self.fits(key))
            self.liveness[key] = found
        return found

    def _build(self, key: int) -> tuple[Fit, ...]:
        f0, f1, f2 = unpack(key)
        all_edges = self.all_edges
        out: list[Fit] = []
        for t, k, s0, s1, s2 in self.variants:
            if k < 0:
                # NL-R5: at least two X faces point at the cell; the third face is ignored.
                if (f0 == X) + (f1 == X) + (f2 == X) >= 2:
                    out.append((t, 0, 0, ()))
                continue
            e0 = _edge(s0, f0)
            e1 = _edge(s1, f1)
            e2 = _edge(s2, f2)
            if all_edges and (e0 == _MISS or e1 == _MISS or e2 == _MISS):
                continue
            matched = (e0 >= _MATCH) + (e1 >= _MATCH) + (e2 >= _MATCH)
            if matched == 0:
                continue  # NL-R7: a placement must match something (no touching edge: nothing)
            acts: list[int] = []
            if e0 == _ACTION:
                acts.append(s0)
            if e1 == _ACTION:
                acts.append(s1)
            if e2 == _ACTION:
                acts.append(s2)
            out.append((t, k, matched, tuple(acts)))
        return tuple(out)


#: What one edge of a placement does (:func:`_edge`).
_APART: Final = 0  # nothing there: the edge touches no card
_MISS: Final = 1  # it touches a face it does not match
_MATCH: Final = 2  # it matches a colour
_ACTION: Final = 3  # it matches an action segment


def _edge(mine: int, theirs: int) -> int:
    """How the face ``mine`` meets ``theirs`` across an edge (``theirs`` -1: no card there)."""
    if theirs < 0:
        return _APART
    if not matches(mine, theirs):
        return _MISS
    return _ACTION if mine in (GO, SKIP, D3) else _MATCH
