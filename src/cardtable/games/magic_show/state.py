"""The Magic Show state: its zones, its public scalars, the table spec and the protocol methods.

Zones (declared in :data:`cardtable.games.magic_show.meta.ZONE_SPECS`, next to the index constants
the rules use, so the rules import them without a cycle through this module): ``deck`` (hidden),
``hand:0``/``hand:1`` (owner only), ``pile:0``/``pile:1`` (the practice piles, public),
``revealed`` (public: the turn's face-up cards still to resolve, kept in resolution order, MS-R3)
and ``discard`` (public).

Scalars (public by the core's contract; nothing private lives here — the face-down choices are in
the core's ``pending``):

* ``phase`` — ``"commit"`` (both choose face down), ``"stop"`` (an Ace window, MS-R4),
  ``"buffet"`` (a Dinner Buffet decision, MS-R6) or ``"over"``;
* ``turn`` — turn number from 1;
* ``score`` — running totals, may be negative (MS-R8);
* ``played`` — the card name each seat revealed this turn (``""`` before the reveal), which says
  who played the card now resolving and so who is asked first at its window;
* ``resolving`` — the revealed card whose window or buffet is open (``""`` otherwise);
* ``asking`` — the seat asked at the open window or buffet (``-1`` otherwise);
* ``farewell`` — the two Farewell Show values once the game is over (MS-R10), else empty.

The rules themselves are in :mod:`cardtable.games.magic_show.rules`; these methods delegate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core import (
    NO_COMMIT,
    BadOptions,
    CardSet,
    Layout,
    State,
    StateFormatError,
    TableSpec,
)
from cardtable.games.magic_show import describe, rules
from cardtable.games.magic_show.cards import (
    BUFFET,
    IS_ACE,
    MISTAKE,
    NAMES,
    NUM_CARDS,
    OWNER,
    REHEARSAL,
    ROLE,
    ROLE_NAMES,
    TRICK,
    rank_name,
)
from cardtable.games.magic_show.meta import (
    DECK,
    HAND,
    NAME,
    PILE,
    REVEALED,
    SEAT_NAMES,
    ZONE_SPECS,
    MagicShowOptions,
)
from cardtable.games.magic_show.notation import CANCEL, CONVERT_RANK, LET_RESOLVE, make_action_space
from cardtable.games.magic_show.scoring import show_minutes, show_value


class MagicShowState(State):
    """A game of Magic Show between Red (seat 0) and Black (seat 1), MS-R1."""

    __slots__ = ("asking", "farewell", "phase", "played", "resolving", "score", "turn")

    GAME: ClassVar[str] = NAME
    OPTIONS: ClassVar[type] = MagicShowOptions
    SCALARS: ClassVar[tuple[str, ...]] = (
        "phase",
        "turn",
        "score",
        "played",
        "resolving",
        "asking",
        "farewell",
    )
    REST_ZONE: ClassVar[str] = "deck"

    phase: str
    turn: int
    score: list[int]
    played: list[str]
    resolving: str
    asking: int
    farewell: list[int]

    @classmethod
    def check_players(cls, num_players: int) -> None:
        if num_players != 2:
            raise BadOptions(f"Magic Show is for exactly 2 players, not {num_players}")

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        return TableSpec(
            num_players=num_players,
            options=options,
            cards=CardSet(NAMES),
            layout=Layout(ZONE_SPECS, num_players),
            actions=make_action_space(),
        )

    def _init_scalars(self) -> None:
        self.phase = rules.COMMIT
        self.turn = 1
        self.score = [0, 0]
        self.played = ["", ""]
        self.resolving = ""
        self.asking = -1
        self.farewell = []

    def _setup(self) -> None:
        rules.setup(self)

    def to_act(self) -> Sequence[int]:
        return rules.to_act(self)

    def legal_action_ids(self, seat: int) -> list[int]:
        return rules.legal_action_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def returns(self) -> list[float]:
        """1 to the higher total, 0.5 each on equal totals (MS-R10); zeros before the end."""
        if self.phase != rules.OVER:
            return [0.0, 0.0]
        red, black = self.score
        if red == black:
            return [0.5, 0.5]
        return [1.0, 0.0] if red > black else [0.0, 1.0]

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
        if self.phase == rules.COMMIT:
            return "both players choose a card to play face down"
        if self.phase == rules.OVER:
            return f"game over: {rules.result_text(self)}"
        card = self.zones[REVEALED][0]
        who = SEAT_NAMES[self.asking]
        if self.phase == rules.BUFFET_PHASE:
            return f"{who} may convert one Trick at the Dinner Buffet ({NAMES[card]}) or decline"
        role = ROLE_NAMES[ROLE[card]]
        by = SEAT_NAMES[rules.player_of(self, card)]
        return (
            f"{who} may stop {NAMES[card]} ({role}, played by {by}) with an Ace or let it resolve"
        )

    def describe_action(self, seat: int, action_id: int) -> str:
        return describe.describe_action(self, seat, action_id)

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def choice_notes(self, seat: int) -> list[str]:
        return describe.choice_notes(self, seat)

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        """Why a seat that is being asked cannot take ``action_id`` now."""
        phase = self.phase
        if action_id < NUM_CARDS:
            if phase != rules.COMMIT:
                return "cards are played face down only at the start of a turn"
            if IS_ACE[action_id]:
                return "Aces are never played face down (MS-R2); they stop revealed cards"
            return "that card is not in your hand"
        if phase == rules.COMMIT:
            return "both players must first choose a card to play face down"
        if action_id == CANCEL:
            if phase != rules.STOP:
                return "no card is waiting to resolve; this is a Dinner Buffet decision"
            return "you hold no Ace"
        if action_id == LET_RESOLVE:
            return "no card is waiting to resolve; this is a Dinner Buffet decision"
        if phase != rules.BUFFET_PHASE:
            return "there is no Dinner Buffet to decide now"
        return f"your practice pile holds no {rank_name(CONVERT_RANK[action_id])} Trick"

    # ------------------------------------------------------------------ loading positions

    def _after_load(self) -> None:
        """Check and complete a loaded (possibly hand-written) position.

        ``revealed`` is put back in resolution order; at a window ``resolving`` and ``asking`` may
        be left out and are filled in (first question: the seat that did not play the card,
        MS-R4); a COMMIT position in which a seat can no longer play is ended as the rules' end
        check would end it (MS-R10).
        """
        self.zones[REVEALED].sort()
        if self.phase not in rules.PHASES:
            raise StateFormatError(f"phase must be one of {rules.PHASES}, not {self.phase!r}")
        if len(self.score) != 2 or len(self.played) != 2:
            raise StateFormatError("'score' and 'played' need one entry per seat")
        self._check_piles()
        if self.phase in (rules.STOP, rules.BUFFET_PHASE):
            self._load_window()
            return
        if self.zones[REVEALED]:
            raise StateFormatError(f"revealed cards wait only at a window, not in {self.phase!r}")
        turn_start = self.phase == rules.COMMIT and self.pending == [NO_COMMIT, NO_COMMIT]
        if turn_start and rules.game_over(self):
            rules.farewell_shows(self)

    def _check_piles(self) -> None:
        """Hands, practice piles and the revealed cards hold only what the rules put there."""
        if any(name != "" and name not in NAMES for name in self.played):
            raise StateFormatError("'played' holds a card name or \"\" per seat")
        if not 1 <= self.turn <= 1000:
            raise StateFormatError("'turn' counts turns from 1")
        if self.farewell and (self.phase != rules.OVER or len(self.farewell) != 2):
            raise StateFormatError("'farewell' holds the two Farewell Show values once it is over")
        for seat in (0, 1):
            if len(self.zones[HAND[seat]]) > rules.HAND_SIZE:
                raise StateFormatError(f"hand:{seat} holds more than {rules.HAND_SIZE} cards")
            for card in self.zones[PILE[seat]]:
                if OWNER[card] != seat or ROLE[card] not in (TRICK, REHEARSAL, MISTAKE):
                    raise StateFormatError(
                        f"{NAMES[card]} cannot lie in pile:{seat}: a practice pile holds its "
                        "owner's Tricks, Sixes and Mistakes"
                    )
        revealed = self.zones[REVEALED]
        if len(revealed) > 2 or any(IS_ACE[c] for c in revealed):
            raise StateFormatError("at most two played cards, never Aces, wait in 'revealed'")

    def _load_window(self) -> None:
        """Validate a STOP or buffet position: the resolving card is the first revealed one."""
        if not self.zones[REVEALED]:
            raise StateFormatError(f"phase {self.phase!r} needs a card in 'revealed'")
        card = self.zones[REVEALED][0]
        name = NAMES[card]
        if self.resolving not in ("", name):
            raise StateFormatError(f"'resolving' must be {name}, the first card to resolve")
        if name not in self.played:
            raise StateFormatError(f"'played' must say which seat played {name}")
        self.resolving = name
        if self.phase == rules.BUFFET_PHASE:
            if ROLE[card] != BUFFET or self.asking not in (-1, OWNER[card]):
                raise StateFormatError("a buffet needs an Eight resolving, asked of its owner")
            self.asking = OWNER[card]
        elif self.asking == -1:
            self.asking = 1 - rules.player_of(self, card)
        elif self.asking not in (0, 1):
            raise StateFormatError(f"'asking' must be 0 or 1, not {self.asking}")
