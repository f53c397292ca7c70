"""Declarative metadata of Score!: names, player count, options (each with its ruling) and zones.

Zones are declared here, next to the index constants the rules use on every hot path, so that the
rules import them without a cycle through the state module.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core import Vis, ZoneSpec, option

NAME = "score"
DISPLAY_NAME = "Score!"
ALIASES = ("score!", "sc")
MIN_PLAYERS = 3
MAX_PLAYERS = 3
RULES_DOC = "score.md"
SUMMARY = (
    "Three players lead Complete cards and play matching Singles face down; the lead collects "
    "them and passes the rest on, building four-of-a-kind sets that match its Completes."
)

#: Zone indexes in layout order.
PILE = 0  # the face-down Complete pile (top = end of the list)
SINGLES_DECK = 1  # the Singles between rounds (empty while a round is played)
COMPLETES = (2, 3, 4)  # each seat's Completes (owner only)
SINGLES = (5, 6, 7)  # each seat's Singles (owner only)
DRAWN = (8, 9, 10)  # the Completes a lead has just taken (owner only)
LAID = 11  # laid Completes, face up for the rest of the round (SC-R13)
DISCARDED = 12  # Completes discarded for want of a match, face up (SC-R5)

ZONE_SPECS = (
    ZoneSpec("pile", Vis.HIDDEN),
    ZoneSpec("singles", Vis.HIDDEN),
    *(ZoneSpec(f"completes:{i}", Vis.OWNER, i) for i in range(3)),
    *(ZoneSpec(f"hand:{i}", Vis.OWNER, i) for i in range(3)),
    *(ZoneSpec(f"drawn:{i}", Vis.OWNER, i) for i in range(3)),
    ZoneSpec("laid", Vis.PUBLIC),
    ZoneSpec("discarded", Vis.PUBLIC),
)

SEAT_NAMES = ("A", "B", "C")


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    """The readings a table may choose differently (see docs/rules/score.md, Options)."""

    target_score: int = option(
        10, "SC-R2", "Points that end the game (the text says 10 and also 20).", (10, 20)
    )
    voluntary_complete_discard: bool = option(
        False, "SC-R4", "May a seat that holds a matching Single discard a Complete instead?"
    )
    five_point_optional: bool = option(
        False,
        "SC-R11",
        "A five-point hand is declared at the start of its holder's turn instead of at once.",
    )
    empty_pile: str = option(
        "score",
        "SC-R12",
        "When a lead finds the Complete pile empty: score the round, or recycle the laid ones.",
        ("score", "recycle"),
    )
