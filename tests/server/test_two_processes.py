"""What a move costs when several processes share one PostgreSQL (issue 25, the two-process
soak: twice the CPU per action of one process and a p99 of seconds).

Each test pins one cause found with py-spy and SQLAlchemy event counting during
``benchmarks/web_soak.py load --spawn 2`` (docs/reliability.md, "Two processes on PostgreSQL"):

* a (table, seq) race lost by one move of a group commit aborted the whole transaction, and
  every move of the batch was then written again in a transaction of its own (psycopg's
  "pipeline aborted", 17 times in a 60 s run);
* the listener applied notices one after another and waited for the table's lock, so one table
  whose own move was being stored held up every other table's notices;
* the loop read the store itself (a lost race's refresh, a ``seats`` or ``presence`` notice,
  the heartbeat's lease and presence queries), stalling every connection of the process.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError

from cardtable.server.cluster import PgCluster
from cardtable.server.store import Move, Store, event_payload
from cardtable.server.tables import Connection, LiveTable, TableError, TableService

pytestmark = pytest.mark.parametrize("any_db_url", ["postgresql"], indirect=True)


@contextmanager
def counting(store: Store) -> Iterator[dict[str, Any]]:
    """Count transactions and statements on ``store``, and note the threads they ran on."""
    seen: dict[str, Any] = {"begin": 0, "statements": 0, "threads": []}

    def begin(_conn: object) -> None:
        seen["begin"] += 1

    def statement(*_args: object) -> None:
        seen["statements"] += 1
        seen["threads"].append(threading.get_ident())

    event.listen(store.engine, "begin", begin)
    event.listen(store.engine, "before_cursor_execute", statement)
    try:
        yield seen
    finally:
        event.remove(store.engine, "begin", begin)
        event.remove(store.engine, "before_cursor_execute", statement)


def two_services(url: str) -> tuple[TableService, TableService]:
    first_store, second_store = Store(url, "node-a"), Store(url, "node-b")
    first = TableService(first_store, think_time=0.0, cluster=PgCluster(first_store, 15.0))
    second = TableService(second_store, think_time=0.0, cluster=PgCluster(second_store, 15.0))
    return first, second


async def _ignore(_message: dict[str, Any]) -> None:
    pass


def next_move(table: LiveTable) -> tuple[int, str]:
    """The first legal move of the table's next mover, as (seat, text), not applied."""
    state = table.state.clone()
    seat = state.to_act()[0]
    return seat, state.apply(seat, state.legal_action_ids(seat)[0]).text


def test_a_lost_race_in_a_group_commit_costs_one_transaction(any_db_url: str) -> None:
    """A batch with one step another process took first is still one transaction of one
    statement: the lost move is told apart inside it (``ON CONFLICT DO NOTHING``), the others
    are stored and announced. Before: the batch failed, then each move was written again in a
    transaction of its own (4 transactions here, 1 + 2 per move statements)."""
    first, _ = two_services(any_db_url)
    store = first.store
    tables = [first.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(3)]
    store.add_event(tables[1].id, 1, 0, "taken first", False)  # another process's step 1
    with counting(store) as seen:
        outcomes = store.add_moves([Move(t.id, 1, 0, f"move {i}") for i, t in enumerate(tables)])
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], IntegrityError)
    assert seen["begin"] == 1, seen
    assert seen["statements"] == 1, seen
    assert store.events_after(tables[0].id, 0) == [(1, 0, "move 0")]
    assert store.events_after(tables[1].id, 0) == [(1, 0, "taken first")]
    assert store.events_after(tables[2].id, 0) == [(1, 0, "move 2")]


def test_a_finished_game_and_a_fenced_move_still_count(any_db_url: str) -> None:
    """The one-statement write keeps the rest of the contract: the last move marks the table
    finished, and a bot's move of a table whose lease this process lost is refused."""
    first, second = two_services(any_db_url)
    store = first.store
    ended, lost = (first.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(2))
    first.cluster.release(lost.id)
    assert second.cluster.claim(lost.id)
    held = first.create("score", 3, {}, ["human"] * 3, "A")[0]
    outcomes = store.add_moves(
        [
            Move(ended.id, 1, 0, "last", finished=True),
            Move(lost.id, 1, 0, "bot", fence=True),
            Move(held.id, 1, 0, "bot", fence=True),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert type(outcomes[1]).__name__ == "LeaseLost"
    row = store.load_row(ended.id)
    assert row is not None and row.finished
    assert store.events_after(lost.id, 0) == []
    assert store.events_after(held.id, 0) == [(1, 0, "bot")]
    unfinished = store.load_row(held.id)
    assert unfinished is not None and not unfinished.finished


def test_a_table_busy_storing_a_move_does_not_hold_up_other_tables_notices(
    any_db_url: str,
) -> None:
    """While a table's own move is being stored (its lock held), notices of other tables are
    applied at once, and the busy table's notices follow in order once it is free. Before, the
    listener awaited the busy table's lock and every other notice queued behind it."""
    first, second = two_services(any_db_url)
    busy, other = (first.create("magic-show", 2, {}, ["human"] * 2, "A")[0] for _ in range(2))
    busy_b, other_b = second.get(busy.id), second.get(other.id)
    for watched in (busy_b, other_b):  # a client of each is here: the notices are applied
        watched.connections.append(Connection(0, _ignore))
    payloads = []
    for table in (busy, busy, other):
        seat, text = next_move(table)
        move = Move(table.id, table.seq + 1, seat, text)
        first.store.add_moves([move])
        table.state.apply(seat, text)
        table.seq += 1
        payloads.append(event_payload("node-a", move))
    cluster = second.cluster
    assert isinstance(cluster, PgCluster)

    async def hear() -> None:
        async with busy_b.lock:  # as while second's own move of that table is stored
            for payload in payloads:
                await asyncio.wait_for(cluster.dispatch(payload, second.on_notice), 5)
            for _ in range(500):
                if other_b.seq == 1:
                    break
                await asyncio.sleep(0.01)
            assert other_b.seq == 1 and busy_b.seq == 0
        for _ in range(500):
            if busy_b.seq == 2:
                break
            await asyncio.sleep(0.01)
        await second.close()
        await first.close()

    asyncio.run(hear())
    assert busy_b.seq == 2 and busy_b.state.history == busy.state.history


def test_no_store_call_on_the_event_loop_for_notices_races_and_the_heartbeat(
    any_db_url: str,
) -> None:
    """A lost race's catch-up, a ``seats`` or ``presence`` notice, a notice with a gap and the
    heartbeat read the store off the event loop: a query on the loop stalls every connection
    of the process (before, all of them ran there)."""
    first, second = two_services(any_db_url)
    table = first.create("magic-show", 2, {}, ["human"] * 2, "A")[0]
    mirror = second.get(table.id)

    async def send(_message: dict[str, Any]) -> None:
        pass

    async def run() -> None:
        loop_thread = threading.get_ident()
        mirror.connections.append(Connection(0, send))
        first.join(table, None, "B")  # seats changed through the first process
        seat, text = next_move(table)
        await first.act(table, seat, table.seq, text)  # the second process has not heard it
        await asyncio.to_thread(first.cluster.present, table.id, 1, True)
        seat, text = next_move(mirror)
        with counting(second.store) as seen:
            # The second process has not heard of step 1: its move loses the race for it.
            await second.act(mirror, seat, 0, text)  # the same move: a resend, told as such
            await second.on_notice(table.id, "seats")
            await second.on_notice(table.id, "presence")
            await second.on_notice(table.id, "event 5 0 nothing")  # a gap: read the store
            assert isinstance(second.cluster, PgCluster)
            await second.cluster.beat(second.on_tick)  # one beat of the heartbeat
        assert seen["statements"] > 0
        on_loop = [t for t in seen["threads"] if t == loop_thread]
        assert not on_loop, f"{len(on_loop)} of {seen['statements']} statements on the loop"
        await first.close()
        await second.close()

    asyncio.run(run())
    assert mirror.seq == table.seq == 1 and mirror.row.seats_version == table.row.seats_version


def test_a_join_through_a_process_that_has_not_heard_of_the_last_join_takes_the_next_seat(
    any_db_url: str,
) -> None:
    """Two joins in a row through two processes both get a seat: the second process, whose
    copy of the seats is older than the store's, reads them once and chooses again. Before, it
    answered 409 "the seats changed meanwhile" whenever the first join's notice had not been
    applied there yet (the scale-out test's rate-limit case hit it once notices were applied
    off the listener)."""
    first, second = two_services(any_db_url)
    table = first.create("score", 3, {}, ["human"] * 3, "A")[0]
    stale = second.get(table.id)
    assert first.join(table, None, "B")[0] == 1
    assert second.join(stale, None, "C")[0] == 2
    assert [s["name"] for s in stale.row.seats] == ["A", "B", "C"]
    with pytest.raises(TableError):  # the seat asked for went meanwhile: still refused
        first.join(table, 2, "D")


def test_a_process_with_no_client_of_a_table_leaves_its_moves_to_the_owner(
    any_db_url: str,
) -> None:
    """The second process has the table loaded (its lobby lists it) but no client of it, and
    the first owns it: the first's moves are not applied there (no copy of the state moves,
    nothing is rendered), and the table is caught up from the store only when asked for.
    Before, every process applied every move of every table (issue 25: 3.97 ms of CPU per
    action over two processes against 2.75 ms on one). Seats are still followed."""
    first, second = two_services(any_db_url)
    table = first.create("score", 3, {}, ["human"] * 3, "A")[0]
    copy = second.get(table.id)
    assert first.cluster.owns(table.id) and not second.cluster.owns(table.id)

    async def run() -> None:
        for _ in range(3):
            seat, text = next_move(table)
            await first.act(table, seat, table.seq, text)
            await second.on_notice(table.id, f"event {table.seq} {seat} {text}")
        first.join(table, None, "B")
        await second.on_notice(table.id, "seats")  # seats are read: the lobby shows them
        assert copy.row.seats_version == table.row.seats_version
        copy.stale = True  # the seats' read caught the moves up too; leave them behind again
        seq_before = copy.seq
        cluster = second.cluster
        assert isinstance(cluster, PgCluster)
        for _ in range(2):  # as the listener hears them: taken at once, no task made
            seat, text = next_move(table)
            await first.act(table, seat, table.seq, text)
            move = Move(table.id, table.seq, seat, text)
            await cluster.dispatch(event_payload("node-a", move), second.on_notice)
            assert not cluster._appliers
        assert copy.seq == seq_before and copy.stale
        await second.fresh(copy)  # someone asks for it: caught up from the store
        assert copy.seq == table.seq and not copy.stale
        assert copy.state.history == table.state.history
        await first.close()
        await second.close()

    asyncio.run(run())
    assert second.counts["moves"] == 0
