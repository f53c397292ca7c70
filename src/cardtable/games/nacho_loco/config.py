"""Everything fixed for one deck × board × placement rule, built once and shared by all states."""

from __future__ import annotations

from functools import lru_cache

from cardtable.games.nacho_loco.cards import (
    CLOSER,
    Segments,
    card_name,
    cards_of,
    rotate,
    same_card,
    types_of,
)
from cardtable.games.nacho_loco.lattice import Board
from cardtable.games.nacho_loco.notation import ActionLayout
from cardtable.games.nacho_loco.tables import FitTable


class Config:
    """Cards (names, type of each physical card), board, fit table and action layout."""

    __slots__ = (
        "actions",
        "board",
        "card_names",
        "cells",
        "closer_card",
        "closer_type",
        "deck",
        "fits",
        "place_base",
        "shown",
        "spots",
        "type_counts",
        "type_names",
        "type_of",
        "types",
    )

    def __init__(self, deck: str, board: str, all_edges: bool) -> None:
        self.deck = deck
        self.types: list[Segments] = types_of(deck)
        self.type_names = [card_name(t) for t in self.types]
        physical = cards_of(deck)
        self.type_of: tuple[int, ...] = tuple(
            next(t for t, segs in enumerate(self.types) if same_card(segs, card))
            for card in physical
        )
        self.card_names = tuple(self.type_names[t] for t in self.type_of)
        self.closer_type = next(t for t, segs in enumerate(self.types) if segs[0] == CLOSER)
        self.closer_card = self.type_of.index(self.closer_type)
        self.board = Board(board)
        self.fits = FitTable(self.types, all_edges)
        self.actions = ActionLayout(self.type_names, len(self.board))
        #: ``actions.place`` and ``actions.cells`` as compiled attributes: the layout's module
        #: (notation) is interpreted, and the hot path reads them on every placement.
        self.place_base: int = self.actions.place
        self.cells: int = self.actions.cells
        #: How many physical cards of each type the deck holds (the hand facts' totals).
        self.type_counts: tuple[int, ...] = tuple(
            self.type_of.count(t) for t in range(len(self.types))
        )
        #: The faces each card type shows in each rotation, at ``3 * type + rotation``: laying a
        #: card reads them instead of building the rotated tuple.
        self.shown: tuple[Segments, ...] = tuple(
            rotate(segs, k) for segs in self.types for k in range(3)
        )
        #: What fits a cell, by the key of the faces pointing at it (:func:`spot`).
        self.spots: dict[int, Spot] = {}


class Spot:
    """What fits an empty cell with given pointing faces, worked out once per key and shared:
    the rules keep one per open frontier cell (``NachoTable.open``), so legal-move generation,
    the liveness check of NL-R6 and the draw-turn facts read it instead of looking keys up.

    ``offsets[t]``: the placement ids of card type ``t`` less the cell's part (``t * 3 * cells
    + rotation``), empty when ``t`` does not fit; ``mask``: bit ``t`` set when type ``t`` fits;
    ``live``: some non-Closer type fits (NL-R6)."""

    __slots__ = ("live", "mask", "offsets")

    def __init__(self, offsets: tuple[tuple[int, ...], ...], mask: int, live: bool) -> None:
        self.offsets = offsets
        self.mask = mask
        self.live = live


def spot(cfg: Config, key: int) -> Spot:
    """The shared :class:`Spot` of pointing-face key ``key`` (built on first sight)."""
    found = cfg.spots.get(key)
    if found is not None:
        return found
    stride = cfg.cells * 3
    by_type = cfg.fits.by_type(key)
    offsets: list[tuple[int, ...]] = []
    mask = 0
    for t in range(len(cfg.types)):
        fits = by_type.get(t, ())
        offsets.append(tuple(t * stride + fit[1] for fit in fits))
        if fits:
            mask |= 1 << t
    made = Spot(tuple(offsets), mask, cfg.fits.live(key))
    cfg.spots[key] = made
    return made


@lru_cache(maxsize=32)
def config(deck: str, board: str, all_edges: bool) -> Config:
    return Config(deck, board, all_edges)
