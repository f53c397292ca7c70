"""The Magic Show state: the table spec and the protocol routing, on top of the package.

The zones, fields, phases and position checks are in :mod:`.table`, the rules in :mod:`.rules`,
the words in :mod:`.describe`. This class names which function answers each protocol call
(``RULES``) and adds the result, the public view and the end check of a loaded position.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from cardtable.core import (
    NO_COMMIT,
    CardSet,
    Layout,
    State,
    TableSpec,
)
from cardtable.core.gamerules import GameRules
from cardtable.core.winshare import margin_shares
from cardtable.games.magic_show import describe, rules
from cardtable.games.magic_show.cards import (
    IS_ACE,
    NAMES,
    NUM_CARDS,
    ROLE,
    ROLE_NAMES,
    rank_name,
)
from cardtable.games.magic_show.meta import SEAT_NAMES
from cardtable.games.magic_show.notation import CANCEL, CONVERT_RANK, LET_RESOLVE, make_action_space
from cardtable.games.magic_show.scoring import show_minutes, show_value
from cardtable.games.magic_show.table import (
    BUFFET_PHASE,
    COMMIT,
    DECK,
    HAND,
    OVER,
    PILE,
    REVEALED,
    STOP,
    ZONE_SPECS,
    MagicShowTable,
    check_position,
    player_of,
)

#: ``evaluate``'s fitted constants (benchmarks/fit_evaluate.py): the weight of a practice pile's
#: show value beside the score, and the spread ``SPREAD_SCALE * sqrt(cards left + SPREAD_LEFT)``
#: of the margin's logistic.
SHOW_WEIGHT: Final = 0.75
SPREAD_SCALE: Final = 3.815
SPREAD_LEFT: Final = 1.0


class MagicShowState(MagicShowTable):
    """A game of Magic Show between Red (seat 0) and Black (seat 1), MS-R1."""

    __slots__ = ()

    RULES: ClassVar[GameRules] = GameRules(
        setup=rules.setup,
        describe=describe.describe_action,
        notes=describe.choice_notes,
    )

    def _blank(self) -> State:
        if type(self) is MagicShowState:
            return MagicShowState(self.spec, 0, blank=True)  # a direct call, compiled
        return super()._blank()

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
            cards=CardSet(NAMES),
            layout=Layout(ZONE_SPECS, num_players),
            actions=make_action_space(),
        )

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def returns(self) -> list[float]:
        """1 to the higher total, 0.5 each on equal totals (MS-R10); zeros before the end."""
        if self.phase != OVER:
            return [0.0, 0.0]
        red, black = self.score
        if red == black:
            return [0.5, 0.5]
        return [1.0, 0.0] if red > black else [0.0, 1.0]

    def evaluate(self) -> list[float]:
        """Win shares from the score margin and what is left to play (MS-R10: higher total wins).

        The default gives the whole win to the points leader, so a search cut off after a few
        actions thought a two-point lead with the deck still full was a sure win (estimates of
        0.8-1.0 won 0.548 in the issue). Here each seat's standing is its score plus
        ``SHOW_WEIGHT`` of what its practice pile would score if performed now (a Farewell
        Show would score it, MS-R10, but a Showtime or a rival's Mistake may come first), and
        the margin counts for less the more cards are left in the deck and hands
        (``core.winshare``). The constants are fitted on random and greedy games and checked on
        held-out ones (``benchmarks/fit_evaluate.py``, docs/bots.md).
        """
        if self.phase == OVER:
            return self.returns()
        zones = self.zones
        left = len(zones[DECK]) + len(zones[HAND[0]]) + len(zones[HAND[1]])
        standing = [
            float(self.score[s]) + SHOW_WEIGHT * float(show_value(zones[PILE[s]])) for s in (0, 1)
        ]
        return margin_shares(standing, SPREAD_SCALE * math.sqrt(left + SPREAD_LEFT))

    def game_stats(self) -> dict[str, float]:
        """Turns (``rounds``), Aces spent to cancel, and Tricks cashed at Dinner Buffets —
        counted from the history (these decisions are public)."""
        cancels = sum(1 for _seat, aid in self.history if aid == CANCEL)
        buffets = sum(1 for _seat, aid in self.history if CONVERT_RANK[aid])
        return {"rounds": float(self.turn), "cancels": float(cancels), "buffets": float(buffets)}

    def action_audience(self, seat: int, action_id: int) -> int:
        """A face-down play is known only to the seat that made it; the reveal is a log line."""
        if action_id < NUM_CARDS:
            return 1 << seat
        return self.spec.layout.all_mask

    def hidden_action_text(self, seat: int, action_id: int) -> str:
        return "plays a card face down"

    # ------------------------------------------------------------------ words

    def public_view(self) -> dict[str, Any]:
        """Scores, phase, each pile's current show length and value, and what is being decided."""
        piles = (self.zones[PILE[0]], self.zones[PILE[1]])
        return {
            "phase": self.phase,
            "turn": self.turn,
            "scores": self.score[:],
            "show_minutes": [show_minutes(p) for p in piles],
            "show_value": [show_value(p) for p in piles],
            "played": [p or None for p in self.played],
            "resolving": self.resolving or None,
            "asking": self.asking if self.asking >= 0 else None,
            "deciding": self.deciding_text(),
            "deck_size": len(self.zones[DECK]),
            "farewell": self.farewell[:] if self.farewell else None,
        }

    def deciding_text(self) -> str:
        """One sentence on the decision the game waits for."""
        if self.phase == COMMIT:
            return "both players choose a card to play face down"
        if self.phase == OVER:
            return f"game over: {rules.result_text(self)}"
        card = self.zones[REVEALED][0]
        who = SEAT_NAMES[self.asking]
        if self.phase == BUFFET_PHASE:
            return f"{who} may convert one Trick at the Dinner Buffet ({NAMES[card]}) or decline"
        role = ROLE_NAMES[ROLE[card]]
        by = SEAT_NAMES[player_of(self, card)]
        return (
            f"{who} may stop {NAMES[card]} ({role}, played by {by}) with an Ace or let it resolve"
        )

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        """Why a seat that is being asked cannot take ``action_id`` now."""
        phase = self.phase
        if action_id < NUM_CARDS:
            if phase != COMMIT:
                return "cards are played face down only at the start of a turn"
            if IS_ACE[action_id]:
                return "Aces are never played face down (MS-R2); they stop revealed cards"
            return "that card is not in your hand"
        if phase == COMMIT:
            return "both players must first choose a card to play face down"
        if action_id == CANCEL:
            if phase != STOP:
                return "no card is waiting to resolve; this is a Dinner Buffet decision"
            return "you hold no Ace"
        if action_id == LET_RESOLVE:
            return "no card is waiting to resolve; this is a Dinner Buffet decision"
        if phase != BUFFET_PHASE:
            return "there is no Dinner Buffet to decide now"
        return f"your practice pile holds no {rank_name(CONVERT_RANK[action_id])} Trick"

    # ------------------------------------------------------------------ loading positions

    def _after_load(self) -> None:
        """Check the loaded position (:func:`.table.check_position`); a COMMIT position in which a
        seat can no longer play is ended as the rules' end check would end it (MS-R10)."""
        check_position(self)
        turn_start = self.phase == COMMIT and self.pending == [NO_COMMIT, NO_COMMIT]
        if turn_start and rules.game_over(self):
            rules.farewell_shows(self)
