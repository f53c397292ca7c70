"""Everything fixed for one deck × board × placement rule, built once and shared by all states."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from cardtable.games.nacho_loco.cards import (
    CLOSER,
    D3,
    GO,
    SKIP,
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

#: How many pointing-face keys there are: three faces of 4 bits (:func:`~.tables.face_key`).
KEYS: Final = 1 << 12


class Config:
    """Cards (names, type of each physical card), board, fit table and action layout."""

    __slots__ = (
        "actions",
        "board",
        "card_names",
        "cells",
        "closer_card",
        "closer_type",
        "cols",
        "deck",
        "deck_order",
        "fits",
        "place_base",
        "rows",
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
        self.shown: tuple[tuple[int, ...], ...] = tuple(
            rotate(segs, k) for segs in self.types for k in range(3)
        )
        #: Each board cell's row and column (``field_at`` entries), as plain ints.
        self.rows: tuple[int, ...] = tuple(r for r, _ in self.board.cells)
        self.cols: tuple[int, ...] = tuple(c for _, c in self.board.cells)
        #: What fits a cell, by the key of the faces pointing at it (:func:`spot`): a list
        #: indexed by the key (12 bits), filled on first sight.
        self.spots: list[Spot | None] = [None] * KEYS
        #: Every card in the canonical order of the card set (``core.state.canonical``): what
        #: a reshuffle of the whole deck starts from (``rules.new_round``), filled on first use.
        self.deck_order: list[int] = []


class Spot:
    """What fits an empty cell with given pointing faces, worked out once per key and shared:
    the rules keep one per frontier cell (``NachoTable.frontier``), so legal-move generation,
    the liveness check of NL-R6, the draw-turn facts and a placement's effects read it instead
    of looking keys up.

    ``key``: the packed pointing faces (:func:`~.tables.face_key`); ``offsets[t]``: the
    placement ids of card type ``t`` less the cell's part (``t * 3 * cells + rotation``), empty
    when ``t`` does not fit; ``mask``: bit ``t`` set when type ``t`` fits; ``live``: some
    non-Closer type fits (NL-R6); ``effects[3 * t + rotation]``: what placing type ``t`` in
    that rotation does (:func:`effect`), -1 when it does not fit."""

    __slots__ = ("effects", "key", "live", "mask", "offsets")

    def __init__(
        self,
        key: int,
        offsets: tuple[tuple[int, ...], ...],
        mask: int,
        live: bool,
        effects: tuple[int, ...],
    ) -> None:
        self.key = key
        self.offsets = offsets
        self.mask = mask
        self.live = live
        self.effects = effects


def effect(matched: int, acts: tuple[int, ...]) -> int:
    """A fit's effects as one int: matched segments (bits 0-1), a matched Go Again (bit 2),
    matched Skip Next segments (bits 3-4), matched Opponent Draws 3 segments (bits 5-6)."""
    skips = 0
    d3s = 0
    go = 0
    for act in acts:
        if act == SKIP:
            skips += 1
        elif act == D3:
            d3s += 1
        elif act == GO:
            go = 1
    return matched | (go << 2) | (skips << 3) | (d3s << 5)


def spot(cfg: Config, key: int) -> Spot:
    """The shared :class:`Spot` of pointing-face key ``key`` (built on first sight; the table
    is a list indexed by the key, which has 12 bits)."""
    found = cfg.spots[key]
    if found is not None:
        return found
    return _new_spot(cfg, key)


def _new_spot(cfg: Config, key: int) -> Spot:
    stride = cfg.cells * 3
    count = len(cfg.types)
    offsets: list[list[int]] = [[] for _ in range(count)]
    effects = [-1] * (3 * count)
    mask = 0
    for fit in cfg.fits.fits(key):
        t, rot = fit[0], fit[1]
        offsets[t].append(t * stride + rot)
        effects[3 * t + rot] = effect(fit[2], fit[3])
        mask |= 1 << t
    made = Spot(key, tuple(tuple(o) for o in offsets), mask, cfg.fits.live(key), tuple(effects))
    cfg.spots[key] = made
    return made


@lru_cache(maxsize=32)
def config(deck: str, board: str, all_edges: bool) -> Config:
    return Config(deck, board, all_edges)
