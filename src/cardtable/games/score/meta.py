"""Declarative metadata of Score!: names, player count and options (each with its ruling)."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core import option

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
#: Every seat plays its Single face down at the same time (SC-R16).
SIMULTANEOUS = True

#: How log lines and views name the seats: by number, as every other game and the web table do
#: (the rule text's examples say A, B and C; issue 29 found the two namings side by side).
SEAT_NAMES = ("seat 0", "seat 1", "seat 2")


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
