"""The Score! state: zones, public scalars, the table spec and the protocol methods.

Zones (declared in :mod:`cardtable.games.score.meta`): ``pile`` (the face-down Completes, top =
end), ``singles`` (the Singles between rounds), ``completes:i`` and ``hand:i`` (each seat's
Completes and Singles, owner only), ``drawn:i`` (the Completes a lead has just taken, owner
only), ``laid`` and ``discarded`` (face up).

Scalars (public by the core's contract; the face-down plays live in the core's ``pending``):

* ``phase`` — ``call``, ``choose``, ``commit``, ``collect`` or ``over``;
* ``round`` (from 1), ``first_lead`` (this round's, SC-R15), ``lead`` (this turn's);
* ``total`` — game scores; ``busted`` — who is out for the rest of the round (SC-R6);
* ``round_points`` — the points of the last round scored;
* ``chain`` — this turn's participants in collection order; ``passer`` and ``to_pass`` — who is
  passing and how many Singles it still owes the next participant;
* counters for the simulator: ``calls``, ``busts``, ``discards``, ``five_point_hands``,
  ``empty_pile_endings``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core import CardSet, Layout, State, TableSpec
from cardtable.games.score import meta, rules
from cardtable.games.score.cards import NAMES, NUM_COMPLETES
from cardtable.games.score.describe import choice_notes, describe_action, explain_illegal
from cardtable.games.score.meta import (
    COMPLETES,
    LAID,
    NAME,
    PILE,
    SEAT_NAMES,
    SINGLES,
    ZONE_SPECS,
    ScoreOptions,
)
from cardtable.games.score.notation import PASS, PLAY, make_action_space
from cardtable.games.score.validate import check_position

_LED_PHASES = (rules.COMMIT, rules.COLLECT)


class ScoreState(State):
    """A game of Score! between seats A, B and C (seats 0, 1, 2)."""

    __slots__ = (
        "busted",
        "busts",
        "calls",
        "chain",
        "discards",
        "empty_pile_endings",
        "first_lead",
        "five_point_hands",
        "lead",
        "passer",
        "phase",
        "round",
        "round_points",
        "to_pass",
        "total",
    )

    GAME: ClassVar[str] = NAME
    TITLE = meta.DISPLAY_NAME
    MIN_PLAYERS = meta.MIN_PLAYERS
    MAX_PLAYERS = meta.MAX_PLAYERS
    OPTIONS: ClassVar[type] = ScoreOptions
    SCALARS: ClassVar[tuple[str, ...]] = (
        "phase",
        "round",
        "first_lead",
        "lead",
        "total",
        "busted",
        "round_points",
        "chain",
        "passer",
        "to_pass",
        "calls",
        "busts",
        "discards",
        "five_point_hands",
        "empty_pile_endings",
    )
    REST_ZONE: ClassVar[str] = "singles"

    options: ScoreOptions
    phase: str
    round: int
    first_lead: int
    lead: int
    total: list[int]
    busted: list[bool]
    round_points: list[int]
    chain: list[int]
    passer: int
    to_pass: int
    calls: int
    busts: int
    discards: int
    five_point_hands: int
    empty_pile_endings: int

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        return TableSpec(
            num_players=num_players,
            options=options,
            cards=CardSet(NAMES, [0 if c < NUM_COMPLETES else 1 for c in range(len(NAMES))]),
            layout=Layout(ZONE_SPECS, num_players),
            actions=make_action_space(),
        )

    def _init_scalars(self) -> None:
        self.phase = rules.CALL_PHASE
        self.round = 0
        self.first_lead = 0
        self.lead = 0
        self.total = [0, 0, 0]
        self.busted = [False, False, False]
        self.round_points = [0, 0, 0]
        self.chain = []
        self.passer = -1
        self.to_pass = 0
        self.calls = self.busts = self.discards = 0
        self.five_point_hands = self.empty_pile_endings = 0

    def _setup(self) -> None:
        for card in range(len(NAMES)):
            self.zones[PILE if card < NUM_COMPLETES else 1].append(card)
        rules.deal_round(self)

    # ------------------------------------------------------------------ protocol

    def to_act(self) -> Sequence[int]:
        return rules.to_act(self)

    def legal_action_ids(self, seat: int) -> list[int]:
        return rules.legal_action_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def scores(self) -> list[float]:
        return [float(t) for t in self.total]

    def returns(self) -> list[float]:
        """1 to the strictly highest total at the end (ties play on, so there is one winner)."""
        if self.phase != rules.OVER:
            return [0.0, 0.0, 0.0]
        best = max(self.total)
        return [1.0 if t == best else 0.0 for t in self.total]

    def evaluate(self) -> list[float]:
        """Win shares from totals plus what each hand would score if the round were called now
        — information every seat can see only for itself, so this is for determinised states."""
        if self.is_terminal():
            return self.returns()
        potential = [
            t + (0 if self.busted[s] else rules.hand_score(self, s)) + 1.0
            for s, t in enumerate(self.total)
        ]
        weights = [p * p for p in potential]
        whole = sum(weights)
        return [w / whole for w in weights]

    def game_stats(self) -> dict[str, float]:
        return {
            "rounds": float(self.round),
            "calls": float(self.calls),
            "busts": float(self.busts),
            "complete_discards": float(self.discards),
            "five_point_hands": float(self.five_point_hands),
            "empty_pile_endings": float(self.empty_pile_endings),
        }

    def action_audience(self, seat: int, action_id: int) -> int:
        """Face-down plays, discards and passes are known to their seat; the log says the rest."""
        if action_id >= PLAY:
            return 1 << seat
        return self.spec.layout.all_mask

    def hidden_action_text(self, seat: int, action_id: int) -> str:
        if action_id >= PASS:
            return "passes a Single face down"
        return "commits a card face down"

    def describe_action(self, seat: int, action_id: int) -> str:
        return describe_action(self, seat, action_id)

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        return explain_illegal(self, seat, action_id)

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def choice_notes(self, seat: int) -> list[str]:
        return choice_notes(self, seat)

    def public_view(self) -> dict[str, Any]:
        laid = self.zones[LAID]
        receiver = -1
        if self.passer >= 0:
            receiver = self.chain[self.chain.index(self.passer) + 1]
        return {
            "phase": self.phase,
            "round": self.round,
            "first_lead": self.first_lead,
            "lead": self.lead,
            "totals": self.total[:],
            "target": self.options.target_score,
            "busted": self.busted[:],
            "round_points": self.round_points[:],
            "led": NAMES[laid[-1]] if laid and self.phase in _LED_PHASES else None,
            "chain": self.chain[:],
            "passer": self.passer if self.passer >= 0 else None,
            "receiver": receiver if receiver >= 0 else None,
            "to_pass": self.to_pass,
            "pile_size": len(self.zones[PILE]),
            "hand_sizes": [len(self.zones[SINGLES[s]]) for s in range(rules.SEATS)],
            "complete_counts": [len(self.zones[COMPLETES[s]]) for s in range(rules.SEATS)],
            "deciding": self.deciding_text(),
        }

    def deciding_text(self) -> str:
        """One sentence on the decision the game waits for."""
        phase = self.phase
        if phase == rules.OVER:
            best = max(self.total)
            return f"game over: {SEAT_NAMES[self.total.index(best)]} wins with {best}"
        if phase == rules.CALL_PHASE:
            return f"{SEAT_NAMES[self.lead]} calls Score! or leads"
        if phase == rules.CHOOSE:
            return f"{SEAT_NAMES[self.lead]} chooses the Complete to lay"
        if phase == rules.COMMIT:
            waiting = ", ".join(SEAT_NAMES[s] for s in self.to_act())
            return f"waiting for face-down plays from {waiting}"
        index = self.chain.index(self.passer)
        to = SEAT_NAMES[self.chain[index + 1]]
        return f"{SEAT_NAMES[self.passer]} passes {self.to_pass} more Single(s) to {to}"

    # ------------------------------------------------------------------ loading positions

    def _after_load(self) -> None:
        """Check a hand-written position before play (untrusted input)."""
        check_position(self)
