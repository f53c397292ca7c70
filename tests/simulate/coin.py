"""A test-only game with a known answer: one flip decides it, the first player wins with
``bias`` percent. The first player is seat 0, or with ``drawn_start`` a seat drawn at setup (as
Piece of the Action draws its first Leader).

The simulator's statistics are checked against it: a fair coin must come out at 1/2 within the
interval, a biased one must be detected, and with a drawn start the advantage belongs to the
first player, not to seat 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.core import (
    ActionSpace,
    CardSet,
    GameInfo,
    Layout,
    State,
    TableSpec,
    option,
    register,
)


@dataclass(frozen=True)
class CoinOptions:
    bias: int = option(50, "COIN-R1", "Percent chance that the first player wins.")
    drawn_start: bool = option(False, "COIN-R2", "A draw at setup picks the first player.")


class CoinState(State):
    __slots__ = ("start", "winner")
    GAME = "coin"
    OPTIONS = CoinOptions
    SCALARS: ClassVar[tuple[str, ...]] = ("start", "winner")

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        space = ActionSpace(1, lambda i: "flip")
        return TableSpec(num_players, options, CardSet([]), Layout([], num_players), space)

    def _init_scalars(self) -> None:
        self.start = 0
        self.winner = -1

    def _setup(self) -> None:
        if self.options.drawn_start:
            self.start = self.rng.below(2)

    def to_act(self) -> list[int]:
        return [] if self.winner >= 0 else [self.start]

    def legal_action_ids(self, seat: int) -> list[int]:
        return [0] if seat == self.start and self.winner < 0 else []

    def _apply(self, seat: int, action_id: int) -> None:
        first_wins = self.rng.below(100) < self.options.bias
        self.winner = self.start if first_wins else 1 - self.start

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def scores(self) -> list[float]:
        return [1.0 if self.winner == s else 0.0 for s in range(2)]

    def returns(self) -> list[float]:
        return self.scores() if self.is_terminal() else [0.0, 0.0]


INFO = GameInfo("coin", "Coin", 2, 2, CoinState, "A test coin.", rules_doc="coin.md")


def ensure_registered() -> None:
    register(INFO)
