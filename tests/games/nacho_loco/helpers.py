"""Hand-built Nacho Loco positions: the field, hands and draw pile named, the rest discarded."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import load_state
from cardtable.games.nacho_loco.cards import card_name, cards_of
from cardtable.games.nacho_loco.state import NachoState

FieldCard = tuple[str, tuple[int, int], int]


def position(
    players: int,
    field: list[FieldCard],
    hands: dict[int, list[str]],
    draw: list[str] | None = None,
    options: dict[str, Any] | None = None,
    **state: Any,
) -> NachoState:
    """A state with ``field`` (name, (row, column), rotation), hands, and a draw pile listed
    bottom first (top last); every other card of the deck lies in the discard pile."""
    opts = options or {}
    deck = Counter(card_name(s) for s in cards_of(opts.get("deck", "cardtable-4")))
    used = Counter(name for name, _, _ in field)
    for cards in hands.values():
        used.update(cards)
    used.update(draw or [])
    rest = deck - used
    assert not used - deck, f"more cards than the deck holds: {used - deck}"
    zones: dict[str, list[Any]] = {
        "field": [name for name, _, _ in field],
        "draw": list(draw or []),
        "discard": sorted(rest.elements()),
    }
    for seat in range(players):
        zones[f"hand:{seat}"] = list(hands.get(seat, []))
    scalars: dict[str, Any] = {"field_at": [[r, c, rot] for _, (r, c), rot in field]}
    scalars.setdefault("round", 1)
    scalars.update(state)
    loaded = load_state(
        {
            "game": "nacho-loco",
            "num_players": players,
            "options": opts,
            "zones": zones,
            "state": scalars,
        }
    )
    assert isinstance(loaded, NachoState)
    return loaded


def cell(state: NachoState, r: int, c: int) -> int:
    return state.cfg.board.index[(r, c)]


def place_text(state: NachoState, name: str, r: int, c: int, rot: int) -> str:
    return f"place {name} at {cell(state, r, c)} rot {rot}"


def texts(state: NachoState) -> list[str]:
    return [a.text for a in state.legal_actions(state.active)]


def hand_sizes(state: NachoState) -> list[int]:
    return [len(state.zone(f"hand:{s}")) for s in range(state.num_players)]


#: A ring of R-Y-G cards in rotation 0 around the lattice point (2, 1), all edges consistent,
#: leaving (1, 0) empty with R above it (from the starter) and Y to its right (from (1, 1)).
RING = [
    ("R-Y-G", (0, 0), 0),
    ("R-Y-G", (0, 1), 0),
    ("R-Y-G", (0, 2), 0),
    ("R-Y-G", (1, 2), 0),
    ("R-Y-G", (1, 1), 0),
]

#: The same ring plus a path round the other side to (1, -1), whose right edge shows G toward
#: (1, 0): that cell is then touched on all three edges (R, Y, G).
FULL_GAP = [
    *RING,
    ("R-Y-G", (0, -1), 0),
    ("R-Y-G", (0, -2), 0),
    ("R-Y-G", (1, -2), 0),
    ("R-Y-G", (1, -1), 0),
]
