"""Piece of the Action: metadata and the typed options (each tagged with the ruling it tunes)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core.options import option

NAME = "piece-of-the-action"
DISPLAY_NAME = "Piece of the Action"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
ALIASES = ("pota",)
RULES_DOC = "piece_of_the_action.md"
SUMMARY = "Sid Sackson's deal-making game: build a Deal, take a piece of it, or reverse a rival."

#: Cards dealt to each hand, by player count (rule text; at most 36 cards in hands).
HAND_SIZE = {2: 12, 3: 10, 4: 8, 5: 7, 6: 6}
STARTING_SCORE = 50


@dataclass(frozen=True, slots=True)
class PotaOptions:
    """Table options. The defaults are the readings of docs/rules/piece_of_the_action.md."""

    forced_lead_after_circle: bool = option(
        True,
        "POTA-R4",
        "After a full circle of declined leads, a seat holding a +/- card must open a Deal.",
    )
    moved_reverse_cancels: bool = option(
        True,
        "POTA-R11",
        "A Reverse moved onto a seat that already has one cancels both (false: such a move is "
        "illegal).",
    )
    max_tiebreak_deals: int = option(
        10,
        "POTA-R18",
        "Tie-break Deals played at most; after that the tied seats share the win.",
        minimum=0,
        maximum=100,
    )
