"""Moves are stored without stalling the event loop, several per transaction, and never shown
before their commit; another process's move is applied from its notice without reading it back."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from cardtable.server.cluster import PgCluster
from cardtable.server.store import Move, MoveWriter, Store
from cardtable.server.tables import Connection, TableError, TableService


def test_group_commit_stores_each_move_and_tells_which_lost(any_db_url: str) -> None:
    """Moves queued together are written in one transaction; a step already taken fails only
    its own move, the others are stored."""
    store = Store(any_db_url, "node-a")
    service = TableService(store, think_time=0.0, bot_workers=1)
    tables = [service.create("score", 3, {}, ["human"] * 3, "A")[0] for _ in range(3)]
    store.add_event(tables[1].id, 1, 0, "taken first", False)  # another process's step 1
    # SQLite: the writer thread (its moves are stored inline by default); PostgreSQL: the
    # event loop's drainer, its default.
    writer = MoveWriter(store, inline=False)

    async def main() -> list[BaseException | None]:
        moves = [Move(t.id, 1, 0, f"move {i}") for i, t in enumerate(tables)]
        outcomes = await asyncio.gather(*(writer.write(m) for m in moves), return_exceptions=True)
        await writer.aclose()
        return outcomes

    outcomes = asyncio.run(main())
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], IntegrityError)
    assert store.events_after(tables[0].id, 0) == [(1, 0, "move 0")]
    assert store.events_after(tables[1].id, 0) == [(1, 0, "taken first")]
    assert store.events_after(tables[2].id, 0) == [(1, 0, "move 2")]
    assert writer.moves == 3


def test_nothing_is_sent_before_its_move_is_committed(db_url: str) -> None:
    """Every view a connection receives is of a step already in the store."""
    store = Store(db_url, "node-a")
    service = TableService(store, think_time=0.0, bot_workers=1)
    table = service.create("magic-show", 2, {}, ["human", "human"], "A")[0]
    service.join(table, None, "B")
    stored_at_send: list[tuple[int, int]] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "view":
            stored_at_send.append((message["seq"], len(store.events_after(table.id, 0))))

    async def play() -> None:
        table.connections += [Connection(0, send), Connection(1, send), Connection(None, send)]
        for _ in range(12):
            seat = table.state.to_act()[0]
            await service.act(table, seat, table.seq, table.state.legal_action_ids(seat)[0])
        await service.close()

    asyncio.run(play())
    assert len(stored_at_send) == 12 * 3
    assert all(stored >= seq for seq, stored in stored_at_send), stored_at_send


def test_another_process_s_move_is_applied_from_its_notice(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move's notice carries it: the table advances without a query (before, every notice
    read the row and the new events back from the store); a gap is read from the store."""
    store = Store(db_url, "node-b")
    service = TableService(store, think_time=0.0, bot_workers=1)
    table = service.create("magic-show", 2, {}, ["human", "human"], "A")[0]
    other = service.get(table.id).state.clone()
    texts = []
    for _ in range(3):
        seat = other.to_act()[0]
        texts.append((seat, other.apply(seat, other.legal_action_ids(seat)[0]).text))
    for seq, (seat, text) in enumerate(texts, start=1):
        store.add_event(table.id, seq, seat, text, False)  # stored by "another process"

    def no_reads(*_args: object) -> None:
        raise AssertionError("the store was read")

    async def notices() -> None:
        with monkeypatch.context() as patched:
            patched.setattr(store, "events_after", no_reads)
            patched.setattr(store, "load_row", no_reads)
            seat, text = texts[0]
            await service.on_notice(table.id, f"event 1 {seat} {text}")
            await service.on_notice(table.id, f"event 1 {seat} {text}")  # a repeat: ignored
        assert table.seq == 1
        seat, text = texts[2]
        await service.on_notice(table.id, f"event 3 {seat} {text}")  # step 2 missed: read
        await service.close()

    asyncio.run(notices())
    assert table.seq == 3 and table.state.history == other.history


@pytest.mark.parametrize("any_db_url", ["postgresql"], indirect=True)
def test_a_seat_just_taken_through_another_process_is_recognised(any_db_url: str) -> None:
    """A player who took a seat through one process and connects to another before its notice
    arrived is recognised (the seats are read from the store on a miss); before, the soak's
    two-process run saw 403 "that seat token is not valid" for such connections."""
    first_store, second_store = Store(any_db_url, "node-a"), Store(any_db_url, "node-b")
    first = TableService(first_store, cluster=PgCluster(first_store, 15.0))
    second = TableService(second_store, cluster=PgCluster(second_store, 15.0))
    table = first.create("magic-show", 2, {}, ["human", "human"], "A")[0]
    stale = second.get(table.id)
    seat, token = first.join(table, None, "Bo")
    assert second.seat_of(stale, token) == seat == 1
    with pytest.raises(TableError):
        second.seat_of(stale, "not a token")


@pytest.mark.parametrize("any_db_url", ["postgresql"], indirect=True)
def test_a_new_table_s_notice_lists_it_without_taking_its_lease(any_db_url: str) -> None:
    """Another process hears of a new table and lists it, but leaves its lease to the creator,
    which claims it just after the commit that sent the notice; before, the listener claimed
    it, so whichever process heard the notice first took the table from its creator. A notice
    of a table gone meanwhile is not an error (before: a 404 traceback in the listener)."""
    first_store, second_store = Store(any_db_url, "node-a"), Store(any_db_url, "node-b")
    first = TableService(first_store, cluster=PgCluster(first_store, 15.0))
    second = TableService(second_store, cluster=PgCluster(second_store, 15.0))
    table = first.create("magic-show", 2, {}, ["human", "human"], "A")[0]
    first.cluster.release(table.id)  # as between the creator's commit and its claim

    async def hear() -> None:
        await second.on_notice(table.id, "table")
        await second.on_notice("0123456789ab", "table")  # no such table (any more)

    asyncio.run(hear())
    assert table.id in second.tables and "0123456789ab" not in second.tables
    assert not second.cluster.owns(table.id)
    assert first.cluster.claim(table.id)
