"""The Magic Show table: zones, fields, phases and the checks of a loaded position.

The bottom of the package: the rules, the words, the views and the bot import this module, and
it imports only the core, ``meta.py`` and ``cards.py`` (docs/architecture.md).

Zones: ``deck`` (hidden),
``hand:0``/``hand:1`` (owner only), ``pile:0``/``pile:1`` (the practice piles, public),
``revealed`` (public: the turn's face-up cards still to resolve, kept in resolution order, MS-R3)
and ``discard`` (public).

Scalars (public by the core's contract; nothing private lives here — the face-down choices are in
the core's ``pending``):

* ``phase`` — ``"commit"`` (both choose face down), ``"stop"`` (an Ace window, MS-R4),
  ``"buffet"`` (a Dinner Buffet decision, MS-R6) or ``"over"``;
* ``turn`` — turn number from 1;
* ``score`` — running totals, may be negative (MS-R8);
* ``played`` — the card name each seat revealed this turn (``""`` before the reveal), which says
  who played the card now resolving and so who is asked first at its window;
* ``resolving`` — the revealed card whose window or buffet is open (``""`` otherwise);
* ``asking`` — the seat asked at the open window or buffet (``-1`` otherwise);
* ``farewell`` — the two Farewell Show values once the game is over (MS-R10), else empty.

"""

from __future__ import annotations

from typing import ClassVar, Final

from cardtable.core import State, StateFormatError, Vis, ZoneSpec
from cardtable.games.magic_show import meta
from cardtable.games.magic_show.cards import (
    BUFFET,
    IS_ACE,
    MISTAKE,
    NAMES,
    OWNER,
    REHEARSAL,
    ROLE,
    TRICK,
)

#: Zone indexes, in layout order (the rules use these on every hot path: ``Final``, so compiled
#: code reads a literal or a C variable, not the module's dictionary).
DECK: Final = 0
HAND0: Final = 1
HAND1: Final = 2
PILE0: Final = 3
PILE1: Final = 4
REVEALED: Final = 5
DISCARD: Final = 6
HAND: Final[tuple[int, ...]] = (HAND0, HAND1)
PILE: Final[tuple[int, ...]] = (PILE0, PILE1)
#: The table: hidden deck, private hands, public practice piles, revealed cards and discard pile.
ZONE_SPECS = (
    ZoneSpec("deck", Vis.HIDDEN),
    ZoneSpec("hand:0", Vis.OWNER, 0),
    ZoneSpec("hand:1", Vis.OWNER, 1),
    ZoneSpec("pile:0", Vis.PUBLIC),
    ZoneSpec("pile:1", Vis.PUBLIC),
    ZoneSpec("revealed", Vis.PUBLIC),
    ZoneSpec("discard", Vis.PUBLIC),
)

# Phases (public scalar ``phase``).
COMMIT: Final = "commit"
STOP: Final = "stop"
BUFFET_PHASE: Final = "buffet"
OVER: Final = "over"
PHASES: Final = (COMMIT, STOP, BUFFET_PHASE, OVER)

HAND_SIZE: Final = 5


#: The table's fields in the order positions write them (docs/state-format.md): declared once,
#: for ``__slots__`` and for saving and loading (``SCALARS``).
FIELDS = (
    "phase",
    "turn",
    "score",
    "played",
    "resolving",
    "asking",
    "farewell",
)


class MagicShowTable(State):
    """A Magic Show table between Red (seat 0) and Black (seat 1), MS-R1: fields only."""

    __slots__ = FIELDS

    GAME: ClassVar[str] = meta.NAME
    TITLE = meta.DISPLAY_NAME
    MIN_PLAYERS = meta.MIN_PLAYERS
    MAX_PLAYERS = meta.MAX_PLAYERS
    OPTIONS: ClassVar[type] = meta.MagicShowOptions
    SCALARS: ClassVar[tuple[str, ...]] = FIELDS
    REST_ZONE: ClassVar[str] = "deck"

    phase: str
    turn: int
    score: list[int]
    played: list[str]
    resolving: str
    asking: int
    farewell: list[int]

    def _init_scalars(self) -> None:
        self.phase = COMMIT
        self.turn = 1
        self.score = [0, 0]
        self.played = ["", ""]
        self.resolving = ""
        self.asking = -1
        self.farewell = []

    def _copy_scalars(self, new: State) -> None:
        """The fields of ``SCALARS``, copied one by one: see :meth:`State._copy_scalars`."""
        assert isinstance(new, MagicShowTable)
        new.phase = self.phase
        new.turn = self.turn
        new.score = self.score[:]
        new.played = self.played[:]
        new.resolving = self.resolving
        new.asking = self.asking
        new.farewell = self.farewell[:]


def player_of(st: MagicShowTable, card: int) -> int:
    """The seat that revealed ``card`` this turn (not necessarily its owner)."""
    return 0 if st.played[0] == NAMES[card] else 1


def check_position(st: MagicShowTable) -> None:
    """Check and complete a loaded (possibly hand-written) position.

    ``revealed`` is put back in resolution order; at a window ``resolving`` and ``asking`` may
    be left out and are filled in (first question: the seat that did not play the card, MS-R4).
    """
    st.zones[REVEALED].sort()
    if st.phase not in PHASES:
        raise StateFormatError(f"phase must be one of {PHASES}, not {st.phase!r}")
    if len(st.score) != 2 or len(st.played) != 2:
        raise StateFormatError("'score' and 'played' need one entry per seat")
    _check_piles(st)
    if st.phase in (STOP, BUFFET_PHASE):
        _load_window(st)
        return
    if st.zones[REVEALED]:
        raise StateFormatError(f"revealed cards wait only at a window, not in {st.phase!r}")


def _check_piles(st: MagicShowTable) -> None:
    """Hands, practice piles and the revealed cards hold only what the rules put there."""
    if any(name != "" and name not in NAMES for name in st.played):
        raise StateFormatError("'played' holds a card name or \"\" per seat")
    if not 1 <= st.turn <= 1000:
        raise StateFormatError("'turn' counts turns from 1")
    if st.farewell and (st.phase != OVER or len(st.farewell) != 2):
        raise StateFormatError("'farewell' holds the two Farewell Show values once it is over")
    for seat in (0, 1):
        if len(st.zones[HAND[seat]]) > HAND_SIZE:
            raise StateFormatError(f"hand:{seat} holds more than {HAND_SIZE} cards")
        for card in st.zones[PILE[seat]]:
            if OWNER[card] != seat or ROLE[card] not in (TRICK, REHEARSAL, MISTAKE):
                raise StateFormatError(
                    f"{NAMES[card]} cannot lie in pile:{seat}: a practice pile holds its "
                    "owner's Tricks, Sixes and Mistakes"
                )
    revealed = st.zones[REVEALED]
    if len(revealed) > 2 or any(IS_ACE[c] for c in revealed):
        raise StateFormatError("at most two played cards, never Aces, wait in 'revealed'")


def _load_window(st: MagicShowTable) -> None:
    """Validate a STOP or buffet position: the resolving card is the first revealed one."""
    if not st.zones[REVEALED]:
        raise StateFormatError(f"phase {st.phase!r} needs a card in 'revealed'")
    card = st.zones[REVEALED][0]
    name = NAMES[card]
    if st.resolving not in ("", name):
        raise StateFormatError(f"'resolving' must be {name}, the first card to resolve")
    if name not in st.played:
        raise StateFormatError(f"'played' must say which seat played {name}")
    st.resolving = name
    if st.phase == BUFFET_PHASE:
        if ROLE[card] != BUFFET or st.asking not in (-1, OWNER[card]):
            raise StateFormatError("a buffet needs an Eight resolving, asked of its owner")
        st.asking = OWNER[card]
    elif st.asking == -1:
        st.asking = 1 - player_of(st, card)
    elif st.asking not in (0, 1):
        raise StateFormatError(f"'asking' must be 0 or 1, not {st.asking}")
