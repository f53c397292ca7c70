"""On SQLite a move is stored on the event loop's thread at once, not handed to the writer
thread (docs/reliability.md, "Ninth sitting: moves stored on the event loop").

Why: this process is SQLite's only writer of moves, and a commit in WAL mode with
``synchronous=NORMAL`` is a write to the log, no sync; handed to the thread, a move waited for
the GIL of the busy loop and then for the loop's wake-up (12 ms at the median, 91 ms at the 99th
percentile of the last quiet soak). The kept connection must never checkpoint (that syncs the
database file): a passive checkpoint runs in a worker thread every ``CHECKPOINT_MOVES`` moves.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from cardtable.server import store as store_module
from cardtable.server.store import Move, MoveWriter, Store
from cardtable.server.tables import TableService


def _tables(db_url: str, count: int) -> tuple[Store, list[Any]]:
    store = Store(db_url, "node-a")
    service = TableService(store, think_time=0.0, bot_workers=1)
    return store, [service.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(count)]


def test_a_move_is_stored_before_write_returns_and_no_thread_is_started(db_url: str) -> None:
    store, tables = _tables(db_url, 2)
    writer = MoveWriter(store)
    assert writer.inline  # SQLite: the default

    async def main() -> None:
        await writer.write(Move(tables[0].id, 1, 0, "first"))
        # Stored already: a second connection (another thread's view of the file) reads it.
        assert await asyncio.to_thread(store.events_after, tables[0].id, 0) == [(1, 0, "first")]
        await writer.write(Move(tables[1].id, 1, 2, "second", finished=True))

    try:
        asyncio.run(main())
    finally:
        writer.close()
    assert writer._thread is None  # nothing was handed to the thread
    assert writer.moves == 2
    assert store.events_after(tables[1].id, 0) == [(1, 2, "second")]
    row = store.load_row(tables[1].id)
    assert row is not None and row.finished


def test_a_step_already_taken_raises_and_stores_nothing_of_the_move(db_url: str) -> None:
    store, tables = _tables(db_url, 1)
    store.add_event(tables[0].id, 1, 0, "taken first", False)
    writer = MoveWriter(store)

    async def main() -> None:
        with pytest.raises(IntegrityError):
            await writer.write(Move(tables[0].id, 1, 1, "too late"))
        await writer.write(Move(tables[0].id, 2, 1, "next step"))  # the connection goes on

    try:
        asyncio.run(main())
    finally:
        writer.close()
    assert store.events_after(tables[0].id, 0) == [(1, 0, "taken first"), (2, 1, "next step")]


def test_the_kept_connection_never_checkpoints_and_a_thread_does_it_every_so_many_moves(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, tables = _tables(db_url, 1)
    monkeypatch.setattr(store_module, "CHECKPOINT_MOVES", 3)
    ran: list[str] = []
    real = store.checkpoint

    def checkpoint() -> None:
        ran.append(threading.current_thread().name)
        real()

    monkeypatch.setattr(store, "checkpoint", checkpoint)
    writer = MoveWriter(store)

    async def main() -> None:
        for seq in range(1, 8):
            await writer.write(Move(tables[0].id, seq, 0, f"move {seq}"))
        await asyncio.gather(*writer._checkpoints)
        assert writer._inline_conn is not None
        row = writer._inline_conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        assert row == 0

    try:
        asyncio.run(main())
    finally:
        writer.close()
    assert len(ran) == 2  # after moves 3 and 6
    assert all(name != "MainThread" for name in ran)


def test_postgresql_moves_are_stored_from_the_event_loop(any_db_url: str) -> None:
    """PostgreSQL: from the loop, on an asynchronous connection (test_pg_moves_on_loop.py);
    the thread when asked for."""
    store = Store(any_db_url, "node-a")
    postgresql = any_db_url.startswith("postgresql")
    assert MoveWriter(store).inline is (not postgresql)
    assert MoveWriter(store).on_loop is postgresql
    assert MoveWriter(store, inline=False).inline is False
    assert MoveWriter(store, thread=True).on_loop is False
