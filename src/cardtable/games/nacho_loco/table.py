"""The Nacho Loco table: zones, fields, phases, the Playfield caches and the position checks.

The bottom of the package: the rules, the words, the views and the bot import this module, and
it imports only the core and the data modules (``meta``, ``cards``, ``config`` and what it
builds on) (docs/architecture.md).

Zones: ``draw`` (face down, top = end), ``discard``
and ``field`` (face up; the field in placement order), ``under`` (a turned-up Closer lying under
the draw pile, face up: everyone knows it is the pile's last card), ``hand:i`` (owner only).

Scalars (public by the core's contract):

* ``phase`` (see :data:`PHASES`), ``active`` — the seat deciding;
* ``round``, ``round_first``, ``points``, ``round_winner``, ``last_points``;
* ``field_at`` — ``[row, column, rotation]`` of each field card, in the order of the field zone;
* ``skips`` — skip tokens held (NL-R11); ``noplay`` — who has had a no-play turn since the last
  placement (NL-R8); ``last_matcher``, ``opener`` — whom an everyone-drew close is credited to;
* ``lacks``, ``holds`` — what draw turns showed (NL-R16, NL-R15): facts ``[seat, bound, type,
  ...]``, the seat holds at most (``lacks``) or at least (``holds``) ``bound`` cards of those
  types together (:mod:`.facts`);
* ``d3_left``, ``pend_go``, ``pend_skips``, ``pend_closer`` — a placement being resolved while
  its Opponent Draws 3 targets are chosen; ``due`` — whose turn follows a laid starter (NL-R17);
* counters for the simulator (placements, matches, closings by kind, …).

Which card a seat has just drawn is private: it is marked with a card tag, never a scalar.
"""

from __future__ import annotations

from typing import ClassVar, Final

from cardtable.core import State, StateFormatError, Vis, ZoneSpec
from cardtable.games.nacho_loco import meta
from cardtable.games.nacho_loco.config import Config, Spot, config

#: Zone indexes in layout order; hands follow from HAND0.
#: ``Final``: compiled code inlines them (a plain module constant is a dictionary lookup per use).
DRAW: Final = 0  # the draw pile, face down (top = end of the list)
DISCARD: Final = 1  # cleared Playfields, face up
FIELD: Final = 2  # the cards on the Playfield, face up, in placement order
UNDER: Final = 3  # a Closer turned up as a starter: under the draw pile, known to all (NL-R5)
HAND0: Final = 4


def zone_specs(num_players: int) -> tuple[ZoneSpec, ...]:
    return (
        ZoneSpec("draw", Vis.HIDDEN),
        ZoneSpec("discard", Vis.PUBLIC),
        ZoneSpec("field", Vis.PUBLIC),
        ZoneSpec("under", Vis.PUBLIC),
        *(ZoneSpec(f"hand:{i}", Vis.OWNER, i) for i in range(num_players)),
    )


# Phases (the public field ``phase``): place or draw, the card just drawn, choosing who draws 3,
# the extra card of a Go Again, laying a starter from hand (NL-R17), the end.
PLAY: Final = "play"
DRAWN: Final = "drawn"
TARGETING: Final = "target"
AGAIN: Final = "again"
STARTING: Final = "start"
OVER: Final = "over"
PHASES: Final = (PLAY, DRAWN, TARGETING, AGAIN, STARTING, OVER)

#: Tag on the card a seat has just drawn (private: tags never reach observations).
TAG_DRAWN: Final = 1

#: Closing kinds, the index into ``closes``.
CUTTHROAT: Final = 0
EVERYONE_DREW: Final = 1
BY_CLOSER: Final = 2
CLOSING_NAMES: Final = ("cut-throat", "everyone drew", "the Closer")


def config_of(num_players: int, options: meta.NachoOptions) -> Config:
    return config(
        options.deck, meta.board_name(options, num_players), options.placement_rule == "all_edges"
    )


#: The table's fields in the order positions write them (docs/state-format.md): declared once,
#: for ``__slots__`` and for saving and loading (``SCALARS``).
FIELDS = (
    "phase",
    "active",
    "round",
    "round_first",
    "points",
    "round_winner",
    "last_points",
    "field_at",
    "skips",
    "noplay",
    "lacks",
    "holds",
    "last_matcher",
    "opener",
    "d3_left",
    "pend_go",
    "pend_skips",
    "pend_closer",
    "due",
    "closer_held",
    "closer_placed",
    "turns",
    "draw_turns",
    "placements",
    "matches2",
    "matches3",
    "closes",
    "closer_held_rounds",
    "closer_placed_rounds",
    "d3s",
    "skips_given",
    "go_agains",
    "drawn_by_effects",
    "reshuffles",
)
#: Lookups derived from the options and the board (rebuilt on load, shared by copies), never saved.
#: ``faces``: each occupied cell's shown faces; ``frontier``: each empty cell next to the field
#: with the shared :class:`Spot` of the faces pointing at it (its key, and what fits there);
#: ``live``: how many frontier cells are live (NL-R6). Kept by ``rules.lay``.
CACHES = ("cfg", "faces", "frontier", "live")


class NachoTable(State):
    """A Nacho Loco table for 2 to 6 seats: fields and Playfield caches, no rules."""

    __slots__ = FIELDS + CACHES

    GAME: ClassVar[str] = meta.NAME
    TITLE: ClassVar[str] = meta.DISPLAY_NAME
    MIN_PLAYERS: ClassVar[int] = meta.MIN_PLAYERS
    MAX_PLAYERS: ClassVar[int] = meta.MAX_PLAYERS
    OPTIONS: ClassVar[type] = meta.NachoOptions
    SCALARS: ClassVar[tuple[str, ...]] = FIELDS
    REST_ZONE: ClassVar[str] = "draw"

    options: meta.NachoOptions
    cfg: Config
    faces: dict[int, tuple[int, ...]]
    frontier: dict[int, Spot]
    live: int
    phase: str
    active: int
    round: int
    round_first: int
    points: list[int]
    round_winner: int
    last_points: int
    field_at: list[list[int]]
    skips: list[int]
    noplay: list[bool]
    lacks: list[list[int]]
    holds: list[list[int]]
    last_matcher: int
    opener: int
    d3_left: int
    pend_go: bool
    pend_skips: int
    pend_closer: bool
    due: int
    closer_held: bool
    closer_placed: bool
    turns: int
    draw_turns: int
    placements: int
    matches2: int
    matches3: int
    closes: list[int]
    closer_held_rounds: int
    closer_placed_rounds: int
    d3s: int
    skips_given: int
    go_agains: int
    drawn_by_effects: int
    reshuffles: int

    def _init_scalars(self) -> None:
        n = self.num_players
        self.cfg = config_of(n, self.options)
        self.faces = {}
        self.frontier = {}
        self.live = 0
        self.phase = PLAY
        self.active = 0
        self.round = 0
        self.round_first = 0
        self.points = [0] * n
        self.round_winner = -1
        self.last_points = 0
        self.field_at = []
        self.skips = [0] * n
        self.noplay = [False] * n
        self.lacks = []
        self.holds = []
        self.last_matcher = self.opener = self.due = -1
        self.d3_left = 0
        self.pend_go = False
        self.pend_skips = 0
        self.pend_closer = False
        self.closer_held = self.closer_placed = False
        self.turns = self.draw_turns = self.placements = 0
        self.matches2 = self.matches3 = 0
        self.closes = [0, 0, 0]
        self.closer_held_rounds = self.closer_placed_rounds = 0
        self.d3s = self.skips_given = self.go_agains = 0
        self.drawn_by_effects = self.reshuffles = 0

    def _copy_scalars(self, new: State) -> None:
        """The fields of ``SCALARS``, copied one by one: see :meth:`State._copy_scalars`."""
        assert isinstance(new, NachoTable)
        new.phase = self.phase
        new.active = self.active
        new.round = self.round
        new.round_first = self.round_first
        new.points = self.points[:]
        new.round_winner = self.round_winner
        new.last_points = self.last_points
        new.field_at = [v[:] for v in self.field_at]
        new.skips = self.skips[:]
        new.noplay = self.noplay[:]
        new.lacks = [v[:] for v in self.lacks]
        new.holds = [v[:] for v in self.holds]
        new.last_matcher = self.last_matcher
        new.opener = self.opener
        new.d3_left = self.d3_left
        new.pend_go = self.pend_go
        new.pend_skips = self.pend_skips
        new.pend_closer = self.pend_closer
        new.due = self.due
        new.closer_held = self.closer_held
        new.closer_placed = self.closer_placed
        new.turns = self.turns
        new.draw_turns = self.draw_turns
        new.placements = self.placements
        new.matches2 = self.matches2
        new.matches3 = self.matches3
        new.closes = self.closes[:]
        new.closer_held_rounds = self.closer_held_rounds
        new.closer_placed_rounds = self.closer_placed_rounds
        new.d3s = self.d3s
        new.skips_given = self.skips_given
        new.go_agains = self.go_agains
        new.drawn_by_effects = self.drawn_by_effects
        new.reshuffles = self.reshuffles

    def clone(self) -> NachoTable:
        new = super().clone()
        assert isinstance(new, NachoTable)
        new.cfg = self.cfg
        new.faces = dict(self.faces)
        new.frontier = dict(self.frontier)
        new.live = self.live
        return new


def check_fields(st: NachoTable) -> None:
    """A loaded (untrusted) position's fields and field cards, before the caches are rebuilt."""
    cfg = st.cfg
    n = st.num_players
    field = st.zones[FIELD]
    if len(st.field_at) != len(field):
        raise StateFormatError(
            f"field_at has {len(st.field_at)} entries for {len(field)} field cards"
        )
    cells = set()
    for entry in st.field_at:
        if not (isinstance(entry, list) and len(entry) == 3):
            raise StateFormatError(f"field_at entries are [row, column, rotation], not {entry!r}")
        r, c, rot = entry
        if (r, c) not in cfg.board.index:
            raise StateFormatError(f"cell ({r}, {c}) is not on the board {cfg.board.name}")
        if rot not in (0, 1, 2):
            raise StateFormatError(f"rotation must be 0, 1 or 2, not {rot!r}")
        if (r, c) in cells:
            raise StateFormatError(f"two field cards at ({r}, {c})")
        cells.add((r, c))
    for name in ("points", "skips", "noplay"):
        if len(getattr(st, name)) != n:
            raise StateFormatError(f"{name} needs one entry per seat")
    if st.phase not in PHASES:
        raise StateFormatError(f"unknown phase {st.phase!r}")
    if st.phase != OVER and not 0 <= st.active < n:
        raise StateFormatError(f"active must be a seat, not {st.active}")
    if st.phase != STARTING and st.phase != OVER and not field:
        raise StateFormatError("the Playfield needs at least a starter card")
    if any(s < 0 for s in st.skips) or any(p < 0 for p in st.points):
        raise StateFormatError("skips and points cannot be negative")
    tagged = [c for s in range(n) for c in st.zones[HAND0 + s] if st.tags[c] == TAG_DRAWN]
    _check_lacks(st)
    if st.phase == DRAWN and (len(tagged) != 1 or tagged[0] not in st.zones[HAND0 + st.active]):
        raise StateFormatError("in phase drawn the active hand marks its drawn card (tag 1)")


def _check_lacks(st: NachoTable) -> None:
    """Each fact is ``[seat, bound, type, ...]`` and every hand keeps to them."""
    types = len(st.cfg.types)
    for name, at_most in (("lacks", True), ("holds", False)):
        facts = getattr(st, name)
        if not isinstance(facts, list):
            raise StateFormatError(f"'{name}' must be a list of facts")
        for fact in facts:
            if (
                not isinstance(fact, list)
                or len(fact) < 3
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in fact)
                or not 0 <= fact[0] < st.num_players
                or fact[1] < (0 if at_most else 1)
                or any(not 0 <= t < types for t in fact[2:])
            ):
                raise StateFormatError(
                    f"bad '{name}' fact {fact}: want [seat, bound, type, ...] with types "
                    f"0-{types - 1}"
                )
            listed = set(fact[2:])
            held = sum(1 for c in st.zones[HAND0 + fact[0]] if st.cfg.type_of[c] in listed)
            if held > fact[1] if at_most else held < fact[1]:
                word = "more" if at_most else "fewer"
                raise StateFormatError(
                    f"seat {fact[0]} holds {word} cards than '{name}' allows: {fact}"
                )
