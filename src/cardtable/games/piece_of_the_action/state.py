"""The state of a Piece of the Action game: the table spec and the protocol routing.

The fields, phases, zone indexes and position checks are in :mod:`.table`; the rules in
:mod:`.rules`, :mod:`.moves` and :mod:`.deals`; the words in :mod:`.describe`. This class names
which function answers each protocol call (``RULES``) and adds the result and the public view.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, Final

from cardtable.core.gamerules import GameRules
from cardtable.core.winshare import margin_shares
from cardtable.core.zones import CardSet, Layout, TableSpec, Vis, ZoneSpec, seat_zones
from cardtable.games.piece_of_the_action import deals, describe, notation, rules
from cardtable.games.piece_of_the_action.cards import COLOURS, KIND, NAMES, XCARD
from cardtable.games.piece_of_the_action.table import DECK, OVER, PotaTable, hand_zone

_CARDS: Final = CardSet(NAMES)
_SPACE: Final = notation.make_action_space()
_XCARDS: Final = frozenset(c for c in range(len(NAMES)) if KIND[c] == XCARD)
#: ``evaluate``'s fitted spread, ``SPREAD_SCALE * sqrt(cards left + SPREAD_LEFT)`` points
#: (benchmarks/fit_evaluate.py, on two-player games; held out at three and four players too): about
#: 40 points with the deck full and 33 at the end, so the spread barely shrinks — one Deal can
#: swing as much late as early.
SPREAD_SCALE: Final = 2.441
SPREAD_LEFT: Final = 160.0


class PotaState(PotaTable):
    """A Piece of the Action game. Rules live in :mod:`.rules`; see that module."""

    __slots__ = ()

    RULES: ClassVar[GameRules] = GameRules(
        setup=deals.setup,
        explain=rules.explain,
        describe=describe.describe_action,
        notes=describe.choice_notes,
        preview=describe.preview_action,
    )

    # The calls on the hot path are methods that call the rules directly: compiled, that is a
    # direct C call, where a function held in RULES is called through Python (the measured
    # difference is in docs/performance.md).

    def legal_action_ids(self, seat: int) -> list[int]:
        return rules.legal_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply(self, seat, action_id)

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        zones = [
            ZoneSpec("deck", Vis.HIDDEN),
            ZoneSpec("discard", Vis.PUBLIC),
            ZoneSpec("centre", Vis.PUBLIC),
            ZoneSpec("xcards", Vis.PUBLIC),
            ZoneSpec("playing", Vis.PUBLIC),
            *seat_zones("hand", num_players, Vis.OWNER),
            *seat_zones("pota", num_players, Vis.PUBLIC),
            *seat_zones("reverse", num_players, Vis.PUBLIC),
        ]
        return TableSpec(num_players, options, _CARDS, Layout(zones, num_players), _SPACE)

    # Protocol --------------------------------------------------------------------------

    def agrees_with_public_facts(self) -> bool:
        """POTA-R3: an X card is placed the moment it is dealt or drawn, so no hand holds one
        (a determinisation that deals one into a hand is impossible)."""
        for seat in range(self.num_players):
            for card in self.zones[hand_zone(seat)]:
                if KIND[card] == XCARD:
                    return False
        return True

    def cards_never_in(self, zone: int) -> frozenset[int]:
        """POTA-R3, as the sampler's shortcut: the X cards never lie in a hand (the check of
        :meth:`agrees_with_public_facts`, made on the dealt order before a state is built)."""
        first = hand_zone(0)
        return _XCARDS if first <= zone < first + self.num_players else frozenset()

    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.actor]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def returns(self) -> list[float]:
        if self.phase != OVER or not self.winners:
            return [0.0] * self.num_players
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.num_players)]

    def evaluate(self) -> list[float]:
        """Win shares from the points and what is left to play (most points wins at the end).

        The default gives the whole win to the points leader, which early in a game (everyone
        starts at 50, a Deal can swing a hundred) is far too sure. Here each seat's share is a
        softmax of its points over a spread that grows with the cards left in the deck and the
        hands (``core.winshare``): the game ends when the deck runs out (POTA-R17), so
        those cards are what can still move the scores. The constants are fitted on random
        and greedy games and checked on held-out ones (``benchmarks/fit_evaluate.py``).
        """
        if self.phase == OVER:
            return self.returns()
        zones = self.zones
        left = len(zones[DECK])
        for seat in range(self.num_players):
            left += len(zones[hand_zone(seat)])
        points = [float(s) for s in self.score]
        return margin_shares(points, SPREAD_SCALE * math.sqrt(left + SPREAD_LEFT))

    def game_stats(self) -> dict[str, float]:
        """Deals opened (``rounds``), declines, POTA and Reverse cards played, Move cards, X cards
        placed and tie-break Deals — counted from the (public) action history."""
        counts = {"rounds": 0.0, "declines": 0.0, "potas": 0.0, "reverses": 0.0, "moves": 0.0}
        for _seat, aid in self.history:
            if aid < notation.DECLINE:
                counts["rounds"] += 1
            elif aid == notation.DECLINE:
                counts["declines"] += 1
            elif notation.PLAY_POTA <= aid < notation.PLAY_REVERSE:
                counts["potas"] += 1
            elif notation.PLAY_REVERSE <= aid < notation.PLAY_MOVE:
                counts["reverses"] += 1
            elif notation.PLAY_MOVE <= aid < notation.STEP_CENTRE:
                counts["moves"] += 1
        counts["x_cards"] = float(len(self.zones[self.spec.layout.index["xcards"]]))
        counts["tiebreak_deals"] = float(self.tiebreaks)
        return counts

    def public_view(self) -> dict[str, Any]:
        total = sum(rules.centre_values(self))
        return {
            "phase": self.phase,
            "scores": list(self.score),
            "marker": self.marker,
            "leader": self.leader,
            "colour": None if self.colour < 0 else COLOURS[self.colour],
            "actor": self.actor if self.phase != OVER else None,
            "passed": [bool(p) for p in self.passed],
            "multiplier": self.multiplier,
            "centre_total": total,
            "deal_value": deals.round5(total * self.multiplier),
            "move_left": self.move_left,
            "declines": self.declines,
            "hand_size": self.hand_size,
            "hand_counts": [len(self.zones[hand_zone(s)]) for s in range(self.num_players)],
            "deck_count": len(self.zones[DECK]),
            "tiebreaks": self.tiebreaks,
            "preliminary": [list(p) for p in self.preliminary],
            "winners": list(self.winners),
        }
