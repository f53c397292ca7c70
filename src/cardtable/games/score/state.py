"""The Score! state: the table spec and the protocol routing, on top of the package.

The zones, fields, phases and position checks are in :mod:`.table`, the rules in :mod:`.rules`,
the words in :mod:`.describe`. This class names which function answers each protocol call
(``RULES``) and adds the result, the public view and the face-down plays of a loaded position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core import CardSet, Layout, Rng, TableSpec
from cardtable.core.gamerules import GameRules
from cardtable.games.score import facts, playout, rounds, rules
from cardtable.games.score.cards import NAMES, NUM_COMPLETES
from cardtable.games.score.describe import choice_notes, describe_action, explain_illegal
from cardtable.games.score.meta import SEAT_NAMES
from cardtable.games.score.notation import PASS, PLAY, make_action_space
from cardtable.games.score.table import (
    CALL_PHASE,
    CHOOSE,
    COLLECT,
    COMMIT,
    COMPLETES,
    LAID,
    OVER,
    PILE,
    SEATS,
    SINGLES,
    ZONE_SPECS,
    ScoreTable,
    check_position,
)
from cardtable.games.score.value import fitted_shares

_LED_PHASES = (COMMIT, COLLECT)


class ScoreState(ScoreTable):
    """A game of Score! between seats A, B and C (seats 0, 1, 2)."""

    __slots__ = ()

    RULES: ClassVar[GameRules] = GameRules(
        describe=describe_action,
        explain=explain_illegal,
        notes=choice_notes,
    )

    # The calls on the hot path are methods that call the rules directly: compiled, that is a
    # direct C call, where a function held in RULES is called through Python (the measured
    # difference is in docs/performance.md).

    def to_act(self) -> Sequence[int]:
        return rules.to_act(self)

    def legal_action_ids(self, seat: int) -> list[int]:
        return rules.legal_action_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        return TableSpec(
            num_players=num_players,
            options=options,
            cards=CardSet(NAMES, [0 if c < NUM_COMPLETES else 1 for c in range(len(NAMES))]),
            layout=Layout(ZONE_SPECS, num_players),
            actions=make_action_space(),
        )

    def _setup(self) -> None:
        for card in range(len(NAMES)):
            self.zones[PILE if card < NUM_COMPLETES else 1].append(card)
        rules.deal_round(self)

    # ------------------------------------------------------------------ protocol

    def agrees_with_public_facts(self) -> bool:
        """Forced discards and busts showed hands without the led values (SC-R5, SC-R6), and,
        unless declaring is optional, nobody holds a five-point hand (SC-R11: it would have been
        laid down at once, so a game that goes on shows that none is held)."""
        return facts.facts_hold(self) and (
            self.options.five_point_optional
            or self.phase == OVER
            or all(rules.five_point_complete(self, s) < 0 for s in range(self.num_players))
        )

    def fit_public_facts(self, seat: int, rng: Rng) -> None:
        facts.fit(self, seat, rng)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(t) for t in self.total]

    def returns(self) -> list[float]:
        """1 to the strictly highest total at the end (ties play on, so there is one winner)."""
        if self.phase != OVER:
            return [0.0, 0.0, 0.0]
        best = max(self.total)
        return [1.0 if t == best else 0.0 for t in self.total]

    def evaluate(self) -> list[float]:
        """Win shares from totals plus what each hand would score if the round were called now
        — information every seat can see only for itself, so this is for determinised states."""
        if self.phase == OVER:
            return self.returns()
        # One loop, no intermediate lists: every rollout of the search ends here. The sum runs
        # left to right from the first weight, as ``sum`` did, so the shares are bit-identical.
        total = self.total
        busted = self.busted
        weights: list[float] = []
        whole = 0.0
        for s in range(len(total)):
            p = total[s] + (0 if busted[s] else rules.hand_score(self, s)) + 1.0
            w = p * p
            weights.append(w)
            whole += w
        for s in range(len(weights)):
            weights[s] /= whole
        return weights

    def search_value(self) -> list[float]:
        """A fitted win share for the search's cut-off rollouts (``value.fitted_shares``).

        The diagnosis in docs/bots.md: an 8-action rollout scored by ``evaluate`` sees a pass
        or a face-down play only if it completes a set, so the search's choice among them is a
        coin toss. The fitted value also weighs values held three, two and one of, the lone-top
        bonus (SC-R10) and a call that would reach the target (SC-R2), so the search sees what
        a pass gives away. Only the search reads this; the baseline keeps ``evaluate``.
        """
        if self.is_terminal():
            return self.returns()
        return fitted_shares(self)

    def round_mark(self) -> int:
        """The round's number: a ``stop=round`` rollout ends when it changes (``rounds``)."""
        return rounds.round_mark(self)

    def rollout_action_id(self, seat: int, rng: Rng) -> int:
        """The rule of thumb of :mod:`.playout` for a search's ``rollout=heavy``."""
        return playout.rollout_action_id(self, seat, rng)

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

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

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
            "hand_sizes": [len(self.zones[SINGLES[s]]) for s in range(SEATS)],
            "complete_counts": [len(self.zones[COMPLETES[s]]) for s in range(SEATS)],
            "deciding": self.deciding_text(),
        }

    def deciding_text(self) -> str:
        """One sentence on the decision the game waits for."""
        phase = self.phase
        if phase == OVER:
            best = max(self.total)
            return f"game over: {SEAT_NAMES[self.total.index(best)]} wins with {best}"
        if phase == CALL_PHASE:
            return f"{SEAT_NAMES[self.lead]} calls Score! or leads"
        if phase == CHOOSE:
            return f"{SEAT_NAMES[self.lead]} chooses the Complete to lay"
        if phase == COMMIT:
            waiting = ", ".join(SEAT_NAMES[s] for s in self.to_act())
            return f"waiting for face-down plays from {waiting}"
        index = self.chain.index(self.passer)
        to = SEAT_NAMES[self.chain[index + 1]]
        return f"{SEAT_NAMES[self.passer]} passes {self.to_pass} more Single(s) to {to}"

    # ------------------------------------------------------------------ loading positions

    def _after_load(self) -> None:
        """Check a hand-written position before play (untrusted input)."""
        check_position(self)
        rules.check_pending(self)
