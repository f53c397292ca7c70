"""The Portfolio table: its fields, phases, zone indexes, card marks and position checks.

The bottom of the package: the rules, the words, the views and the bot import this module, and
it imports only the core, ``meta.py`` and ``cards.py`` (docs/architecture.md).

Zones: ``stock`` (face down), ``discard`` (face up), ``hand:i`` (owner only) and the public
portfolio slots ``pf:0`` .. ``pf:51`` (run cards by rank, then caps, marked by card tags).

Fields (all public): ``phase`` (see :data:`PHASES`), ``active``, ``money``, ``income`` (this
turn's), ``bought``, ``took_discard`` and ``drew_stock`` (this turn's draw, PF information
rules), ``to_draw``, ``hand_at_start``, ``owner`` (per slot, -1 free), ``reformed`` (the
3/5-seat stock was rebuilt), ``ending``/``trigger``/``final_turn`` (PF-R13), ``stall`` (PF-R6),
the offer under way (``proposer``, ``responder``, ``give_*``/``ask_*``, ``return_phase``,
``offers_made``, ``opener``, ``open_left``: PF-R10) and counters for the simulator.
"""

from __future__ import annotations

from typing import ClassVar, Final

from cardtable.core import State, StateFormatError, Vis, ZoneSpec
from cardtable.games.portfolio import meta
from cardtable.games.portfolio.cards import RANK_OF, SUIT_OF

#: Portfolio slots: public zones ``pf:k`` (enough for every card of three decks in runs of 3).
SLOTS: Final = 52
STOCK: Final = 0
DISCARD: Final = 1
HAND0: Final = 2  # hand:i is HAND0 + i (five seats reserved so indexes do not depend on the count)
PF0: Final = HAND0 + meta.MAX_PLAYERS  # pf:k is PF0 + k

# Phases (the public field ``phase``): the turn (PF-R3..R9), the offers (PF-R10), the end.
DRAW: Final = "draw"
SOURCE: Final = "source"
ACTIONS: Final = "actions"
DISCARD_PHASE: Final = "discard"
OVER: Final = "over"
OFFER: Final = "offer"
RESPOND: Final = "respond"
OPEN: Final = "open"
PHASES: Final = (DRAW, SOURCE, ACTIONS, DISCARD_PHASE, OVER, OFFER, RESPOND, OPEN)

# Card tags: a slot's caps, and the card taken from the discard pile this turn (in a hand).
CAP_LOW: Final = 1
CAP_HIGH: Final = 2
CAPS: Final = CAP_LOW | CAP_HIGH
TAKEN: Final = 4

HAND_SIZE: Final = 13
START_MONEY: Final = 6

#: The public fields (all of them: Portfolio has no secret besides hands and the stock).
FIELDS = (
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
#: Derived from the fields, never saved: ``slot_end``, one past the highest owned slot (0 when
#: no slot is owned). Slots are taken lowest free first (``portfolios.free_slot``), so the
#: owned ones are few and low, and the walks over the owners (the turn's actions, the incomes)
#: stop there instead of reading all 52 owners. Kept by ``portfolios.make`` and
#: ``portfolios.neutralize`` (the only plays that change whether a slot is owned), copied by
#: ``clone`` and recomputed when a position is loaded (:func:`owned_end`).
CACHES = ("slot_end",)


def zone_specs(num_players: int) -> list[ZoneSpec]:
    hands = [
        ZoneSpec(f"hand:{i}", Vis.OWNER, i)
        if i < num_players
        else ZoneSpec(f"unused:{i}", Vis.HIDDEN)
        for i in range(meta.MAX_PLAYERS)
    ]
    return [
        ZoneSpec("stock", Vis.HIDDEN),
        ZoneSpec("discard", Vis.PUBLIC),
        *hands,
        *(ZoneSpec(f"pf:{k}", Vis.PUBLIC) for k in range(SLOTS)),
    ]


class PortfolioTable(State):
    """A Portfolio table's fields (seat N-1 deals, seat 0 starts: PF-R1); no rules."""

    __slots__ = FIELDS + CACHES

    GAME: ClassVar[str] = meta.NAME
    TITLE: ClassVar[str] = meta.DISPLAY_NAME
    MIN_PLAYERS: ClassVar[int] = meta.MIN_PLAYERS
    MAX_PLAYERS: ClassVar[int] = meta.MAX_PLAYERS
    OPTIONS: ClassVar[type] = meta.PortfolioOptions
    SCALARS: ClassVar[tuple[str, ...]] = FIELDS
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
    slot_end: int

    #: Rank and suit per card id (shared by two- and three-deck tables: ids run deck by deck).
    rank: ClassVar[tuple[int, ...]] = RANK_OF
    suit: ClassVar[tuple[int, ...]] = SUIT_OF

    @property
    def stall_limit(self) -> int:
        limit: int = self.options.stall_limit
        return limit if limit > 0 else 3 * self.num_players

    def _init_scalars(self) -> None:
        self.phase = DRAW
        self.active = 0
        self.money = [START_MONEY] * self.num_players
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
        #: Public facts that a hand lacks cards (a void trade, PF-R10): see trades.py.
        self.absent = []
        self.slot_end = 0

    def _copy_scalars(self, new: State) -> None:
        """The fields of ``SCALARS``, copied one by one: see :meth:`State._copy_scalars`."""
        assert isinstance(new, PortfolioTable)
        new.phase = self.phase
        new.active = self.active
        new.money = self.money[:]
        new.income = self.income
        new.bought = self.bought
        new.took_discard = self.took_discard
        new.to_draw = self.to_draw
        new.hand_at_start = self.hand_at_start
        new.owner = self.owner[:]
        new.reformed = self.reformed
        new.ending = self.ending
        new.trigger = self.trigger
        new.final_turn = self.final_turn
        new.stall = self.stall
        new.drew_stock = self.drew_stock
        new.turns = self.turns
        new.made = self.made
        new.caps = self.caps
        new.neutralized = self.neutralized
        new.acquired = self.acquired
        new.cards_bought = self.cards_bought
        new.proposer = self.proposer
        new.responder = self.responder
        new.give_cards = self.give_cards[:]
        new.ask_cards = self.ask_cards[:]
        new.give_pfs = self.give_pfs[:]
        new.ask_pfs = self.ask_pfs[:]
        new.give_money = self.give_money
        new.ask_money = self.ask_money
        new.return_phase = self.return_phase
        new.offers_made = self.offers_made
        new.opener = self.opener
        new.open_left = self.open_left
        new.trades_done = self.trades_done
        new.absent = [v[:] for v in self.absent]


def owned_end(owner: list[int]) -> int:
    """One past the highest owned slot of ``owner`` (0 when none is owned): ``slot_end``."""
    end = len(owner)
    while end > 0 and owner[end - 1] < 0:
        end -= 1
    return end


def run_cards(st: PortfolioTable, slot: int) -> list[int]:
    """The run of slot ``slot``, low to high (caps excluded)."""
    tags = st.tags
    return [c for c in st.zones[PF0 + slot] if not tags[c] & CAPS]


def check_fields(st: PortfolioTable) -> None:
    """A loaded position's fields: a known phase, money and owners in shape, a seat to act."""
    if st.phase not in PHASES:
        raise StateFormatError(f"phase must be one of {PHASES}, not {st.phase!r}")
    if len(st.money) != st.num_players or any(m < 0 for m in st.money):
        raise StateFormatError("'money' needs one non-negative entry per seat")
    if len(st.owner) != SLOTS:
        raise StateFormatError(f"'owner' needs {SLOTS} entries (-1 for a free slot)")
    if st.phase != OVER and not 0 <= st.active < st.num_players:
        raise StateFormatError("'active' must be a seat")


def check_zones(st: PortfolioTable) -> None:
    """A loaded position's piles: the taken mark where it may be, and every slot a true run."""
    _check_taken(st)
    for slot in range(SLOTS):
        cards = run_cards(st, slot)
        if (st.owner[slot] >= 0) != bool(cards):
            raise StateFormatError(f"pf:{slot}: an owned slot holds a run, a free one none")
        if cards:
            _check_run(st, slot, cards)


def _check_taken(st: PortfolioTable) -> None:
    """The taken mark (tag 4, PF-R6) belongs to one card of the active seat's hand for this
    turn only (ruling 2.4, step 3): anywhere else it would bind a later holder of the card."""
    hand = HAND0 + st.active
    marked = [z for z, zone in enumerate(st.zones) for c in zone if st.tags[c] & TAKEN]
    if len(marked) > 1 or any(z != hand for z in marked):
        raise StateFormatError(
            "the taken mark (tag 4) may sit only on one card in the active seat's hand"
        )


def _check_run(st: PortfolioTable, slot: int, cards: list[int]) -> None:
    suits = {st.suit[c] for c in cards}
    ranks = sorted(st.rank[c] for c in cards)
    if len(cards) < 3 or len(suits) != 1 or ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        raise StateFormatError(f"pf:{slot} is not a run of 3+ consecutive cards of one suit")
    st.zones[PF0 + slot].sort(key=lambda c: (st.tags[c] & CAPS, st.rank[c]))
