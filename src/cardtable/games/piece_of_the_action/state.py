"""The state of a Piece of the Action game: zones (see :mod:`.layout`) plus public scalars.

The rules themselves live in :mod:`.rules`, :mod:`.moves` and :mod:`.deals`; this class only holds
data and routes the protocol calls to them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from cardtable.core.errors import BadOptions, StateFormatError
from cardtable.core.state import State
from cardtable.core.zones import CardSet, Layout, TableSpec, Vis, ZoneSpec, seat_zones
from cardtable.games.piece_of_the_action import deals, describe, meta, notation, rules
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
from cardtable.games.piece_of_the_action.layout import (
    CENTRE,
    DEAL,
    DECK,
    FIRST_SEAT_ZONE,
    LEAD,
    MOVE,
    OVER,
    PLAYING,
    XCARDS,
    hand_zone,
)

_CARDS: Final = CardSet(NAMES)
_SPACE: Final = notation.make_action_space()


class PotaState(State):
    """A Piece of the Action position. Rules live in :mod:`.rules`; see that module."""

    __slots__ = (
        "actor",
        "colour",
        "declines",
        "leader",
        "marker",
        "move_left",
        "passed",
        "phase",
        "preliminary",
        "score",
        "tiebreaks",
        "winners",
    )

    GAME = meta.NAME
    OPTIONS = meta.PotaOptions
    SCALARS: ClassVar[tuple[str, ...]] = (
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

    options: meta.PotaOptions

    @classmethod
    def check_players(cls, num_players: int) -> None:
        if num_players not in meta.HAND_SIZE:
            raise BadOptions(f"Piece of the Action takes 2 to 6 players, not {num_players}")

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

    # Layout helpers -------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        return meta.HAND_SIZE[self.num_players]

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
        if self.phase not in (LEAD, DEAL, MOVE, OVER):
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

    # Protocol --------------------------------------------------------------------------

    def _setup(self) -> None:
        deals.setup(self)

    def agrees_with_public_facts(self) -> bool:
        """POTA-R3: an X card is placed the moment it is dealt or drawn, so no hand holds one
        (a determinisation that deals one into a hand is impossible)."""
        for seat in range(self.num_players):
            for card in self.zones[hand_zone(seat)]:
                if KIND[card] == XCARD:
                    return False
        return True

    def to_act(self) -> list[int]:
        return [] if self.phase == OVER else [self.actor]

    def legal_action_ids(self, seat: int) -> list[int]:
        if seat != self.actor or self.phase == OVER:
            return []
        return rules.legal(self)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply(self, action_id)

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        return rules.explain(self, action_id)

    def describe_action(self, seat: int, action_id: int) -> str:
        return describe.describe_action(self, seat, action_id)

    def choice_notes(self, seat: int) -> list[str]:
        return describe.choice_notes(self, seat)

    def preview_action(self, seat: int, action_id: int) -> str | None:
        return describe.preview_action(self, seat, action_id)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def returns(self) -> list[float]:
        if self.phase != OVER or not self.winners:
            return [0.0] * self.num_players
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.num_players)]

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
