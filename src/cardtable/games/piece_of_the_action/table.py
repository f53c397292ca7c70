"""The Piece of the Action table: fields, phases, zone indexes and position checks.

The bottom of the package: the rules, the words, the views and the bot import this module, and
it imports only the core, ``meta.py`` and ``cards.py`` (docs/architecture.md).

Zones, in index order: ``deck`` (hidden), ``discard``, ``centre`` (the Deal's +/- cards), ``xcards``
(X cards placed with the marker), ``playing`` (a Move card while its steps are made), then one
``hand:i`` (private), one ``pota:i`` and one ``reverse:i`` (public) per seat.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from cardtable.core.errors import StateFormatError
from cardtable.core.state import State
from cardtable.games.piece_of_the_action import meta
from cardtable.games.piece_of_the_action.cards import (
    COLOUR,
    COLOURS,
    KIND,
    NAMES,
    POTA,
    REVERSE,
    VALUE,
    XCARD,
)
from cardtable.games.piece_of_the_action.cards import DEAL as CARD_DEAL
from cardtable.games.piece_of_the_action.cards import MOVE as MOVE_CARD

DECK: Final = 0
DISCARD: Final = 1
CENTRE: Final = 2
XCARDS: Final = 3
PLAYING: Final = 4
FIRST_SEAT_ZONE: Final = 5

# Phases (public). LEAD: the marker holder opens or declines. DEAL: the seat to act plays or
# passes. MOVE: the seat to act makes the next step of a Move card. OVER: the game has ended.
LEAD: Final = "lead"
DEAL: Final = "deal"
MOVE: Final = "move"
OVER: Final = "over"
PHASES: Final = (LEAD, DEAL, MOVE, OVER)


#: ``HAND_SIZE[n]``: cards a hand is filled to at ``n`` players (``meta.HAND_SIZE``; 0 where no
#: game is played), as a tuple: compiled, that is indexed, where the dict is looked up by a boxed
#: key in a module that is not compiled.
HAND_SIZE: Final[tuple[int, ...]] = tuple(
    meta.HAND_SIZE.get(n, 0) for n in range(meta.MAX_PLAYERS + 1)
)


def hand_zone(seat: int) -> int:
    return FIRST_SEAT_ZONE + seat


def pota_zone(num_players: int, seat: int) -> int:
    return FIRST_SEAT_ZONE + num_players + seat


def reverse_zone(num_players: int, seat: int) -> int:
    return FIRST_SEAT_ZONE + 2 * num_players + seat


#: The table's fields in the order positions write them (docs/state-format.md): declared once,
#: for ``__slots__`` and for saving and loading (``SCALARS``).
FIELDS = (
    "phase",
    "marker",
    "leader",
    "colour",
    "actor",
    "passed",
    "move_left",
    "declines",
    "score",
    "tiebreaks",
    "preliminary",
    "winners",
)


class PotaTable(State):
    """A Piece of the Action position's fields and their checks; the rules are elsewhere."""

    __slots__ = FIELDS

    GAME: ClassVar[str] = meta.NAME
    TITLE = meta.DISPLAY_NAME
    MIN_PLAYERS = meta.MIN_PLAYERS
    MAX_PLAYERS = meta.MAX_PLAYERS
    OPTIONS = meta.PotaOptions
    SCALARS: ClassVar[tuple[str, ...]] = FIELDS

    options: meta.PotaOptions

    def _init_scalars(self) -> None:
        n = self.num_players
        self.phase = LEAD
        #: Seat holding the Leader marker.
        self.marker = 0
        #: Seat that opened the current Deal (-1 outside a Deal).
        self.leader = -1
        #: The current Deal's colour index (-1 outside a Deal).
        self.colour = -1
        #: Seat whose decision it is.
        self.actor = 0
        #: 1 for seats that passed in the current Deal.
        self.passed = [0] * n
        #: Steps still to make with the Move card being played.
        self.move_left = 0
        #: Consecutive declined leads (POTA-R4).
        self.declines = 0
        self.score = [meta.STARTING_SCORE] * n
        #: Tie-break Deals started so far (POTA-R18).
        self.tiebreaks = 0
        #: Face-up cards of the preliminary deal, per seat (POTA-R1).
        self.preliminary: list[list[str]] = [[] for _ in range(n)]
        #: Winning seats once the game is over.
        self.winners: list[int] = []

    def _copy_scalars(self, new: State) -> None:
        """The fields of ``SCALARS``, copied one by one: see :meth:`State._copy_scalars`."""
        assert isinstance(new, PotaTable)
        new.phase = self.phase
        new.marker = self.marker
        new.leader = self.leader
        new.colour = self.colour
        new.actor = self.actor
        new.passed = self.passed[:]
        new.move_left = self.move_left
        new.declines = self.declines
        new.score = self.score[:]
        new.tiebreaks = self.tiebreaks
        new.preliminary = [v[:] for v in self.preliminary]
        new.winners = self.winners[:]

    # Zone helpers -------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.num_players]

    def pota_zone(self, seat: int) -> int:
        return FIRST_SEAT_ZONE + self.num_players + seat

    def reverse_zone(self, seat: int) -> int:
        return FIRST_SEAT_ZONE + 2 * self.num_players + seat

    @property
    def multiplier(self) -> int:
        """X cards showing: the marker's own X plus every X card placed (POTA-R10)."""
        return 1 + len(self.zones[XCARDS])

    # Loading hand-written positions ------------------------------------------------------

    def _coerce_scalar(self, name: str, value: Any) -> Any:
        """``"colour": "blue"`` is accepted for ``"colour": 0``."""
        if name == "colour" and isinstance(value, str):
            if value not in COLOURS:
                raise StateFormatError(f"colour must be one of {COLOURS}, not {value!r}")
            return COLOURS.index(value)
        return value

    def _after_load(self) -> None:
        """Reject positions the rules can never reach, naming the field."""
        n = self.num_players
        if self.phase not in PHASES:
            raise StateFormatError(f"phase must be lead, deal, move or over, not {self.phase!r}")
        for name in ("passed", "score"):
            if len(getattr(self, name)) != n:
                raise StateFormatError(f"{name!r} needs one entry per seat ({n})")
        for name in ("marker", "actor"):
            if not 0 <= getattr(self, name) < n:
                raise StateFormatError(f"{name!r} must be a seat 0-{n - 1}")
        if self.phase in (DEAL, MOVE):
            if not 0 <= self.leader < n or not 0 <= self.colour < len(COLOURS):
                raise StateFormatError("a Deal under way needs a 'leader' seat and a 'colour'")
            if self.passed[self.actor]:
                raise StateFormatError(f"seat {self.actor} is to act but has passed")
        if (self.phase == MOVE) != (self.move_left > 0):
            raise StateFormatError("'move_left' must be 1-3 exactly when the phase is 'move'")
        if any(s < 0 for s in self.score):
            raise StateFormatError("scores are never below zero (POTA-R14)")
        if any(p not in (0, 1) for p in self.passed):
            raise StateFormatError("'passed' holds 0 or 1 per seat")
        if self.phase in (DEAL, MOVE) and all(self.passed):
            raise StateFormatError("a Deal under way needs a seat that has not passed")
        most = 2 * n if self.options.forced_lead_after_circle else 10**6
        if not 0 <= self.declines <= most or not 0 <= self.tiebreaks <= 100:
            raise StateFormatError(f"'declines' must be 0-{most} and 'tiebreaks' 0-100")
        if self.phase == LEAD and (
            self.leader != -1 or self.colour != -1 or self.actor != self.marker
        ):
            raise StateFormatError(
                "before a Deal there is no Leader or colour, and the marker holder acts"
            )
        if len(self.preliminary) != n or not all(
            isinstance(p, list) and all(isinstance(c, str) for c in p) for p in self.preliminary
        ):
            raise StateFormatError("'preliminary' needs one list of card names per seat")
        if (self.phase == OVER) != bool(self.winners) or any(
            not isinstance(w, int) or not 0 <= w < n for w in self.winners
        ):
            raise StateFormatError("'winners' lists seats exactly when the game is over")
        self._check_zones()

    def _check_zones(self) -> None:
        """Every pile holds only what the rules put there (POTA-R3, R7, R8, R12, R13)."""
        n = self.num_players
        zones = self.zones
        in_deal = self.phase in (DEAL, MOVE)

        def wrong(zone: int, why: str) -> StateFormatError:
            name = self.spec.layout.specs[zone].name
            return StateFormatError(f"zone {name!r}: {why}")

        for seat in range(n):
            hand = zones[hand_zone(seat)]
            if any(KIND[c] == XCARD for c in hand):
                raise wrong(hand_zone(seat), "X cards are placed at once, never kept (POTA-R3)")
            if len(hand) > self.hand_size:
                raise wrong(hand_zone(seat), f"hands hold at most {self.hand_size} cards")
        if any(KIND[c] != XCARD for c in zones[XCARDS]):
            raise wrong(XCARDS, "only X cards are placed there")
        table = [CENTRE, PLAYING]
        table += [self.pota_zone(s) for s in range(n)] + [self.reverse_zone(s) for s in range(n)]
        if not in_deal:
            for zone in table:
                if zones[zone]:
                    raise wrong(zone, "cards lie there only while a Deal is under way")
        else:
            for zone in table:
                if any(COLOUR[c] != self.colour for c in zones[zone]):
                    raise wrong(zone, "every card in a Deal is of the Deal's colour (POTA-R7)")
            if not zones[CENTRE] or any(KIND[c] != CARD_DEAL for c in zones[CENTRE]):
                raise wrong(CENTRE, "the centre holds the Deal's +/- cards, at least one")
            if sum(VALUE[c] for c in zones[CENTRE]) == 0:
                raise wrong(CENTRE, "a Deal's total is never zero (POTA-R8)")
            for s in range(n):
                potas, revs = zones[self.pota_zone(s)], zones[self.reverse_zone(s)]
                if any(KIND[c] != POTA for c in potas):
                    raise wrong(self.pota_zone(s), "only POTA cards go before a seat")
                if len(revs) > 1 or any(KIND[c] != REVERSE for c in revs):
                    raise wrong(self.reverse_zone(s), "at most one Reverse goes before a seat")
                if revs and not potas and s != self.leader:
                    raise wrong(
                        self.reverse_zone(s), "a Reverse needs the Leader or a POTA (POTA-R12)"
                    )
        playing = zones[PLAYING]
        if self.phase == MOVE:
            if len(playing) != 1 or KIND[playing[0]] != MOVE_CARD:
                raise wrong(PLAYING, "a Move under way has its one Move card here")
            if not 1 <= self.move_left <= VALUE[playing[0]]:
                raise StateFormatError("'move_left' cannot exceed the Move card's count")
        elif playing:
            raise wrong(PLAYING, "a card is here only while a Move is under way")
        for zone in table:
            for card in zones[zone]:
                if self.tags[card] and (self.phase != MOVE or self.tags[card] != 1):
                    raise wrong(zone, f"{NAMES[card]!r} is marked as moved, but no Move is on")
