"""Declarative metadata of Magic Show: names, player count and the (empty) options.

The rule text leaves no choice open that tables would play differently: every gap is settled by a
ruling (MS-R1..MS-R11, ``docs/rules/magic_show.md``) without an option, so the options
dataclass is empty. It still exists so that the registry, CLI and server treat every game alike.
"""

from __future__ import annotations

from dataclasses import dataclass

NAME = "magic-show"
DISPLAY_NAME = "Magic Show"
ALIASES = ("ms",)
MIN_PLAYERS = 2
MAX_PLAYERS = 2
RULES_DOC = "magic_show.md"
SUMMARY = (
    "Two magicians play cards face down at the same time to practise tricks, rehearse, nap, "
    "and spring each other's shows at the worst moment; Aces stop any card."
)
#: Both seats choose face down at once (MS-R2).
SIMULTANEOUS = True

#: Seat names by colour (MS-R1: seat 0 is Red, seat 1 is Black).
SEAT_NAMES = ("Red", "Black")


@dataclass(frozen=True, slots=True)
class MagicShowOptions:
    """Magic Show has no options: the rulings fix every reading (MS-R1..MS-R11)."""
