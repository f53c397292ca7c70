"""A live table's views read each history entry and log line once (``server/seatlog.py``), and
what they send is exactly what a rebuild from the whole game sends.

Before, every view rebuilt the seat's whole history, log and timeline and kept their tails, so a
move late in a long game cost in proportion to the game's length, once per seat
(docs/reliability.md, "Views that do not grow with the game").
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from cardtable.core import list_games
from cardtable.core.registry import new_state
from cardtable.core.state import State
from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService
from cardtable.server.views import HISTORY_TAIL, LOG_TAIL, TIMELINE_TAIL, SeatLogs, seat_view
from tests.core.toy import ToyState


def rebuilt(state: State, seat: int | None) -> dict[str, Any]:
    """The history, log and timeline parts of ``seat``'s view, built from the whole game with
    the core's ``observation`` and ``timeline_entries`` (the way every view was made before)."""
    obs = state.observation(seat)
    history, datas, log = obs["history"], obs["history_data"], obs["log"]
    obs.update(
        history=history[-HISTORY_TAIL:],
        history_data=datas[-HISTORY_TAIL:],
        log=log[-LOG_TAIL:],
        history_length=len(history),
        log_length=len(log),
    )
    entries: list[dict[str, Any]] = []
    last: list[dict[str, Any] | None] = [None] * state.num_players
    step = 0
    for actor, text, action_data in state.timeline_entries(seat):
        data = None if action_data is None else action_data.to_json()
        if actor is not None:
            step += 1
            last[actor] = {"step": step, "text": text, "data": data}
        entries.append({"step": step, "seat": actor, "text": text, "data": data})
    start = max(0, len(entries) - TIMELINE_TAIL)
    return {
        "observation": obs,
        "timeline": entries[start:],
        "timeline_start": start,
        "last_moves": last,
    }


PARTS = ("observation", "timeline", "timeline_start", "last_moves")


def sent(message: dict[str, Any]) -> dict[str, Any]:
    return {key: message[key] for key in PARTS}


CONFIGS = sorted(
    {(g.name, n) for g in list_games() for n in (g.min_players, g.max_players)},
)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_kept_views_equal_a_rebuild_after_every_move(game: str, players: int) -> None:
    """Random games of every game at its smallest and largest table: after every move, each of
    a random subset of the seats (a spectator too) is sent what a rebuild would send. The
    state is sometimes copied before the move (as a table's own move is) and sometimes moved
    in place (as another process's move is applied), and a seat may skip several moves."""
    seed = CONFIGS.index((game, players))
    rng = random.Random(seed)
    state = new_state(game, players, seed=seed)
    logs = SeatLogs()
    viewers: list[int | None] = [None, *range(players)]
    moves = 0
    while not state.is_terminal() and moves < 150:
        seat = rng.choice(list(state.to_act()))
        if rng.random() < 0.5:
            state = state.clone()
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
        moves += 1
        for viewer in viewers:
            if rng.random() < 0.4 or state.is_terminal():
                message = seat_view(state, {}, moves, viewer, 60.0, logs)
                assert sent(message) == rebuilt(state, viewer), (game, viewer, moves)
    assert moves > 10


def test_a_state_that_does_not_extend_the_logs_is_read_again() -> None:
    """Shown another game (here one that happens to have as many moves), a seat's log starts
    again rather than adding to what it read."""
    logs = SeatLogs()
    first, second = new_state("score", 3, seed=1), new_state("score", 3, seed=2)
    for state in (first, second):
        for _ in range(20):
            seat = state.to_act()[0]
            state.apply(seat, state.legal_action_ids(seat)[0])
    for state in (first, second, first):
        for viewer in (None, 0, 1, 2):
            assert sent(seat_view(state, {}, 20, viewer, 60.0, logs)) == rebuilt(state, viewer)


class CountingToy(ToyState):
    """The toy game played for as long as wanted (each move a hidden choice of its seat and a
    log line for it alone), counting how often a history entry is read."""

    __slots__ = ()
    reads = 0
    LENGTH = 400

    def to_act(self) -> list[int]:
        return [] if self.is_terminal() else [len(self.history) % 2]

    def legal_action_ids(self, seat: int) -> list[int]:
        return [0, 1] if seat in self.to_act() else []

    def _apply(self, seat: int, action_id: int) -> None:
        self.note(f"seat {seat} chose", 1 << seat)

    def is_terminal(self) -> bool:
        return len(self.history) >= self.LENGTH

    def history_entry(self, seat: int | None, actor: int, action_id: int) -> Any:
        CountingToy.reads += 1
        return super().history_entry(seat, actor, action_id)


def test_a_late_move_reads_no_more_entries_than_an_early_one(tmp_path: Any) -> None:
    """Each move through the table service (checked, stored, broadcast to both seats and a
    spectator) reads each seat's new entry once: the 300th move as many as the 1st. Before,
    every view read the whole history twice (observation and timeline): 1,800 reads for the
    300th move."""
    store = Store(f"sqlite:///{tmp_path / 'counting.db'}", "node")
    service = TableService(store, think_time=0.0, bot_workers=1)
    table = service.create("magic-show", 2, {}, ["human", "human"], "A")[0]
    service.join(table, None, "B")
    table.state = CountingToy.new(2, 1)
    reads: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        assert message["type"] == "view"

    async def play() -> None:
        table.connections += [Connection(0, send), Connection(1, send), Connection(None, send)]
        for _ in range(300):
            before = CountingToy.reads
            seat = table.state.to_act()[0]
            await service.act(table, seat, table.seq, 0)
            reads.append(CountingToy.reads - before)
        await service.close()

    asyncio.run(play())
    assert table.seq == 300
    assert reads[0] == reads[99] == reads[299] == 3, reads[:3] + reads[-3:]
