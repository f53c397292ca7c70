"""Everything fixed for one deck × board × placement rule, built once and shared by all states."""

from __future__ import annotations

from functools import lru_cache

from cardtable.games.nacho_loco.cards import (
    CLOSER,
    Segments,
    card_name,
    cards_of,
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
        "place_offsets",
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
        #: Placement ids by pointing-face key and card type, less the cell (``rules.placements``).
        self.place_offsets: dict[int, tuple[tuple[int, ...], ...]] = {}


@lru_cache(maxsize=32)
def config(deck: str, board: str, all_edges: bool) -> Config:
    return Config(deck, board, all_edges)
