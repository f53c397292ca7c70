"""Declarative metadata of Nacho Loco: names, player counts, options with their rulings, zones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardtable.core import option

NAME = "nacho-loco"
DISPLAY_NAME = "Nacho Loco"
ALIASES = ("nacho", "nl")
MIN_PLAYERS = 2
MAX_PLAYERS = 6
RULES_DOC = "nacho_loco.md"
SUMMARY = (
    "Triangular three-segment cards played edge to edge on a shared Playfield: match colours and "
    "actions, close the field, and be first to empty your hand; 20 points wins."
)

HAND_SIZE: Final = 6
TARGET_SCORE: Final = 20  # NL-R20


@dataclass(frozen=True, slots=True)
class NachoOptions:
    """The readings a table may choose differently (docs/rules/nacho_loco.md). The card list and
    the board are assumptions (NL-R1, NL-R2); the defaults are the calibrated model of NL-R21."""

    deck: str = option(
        "cardtable-4", "NL-R2", "The assumed card list.", ("cardtable-4", "cardtable-6")
    )
    board: str = option(
        "default",
        "NL-R1",
        "The board: hexagon:R, unbounded, or default (hexagon:2, hexagon:3 at six players).",
        ("default", "hexagon:2", "hexagon:3", "hexagon:4", "unbounded"),
    )
    placement_rule: str = option(
        "all_edges",
        "NL-R3",
        "Must every touching edge match (all_edges) or at least one (any_edge)?",
        ("all_edges", "any_edge"),
    )
    go_again_mode: str = option(
        "optional_card",
        "NL-R10",
        "Go Again gives one optional extra card (optional_card) or a full extra turn (extra_turn).",
        ("optional_card", "extra_turn"),
    )
    must_play_drawn: bool = option(
        False, "NL-R15", "Must a playable card just drawn be placed (instead of kept)?"
    )
    match_draws_on_going_out: bool = option(
        True, "NL-R13", "Do 2- and 3-segment matches make the others draw on the round's last card?"
    )
    closing_gift_on_going_out: bool = option(
        False, "NL-R14", "Does a close made by the round's last card still deal the closing gift?"
    )
    first_player: int = option(0, "NL-R19", "The seat that plays first in round 1.")


def board_name(options: NachoOptions, num_players: int) -> str:
    if options.board != "default":
        return options.board
    return "hexagon:3" if num_players == 6 else "hexagon:2"
