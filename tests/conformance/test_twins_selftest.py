"""The twin-world test can fail: leaks planted in a tiny game are each caught.

Each leak is one the test exists for: a deck's top card in the public view, an opponent's hand
in a log line, an index that depends on a hand's filing order, and an action description that
depends on an opponent's hand, and a history entry's data that names an opponent's card. The
unplanted game passes.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import ActionData, Rng, State
from tests.core.toy import DECK, HAND0, NAMES, ToyState

from .twins import play_twins


class DeckTopInView(ToyState):
    def public_view(self) -> dict[str, Any]:
        return {"top": NAMES[self.zones[DECK][-1]]}


class HandInLog(ToyState):
    def _apply(self, seat: int, action_id: int) -> None:
        super()._apply(seat, action_id)
        self.note("seat 1 holds " + " ".join(NAMES[c] for c in sorted(self.zones[HAND0 + 1])))


class OrderIndex(ToyState):
    def public_view(self) -> dict[str, Any]:
        hand = self.zones[HAND0 + 1]
        return {"at": hand.index(max(hand)) if hand else -1}


class DescriptionPeeks(ToyState):
    def describe_action(self, seat: int, action_id: int) -> str:
        other = self.zones[HAND0 + 1 - seat]
        return f"play {NAMES[action_id]}" + (" (they hold a)" if 0 in other else "")


class DataPeeks(ToyState):
    def history_entry(
        self, seat: int | None, actor: int, action_id: int
    ) -> tuple[str, ActionData | None]:
        text, data = super().history_entry(seat, actor, action_id)
        other = self.zones[HAND0 + 1]
        peek = NAMES[min(other)] if other else ""
        return text, None if data is None else ActionData(data.kind, {"peek": peek})


def _caught(cls: type[ToyState]) -> bool:
    for seed in range(20):
        state: State = cls.new(2, seed)
        try:
            play_twins(state, Rng(seed))
        except AssertionError:
            return True
    return False


@pytest.mark.parametrize("cls", [DeckTopInView, HandInLog, OrderIndex, DescriptionPeeks, DataPeeks])
def test_a_planted_leak_is_caught(cls: type[ToyState]) -> None:
    assert _caught(cls), f"the twin-world test missed the leak planted in {cls.__name__}"


def test_the_unplanted_game_passes() -> None:
    assert not _caught(ToyState)
