"""A tiny fake game, registered only for the test that asks for it.

"Fake Counters": two seats each get one hidden card, then both *simultaneously* call "high" or
"low" (face down), then they alternate taking 1 or 2 counters from a pile (only "take 1" when one
is left: a forced formality). Score = counters taken, +1 at the end for a call that matches your
own card. Small enough to script a whole game through ``cardtable play`` with ``input=``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner

from cardtable.core import (
    NO_COMMIT,
    ActionSpace,
    CardSet,
    GameInfo,
    Layout,
    State,
    TableSpec,
    Vis,
    ZoneSpec,
    option,
    registry,
    seat_zones,
)

CARDS = ("Ruby", "Onyx", "Topaz", "Jade")
HIGH_CARDS = ("Ruby", "Onyx")
TAKE1, TAKE2, HIGH, LOW = range(4)
TEXTS = ("take 1", "take 2", "call high", "call low")


@dataclass(frozen=True)
class FakeOptions:
    counters: int = option(5, "FK-R1", "Counters in the pile at the start.")


class FakeState(State):
    GAME = "fake-counters"
    TITLE = "Fake Counters"
    MIN_PLAYERS = MAX_PLAYERS = 2
    OPTIONS = FakeOptions
    SCALARS = ("phase", "pile", "taken", "turn")

    phase: str
    pile: int
    taken: list[int]
    turn: int

    @classmethod
    def make_spec(cls, num_players: int, options: Any) -> TableSpec:
        zones = [ZoneSpec("deck", Vis.HIDDEN), *seat_zones("hand", num_players, Vis.OWNER)]
        return TableSpec(
            num_players,
            options,
            CardSet(CARDS),
            Layout(zones, num_players),
            ActionSpace(len(TEXTS), TEXTS.__getitem__),
        )

    def _init_scalars(self) -> None:
        self.phase, self.pile, self.taken, self.turn = "call", 0, [0, 0], 0

    def _setup(self) -> None:
        deck = self.zones[0]
        deck.extend(range(len(CARDS)))
        self.shuffle_zone(0)
        for seat in range(2):
            self.move_secret(deck[-1], 0, 1 + seat, 1 << seat)
        self.pile = self.options.counters
        self.note("each seat is dealt one hidden card")

    def to_act(self) -> Sequence[int]:
        if self.phase == "call":
            return [s for s in range(2) if self.pending[s] == NO_COMMIT]
        return [self.turn] if self.phase == "take" else []

    def legal_action_ids(self, seat: int) -> list[int]:
        if seat not in self.to_act():
            return []
        if self.phase == "call":
            return [HIGH, LOW]
        return [TAKE1] if self.pile == 1 else [TAKE1, TAKE2]

    def _apply(self, seat: int, action_id: int) -> None:
        if self.phase == "call":
            if self.commit(seat, action_id, range(2)):
                self.note(f"seat 0: {TEXTS[self.pending[0]]}; seat 1: {TEXTS[self.pending[1]]}")
                self.clear_commits()
                self.phase = "take"
            return
        n = 1 if action_id == TAKE1 else 2
        self.pile -= n
        self.taken[seat] += n
        self.note(f"seat {seat} takes {n}; {self.pile} left")
        if self.pile == 0:
            self.phase = "over"
        else:
            self.turn = 1 - seat

    def explain_illegal(self, seat: int, action_id: int) -> str | None:
        if self.phase == "take" and action_id == TAKE2 and self.pile == 1:
            return "only 1 counter is left"
        return None

    def action_audience(self, seat: int, action_id: int) -> int:
        return 1 << seat if action_id in (HIGH, LOW) else self.spec.layout.all_mask

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _bonus(self, seat: int) -> int:
        card = self.card_name(self.zones[1 + seat][0])
        calls = [a for s, a in self.history if s == seat and a in (HIGH, LOW)]
        return int(bool(calls) and (calls[0] == HIGH) == (card in HIGH_CARDS))

    def scores(self) -> list[float]:
        end = self.is_terminal()
        return [float(self.taken[s] + (self._bonus(s) if end else 0)) for s in range(2)]

    def returns(self) -> list[float]:
        scores = self.scores()
        best = [s for s in range(2) if scores[s] == max(scores)]
        return [1 / len(best) if s in best else 0.0 for s in range(2)]

    def public_view(self) -> dict[str, Any]:
        return {"phase": self.phase, "pile": self.pile}


def hand_cards(seed: int) -> list[str]:
    """The card dealt to each seat from ``seed`` (a test-only peek at the full state)."""
    state = FakeState.new(2, seed)
    return [state.card_name(state.zones[1 + seat][0]) for seat in range(2)]


@pytest.fixture
def dealt() -> Callable[[int], list[str]]:
    """``dealt(seed)``: the hidden card of each seat, to check what the output may show."""
    return hand_cards


def _register(info: GameInfo) -> Iterator[GameInfo]:
    """Register a test game for one test and remove it afterwards."""
    registry.list_games()  # load the real games first, so they are not loaded mid-test
    registry.register(info)
    try:
        yield info
    finally:
        registry.unregister(info.name)


@pytest.fixture
def fake_game() -> Iterator[GameInfo]:
    """Fake Counters registered as ``fake-counters`` (alias ``fc``) for one test."""
    yield from _register(
        GameInfo(
            name="fake-counters",
            display_name="Fake Counters",
            min_players=2,
            max_players=2,
            state_class=FakeState,
            summary="Call high or low, then take counters.",
            aliases=("fc",),
            simultaneous=True,
            rules_doc="fake_counters.md",
        ),
    )


class RenderedState(FakeState):
    GAME = "fake-rendered"


def render_fake(obs: dict[str, Any]) -> str:
    return f"[bold]RENDERED[/bold] pile={obs['public']['pile']} hand={obs['zones']['hand:0']}"


@pytest.fixture
def rendered_game() -> Iterator[GameInfo]:
    """The same game with its own renderer, registered as ``fake-rendered``."""
    yield from _register(
        GameInfo(
            name="fake-rendered",
            display_name="Fake Rendered",
            min_players=2,
            max_players=2,
            state_class=RenderedState,
            summary="Fake Counters with a renderer.",
            renderer=render_fake,
        ),
    )


@pytest.fixture
def runner() -> CliRunner:
    """Plain output whatever the environment (no forced colour), 100 columns wide."""
    return CliRunner(env={"FORCE_COLOR": None, "TTY_COMPATIBLE": None, "COLUMNS": "100"})
