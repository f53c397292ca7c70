"""Zones, card sets and table specs: where cards live and who may see them.

A game's cards are ints ``0..n-1`` (one per physical card, so duplicates stay distinct). Each card
lives in exactly one zone. A zone is public (everyone sees its cards), owned (only the owner sees
them: a hand) or hidden (nobody: a deck). On top of that every card carries a per-seat ``seen``
bitmask of extra knowledge — a card a seat watched go into another seat's hand, a known bottom card
— that the state updates as cards move (see :mod:`cardtable.core.state`). Redaction,
determinisation and the leak tests are written once against this model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from cardtable.core.actions import ActionSpace


class Vis(IntEnum):
    """Who sees the cards of a zone by default."""

    PUBLIC = 0
    OWNER = 1
    HIDDEN = 2


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """One zone of a table: its name (``"hand:2"``), default visibility and owner seat.

    ``ordered`` says whether the order of the zone's cards is a fact of the table (a deck, a row
    of laid cards) or an accident of how the engine filed them (a hand). ``None`` means: a hand
    (an owned zone) is unordered, every other zone ordered. Observations show an unordered zone
    in a canonical order (see :meth:`cardtable.core.state.State.observation`).
    """

    name: str
    vis: Vis
    owner: int = -1
    ordered: bool | None = None


def seat_zones(prefix: str, num_players: int, vis: Vis) -> list[ZoneSpec]:
    """One zone per seat named ``prefix:i``; owned zones belong to their seat."""
    return [
        ZoneSpec(f"{prefix}:{i}", vis, i if vis == Vis.OWNER else -1) for i in range(num_players)
    ]


class Layout:
    """The ordered zones of one table configuration, with lookup tables for the hot paths."""

    __slots__ = ("all_mask", "index", "owner_bit", "public", "specs", "unordered")

    def __init__(self, specs: Sequence[ZoneSpec], num_players: int) -> None:
        self.specs: tuple[ZoneSpec, ...] = tuple(specs)
        self.index: dict[str, int] = {s.name: i for i, s in enumerate(self.specs)}
        if len(self.index) != len(self.specs):
            raise ValueError("zone names must be unique")
        self.all_mask = (1 << num_players) - 1
        self.public: tuple[bool, ...] = tuple(s.vis == Vis.PUBLIC for s in self.specs)
        self.owner_bit: tuple[int, ...] = tuple(
            (1 << s.owner) if s.vis == Vis.OWNER else 0 for s in self.specs
        )
        self.unordered: tuple[bool, ...] = tuple(
            (s.vis == Vis.OWNER) if s.ordered is None else not s.ordered for s in self.specs
        )

    def __len__(self) -> int:
        return len(self.specs)


class CardSet:
    """Names of a game's cards by id. Several ids may share a name (identical physical cards).

    ``backs`` tells cards apart face down: a game with two kinds of card that look different
    from behind (Score!'s Completes and Singles) gives each kind its own back number, and
    determinisation then only exchanges cards that share a back. By default all backs are alike.
    """

    __slots__ = ("_ids_by_name", "backs", "has_copies", "names", "rank", "single_back", "twins")

    def __init__(self, names: Sequence[str], backs: Sequence[int] | None = None) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.backs: tuple[int, ...] = tuple(backs) if backs is not None else (0,) * len(names)
        if len(self.backs) != len(self.names):
            raise ValueError("one back per card")
        self.single_back = len(set(self.backs)) <= 1
        by_name: dict[str, list[int]] = {}
        for card, name in enumerate(self.names):
            by_name.setdefault(name, []).append(card)
        self._ids_by_name = {k: tuple(v) for k, v in by_name.items()}
        #: The canonical sort key of each card: the first id of its name, so identical cards
        #: sort alike and the order never depends on which copy a zone holds.
        self.rank: tuple[int, ...] = tuple(by_name[name][0] for name in self.names)
        self.has_copies = len(by_name) < len(self.names)
        #: The other ids of each card's name (its identical copies, wherever they are): a move
        #: out of a hand reads their marks to see at once whether anyone but the owner knows
        #: any copy (:meth:`cardtable.core.state.State._share_copy_marks`).
        self.twins: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in by_name[name] if c != card) for card, name in enumerate(self.names)
        )

    def __len__(self) -> int:
        return len(self.names)

    def ids_named(self, name: str) -> tuple[int, ...]:
        """Every card id with this name (empty if the name is unknown)."""
        return self._ids_by_name.get(name, ())


@dataclass(frozen=True, slots=True)
class TableSpec:
    """Everything fixed for one game configuration, shared (never copied) by its states."""

    num_players: int
    options: Any
    cards: CardSet
    layout: Layout
    actions: ActionSpace
