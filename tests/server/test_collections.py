"""What the server keeps between moves for the garbage collector to walk (docs/reliability.md,
"Sixth sitting: collections").

A timed full collection (``server/timings.py``) stops the event loop while it walks every live
object the collector tracks; with 200 tables it walked each seat's last view (the diff base of
protocol 2) and a copy of each seat's whole history and log in its seat log, and paused the
loop for about 0.4 s. These count what is walked (references from tracked objects, the
collector's own work), not how long it takes, so they do not depend on the machine's load.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
from typing import Any

from cardtable.core import new_state
from cardtable.server.patch import apply
from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService
from cardtable.server.timings import collect_every
from cardtable.server.views import SeatLogs, encode
from tests.server.test_seat_logs import CountingToy


def walked(root: object) -> int:
    """The references a full collection visits in the tracked objects reachable from ``root``
    (an untracked object, such as a tuple of numbers once the collector has seen it, is not
    walked into; nor are classes, which every instance refers to, and what they lead to)."""
    seen: set[int] = set()
    stack, total = [root], 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or not gc.is_tracked(obj) or isinstance(obj, type):
            continue
        seen.add(id(obj))
        referents = gc.get_referents(obj)
        total += len(referents)
        stack.extend(referents)
    return total


def test_a_seat_log_gives_the_collector_no_more_to_walk_late_in_a_game_than_early() -> None:
    """Both seats' and a spectator's logs, 60 and 360 moves into a 400-move game: once their
    tails are full, what they keep does not grow with the game. Before, each log kept a copy
    of every history entry and log line it had read (to check that a later state extends
    them): 2,160 more references to walk at move 360 than at move 60, for three seats."""
    state = CountingToy.new(2, 1)
    logs = SeatLogs()
    counts = {}
    for move in range(1, 361):
        state = state.clone()  # as a table's own move is made
        state.apply(state.to_act()[0], move % 2)
        for seat in (0, 1, None):
            logs.of(state, seat)
        if move in (60, 360):
            gc.collect()  # untracks the tuples of numbers the state's history holds
            counts[move] = walked(logs)
    assert counts[360] <= counts[60], counts


def _service(tmp_path: Any) -> TableService:
    store = Store(f"sqlite:///{tmp_path / 'collections.db'}", "node")
    return TableService(store, think_time=0.0, bot_workers=1, away_seconds=1e6)


def test_shed_drops_the_diff_bases_and_the_next_broadcast_sends_whole_views(
    tmp_path: Any,
) -> None:
    """``TableService.shed`` (called before each timed collection) empties every table's diff
    bases: nothing of them is left to walk; each seat's next message is its whole view, and
    the updates go on from it, each turning the view the client has into the server's."""
    service = _service(tmp_path)
    table = service.create("score", 3, {}, ["human"] * 3, "A")[0]
    service.join(table, None, "B")
    service.join(table, None, "C")
    got: dict[int, list[dict[str, Any]]] = {0: [], 1: [], 2: []}
    docs: dict[int, dict[str, Any]] = {}

    def sender(seat: int) -> Any:
        async def send(message: dict[str, Any]) -> None:
            message = json.loads(encode(message))  # as a client reads it
            got[seat].append(message)
            if message["type"] == "view":
                docs[seat] = message
            else:
                docs[seat] = apply(docs[seat], message["patch"])
                docs[seat]["v"] = message["v"]

        return send

    async def move() -> None:
        seat = table.state.to_act()[0]
        await service.act(table, seat, table.seq, table.state.legal_action_ids(seat)[0])

    async def play() -> None:
        table.connections += [Connection(s, sender(s), updates=True) for s in range(3)]
        await service.broadcast(table)
        await move()
        assert [got[s][-1]["type"] for s in range(3)] == ["update"] * 3
        assert walked(table.sent) > 300  # three whole views (sharing the summary)
        assert service.shed() == 3
        assert walked(table.sent) == walked({})
        await move()
        assert [got[s][-1]["type"] for s in range(3)] == ["view"] * 3
        await move()
        assert [got[s][-1]["type"] for s in range(3)] == ["update"] * 3
        for s in range(3):
            assert docs[s] == json.loads(encode(table.view(s)))
        await service.close()

    asyncio.run(play())


def test_the_timed_collector_sheds_before_each_collection() -> None:
    """``collect_every`` calls its ``before`` right before each full collection (the server
    passes ``TableService.shed``)."""
    order: list[str] = []

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and info["generation"] == 2:
            order.append("collect")

    async def run() -> None:
        task = asyncio.create_task(collect_every(0.01, lambda: order.append("shed")))
        while order.count("collect") < 2:
            await asyncio.sleep(0.01)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    gc.callbacks.append(on_gc)
    try:
        asyncio.run(run())
    finally:
        gc.callbacks.remove(on_gc)
    assert order[:4] == ["shed", "collect", "shed", "collect"], order


def test_a_table_keeps_one_state_through_its_moves_so_a_frozen_state_is_not_walked_again(
    tmp_path: Any,
) -> None:
    """Each move is made on a copy (an illegal action or a lost race changes nothing), and once
    stored it is made again on the table's own state, which stays one object for the game
    ("Ninth sitting: one state per table"). Before, the copy became the table's state, so its
    lists were new after every move and every timed collection (which freezes what survives
    it) walked every live table's whole state again: 195,304 references at 200 tables, 91,087
    with this (benchmarks/gc_census.py 200 20 100). Checked here as the collector sees it:
    after a collection and a freeze, moves leave none of the state's lists to walk."""
    service = _service(tmp_path)
    table = service.create("piece-of-the-action", 3, {}, ["human"] * 3, "A")[0]
    service.join(table, None, "B")
    service.join(table, None, "C")
    state = table.state

    async def moves(count: int) -> None:
        for _ in range(count):
            seat = table.state.to_act()[0]
            await service.act(table, seat, table.seq, table.state.legal_action_ids(seat)[0])

    async def play() -> None:
        await moves(3)
        gc.collect()
        gc.freeze()
        try:
            await moves(5)
            unfrozen = {id(obj) for obj in gc.get_objects()}
        finally:
            gc.unfreeze()
        assert table.state is state
        assert table.seq == 8
        lists = [zone for zone in state.zones if isinstance(zone, list)]
        assert lists and not any(id(zone) in unfrozen for zone in lists)
        # Made twice, the moves agree: the table's state is what replaying the store gives.
        replayed = new_state("piece-of-the-action", 3, table.row.seed, table.row.options)
        for seat, action_id in state.history:
            replayed.apply_unchecked(seat, action_id)
        assert replayed.to_json() == state.to_json()
        await service.close()

    asyncio.run(play())


def test_the_seats_of_a_table_share_the_entries_of_a_move_they_read_alike() -> None:
    """A move every seat reads alike is kept once for all of them, not once per seat: the same
    timeline entry, history pair and latest move (docs/reliability.md, "Tenth sitting: seat
    logs share their entries"). A move read differently (a face-down play of Score!, hidden
    from all but its actor) gets entries of its own for each reading, and nothing another seat
    was told leaks into a seat's view (``test_seat_logs`` checks every view against a rebuild).
    Before, each seat made its own: the collector walked four objects per seat per move."""
    state = new_state("score", 3, seed=5)
    shared, alone = SeatLogs(), {seat: SeatLogs() for seat in (None, 0, 1, 2)}
    for move in range(1, 151):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_action_ids(seat)[move % len(state.legal_action_ids(seat))])
        for viewer in (None, 0, 1, 2):
            shared.of(state, viewer)
            alone[viewer].of(state, viewer)  # each seat on its own: nothing to share with
    readings = {0: 0, 1: 0}
    logs = {viewer: shared.of(state, viewer) for viewer in (None, 0, 1, 2)}
    for step in range(len(state.history) - 9, len(state.history) + 1):
        entries = [
            next(e for e in logs[viewer].timeline if e["step"] == step and e["seat"] is not None)
            for viewer in (None, 0, 1, 2)
        ]
        by_reading: dict[tuple[str, str], set[int]] = {}
        for entry in entries:
            key = (entry["text"], json.dumps(entry["data"]))
            by_reading.setdefault(key, set()).add(id(entry))
        assert all(len(ids) == 1 for ids in by_reading.values()), step
        readings[len(by_reading) > 1] += 1
    assert readings[0] and readings[1], readings  # public moves and hidden ones both seen
    gc.collect()
    kept = walked(shared)
    kept_alone = sum(walked(log) for log in alone.values())
    # 662 references against 990 when written (the records that find a reading cost a little;
    # a face-down play is read two ways); about equal before.
    assert kept < 0.75 * kept_alone, (kept, kept_alone)
