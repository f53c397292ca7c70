"""What fits where: per-deck tables of the placements that suit the faces pointing at a cell.

The faces pointing at an empty cell, one per edge in the cell's clockwise order (``-1`` where the
neighbour is empty or off the board), are packed into one int key. For each key the table lists
every (card type, rotation) that may go there with its matched-segment count and matched actions,
and whether the cell is *live* (some non-Closer card of the deck list fits, NL-R6). The lists are
built on first use and shared by every state of the configuration, so legal-move generation is a
lookup per frontier cell.
"""

from __future__ import annotations

from cardtable.games.nacho_loco.cards import ACTIONS, CLOSER, Segments, X, matches, rotate

#: A placement that fits: card type, rotation, matched segments, matched action segments.
Fit = tuple[int, int, int, tuple[int, ...]]


def face_key(f0: int, f1: int, f2: int) -> int:
    """Pack three pointing faces (-1 for none) into one int."""
    return (f0 + 1) | ((f1 + 1) << 4) | ((f2 + 1) << 8)


def unpack(key: int) -> tuple[int, int, int]:
    return ((key & 15) - 1, ((key >> 4) & 15) - 1, ((key >> 8) & 15) - 1)


class FitTable:
    """The fits of one deck under one placement rule (NL-R3, NL-R5, NL-R7)."""

    __slots__ = ("all_edges", "closer_type", "grouped", "known", "liveness", "types")

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
        faces = unpack(key)
        out: list[Fit] = []
        for t, segs in enumerate(self.types):
            if t == self.closer_type:
                # NL-R5: at least two X faces point at the cell; the third face is ignored.
                if sum(1 for f in faces if f == X) >= 2:
                    out.append((t, 0, 0, ()))
                continue
            shown_before: list[Segments] = []
            for k in range(3):
                shown = rotate(segs, k)
                if shown in shown_before:
                    continue  # a symmetric card: this rotation shows the same faces
                shown_before.append(shown)
                fit = _fit(shown, faces, self.all_edges)
                if fit is not None:
                    out.append((t, k, fit[0], fit[1]))
        return tuple(out)


def _fit(
    shown: Segments, faces: tuple[int, int, int], all_edges: bool
) -> tuple[int, tuple[int, ...]] | None:
    touching = 0
    matched = 0
    acts: list[int] = []
    for mine, theirs in zip(shown, faces, strict=True):
        if theirs < 0:
            continue
        touching += 1
        if matches(mine, theirs):
            matched += 1
            if mine in ACTIONS:
                acts.append(mine)
        elif all_edges:
            return None
    if touching == 0 or matched == 0:
        return None  # NL-R7: a placement must match something
    return matched, tuple(acts)
