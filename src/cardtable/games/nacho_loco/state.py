"""The Nacho Loco state: zones, public scalars, the Playfield caches and the protocol methods.

Zones (see :mod:`cardtable.games.nacho_loco.meta`): ``draw`` (face down, top = end), ``discard``
and ``field`` (face up; the field in placement order), ``under`` (a turned-up Closer lying under
the draw pile, face up: everyone knows it is the pile's last card), ``hand:i`` (owner only).

Scalars (public by the core's contract):

* ``phase`` (see :mod:`~cardtable.games.nacho_loco.rules`), ``active`` — the seat deciding;
* ``round``, ``round_first``, ``points``, ``round_winner``, ``last_points``;
* ``field_at`` — ``[row, column, rotation]`` of each field card, in the order of the field zone;
* ``skips`` — skip tokens held (NL-R11); ``noplay`` — who has had a no-play turn since the last
  placement (NL-R8); ``last_matcher``, ``opener`` — whom an everyone-drew close is credited to;
* ``d3_left``, ``pend_go``, ``pend_skips``, ``pend_closer`` — a placement being resolved while
  its Opponent Draws 3 targets are chosen; ``due`` — whose turn follows a laid starter (NL-R17);
* counters for the simulator (placements, matches, closings by kind, …).

Which card a seat has just drawn is private: it is marked with a card tag, never a scalar.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core import BadOptions, CardSet, Layout, State, StateFormatError, TableSpec
from cardtable.games.nacho_loco import meta, rules
from cardtable.games.nacho_loco.config import Config, config
from cardtable.games.nacho_loco.decks import Segments
from cardtable.games.nacho_loco.describe import (
    choice_notes,
    deciding_text,
    describe_action,
    explain_illegal,
)
from cardtable.games.nacho_loco.meta import (
    DRAW,
    FIELD,
    HAND0,
    NAME,
    TARGET_SCORE,
    UNDER,
    NachoOptions,
    board_name,
    zone_specs,
)


def config_of(num_players: int, options: NachoOptions) -> Config:
    return config(
        options.deck, board_name(options, num_players), options.placement_rule == "all_edges"
    )


class NachoState(State):
    """A game of Nacho Loco for 2 to 6 seats."""

    __slots__ = (
        "active",
        "cfg",
        "closer_held",
        "closer_held_rounds",
        "closer_placed",
        "closer_placed_rounds",
        "closes",
        "d3_left",
        "d3s",
        "draw_turns",
        "drawn_by_effects",
        "due",
        "faces",
        "field_at",
        "frontier",
        "go_agains",
        "last_matcher",
        "last_points",
        "matches2",
        "matches3",
        "noplay",
        "opener",
        "pend_closer",
        "pend_go",
        "pend_skips",
        "phase",
        "placements",
        "points",
        "reshuffles",
        "round",
        "round_first",
        "round_winner",
        "skips",
        "skips_given",
        "turns",
    )

    GAME: ClassVar[str] = NAME
    TITLE = meta.DISPLAY_NAME
    MIN_PLAYERS = meta.MIN_PLAYERS
    MAX_PLAYERS = meta.MAX_PLAYERS
    OPTIONS: ClassVar[type] = NachoOptions
    SCALARS: ClassVar[tuple[str, ...]] = (
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
    REST_ZONE: ClassVar[str] = "draw"

    options: NachoOptions
    cfg: Config
    faces: dict[int, Segments]
    frontier: dict[int, int]
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

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        if not 0 <= options.first_player < num_players:
            raise BadOptions(
                f"option first_player must be a seat from 0 to {num_players - 1}, "
                f"not {options.first_player}"
            )
        cfg = config_of(num_players, options)
        return TableSpec(
            num_players=num_players,
            options=options,
            cards=CardSet(cfg.card_names),
            layout=Layout(zone_specs(num_players), num_players),
            actions=cfg.actions.space(),
        )

    def _init_scalars(self) -> None:
        n = self.num_players
        self.cfg = config_of(n, self.options)
        self.faces = {}
        self.frontier = {}
        self.phase = rules.PLAY
        self.active = 0
        self.round = 0
        self.round_first = 0
        self.points = [0] * n
        self.round_winner = -1
        self.last_points = 0
        self.field_at = []
        self.skips = [0] * n
        self.noplay = [False] * n
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

    def _setup(self) -> None:
        self.zones[DRAW].extend(range(len(self.cfg.type_of)))
        rules.new_round(self, self.options.first_player)

    def clone(self) -> NachoState:
        new = super().clone()
        assert isinstance(new, NachoState)
        new.cfg = self.cfg
        new.faces = dict(self.faces)
        new.frontier = dict(self.frontier)
        return new

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> Sequence[int]:
        return () if self.phase == rules.OVER else (self.active,)

    def legal_action_ids(self, seat: int) -> list[int]:
        return rules.legal_action_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def returns(self) -> list[float]:
        """1 to the seat that reached 20 (only the round winner scores: NL-R20)."""
        if self.phase != rules.OVER:
            return [0.0] * self.num_players
        return [1.0 if s == self.round_winner else 0.0 for s in range(self.num_players)]

    def evaluate(self) -> list[float]:
        """Win shares from points and hand sizes: fewer cards in hand, closer to going out."""
        if self.is_terminal():
            return self.returns()
        n = self.num_players
        strength = [(self.points[s] + 4.0) / (2.0 + len(self.zones[HAND0 + s])) for s in range(n)]
        weights = [v * v for v in strength]
        whole = sum(weights)
        return [w / whole for w in weights]

    def game_stats(self) -> dict[str, float]:
        return {
            "rounds": float(self.round),
            "turns": float(self.turns),
            "placements": float(self.placements),
            "draw_turns": float(self.draw_turns),
            "matches_2": float(self.matches2),
            "matches_3": float(self.matches3),
            "closings_cutthroat": float(self.closes[rules.CUTTHROAT]),
            "closings_everyone_drew": float(self.closes[rules.EVERYONE_DREW]),
            "closings_closer": float(self.closes[rules.BY_CLOSER]),
            "closer_held_rounds": float(self.closer_held_rounds),
            "closer_placed_rounds": float(self.closer_placed_rounds),
            "opponent_draws_3": float(self.d3s),
            "skips_given": float(self.skips_given),
            "go_agains": float(self.go_agains),
        }

    def describe_action(self, seat: int, action_id: int) -> str:
        return describe_action(self, seat, action_id)

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        return explain_illegal(self, seat, action_id)

    def choice_notes(self, seat: int) -> list[str]:
        return choice_notes(self, seat)

    def public_view(self) -> dict[str, Any]:
        cfg = self.cfg
        board = cfg.board
        field = []
        for card, (r, c, rot) in zip(self.zones[FIELD], self.field_at, strict=True):
            cell = board.index[(r, c)]
            field.append({"card": cfg.card_names[card], "cell": cell, "at": [r, c], "rot": rot})
        return {
            "phase": self.phase,
            "active": self.active,
            "round": self.round,
            "points": self.points[:],
            "target": TARGET_SCORE,
            "round_winner": self.round_winner if self.round_winner >= 0 else None,
            "last_points": self.last_points,
            "board": board.name,
            "field": field,
            "skips": self.skips[:],
            "noplay": [s for s in range(self.num_players) if self.noplay[s]],
            "last_matcher": self.last_matcher if self.last_matcher >= 0 else None,
            "d3_left": self.d3_left,
            "hand_sizes": [len(self.zones[HAND0 + s]) for s in range(self.num_players)],
            "draw_size": len(self.zones[DRAW]) + len(self.zones[UNDER]),
            "deciding": deciding_text(self),
        }

    # ------------------------------------------------------------------ loading positions

    def _after_load(self) -> None:
        """Check a hand-written position (untrusted input) and rebuild the Playfield caches."""
        cfg = self.cfg
        n = self.num_players
        field = self.zones[FIELD]
        if len(self.field_at) != len(field):
            raise StateFormatError(
                f"field_at has {len(self.field_at)} entries for {len(field)} field cards"
            )
        cells = set()
        for entry in self.field_at:
            if not (isinstance(entry, list) and len(entry) == 3):
                raise StateFormatError(
                    f"field_at entries are [row, column, rotation], not {entry!r}"
                )
            r, c, rot = entry
            if (r, c) not in cfg.board.index:
                raise StateFormatError(f"cell ({r}, {c}) is not on the board {cfg.board.name}")
            if rot not in (0, 1, 2):
                raise StateFormatError(f"rotation must be 0, 1 or 2, not {rot!r}")
            if (r, c) in cells:
                raise StateFormatError(f"two field cards at ({r}, {c})")
            cells.add((r, c))
        for name in ("points", "skips", "noplay"):
            if len(getattr(self, name)) != n:
                raise StateFormatError(f"{name} needs one entry per seat")
        if self.phase not in (
            rules.PLAY,
            rules.DRAWN,
            rules.TARGETING,
            rules.AGAIN,
            rules.STARTING,
            rules.OVER,
        ):
            raise StateFormatError(f"unknown phase {self.phase!r}")
        if self.phase != rules.OVER and not 0 <= self.active < n:
            raise StateFormatError(f"active must be a seat, not {self.active}")
        if self.phase != rules.STARTING and self.phase != rules.OVER and not field:
            raise StateFormatError("the Playfield needs at least a starter card")
        if any(s < 0 for s in self.skips) or any(p < 0 for p in self.points):
            raise StateFormatError("skips and points cannot be negative")
        tagged = [
            c for s in range(n) for c in self.zones[HAND0 + s] if self.tags[c] == rules.TAG_DRAWN
        ]
        if self.phase == rules.DRAWN and (
            len(tagged) != 1 or tagged[0] not in self.zones[HAND0 + self.active]
        ):
            raise StateFormatError("in phase drawn the active hand marks its drawn card (tag 1)")
        rules.rebuild_caches(self)
        if self.phase != rules.OVER and not self.legal_action_ids(self.active):
            raise StateFormatError(f"seat {self.active} would have no legal action here")
