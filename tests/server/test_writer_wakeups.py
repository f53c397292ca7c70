"""The move writer wakes the event loop once per transaction, however many moves it held
(:meth:`cardtable.server.store.MoveWriter.write`); a wait cancelled before the writer took the
move still keeps it out of the store (docs/reliability.md, "Eighth sitting")."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from sqlalchemy.exc import IntegrityError

from cardtable.server.store import Move, MoveWriter, Store
from cardtable.server.tables import TableService


def test_one_wake_up_of_the_loop_per_transaction(db_url: str) -> None:
    store = Store(db_url, "node-a")
    service = TableService(store, think_time=0.0, bot_workers=1)
    tables = [service.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(8)]
    store.add_event(tables[3].id, 1, 0, "taken first", False)
    writer = MoveWriter(
        store, inline=False
    )  # the thread (PostgreSQL's path; see test_inline_moves)
    wakes: list[Any] = []
    lock = threading.Lock()

    async def main() -> list[BaseException | None]:
        loop = asyncio.get_running_loop()
        original = loop.call_soon_threadsafe

        def counting(callback: Any, *args: Any, **kwargs: Any) -> Any:
            with lock:
                wakes.append(callback)
            return original(callback, *args, **kwargs)

        loop.call_soon_threadsafe = counting  # type: ignore[method-assign]
        # Hold the writer's queue (its condition's lock is reentrant, and the tasks submit on
        # this thread) until every move is queued, so that they make one transaction.
        with writer._wake:
            tasks = [
                asyncio.create_task(writer.write(Move(t.id, 1, 0, f"move {i}")))
                for i, t in enumerate(tables)
            ]
            await asyncio.sleep(0)
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        return [None if o is None else o for o in outcomes]

    try:
        outcomes = asyncio.run(main())
    finally:
        writer.close()
    assert writer.batches == 1 and writer.moves == 8
    assert len(wakes) == 1  # before: one per move (asyncio.wrap_future's callback each)
    assert isinstance(outcomes[3], IntegrityError)
    assert all(o is None for i, o in enumerate(outcomes) if i != 3)
    assert store.events_after(tables[0].id, 0) == [(1, 0, "move 0")]
    assert store.events_after(tables[3].id, 0) == [(1, 0, "taken first")]


def test_a_wait_cancelled_before_the_writer_took_the_move_stores_nothing(db_url: str) -> None:
    store = Store(db_url, "node-a")
    service = TableService(store, think_time=0.0, bot_workers=1)
    kept, dropped = (service.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(2))
    writer = MoveWriter(
        store, inline=False
    )  # the thread (PostgreSQL's path; see test_inline_moves)

    async def main() -> None:
        with writer._wake:
            cancelled = asyncio.create_task(writer.write(Move(dropped.id, 1, 0, "never")))
            stored = asyncio.create_task(writer.write(Move(kept.id, 1, 0, "stored")))
            await asyncio.sleep(0)
            cancelled.cancel()
            await asyncio.sleep(0)
        await stored
        assert cancelled.cancelled()

    try:
        asyncio.run(main())
    finally:
        writer.close()
    assert store.events_after(kept.id, 0) == [(1, 0, "stored")]
    assert store.events_after(dropped.id, 0) == []
