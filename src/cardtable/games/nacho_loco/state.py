"""The Nacho Loco state: the table spec and the protocol routing, on top of the package.

The zones, fields, phases, caches and position checks are in :mod:`.table`, the rules in
:mod:`.rules`, the words in :mod:`.describe`. This class names which function answers each
protocol call (``RULES``) and adds the result, the public view and the end of a position check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core import BadOptions, CardSet, Layout, Rng, StateFormatError, TableSpec
from cardtable.core.gamerules import GameRules
from cardtable.games.nacho_loco import playout, rules, sampling, value
from cardtable.games.nacho_loco.describe import (
    choice_notes,
    deciding_text,
    describe_action,
    explain_illegal,
)
from cardtable.games.nacho_loco.meta import TARGET_SCORE
from cardtable.games.nacho_loco.table import (
    BY_CLOSER,
    CUTTHROAT,
    DRAW,
    EVERYONE_DREW,
    FIELD,
    HAND0,
    OVER,
    UNDER,
    NachoTable,
    check_fields,
    config_of,
    zone_specs,
)


class NachoState(NachoTable):
    """A game of Nacho Loco for 2 to 6 seats."""

    __slots__ = ()

    RULES: ClassVar[GameRules] = GameRules(
        describe=describe_action,
        explain=explain_illegal,
        notes=choice_notes,
    )

    #: ``ismcts:value=auto`` (``hard``) scores its cut-offs with :meth:`search_value` here: the
    #: fitted value measured better than ``evaluate`` for the search (docs/bots.md).
    SEARCH_VALUE_PREFERRED: ClassVar[bool] = True

    # The calls on the hot path are methods that call the rules directly: compiled, that is a
    # direct C call, where a function held in RULES is called through Python (the measured
    # difference is in docs/performance.md).

    def legal_action_ids(self, seat: int) -> list[int]:
        return rules.legal_action_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

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

    def _setup(self) -> None:
        self.zones[DRAW].extend(range(len(self.cfg.type_of)))
        rules.new_round(self, self.options.first_player)

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> Sequence[int]:
        return () if self.phase == OVER else (self.active,)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def returns(self) -> list[float]:
        """1 to the seat that reached 20 (only the round winner scores: NL-R20)."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        return [1.0 if s == self.round_winner else 0.0 for s in range(self.num_players)]

    def evaluate(self) -> list[float]:
        """Win shares from points and hand sizes: fewer cards in hand, closer to going out."""
        if self.phase == OVER:
            return self.returns()
        # One loop, no intermediate lists: every rollout of the search ends here. The sum runs
        # left to right from the first weight, as ``sum`` did, so the shares are bit-identical.
        points = self.points
        zones = self.zones
        weights: list[float] = []
        whole = 0.0
        for s in range(self.num_players):
            v = (points[s] + 4.0) / (2.0 + len(zones[HAND0 + s]))
            w = v * v
            weights.append(w)
            whole += w
        for s in range(len(weights)):
            weights[s] /= whole
        return weights

    def search_value(self) -> list[float]:
        """The fitted value of :mod:`.value` (hand contents, skips, the turn): only the search
        (``ismcts:value=search``, ``hard`` here) reads it; ``evaluate`` stays the shared one."""
        return value.search_value(self)

    def rollout_action_id(self, seat: int, rng: Rng) -> int:
        """The heavy-playout policy of :mod:`.playout` (``ismcts:rollout=heavy``)."""
        return playout.rollout_action_id(self, seat, rng)

    def game_stats(self) -> dict[str, float]:
        return {
            "rounds": float(self.round),
            "turns": float(self.turns),
            "placements": float(self.placements),
            "draw_turns": float(self.draw_turns),
            "matches_2": float(self.matches2),
            "matches_3": float(self.matches3),
            "closings_cutthroat": float(self.closes[CUTTHROAT]),
            "closings_everyone_drew": float(self.closes[EVERYONE_DREW]),
            "closings_closer": float(self.closes[BY_CLOSER]),
            "closer_held_rounds": float(self.closer_held_rounds),
            "closer_placed_rounds": float(self.closer_placed_rounds),
            "opponent_draws_3": float(self.d3s),
            "skips_given": float(self.skips_given),
            "go_agains": float(self.go_agains),
        }

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

    def agrees_with_public_facts(self) -> bool:
        """A seat that drew held no card that fitted then (NL-R16)."""
        return sampling.facts_hold(self)

    def fit_public_facts(self, seat: int, rng: Rng) -> None:
        sampling.fit(self, seat, rng)

    def _after_load(self) -> None:
        """Check a hand-written position (untrusted input) and rebuild the Playfield caches."""
        check_fields(self)
        rules.rebuild_caches(self)
        if self.phase != OVER and not self.legal_action_ids(self.active):
            raise StateFormatError(f"seat {self.active} would have no legal action here")
