"""The Score! table: zones, fields, phases and the checks of a loaded position.

The bottom of the package: the rules, the words, the views and the bot import this module, and
it imports only the core, ``meta.py`` and ``cards.py`` (docs/architecture.md).

Zones: ``pile`` (the face-down Completes, top =
end), ``singles`` (the Singles between rounds), ``completes:i`` and ``hand:i`` (each seat's
Completes and Singles, owner only), ``drawn:i`` (the Completes a lead has just taken, owner
only), ``laid`` and ``discarded`` (face up).

Scalars (public by the core's contract; the face-down plays live in the core's ``pending``):

* ``phase`` — ``call``, ``choose``, ``commit``, ``collect`` or ``over``;
* ``round`` (from 1), ``first_lead`` (this round's, SC-R15), ``lead`` (this turn's);
* ``total`` — game scores; ``busted`` — who is out for the rest of the round (SC-R6);
* ``round_points`` — the points of the last round scored;
* ``lacks`` — what forced discards and busts showed (SC-R5, SC-R6): facts ``[seat, most, value,
  ...]``, the seat holds at most ``most`` Singles of those values (0..8, :mod:`.cards`) together
  (:mod:`.facts`);
* ``chain`` — this turn's participants in collection order; ``passer`` and ``to_pass`` — who is
  passing and how many Singles it still owes the next participant;
* counters for the simulator: ``calls``, ``busts``, ``discards``, ``five_point_hands``,
  ``empty_pile_endings``.

Loaded positions are untrusted input: a bad one is refused with :class:`StateFormatError`
naming the problem, never accepted and then failing later. Unlisted cards (``"rest": true``)
land in the ``singles`` zone; the Completes among them are put under the pile, so that a listed
pile keeps its top cards in order.
"""

from __future__ import annotations

from typing import ClassVar, Final

from cardtable.core import State, StateFormatError, Vis, ZoneSpec
from cardtable.games.score import meta
from cardtable.games.score.cards import IS_COMPLETE, NAMES, NUM_VALUES, VALUE

#: Zone indexes in layout order.
PILE: Final = 0  # the face-down Complete pile (top = end of the list)
SINGLES_DECK: Final = 1  # the Singles between rounds (empty while a round is played)
COMPLETES: Final = (2, 3, 4)  # each seat's Completes (owner only)
SINGLES: Final = (5, 6, 7)  # each seat's Singles (owner only)
DRAWN: Final = (8, 9, 10)  # the Completes a lead has just taken (owner only)
#: Seat ``s``'s zone of each kind above is the first one's plus ``s``. Compiled, a ``Final``
#: tuple such as ``SINGLES`` is built anew at every use (a new tuple, its ints boxed), so the hot
#: rule paths add instead of indexing (docs/performance.md, "Eighth sitting: Nacho Loco and
#: Score! search").
COMPLETES0: Final = 2
SINGLES0: Final = 5
DRAWN0: Final = 8
LAID: Final = 11  # laid Completes, face up for the rest of the round (SC-R13)
DISCARDED: Final = 12  # Completes discarded for want of a match, face up (SC-R5)

ZONE_SPECS = (
    ZoneSpec("pile", Vis.HIDDEN),
    ZoneSpec("singles", Vis.HIDDEN),
    *(ZoneSpec(f"completes:{i}", Vis.OWNER, i) for i in range(3)),
    *(ZoneSpec(f"hand:{i}", Vis.OWNER, i) for i in range(3)),
    *(ZoneSpec(f"drawn:{i}", Vis.OWNER, i) for i in range(3)),
    ZoneSpec("laid", Vis.PUBLIC),
    ZoneSpec("discarded", Vis.PUBLIC),
)

# Phases (public scalar ``phase``).
CALL_PHASE: Final = "call"
CHOOSE: Final = "choose"
COMMIT: Final = "commit"
COLLECT: Final = "collect"
OVER: Final = "over"
PHASES: Final = (CALL_PHASE, CHOOSE, COMMIT, COLLECT, OVER)

SEATS: Final = 3
HAND_COMPLETES: Final = 3
HAND_SINGLES: Final = 12
TAKE: Final = 3  # Completes a lead takes from the pile


#: The table's fields in the order positions write them (docs/state-format.md): declared once,
#: for ``__slots__`` and for saving and loading (``SCALARS``).
FIELDS = (
    "phase",
    "round",
    "first_lead",
    "lead",
    "total",
    "busted",
    "round_points",
    "lacks",
    "chain",
    "passer",
    "to_pass",
    "calls",
    "busts",
    "discards",
    "five_point_hands",
    "empty_pile_endings",
)


class ScoreTable(State):
    """A Score! table of seats A, B and C (seats 0, 1, 2): fields only."""

    __slots__ = FIELDS

    GAME: ClassVar[str] = meta.NAME
    TITLE: ClassVar[str] = meta.DISPLAY_NAME
    MIN_PLAYERS: ClassVar[int] = meta.MIN_PLAYERS
    MAX_PLAYERS: ClassVar[int] = meta.MAX_PLAYERS
    OPTIONS: ClassVar[type] = meta.ScoreOptions
    SCALARS: ClassVar[tuple[str, ...]] = FIELDS
    REST_ZONE: ClassVar[str] = "singles"

    options: meta.ScoreOptions
    phase: str
    round: int
    first_lead: int
    lead: int
    total: list[int]
    busted: list[bool]
    round_points: list[int]
    lacks: list[list[int]]
    chain: list[int]
    passer: int
    to_pass: int
    calls: int
    busts: int
    discards: int
    five_point_hands: int
    empty_pile_endings: int

    def _init_scalars(self) -> None:
        self.phase = CALL_PHASE
        self.round = 0
        self.first_lead = 0
        self.lead = 0
        self.total = [0, 0, 0]
        self.busted = [False, False, False]
        self.round_points = [0, 0, 0]
        self.lacks = []
        self.chain = []
        self.passer = -1
        self.to_pass = 0
        self.calls = self.busts = self.discards = 0
        self.five_point_hands = self.empty_pile_endings = 0

    def _copy_scalars(self, new: State) -> None:
        """The fields of ``SCALARS``, copied one by one: see :meth:`State._copy_scalars`."""
        assert isinstance(new, ScoreTable)
        new.phase = self.phase
        new.round = self.round
        new.first_lead = self.first_lead
        new.lead = self.lead
        new.total = self.total[:]
        new.busted = self.busted[:]
        new.round_points = self.round_points[:]
        new.lacks = [v[:] for v in self.lacks]
        new.chain = self.chain[:]
        new.passer = self.passer
        new.to_pass = self.to_pass
        new.calls = self.calls
        new.busts = self.busts
        new.discards = self.discards
        new.five_point_hands = self.five_point_hands
        new.empty_pile_endings = self.empty_pile_endings


def check_position(st: ScoreTable) -> None:
    _completes_to_pile(st)
    _check_scalars(st)
    _check_zones(st)
    _check_pile(st)
    _check_lacks(st)


def held_values(st: ScoreTable, seat: int) -> list[int]:
    """The value of each Single ``seat`` holds."""
    return [VALUE[c] for c in st.zones[SINGLES[seat]]]


def value_counts(st: ScoreTable, seat: int) -> list[int]:
    """How many Singles of each value ``seat`` holds."""
    counts = [0] * NUM_VALUES
    for card in st.zones[SINGLES0 + seat]:
        counts[VALUE[card]] += 1
    return counts


def _check_lacks(st: ScoreTable) -> None:
    """Each fact is ``[seat, most, value, ...]`` and every hand keeps to them."""
    for fact in st.lacks:
        if (
            len(fact) < 3
            or not 0 <= fact[0] < SEATS
            or fact[1] < 0
            or any(not 0 <= v < NUM_VALUES for v in fact[2:])
        ):
            raise StateFormatError(
                f"bad 'lacks' fact {fact}: want [seat, most, value, ...] with seats 0-2, most at "
                "least 0 and values 0-8"
            )
        listed = set(fact[2:])
        if sum(1 for v in held_values(st, fact[0]) if v in listed) > fact[1]:
            raise StateFormatError(f"seat {fact[0]} holds more Singles than 'lacks' allows: {fact}")


def _completes_to_pile(st: ScoreTable) -> None:
    for card in [c for c in st.zones[SINGLES_DECK] if IS_COMPLETE[c]]:
        st.move(card, SINGLES_DECK, PILE, bottom=True)


def _check_scalars(st: ScoreTable) -> None:
    if st.phase not in PHASES:
        raise StateFormatError(f"phase must be one of {', '.join(PHASES)}, not {st.phase!r}")
    for name in ("total", "busted", "round_points"):
        if len(getattr(st, name)) != SEATS:
            raise StateFormatError(f"{name!r} needs one entry per seat (3)")
    if any(t < 0 for t in st.total):
        raise StateFormatError("game totals cannot be negative")
    for name in ("lead", "first_lead"):
        if not 0 <= getattr(st, name) < SEATS:
            raise StateFormatError(f"{name!r} must be a seat 0..2")
    if st.phase != OVER and st.busted[st.lead]:
        raise StateFormatError("a busted seat cannot be the lead (SC-R6)")
    if st.round < 1:
        st.round = 1
    if st.phase == COLLECT:
        _check_chain(st)
    elif st.chain or st.passer != -1 or st.to_pass:
        raise StateFormatError("'chain', 'passer' and 'to_pass' belong to the collect phase only")


def _check_chain(st: ScoreTable) -> None:
    chain = st.chain
    if len(set(chain)) != len(chain) or not 2 <= len(chain) <= SEATS:
        raise StateFormatError("'chain' must list 2 or 3 different participants")
    if any(not 0 <= s < SEATS or st.busted[s] for s in chain):
        raise StateFormatError("'chain' may name only seats that are not bust")
    if st.passer not in chain[:-1]:
        raise StateFormatError("'passer' must be a participant with someone after it in 'chain'")
    owed = len(chain) - 1 - chain.index(st.passer)
    if not 1 <= st.to_pass <= owed:
        raise StateFormatError(f"'to_pass' must be 1..{owed} for that passer")


def _check_zones(st: ScoreTable) -> None:
    for seat in range(SEATS):
        for zone, kind in ((COMPLETES[seat], True), (SINGLES[seat], False)):
            wrong = [NAMES[c] for c in st.zones[zone] if IS_COMPLETE[c] != kind]
            if wrong:
                raise StateFormatError(f"{wrong[0]!r} cannot lie in {_zone_name(st, zone)}")
        if len(st.zones[COMPLETES[seat]]) > HAND_COMPLETES:
            raise StateFormatError(f"seat {seat} holds more than 3 Completes")
        drawn = st.zones[DRAWN[seat]]
        if drawn and (st.phase != CHOOSE or seat != st.lead):
            raise StateFormatError("only the lead choosing a Complete holds drawn Completes")
        if any(not IS_COMPLETE[c] for c in drawn) or len(drawn) > TAKE:
            raise StateFormatError("a lead holds at most 3 drawn Completes")
    if st.phase == CHOOSE and not st.zones[DRAWN[st.lead]]:
        raise StateFormatError("the choose phase needs the lead's drawn Completes")
    if any(not IS_COMPLETE[c] for c in st.zones[PILE]) or any(
        not IS_COMPLETE[c] for c in st.zones[LAID]
    ):
        raise StateFormatError("only Completes lie in the pile and among the laid cards")
    if st.zones[SINGLES_DECK] and st.phase != OVER:
        raise StateFormatError("every Single is in a hand during a round (12 each)")
    if st.phase != COLLECT and st.phase != OVER:
        sizes = [len(st.zones[SINGLES[s]]) for s in range(SEATS)]
        if sizes != [HAND_SINGLES] * SEATS:
            raise StateFormatError(f"each hand holds 12 Singles outside a collection, not {sizes}")
    if st.phase in (COMMIT, COLLECT) and not st.zones[LAID]:
        raise StateFormatError(f"the {st.phase} phase needs a laid Complete")


def _check_pile(st: ScoreTable) -> None:
    """A lead never faces an empty pile (SC-R12): by default the round is scored the moment the
    pile runs out, and with recycling the laid Completes become the new pile. A call position
    without either would offer ``lead`` and then leave the lead with nothing to do."""
    if st.phase != CALL_PHASE or st.zones[PILE]:
        return
    if st.options.empty_pile == "score":
        raise StateFormatError(
            "the Complete pile is empty in the call phase: the round is scored as soon as the "
            "pile runs out (SC-R12), so no lead is asked for"
        )
    if not st.zones[LAID]:
        raise StateFormatError(
            "the Complete pile is empty and there are no laid Completes to recycle into a new "
            "one (SC-R12): the lead could take nothing"
        )


def _zone_name(st: ScoreTable, zone: int) -> str:
    return st.spec.layout.specs[zone].name
