"""A test-only game with a known answer: one flip decides it, seat 0 wins with ``bias`` percent.

The simulator's statistics are checked against it: a fair coin must come out at 1/2 within the
interval, a biased one must be detected.
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
    bias: int = option(50, "COIN-R1", "Percent chance that seat 0 wins.")


class CoinState(State):
    __slots__ = ("winner",)
    GAME = "coin"
    OPTIONS = CoinOptions
    SCALARS: ClassVar[tuple[str, ...]] = ("winner",)

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        space = ActionSpace(1, lambda i: "flip")
        return TableSpec(num_players, options, CardSet([]), Layout([], num_players), space)

    def _init_scalars(self) -> None:
        self.winner = -1

    def _setup(self) -> None:
        pass

    def to_act(self) -> list[int]:
        return [] if self.winner >= 0 else [0]

    def legal_action_ids(self, seat: int) -> list[int]:
        return [0] if seat == 0 and self.winner < 0 else []

    def _apply(self, seat: int, action_id: int) -> None:
        self.winner = 0 if self.rng.below(100) < self.options.bias else 1

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def scores(self) -> list[float]:
        return [1.0 if self.winner == s else 0.0 for s in range(2)]

    def returns(self) -> list[float]:
        return self.scores() if self.is_terminal() else [0.0, 0.0]


INFO = GameInfo("coin", "Coin", 2, 2, CoinState, "A test coin.", rules_doc="coin.md")


def ensure_registered() -> None:
    register(INFO)
