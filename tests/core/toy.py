"""A tiny two-seat game for testing the core alone (not registered).

Six cards a-f; each seat is dealt two; both commit one card face down at once; the two cards go
to the public table; when the hands are empty the higher total wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.core import (
    ActionSpace,
    CardSet,
    Layout,
    State,
    TableSpec,
    Vis,
    ZoneSpec,
    option,
    seat_zones,
)

NAMES = ("a", "b", "c", "d", "e", "f")
DECK, TABLE, HAND0 = 0, 1, 2


@dataclass(frozen=True)
class ToyOptions:
    hand: int = option(2, "TOY-R1", "Cards per hand.", choices=(1, 2))


class ToyState(State):
    __slots__ = ("rounds",)
    GAME = "toy"
    OPTIONS = ToyOptions
    SCALARS: ClassVar[tuple[str, ...]] = ("rounds",)

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        zones = [
            ZoneSpec("deck", Vis.HIDDEN),
            ZoneSpec("table", Vis.PUBLIC),
            *seat_zones("hand", num_players, Vis.OWNER),
        ]
        space = ActionSpace(len(NAMES), lambda i: f"play {NAMES[i]}")
        return TableSpec(num_players, options, CardSet(NAMES), Layout(zones, num_players), space)

    def _init_scalars(self) -> None:
        self.rounds = 0

    def _setup(self) -> None:
        self.zones[DECK].extend(range(len(NAMES)))
        self.shuffle_zone(DECK)
        for _ in range(self.options.hand):
            for seat in range(2):
                self.move(self.zones[DECK][-1], DECK, HAND0 + seat)

    def to_act(self) -> list[int]:
        if self.is_terminal():
            return []
        return [s for s in range(2) if self.pending[s] < 0]

    def legal_action_ids(self, seat: int) -> list[int]:
        if seat not in self.to_act():
            return []
        return sorted(self.zones[HAND0 + seat])

    def _apply(self, seat: int, action_id: int) -> None:
        if self.commit(seat, action_id, (0, 1)):
            for s in range(2):
                self.move(self.pending[s], HAND0 + s, TABLE)
            self.clear_commits()
            self.rounds += 1

    def action_audience(self, seat: int, action_id: int) -> int:
        return 1 << seat

    def is_terminal(self) -> bool:
        return not self.zones[HAND0] and not self.zones[HAND0 + 1]

    def scores(self) -> list[float]:
        return [0.0, 0.0]

    def returns(self) -> list[float]:
        return [0.5, 0.5] if self.is_terminal() else [0.0, 0.0]


def toy(seed: int = 0) -> ToyState:
    state = ToyState.new(2, seed)
    assert isinstance(state, ToyState)
    return state
