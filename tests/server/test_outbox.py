"""The bounded outbox of a WebSocket (:mod:`cardtable.server.outbox`), without a network: a
socket that never takes anything more must not hold up its sender, is dropped past the bound
with close 4408, and a healthy one gets every message in order (issue 25)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cardtable.server.outbox import TOO_SLOW, Dropped, Outbox


class FakeSocket:
    """Records what is written; ``stuck`` makes every write wait forever (a full socket)."""

    def __init__(self, stuck: bool = False) -> None:
        self.stuck = stuck
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(json.loads(text))

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


async def read_until_closed(socket: FakeSocket) -> None:
    """A read loop that ends when the socket is closed (as uvicorn's receive does)."""
    while socket.closed is None:
        await asyncio.sleep(0.001)


def test_messages_go_out_in_order_and_a_queue_never_waits_for_the_socket() -> None:
    async def run() -> FakeSocket:
        socket = FakeSocket()
        box = Outbox(socket.send_text, socket.close, 100, 1_000_000)
        for i in range(50):  # all queued at once, before the writer runs
            await box.send({"type": "view", "v": i})
        assert len(box) == 50
        serving = asyncio.ensure_future(box.serve(read_until_closed(socket)))
        while len(socket.sent) < 50:
            await asyncio.sleep(0.001)
        box.close(1000)
        await asyncio.wait_for(serving, 5)
        return socket

    socket = asyncio.run(run())
    assert [m["v"] for m in socket.sent] == list(range(50))
    assert socket.closed == (1000, "")


@pytest.mark.parametrize("bound", ["messages", "chars"])
def test_a_socket_that_takes_nothing_is_dropped_past_the_bound_with_4408(bound: str) -> None:
    """The sender never waits (every ``send`` returns at once) and, past the bound, is told
    the connection is dropped; the connection is closed with 4408 and its queue discarded."""

    async def run() -> tuple[FakeSocket, int, float]:
        socket = FakeSocket(stuck=True)
        limits = (8, 1_000_000) if bound == "messages" else (1000, 2_000)
        box = Outbox(socket.send_text, socket.close, *limits)
        serving = asyncio.ensure_future(box.serve(read_until_closed(socket)))
        await asyncio.sleep(0.01)  # the writer is now waiting for the socket
        loop = asyncio.get_running_loop()
        start, accepted, dropped = loop.time(), 0, False
        for i in range(100):
            try:
                await box.send({"type": "update", "v": i, "patch": "x" * 200})
            except Dropped:
                dropped = True
                break
            accepted += 1
        took = loop.time() - start
        assert dropped
        await asyncio.wait_for(serving, 5)
        with pytest.raises(Dropped):  # nothing more is taken
            await box.send({"type": "view"})
        assert box.dropped and len(box) == 0
        return socket, accepted, took

    socket, accepted, took = asyncio.run(run())
    assert socket.closed is not None and socket.closed[0] == TOO_SLOW == 4408
    assert "too slow" in socket.closed[1]
    assert socket.sent == []
    assert 5 <= accepted <= 9, accepted
    assert took < 1.0


def test_a_read_loop_that_ends_with_a_close_gets_its_last_messages_out_first() -> None:
    """The server's failure path: an error, then close 1011, both sent in that order."""

    async def run() -> FakeSocket:
        socket = FakeSocket()
        box = Outbox(socket.send_text, socket.close, 100, 1_000_000)

        async def fail() -> None:
            await box.send({"type": "error", "code": 500})
            box.close(1011)

        await asyncio.wait_for(box.serve(fail()), 5)
        return socket

    socket = asyncio.run(run())
    assert socket.sent == [{"type": "error", "code": 500}]
    assert socket.closed == (1011, "")


def test_the_client_leaving_is_passed_on_and_stops_the_writer() -> None:
    class Left(Exception):
        pass

    async def run() -> None:
        socket = FakeSocket(stuck=True)
        box = Outbox(socket.send_text, socket.close, 100, 1_000_000)
        await box.send({"type": "view"})

        async def leave() -> None:
            await asyncio.sleep(0.01)
            raise Left

        with pytest.raises(Left):
            await asyncio.wait_for(box.serve(leave()), 5)

    asyncio.run(run())


class WritableSocket(FakeSocket):
    """A socket with the fast path: ``writable`` says whether it takes a message at once."""

    def __init__(self) -> None:
        super().__init__()
        self.writable = True
        self.written_now = 0

    def write_now(self, text: str) -> bool:
        if not self.writable:
            return False
        self.sent.append(json.loads(text))
        self.written_now += 1
        return True


def test_a_writable_socket_is_written_at_once_and_a_backlog_keeps_the_order() -> None:
    """With the fast path a message to a writable socket with nothing queued is written in
    the sender's own task (no turn of the loop: the sixth sitting's soak lost 18 ms at p50 to
    that turn); once the socket stops taking messages they queue, and while anything is queued
    (or half sent) later messages queue behind it even if the socket is writable again, so the
    order holds."""

    async def run() -> WritableSocket:
        socket = WritableSocket()
        box = Outbox(socket.send_text, socket.close, 100, 1_000_000, write_now=socket.write_now)
        serving = asyncio.ensure_future(box.serve(read_until_closed(socket)))
        await box.send({"v": 0})
        assert [m["v"] for m in socket.sent] == [0] and len(box) == 0  # written, not queued
        socket.writable = False
        await box.send({"v": 1})
        await box.send({"v": 2})
        socket.writable = True
        await box.send({"v": 3})  # writable, but 1 and 2 are still queued: behind them
        assert len(box) == 3 and [m["v"] for m in socket.sent] == [0]
        while len(socket.sent) < 4:
            await asyncio.sleep(0.001)
        await box.send({"v": 4})  # the backlog is gone: at once again
        assert [m["v"] for m in socket.sent] == [0, 1, 2, 3, 4]
        box.close(1000)
        await asyncio.wait_for(serving, 5)
        return socket

    socket = asyncio.run(run())
    assert socket.written_now == 2  # 0 and 4; 1-3 went through the writer
    assert socket.closed == (1000, "")
