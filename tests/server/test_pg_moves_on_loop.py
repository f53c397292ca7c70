"""On PostgreSQL moves are stored from the event loop, on an asynchronous psycopg connection,
with group commit: no writer thread, and moves that arrive while a statement is in flight are
sent together in the next one (docs/reliability.md, "Tenth sitting: PostgreSQL moves stored from
the event loop").

Why: through the writer thread a move waited for its commit 11.3 ms at the median and 67 ms at
the 99th percentile in the two-process soak, with PostgreSQL itself answering in about a
millisecond: the thread waited for the GIL of the busy event loop, then the loop for the
thread's wake-up. Everything the thread guaranteed still holds, and is pinned here: nothing is
settled before its statement returns; a bot's move is stored only while the lease is ours; a
step taken first fails that move alone; a cancelled wait keeps a move not yet taken out of the
store; a failure of the database fails its batch and the next batch opens a new connection;
closing stores what is queued.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from sqlalchemy import make_url, text
from sqlalchemy.exc import IntegrityError

from cardtable.server import store as store_module
from cardtable.server.cluster import PgCluster
from cardtable.server.store import CHANNEL, LeaseLost, Move, MoveWriter, Store
from cardtable.server.tables import TableService

pytestmark = pytest.mark.parametrize("any_db_url", ["postgresql"], indirect=True)


def _service(url: str, node: str = "node-a") -> TableService:
    store = Store(url, node)
    return TableService(store, think_time=0.0, bot_workers=1, cluster=PgCluster(store, 15.0))


def _writer_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name == "cardtable-move-writer"]


@contextmanager
def lease_locked(store: Store, table_id: str) -> Iterator[tuple[int, threading.Event]]:
    """Hold the table's lease row locked from another connection (a transaction left open):
    a fenced move of that table then waits inside its statement until ``release`` is set.
    Yields that connection's backend pid and ``release``."""
    release = threading.Event()
    locked = threading.Event()
    pid: list[int] = []

    def hold() -> None:
        with store.engine.connect() as conn:
            pid.append(int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one()))
            conn.execute(
                text("SELECT 1 FROM leases WHERE table_id = :t FOR UPDATE"), {"t": table_id}
            )
            locked.set()
            release.wait(30)
            conn.commit()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(30)
        yield pid[0], release
    finally:
        release.set()
        holder.join()


def _blocked_by(store: Store, pid: int) -> int:
    """Statements waiting for a lock that backend ``pid`` holds."""
    query = text("SELECT count(*) FROM pg_stat_activity WHERE :pid = ANY(pg_blocking_pids(pid))")
    with store.engine.connect() as conn:
        return int(conn.execute(query, {"pid": pid}).scalar_one())


async def _until_blocked(store: Store, pid: int) -> None:
    for _ in range(1000):
        if await asyncio.to_thread(_blocked_by, store, pid):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the first statement never reached the lock")


def test_moves_arriving_during_a_statement_go_together_in_the_next_and_no_thread_is_used(
    any_db_url: str,
) -> None:
    """A bot's move is held inside its statement (its lease row locked by another
    connection); seven moves arrive meanwhile, one of whose waits is cancelled. None is
    settled while the statement is in flight; then the six left are stored by one second
    statement, in the order they came, and announced in that order. No writer thread runs.
    Before: the moves went through the thread ``cardtable-move-writer``."""
    service = _service(any_db_url)
    store = service.store
    tables = [service.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(7)]
    writer = MoveWriter(store)
    heard: list[str] = []

    async def main() -> None:
        url = make_url(store.engine.url.render_as_string(hide_password=False))
        dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
        async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as listener:
            await listener.execute(f"LISTEN {CHANNEL}")
            with lease_locked(store, tables[0].id) as (pid, release):
                first = asyncio.create_task(
                    writer.write(Move(tables[0].id, 1, 0, "bot", fence=True))
                )
                await _until_blocked(store, pid)
                later = [Move(tables[0].id, 2, 1, "after the bot")]
                later += [Move(t.id, 1, 0, f"move {i}") for i, t in enumerate(tables[1:], 1)]
                tasks = [asyncio.create_task(writer.write(m)) for m in later]
                await asyncio.sleep(0)
                tasks[3].cancel()
                await asyncio.sleep(0.2)  # time enough for a wrongly settled wait to show
                assert not first.done() and not any(t.done() for t in tasks[:3] + tasks[4:])
                assert writer.batches == 0
                assert _writer_threads() == []
                release.set()
                await first
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
            assert isinstance(outcomes[3], asyncio.CancelledError)
            assert all(o is None for i, o in enumerate(outcomes) if i != 3), outcomes
            ours = {t.id for t in tables}
            async for notice in listener.notifies(timeout=5.0):
                node, table_id, rest = notice.payload.split(" ", 2)
                if node == "node-a" and table_id in ours:
                    heard.append(f"{table_id} {rest}")
                if len(heard) == 7:
                    break
        await asyncio.to_thread(writer.close)
        await service.close()

    asyncio.run(main())
    assert writer.batches == 2 and writer.moves == 7
    assert _writer_threads() == []
    assert store.events_after(tables[0].id, 0) == [(1, 0, "bot"), (2, 1, "after the bot")]
    assert store.events_after(tables[3].id, 0) == []  # its wait was cancelled before it was taken
    for i in (1, 2, 4, 5, 6):
        assert store.events_after(tables[i].id, 0) == [(1, 0, f"move {i}")]
    expected = [f"{tables[0].id} event 1 0 bot", f"{tables[0].id} event 2 1 after the bot"]
    expected += [f"{tables[i].id} event 1 0 move {i}" for i in (1, 2, 4, 5, 6)]
    assert heard == expected


def test_a_lost_lease_and_a_step_taken_first_fail_their_own_moves_only(any_db_url: str) -> None:
    """One batch on the loop: a bot's move of a table whose lease another process took is
    refused (LeaseLost) and not stored; a step another process stored first is an
    IntegrityError for that move alone; the others are stored, and the last move of a game
    marks it finished."""
    first, second = _service(any_db_url), _service(any_db_url, "node-b")
    store = first.store
    lost, taken, held, ended = (
        first.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(4)
    )
    first.cluster.release(lost.id)
    assert second.cluster.claim(lost.id)
    second.store.add_event(taken.id, 1, 0, "taken first", False)
    writer = MoveWriter(store)
    assert writer.on_loop

    async def main() -> list[BaseException | None]:
        moves = [
            Move(lost.id, 1, 0, "bot", fence=True),
            Move(taken.id, 1, 0, "too late"),
            Move(held.id, 1, 0, "bot", fence=True),
            Move(ended.id, 1, 0, "last", finished=True),
        ]
        outcomes = await asyncio.gather(*(writer.write(m) for m in moves), return_exceptions=True)
        await writer.aclose()
        return outcomes

    outcomes = asyncio.run(main())
    assert writer.batches == 1
    assert isinstance(outcomes[0], LeaseLost)
    assert isinstance(outcomes[1], IntegrityError)
    assert outcomes[2] is None and outcomes[3] is None
    assert store.events_after(lost.id, 0) == []
    assert store.events_after(taken.id, 0) == [(1, 0, "taken first")]
    assert store.events_after(held.id, 0) == [(1, 0, "bot")]
    row = store.load_row(ended.id)
    assert row is not None and row.finished


def test_a_dropped_connection_fails_its_batch_and_the_next_batch_opens_a_new_one(
    any_db_url: str,
) -> None:
    """The writer's connection is ended by the server (as by a restart of PostgreSQL): the
    move sent on it fails and is not stored; the next move is stored on a new connection."""
    service = _service(any_db_url)
    store = service.store
    table = service.create("score", 3, {}, ["human"] * 3, "A")[0]
    writer = MoveWriter(store)

    async def main() -> None:
        await writer.write(Move(table.id, 1, 0, "one"))
        assert writer._pg is not None
        pid = writer._pg.info.backend_pid
        with store.engine.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        with pytest.raises(psycopg.OperationalError):
            await writer.write(Move(table.id, 2, 0, "lost with the connection"))
        await writer.write(Move(table.id, 2, 0, "two"))
        assert writer._pg is not None and writer._pg.info.backend_pid != pid
        await writer.aclose()

    asyncio.run(main())
    assert store.events_after(table.id, 0) == [(1, 0, "one"), (2, 0, "two")]


def test_opening_the_connection_is_retried_with_a_bound(
    any_db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While PostgreSQL refuses connections the batch waits through a bounded number of
    attempts: a database back within them stores the moves that waited; one that stays away
    fails the batch after the last, and the next batch then tries once, not the whole round
    again, until a connection is made."""
    service = _service(any_db_url)
    store = service.store
    table = service.create("score", 3, {}, ["human"] * 3, "A")[0]
    monkeypatch.setattr(store_module, "RECONNECT_DELAYS", (0.0, 0.01, 0.01))
    real = psycopg.AsyncConnection.connect
    attempts: list[int] = []
    refuse = [0]

    async def connect(*args: Any, **kwargs: Any) -> Any:
        attempts.append(1)
        if refuse[0] > 0:
            refuse[0] -= 1
            raise psycopg.OperationalError("connection refused (a test)")
        return await real(*args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "connect", connect)
    writer = MoveWriter(store)

    async def main() -> None:
        refuse[0] = 3  # back at the last attempt
        await writer.write(Move(table.id, 1, 0, "waited"))
        assert len(attempts) == 4
        writer._pg = None  # as after a broken connection
        attempts.clear()
        refuse[0] = 100
        with pytest.raises(psycopg.OperationalError):
            await writer.write(Move(table.id, 2, 0, "never"))
        assert len(attempts) == 4
        attempts.clear()
        with pytest.raises(psycopg.OperationalError):
            await writer.write(Move(table.id, 2, 0, "never"))
        assert len(attempts) == 1
        refuse[0] = 0
        await writer.write(Move(table.id, 2, 0, "back"))
        await writer.aclose()

    asyncio.run(main())
    assert store.events_after(table.id, 0) == [(1, 0, "waited"), (2, 0, "back")]


def test_closing_stores_what_is_queued(any_db_url: str) -> None:
    service = _service(any_db_url)
    store = service.store
    tables = [service.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(5)]
    writer = MoveWriter(store)

    async def main() -> None:
        tasks = [asyncio.create_task(writer.write(Move(t.id, 1, 0, "queued"))) for t in tables]
        await asyncio.sleep(0)  # queued, none stored yet
        assert writer.moves == 0
        await writer.aclose()
        assert all(t.done() and t.exception() is None for t in tasks)
        with pytest.raises(RuntimeError):
            await writer.write(Move(tables[0].id, 2, 0, "after the close"))

    asyncio.run(main())
    assert writer.moves == 5
    for table in tables:
        assert store.events_after(table.id, 0) == [(1, 0, "queued")]


def test_a_move_the_database_refuses_fails_alone(any_db_url: str) -> None:
    """A move of a table deleted meanwhile (its events' foreign key) fails the whole statement:
    each move of that batch is then written alone, so only that one fails, with SQLAlchemy's
    ``IntegrityError`` as through the thread (the caller reloads the table and forgets it)."""
    service = _service(any_db_url)
    store = service.store
    kept = service.create("score", 3, {}, ["human"] * 3, "A")[0]
    writer = MoveWriter(store)

    async def main() -> list[BaseException | None]:
        moves = [Move("no-such-table", 1, 0, "gone"), Move(kept.id, 1, 0, "kept")]
        outcomes = await asyncio.gather(*(writer.write(m) for m in moves), return_exceptions=True)
        await writer.write(Move(kept.id, 2, 0, "the connection goes on"))
        await writer.aclose()
        return outcomes

    outcomes = asyncio.run(main())
    assert isinstance(outcomes[0], IntegrityError) and outcomes[1] is None
    assert store.events_after(kept.id, 0) == [(1, 0, "kept"), (2, 0, "the connection goes on")]
