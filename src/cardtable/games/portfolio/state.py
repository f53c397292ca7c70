"""The Portfolio state: zones, public scalars, the table spec and the protocol methods.

Zones: ``stock`` (face down), ``discard`` (face up), ``hand:i`` (owner only) and the public
portfolio slots ``pf:0`` .. ``pf:51`` (run cards by rank, then caps, marked by card tags).

Scalars (all public): ``phase`` (draw, source, actions, discard, over), ``active``, ``money``,
``income`` (this turn's), ``bought`` and ``took_discard`` (this turn's draw, PF information
rules), ``to_draw``, ``hand_at_start``, ``owner`` (per slot, -1 free), ``reformed`` (the 3/5-seat
stock was rebuilt), ``ending``/``trigger``/``final_turn`` (PF-R13), ``stall`` (PF-R6), and
counters for the simulator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from cardtable.core import BadOptions, CardSet, Layout, State, StateFormatError, TableSpec
from cardtable.games.portfolio import legal, rules, trades
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import (
    FACE_NAMES,
    RANK_NAMES,
    RANK_OF,
    SUIT_OF,
    SUIT_WORDS,
    card_tables,
    decks_for,
)
from cardtable.games.portfolio.describe import choice_notes, describe_action
from cardtable.games.portfolio.meta import (
    DISCARD,
    HAND0,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    PF0,
    SLOTS,
    STOCK,
    PortfolioOptions,
    zone_specs,
)
from cardtable.games.portfolio.notation import make_full_space

_TABLES = {d: card_tables(d) for d in (2, 3)}

#: The public scalars (all of them: Portfolio has no secret besides hands and the stock).
_FIELDS = (
    "phase",
    "active",
    "money",
    "income",
    "bought",
    "took_discard",
    "to_draw",
    "hand_at_start",
    "owner",
    "reformed",
    "ending",
    "trigger",
    "final_turn",
    "stall",
    "drew_stock",
    "turns",
    "made",
    "caps",
    "neutralized",
    "acquired",
    "cards_bought",
    "proposer",
    "responder",
    "give_cards",
    "ask_cards",
    "give_pfs",
    "ask_pfs",
    "give_money",
    "ask_money",
    "return_phase",
    "offers_made",
    "opener",
    "open_left",
    "trades_done",
    "absent",
)


class PortfolioState(State):
    """A game of Portfolio for 2-5 seats (seat N-1 deals, seat 0 starts: PF-R1)."""

    __slots__ = _FIELDS

    GAME: ClassVar[str] = NAME
    OPTIONS: ClassVar[type] = PortfolioOptions
    SCALARS: ClassVar[tuple[str, ...]] = _FIELDS
    REST_ZONE: ClassVar[str] = "stock"

    phase: str
    active: int
    money: list[int]
    income: int
    bought: int
    took_discard: bool
    to_draw: int
    hand_at_start: int
    owner: list[int]
    reformed: bool
    ending: bool
    trigger: int
    final_turn: bool
    stall: int
    drew_stock: bool
    turns: int
    made: int
    caps: int
    neutralized: int
    acquired: int
    cards_bought: int
    proposer: int
    responder: int
    give_cards: list[int]
    ask_cards: list[int]
    give_pfs: list[int]
    ask_pfs: list[int]
    give_money: int
    ask_money: int
    return_phase: str
    offers_made: int
    opener: int
    open_left: int
    trades_done: int
    absent: list[list[int]]

    @classmethod
    def check_players(cls, num_players: int) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise BadOptions(f"Portfolio takes 2 to 5 players, not {num_players}")

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        names = _TABLES[decks_for(num_players)][2]
        return TableSpec(
            num_players=num_players,
            options=options,
            cards=CardSet(names),
            layout=Layout(zone_specs(num_players), num_players),
            actions=make_full_space(),
        )

    #: Rank and suit per card id (shared by two- and three-deck tables: ids run deck by deck).
    rank: ClassVar[tuple[int, ...]] = RANK_OF
    suit: ClassVar[tuple[int, ...]] = SUIT_OF

    @property
    def stall_limit(self) -> int:
        limit: int = self.options.stall_limit
        return limit if limit > 0 else 3 * self.num_players

    def _init_scalars(self) -> None:
        self.phase = legal.DRAW
        self.active = 0
        self.money = [rules.START_MONEY] * self.num_players
        self.income = self.bought = self.to_draw = self.hand_at_start = 0
        self.took_discard = self.reformed = self.ending = self.final_turn = False
        self.drew_stock = False
        self.trigger = -1
        self.owner = [-1] * SLOTS
        self.stall = self.turns = self.made = self.caps = 0
        self.neutralized = self.acquired = self.cards_bought = 0
        self.proposer = self.responder = self.opener = -1
        self.give_cards, self.ask_cards, self.give_pfs, self.ask_pfs = [], [], [], []
        self.give_money = self.ask_money = self.offers_made = self.open_left = 0
        self.trades_done = 0
        self.return_phase = ""
        self.absent = []

    def _setup(self) -> None:
        rules.setup(self)

    def agrees_with_public_facts(self) -> bool:
        return trades.absent_facts_hold(self)

    def to_act(self) -> Sequence[int]:
        return () if self.phase == legal.OVER else (legal.decider(self),)

    def legal_action_ids(self, seat: int) -> list[int]:
        return legal.legal_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

    def is_terminal(self) -> bool:
        return self.phase == legal.OVER

    def scores(self) -> list[float]:
        return [float(m) for m in self.money]

    def returns(self) -> list[float]:
        """PF-R14: most money; tie -> most portfolio value; still tied -> shared."""
        if self.phase != legal.OVER:
            return [0.0] * self.num_players
        best = rules.winners(self)
        return [1.0 / len(best) if s in best else 0.0 for s in range(self.num_players)]

    def evaluate(self) -> list[float]:
        if self.is_terminal():
            return self.returns()
        incomes = pf.incomes(self)
        worth = [max(0.0, m + 3.0 * i) + 1.0 for m, i in zip(self.money, incomes, strict=True)]
        weights = [w * w for w in worth]
        return [w / sum(weights) for w in weights]

    def game_stats(self) -> dict[str, float]:
        return {
            "rounds": self.turns / self.num_players,
            "turns": float(self.turns),
            "portfolios_made": float(self.made),
            "caps": float(self.caps),
            "neutralizations": float(self.neutralized),
            "acquisitions": float(self.acquired),
            "cards_bought": float(self.cards_bought),
            "trades": float(self.trades_done),
        }

    def describe_action(self, seat: int, action_id: int) -> str:
        return describe_action(self, seat, action_id)

    def choice_notes(self, seat: int) -> list[str]:
        return choice_notes(self, seat)

    def public_view(self) -> dict[str, Any]:
        portfolios = []
        for slot in range(SLOTS):
            if self.owner[slot] < 0:
                continue
            suit, low, high = pf.ends(self, slot)
            portfolios.append(
                {
                    "slot": slot,
                    "run": f"{RANK_NAMES[low]}-{RANK_NAMES[high]} of {SUIT_WORDS[suit]}",
                    "owner": self.owner[slot],
                    "value": pf.slot_value(self, slot),
                    "capped_low": pf.has_cap(self, slot, pf.CAP_LOW),
                    "capped_high": pf.has_cap(self, slot, pf.CAP_HIGH),
                }
            )
        view: dict[str, Any] = {
            "phase": self.phase,
            "active": self.active,
            "dealer": self.num_players - 1,
            "money": self.money[:],
            "income": self.income,
            "bought": self.bought,
            "took_discard": self.took_discard,
            "portfolios": portfolios,
            "incomes": [pf.income(self, s) for s in range(self.num_players)],
            "hand_sizes": [len(self.zones[HAND0 + s]) for s in range(self.num_players)],
            "stock_size": len(self.zones[STOCK]),
            "discard_top": self.card_name(self.zones[DISCARD][-1]) if self.zones[DISCARD] else None,
            "reformed": self.reformed,
            "ending": self.ending,
            "final_turn": self.final_turn,
            "offer": trades.offer_text(self) if self.proposer >= 0 else None,
            "deciding": legal.decider(self) if self.phase != legal.OVER else None,
        }
        if self.proposer >= 0:
            view["trade"] = trades.offer_data(self)  # the offer's parts, only while there is one
        return view

    def _after_load(self) -> None:
        if self.phase not in legal.PHASES:
            raise StateFormatError(f"phase must be one of {legal.PHASES}, not {self.phase!r}")
        if len(self.money) != self.num_players or any(m < 0 for m in self.money):
            raise StateFormatError("'money' needs one non-negative entry per seat")
        if len(self.owner) != SLOTS:
            raise StateFormatError(f"'owner' needs {SLOTS} entries (-1 for a free slot)")
        if self.phase != legal.OVER and not 0 <= self.active < self.num_players:
            raise StateFormatError("'active' must be a seat")
        if self.phase == legal.DRAW:
            # At the draw choice the income is, by rule, the seat's portfolios' value now.
            self.income = pf.income(self, self.active)
            self.hand_at_start = len(self.zones[HAND0 + self.active])
        _check_taken(self)
        _check_absent(self)
        for slot in range(SLOTS):
            cards = pf.run_cards(self, slot)
            if (self.owner[slot] >= 0) != bool(cards):
                raise StateFormatError(f"pf:{slot}: an owned slot holds a run, a free one none")
            if cards:
                _check_run(self, slot, cards)


def _check_absent(st: PortfolioState) -> None:
    """Each absent-card fact is ``[seat, face, count, ...]`` and holds in the position."""
    for fact in st.absent:
        if (
            len(fact) < 3
            or len(fact) % 2 == 0
            or not 0 <= fact[0] < st.num_players
            or any(not 0 <= fact[i] < len(FACE_NAMES) for i in range(1, len(fact), 2))
            or any(fact[i] < 1 for i in range(2, len(fact), 2))
        ):
            raise StateFormatError(
                f"bad 'absent' fact {fact}: want [seat, face, count, ...] with faces 0-"
                f"{len(FACE_NAMES) - 1} and counts of at least 1"
            )
    if not trades.absent_facts_hold(st):
        raise StateFormatError("a hand holds cards that an 'absent' fact rules out")


def _check_taken(st: PortfolioState) -> None:
    """The taken mark (tag 4, PF-R6) belongs to one card of the active seat's hand for this
    turn only (ruling 2.4, step 3): anywhere else it would bind a later holder of the card."""
    hand = HAND0 + st.active
    marked = [z for z, zone in enumerate(st.zones) for c in zone if st.tags[c] & pf.TAKEN]
    if len(marked) > 1 or any(z != hand for z in marked):
        raise StateFormatError(
            "the taken mark (tag 4) may sit only on one card in the active seat's hand"
        )


def _check_run(st: PortfolioState, slot: int, cards: list[int]) -> None:
    suits = {st.suit[c] for c in cards}
    ranks = sorted(st.rank[c] for c in cards)
    if len(cards) < 3 or len(suits) != 1 or ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        raise StateFormatError(f"pf:{slot} is not a run of 3+ consecutive cards of one suit")
    st.zones[PF0 + slot].sort(key=lambda c: (st.tags[c] & pf.CAPS, st.rank[c]))
