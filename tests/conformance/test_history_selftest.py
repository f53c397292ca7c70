"""The history check can fail: determinisations that break a public fact are each caught.

Two bugs planted in the tiny core test game: a sampler that ignores seen marks (a card shown to
everyone is dealt elsewhere), and a public fact about a hand that the sampler is not told about
(the log says whether a seat holds the ``a``, and worlds ignore it). The same game keeping that fact
for the sampler, and the unplanted game, pass.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pytest

from cardtable.core import Rng, State
from tests.core.toy import HAND0, ToyState

from .history import check_game

A = 0  # the card named "a"


class Shows(ToyState):
    """Seat 1 shows the highest card of its hand to the table after the deal."""

    def _setup(self) -> None:
        super()._setup()
        self.seen[max(self.zones[HAND0 + 1])] = self.spec.layout.all_mask


class ForgetsMarks(Shows):
    """Planted: determinisation as if no seat had seen anything beyond its own hand."""

    def sampler(self, seat: int) -> Callable[[Rng], State]:
        blind = self.clone()
        blind.seen = [0] * len(blind.seen)
        deal = State.sampler(blind, seat)

        def sample(rng: Rng) -> State:
            world = deal(rng)
            world.seen = self.seen[:]  # the marks come back; the cards were dealt without them
            return world

        return sample


class SaysAbsent(ToyState):
    """After each round the log says whether seat 1 still holds the ``a`` (a public fact)."""

    def _apply(self, seat: int, action_id: int) -> None:
        super()._apply(seat, action_id)
        if self.pending == [-1, -1]:
            held = A in self.zones[HAND0 + 1]
            self.note("seat 1 holds the a" if held else "seat 1 holds no a")


class KeepsAbsent(SaysAbsent):
    """The same fact, kept for the sampler: it is about seat 1's hand as it is until the next
    round ends (a face-down commitment leaves the card in the hand)."""

    __slots__ = ("a_held",)
    SCALARS: ClassVar[tuple[str, ...]] = ("rounds", "a_held")

    def _init_scalars(self) -> None:
        super()._init_scalars()
        self.a_held = -1

    def _apply(self, seat: int, action_id: int) -> None:
        super()._apply(seat, action_id)
        if self.pending == [-1, -1]:
            self.a_held = int(A in self.zones[HAND0 + 1])

    def agrees_with_public_facts(self) -> bool:
        return self.a_held < 0 or self.a_held == int(A in self.zones[HAND0 + 1])


def _caught(cls: type[ToyState]) -> bool:
    for seed in range(30):
        try:
            check_game(cls.new(2, seed), Rng(seed), every=1, samples=8)
        except AssertionError:
            return True
    return False


@pytest.mark.parametrize("cls", [ForgetsMarks, SaysAbsent])
def test_a_planted_impossible_world_is_caught(cls: type[ToyState]) -> None:
    assert _caught(cls), f"the history check missed the bug planted in {cls.__name__}"


@pytest.mark.parametrize("cls", [ToyState, Shows, KeepsAbsent])
def test_honest_determinisation_passes(cls: type[ToyState]) -> None:
    assert not _caught(cls)
