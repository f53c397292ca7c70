"""The Portfolio state: the table spec and the protocol routing, on top of the package.

The fields, phases and zone indexes are in :mod:`cardtable.games.portfolio.table`; the turn in
:mod:`.rules`, :mod:`.legal`, :mod:`.trades` and :mod:`.portfolios`; the words in :mod:`.describe`.
This class names which function answers each protocol call (``RULES``) and adds what only the
whole game knows: the result, the public view and the end check of a loaded position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from cardtable.core import CardSet, Layout, State, StateFormatError, TableSpec
from cardtable.core.gamerules import GameRules
from cardtable.games.portfolio import describe, legal, meta, rules, trades
from cardtable.games.portfolio import portfolios as pf
from cardtable.games.portfolio.cards import (
    FACE_NAMES,
    RANK_NAMES,
    SUIT_WORDS,
    card_tables,
    decks_for,
)
from cardtable.games.portfolio.notation import make_full_space
from cardtable.games.portfolio.table import (
    CAP_HIGH,
    CAP_LOW,
    DISCARD,
    DRAW,
    HAND0,
    OVER,
    SLOTS,
    STOCK,
    PortfolioTable,
    check_fields,
    check_zones,
    owned_end,
    zone_specs,
)

_TABLES = {d: card_tables(d) for d in (2, 3)}
#: ``to_act``'s answer per seat: tuples are immutable, so every call may share one. Typed as
#: ``Sequence[int]``, not ``tuple[int]``: compiled, a ``tuple[int]`` item is unpacked into a C
#: struct and packed into a new tuple when returned, which is the allocation this saves.
_ACTORS: Final[tuple[Sequence[int], ...]] = tuple((seat,) for seat in range(meta.MAX_PLAYERS))


class PortfolioState(PortfolioTable):
    """A game of Portfolio for 2-5 seats (seat N-1 deals, seat 0 starts: PF-R1)."""

    __slots__ = ()

    RULES: ClassVar[GameRules] = GameRules(
        setup=rules.setup,
        describe=describe.describe_action,
        notes=describe.choice_notes,
    )

    def _blank(self) -> State:
        if type(self) is PortfolioState:
            return PortfolioState(self.spec, 0, blank=True)  # a direct call, compiled
        return super()._blank()

    def clone(self) -> State:
        """The core's copy, and the derived ``slot_end`` (``table.CACHES``)."""
        new = super().clone()
        assert isinstance(new, PortfolioState)
        new.slot_end = self.slot_end
        return new

    # The calls on the hot path are methods that call the rules directly: compiled, that is a
    # direct C call, where a function held in RULES is called through Python (the measured
    # difference is in docs/performance.md).

    def legal_action_ids(self, seat: int) -> list[int]:
        return legal.legal_ids(self, seat)

    def _apply(self, seat: int, action_id: int) -> None:
        rules.apply_action(self, seat, action_id)

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

    def agrees_with_public_facts(self) -> bool:
        return trades.absent_facts_hold(self)

    def to_act(self) -> Sequence[int]:
        """The deciding seat as a shared one-seat tuple (``_ACTORS``): compiled, a fresh tuple
        and its boxed seat were allocated on every call, a dozen per search iteration."""
        return () if self.phase == OVER else _ACTORS[legal.decider(self)]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(m) for m in self.money]

    def returns(self) -> list[float]:
        """PF-R14: most money; tie -> most portfolio value; still tied -> shared."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        best = rules.winners(self)
        return [1.0 / len(best) if s in best else 0.0 for s in range(self.num_players)]

    def evaluate(self) -> list[float]:
        """Each seat's share of the squared worth ``(max(0, money + 3 * income) + 1) ** 2``.

        Written as one loop with the total summed once (it was summed again for every seat):
        compiled, each ``sum``, ``zip`` and ``max`` was a call through Python. The weights are
        whole numbers far below 2**53, so every sum is exact and the shares are the same floats
        in any order of adding."""
        if self.is_terminal():
            return self.returns()
        incomes = pf.incomes(self)
        money = self.money
        weights: list[float] = []
        total = 0.0
        for seat in range(self.num_players):
            worth = money[seat] + 3.0 * incomes[seat]
            if worth < 0.0:
                worth = 0.0
            weight = (worth + 1.0) * (worth + 1.0)
            weights.append(weight)
            total += weight
        return [w / total for w in weights]

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
                    "capped_low": pf.has_cap(self, slot, CAP_LOW),
                    "capped_high": pf.has_cap(self, slot, CAP_HIGH),
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
            "deciding": legal.decider(self) if self.phase != OVER else None,
        }
        if self.proposer >= 0:
            view["trade"] = trades.offer_data(self)  # the offer's parts, only while there is one
        return view

    def _after_load(self) -> None:
        check_fields(self)
        self.slot_end = owned_end(self.owner)
        if self.phase == DRAW:
            # At the draw choice the income is, by rule, the seat's portfolios' value now.
            self.income = pf.income(self, self.active)
            self.hand_at_start = len(self.zones[HAND0 + self.active])
        check_zones(self)
        _check_absent(self)


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
