"""The 52 cards of Magic Show: names, per-card rank/suit/owner tables and what each rank does.

Card ids are ``(rank - 1) * 4 + suit`` with suits in the order of MS-R3 (clubs, diamonds, hearts,
spades) and ranks Ace=1 .. King=13. That makes the resolution order of two revealed cards simply
their id order (ranks 2..K, then suit; Aces never resolve, MS-R2), so the hot paths compare ints.
Names are rank then suit letter (``"KH"``, ``"10S"``, ``"AC"``) so hand-written positions read well.

>>> NAMES[card_id("10S")], RANK[card_id("KH")], OWNER[card_id("KH")], OWNER[card_id("2C")]
('10S', 13, 0, 1)
"""

from __future__ import annotations

from typing import Final

SUITS = ("C", "D", "H", "S")
#: MS-R1: hearts and diamonds belong to Red (seat 0), clubs and spades to Black (seat 1).
SUIT_OWNER = (1, 0, 0, 1)
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Every module constant read on a hot path is ``Final``: compiled, a module global that is not
# is a dictionary lookup by name on every use (docs/performance.md, "Tenth sitting: Magic Show
# and Portfolio instructions").
ACE: Final = 1
FIVE: Final = 5
SIX: Final = 6
SEVEN: Final = 7
EIGHT: Final = 8
NINE: Final = 9
TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13

# Roles of the ranks.
STOP: Final = 0
MISTAKE: Final = 1
NAP: Final = 2
REHEARSAL: Final = 3
SHOWTIME: Final = 4
BUFFET: Final = 5
TRICK: Final = 6

ROLE_OF_RANK: dict[int, int] = {
    ACE: STOP,
    2: MISTAKE,
    3: MISTAKE,
    4: MISTAKE,
    FIVE: NAP,
    SIX: REHEARSAL,
    SEVEN: SHOWTIME,
    EIGHT: BUFFET,
    NINE: SHOWTIME,
    TEN: TRICK,
    JACK: TRICK,
    QUEEN: TRICK,
    KING: TRICK,
}

#: The rule sentence each role implements (quoted from the rule text, the authority).
ROLE_RULE: dict[int, str] = {
    TRICK: 'When you play a Magic Trick in your color, put it in your "Practice" pile.',
    SHOWTIME: "When you play a Showtime in your own color, you will perform your act.",
    BUFFET: "When you play an Eight in your color, you may perform (i.e., discard) one of the "
    "Magic Tricks in your Practice pile for half its value.",
    REHEARSAL: "When you play a Six in your color, you add it to your Practice pile.",
    NAP: "When you play a Five of any color, you will swap hands with your opponent.",
    MISTAKE: "If you play a Mistake of your own color it will go into your Practice pile.",
    STOP: "You can play an Ace from your hand to cancel the effect of any other card "
    "immediately before it is resolved.",
}

ROLE_NAMES = (
    "Stop card",
    "Mistake",
    "Afternoon Nap",
    "Rehearsal",
    "Showtime",
    "Dinner Buffet",
    "Magic Trick",
)

#: Points of a Magic Trick (Jack 2, Queen 4, King 6, Ten 10).
TRICK_POINTS: dict[int, int] = {TEN: 10, JACK: 2, QUEEN: 4, KING: 6}
#: Minutes a Trick adds ("Face cards add 5 minutes ... Tens add 10 minutes").
TRICK_MINUTES: dict[int, int] = {TEN: 10, JACK: 5, QUEEN: 5, KING: 5}
#: Mistakes "are worth -2, ... -3, ... -4" (stored as positive penalties).
MISTAKE_PENALTY: dict[int, int] = {2: 2, 3: 3, 4: 4}

NAMES: Final[tuple[str, ...]] = tuple(f"{r}{s}" for r in RANK_NAMES for s in SUITS)
NUM_CARDS: Final = 52
assert len(NAMES) == NUM_CARDS
RANK: Final[tuple[int, ...]] = tuple(r for r in range(1, 14) for _ in SUITS)
SUIT: Final[tuple[int, ...]] = tuple(s for _ in range(13) for s in range(4))
OWNER: Final[tuple[int, ...]] = tuple(SUIT_OWNER[s] for s in SUIT)
ROLE: Final[tuple[int, ...]] = tuple(ROLE_OF_RANK[r] for r in RANK)
IS_ACE: Final[tuple[bool, ...]] = tuple(r == ACE for r in RANK)
POINTS: Final[tuple[int, ...]] = tuple(TRICK_POINTS.get(r, 0) for r in RANK)
MINUTES: Final[tuple[int, ...]] = tuple(TRICK_MINUTES.get(r, 0) for r in RANK)
PENALTY: Final[tuple[int, ...]] = tuple(MISTAKE_PENALTY.get(r, 0) for r in RANK)

_ID_BY_NAME = {name: i for i, name in enumerate(NAMES)}


def card_id(name: str) -> int:
    """The id of a card named like ``"KH"`` or ``"10s"`` (KeyError for an unknown name)."""
    return _ID_BY_NAME[name.strip().upper()]


def rank_name(rank: int) -> str:
    """``"A"``, ``"2"`` .. ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
    return RANK_NAMES[rank - 1]
