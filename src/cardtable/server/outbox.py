"""A bounded outbox per WebSocket: nobody's slow reading delays anybody else.

Before, a table's broadcast awaited each connection's socket in turn. A client that stopped
reading (its TCP receive window full, then the kernel's send buffer of up to 4 MB, then
uvicorn's 64 KiB) made the server's ``send`` wait for it, and with it every later broadcast of
the table: everyone at that table saw nothing more until that connection was gone, and uvicorn's
keepalive could not end it (its close waits for the unread bytes to be written first).

Now each connection has an :class:`Outbox`: a queue of encoded messages and one writer task
that hands them to the socket in order. Whatever the table sends a connection (views,
updates, acks, errors, chat) is put in its outbox without waiting; only that connection's
writer waits for its socket. A connection whose queue grows past a bound (messages or
characters, ``Settings.ws_outbox_messages`` / ``ws_outbox_bytes``) is dropped: its queue is
discarded, and it is closed with :data:`TOO_SLOW` (4408, after HTTP's 408). The page then
reconnects, as after any close, and a new connection starts with the whole view, so nothing is
lost but the stale messages. Nothing is coalesced: a protocol-2 update depends on the view
before it (docs/web.md), so per connection every message is sent, in order, or the connection
is dropped.

:class:`ClosingProtocol` is the uvicorn protocol ``cardtable serve`` uses: it writes a close
frame even when the socket is not writable (uvicorn's own ``send`` waits for writability
first, which a peer that does not read never gives), and gives such a peer ``close_timeout``
seconds (10) to read up to the close frame before it drops the TCP connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, cast

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from cardtable.server.views import encode

#: The close code of a connection dropped for falling behind: 4000 + HTTP's 408 (request
#: timeout). The other codes: 4307 (``moved``), 4000 + an HTTP status for a refused
#: connection (4403, 4404, ...), 1011 (a server failure).
TOO_SLOW = 4408
#: Its close reason (at most 123 bytes in a close frame).
TOO_SLOW_REASON = "too slow: fell behind the table; reconnect for the whole view"
#: Seconds the writer waits for a close to be handed to the socket before giving up on it
#: (a server whose protocol waits for writability before a close, such as plain uvicorn's).
CLOSE_WAIT = 2.0
#: The ASGI scope extension under which ``cardtable serve``'s protocol offers the fast path
#: (:meth:`ClosingProtocol.send_text_now`).
WRITE_NOW = "cardtable.write_now"


class Dropped(Exception):
    """The connection's outbox is closed (dropped for falling behind, or its socket gone)."""


class Outbox:
    """The queue and writer of one WebSocket; see the module's docstring.

    ``send_text`` writes one text frame (it may wait for the socket), ``close`` closes the
    WebSocket with a code and a reason. :meth:`send` is the connection's ``Send``: it encodes
    and queues, and raises :class:`Dropped` once the outbox is closed (a broadcast then forgets
    the connection)."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[int, str], Awaitable[None]],
        max_messages: int,
        max_chars: int,
        write_now: Callable[[str], bool] | None = None,
    ) -> None:
        self._send_text = send_text
        self._close = close
        #: Writes a message to the socket at once if it can take it (``ClosingProtocol``'s
        #: :meth:`~ClosingProtocol.send_text_now`), else returns False; None where the server's
        #: protocol does not offer it (plain uvicorn, the test client).
        self._write_now = write_now
        #: Whether the writer is inside a send (a message of the queue is half handed over).
        self._sending = False
        self.max_messages = max_messages
        self.max_chars = max_chars
        #: Encoded messages, then a close (code, reason) as the last item once asked for.
        self._queue: deque[str | tuple[int, str]] = deque()
        self._chars = 0
        self._wake = asyncio.Event()
        self._writer: asyncio.Future[None] | None = None
        #: Set when nothing more is taken (dropped, closing, or the socket failed).
        self.closed = False
        #: Whether it was dropped for falling behind.
        self.dropped = False

    def __len__(self) -> int:
        return len(self._queue)

    async def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the socket without waiting for it."""
        self.put(encode(message))

    def put(self, text: str) -> None:
        """Queue one encoded message; past the bound, drop the connection (and raise)."""
        if self.closed:
            raise Dropped("the connection is closed")
        # The fast path: nothing is waiting and the socket can take it now, so write it in this
        # task, as before the outbox. Going through the writer task instead costs a turn of the
        # event loop per message, and on a busy loop that turn comes late (the sixth sitting's
        # soak: clients' p50 +18 ms, p99 +126 ms). Only a connection that has fallen behind
        # (its socket not writable, or messages still queued) goes through the queue, in order.
        if (
            not self._queue
            and not self._sending
            and self._write_now is not None
            and self._write_now(text)
        ):
            return
        self._queue.append(text)
        self._chars += len(text)
        if len(self._queue) > self.max_messages or self._chars > self.max_chars:
            self._drop()
            raise Dropped("the connection fell behind and is dropped")
        self._wake.set()

    def close(self, code: int, reason: str = "") -> None:
        """Close the WebSocket once everything queued so far is sent."""
        if not self.closed:
            self._queue.append((code, reason))
            self._wake.set()
            self.closed = True

    def _drop(self) -> None:
        """Discard the queue and interrupt the writer, wherever it waits (for the socket,
        most likely): it then closes with :data:`TOO_SLOW`."""
        self._queue.clear()
        self._chars = 0
        self.closed = self.dropped = True
        if self._writer is not None:
            self._writer.cancel()

    async def serve(self, reading: Coroutine[Any, Any, None]) -> None:
        """Run the connection: its read loop ``reading``, in this task as before, beside this
        outbox's writer task. What ``reading`` raises (the client left) is passed on; when it
        returns (after queueing a close), what it queued is sent first, for at most
        :data:`CLOSE_WAIT` seconds. A drop ends the read loop too: the close puts the end of
        the connection in its receive queue."""
        writer = self._writer = asyncio.ensure_future(self._write())
        try:
            await reading
            if not writer.done():
                self.close(1000)  # nothing after what the read loop queued
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(CLOSE_WAIT):
                        await asyncio.shield(writer)
        finally:
            # Forget the writer: a cancelled task keeps its CancelledError, whose traceback
            # holds ``_write``'s frame and so this outbox; with the task here too, that is a
            # reference cycle, freed only by a full collection (one the timed collections may
            # not walk for an hour, see timings.collect_every), and with it the connection.
            self._writer = None
            if self.dropped:  # the writer closes with TOO_SLOW (within CLOSE_WAIT): let it
                await asyncio.gather(writer, return_exceptions=True)
            else:
                writer.cancel()

    async def _write(self) -> None:
        """Hand the queued messages to the socket one by one; a close item ends it, and so
        does a drop (which cancels it wherever it waits), with close :data:`TOO_SLOW`."""
        try:
            while not self.dropped:  # (dropped before it started: close at once)
                if not self._queue:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                item = self._queue.popleft()
                if isinstance(item, tuple):
                    async with asyncio.timeout(CLOSE_WAIT):
                        await self._close(*item)
                    return
                self._chars -= len(item)
                self._sending = True
                try:
                    await self._send_text(item)
                finally:
                    self._sending = False
        except asyncio.CancelledError:
            if not self.dropped:
                raise
            task = asyncio.current_task()
            if task is not None:
                task.uncancel()  # our own cancellation, from the drop: close, then end
        except Exception:  # the socket is gone, or a close could not be handed over
            self.closed = True
            self._queue.clear()
            self._chars = 0
            return
        with contextlib.suppress(Exception):
            async with asyncio.timeout(CLOSE_WAIT):
                await self._close(TOO_SLOW, TOO_SLOW_REASON)


class ClosingProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, but a close is written at once even when the socket is not
    writable (its peer stopped reading), and a closed or timed-out connection whose peer never
    reads what is left is aborted ``close_timeout`` seconds later instead of waiting forever
    for the kernel to take the bytes.

    uvicorn's ``send`` waits for the transport to be writable before anything, a close
    included; a peer that stopped reading keeps it unwritable, so it never got its close, and
    the ``close()`` of the transport (after a close frame or a keepalive timeout) waits for
    the unwritten bytes to go out first, which they never do."""

    async def send(self, message: Any) -> None:
        if (
            message["type"] == "websocket.close"
            and not self.writable.is_set()
            and self.handshake_complete
            and not self.close_sent
            and not self.disconnected
            and self.initial_response is None
            and not self.transport.is_closing()
        ):
            code, reason = message.get("code", 1000), message.get("reason") or ""
            self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
            self.conn.send_close(code, reason)
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            if self.read_paused:
                self.read_paused = False
                self.transport.resume_reading()
            self.close_timer = self.loop.call_later(self.close_timeout, self._close_or_abort)
            return
        await super().send(message)
        if message["type"] == "websocket.close" and self.close_timer is not None:
            self.close_timer.cancel()
            self.close_timer = self.loop.call_later(self.close_timeout, self._close_or_abort)

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        # The app finds the fast path here (an ASGI scope extension; the app's task has not
        # started yet, so it sees the key). Through a weak reference: the protocol holds the
        # scope, and a bound method in it would make a reference cycle of the whole connection
        # (freed only by a full collection, see timings.collect_every).
        scope = cast(dict[str, Any], self.scope)
        scope.setdefault("extensions", {})[WRITE_NOW] = _write_now(weakref.ref(self))

    def send_text_now(self, text: str) -> bool:
        """Write one text frame at once, as ``send`` does for a writable socket, and say
        True; False (nothing written) if the socket is not writable or the connection is not
        open, and the caller queues it instead."""
        if (
            not self.writable.is_set()
            or not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or self.transport.is_closing()
        ):
            return False
        try:
            self.conn.send_text(text.encode())
        except InvalidState:
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        # asyncio's socket transport keeps a bound method of itself (``_read_ready_cb``): a
        # reference cycle that outlives the connection until a full collection walks it (which
        # may be an hour away, see timings.collect_every), with its buffers. Nothing reads
        # from a lost transport again, so the cycle is broken here.
        transport = getattr(self, "transport", None)
        if transport is not None and hasattr(transport, "_read_ready_cb"):
            transport._read_ready_cb = None

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self.loop.call_later(self.close_timeout, self._close_or_abort)

    def _close_or_abort(self) -> None:
        """Close the transport; abort it if bytes are still unwritten (the peer is not
        reading: a close would wait for them forever)."""
        if self.transport.get_write_buffer_size():
            self.transport.abort()
        else:
            self.transport.close()


def _write_now(protocol: weakref.ref[ClosingProtocol]) -> Callable[[str], bool]:
    """:meth:`ClosingProtocol.send_text_now` of a protocol held weakly (False once it is
    gone)."""

    def write_now(text: str) -> bool:
        alive = protocol()
        return alive is not None and alive.send_text_now(text)

    return write_now
