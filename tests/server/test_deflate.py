"""permessage-deflate only for messages worth compressing (:mod:`cardtable.server.deflate`),
through a real uvicorn server and real sockets."""

from __future__ import annotations

import base64
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from websockets.sync.client import connect

from cardtable.cli.serve import bind
from cardtable.server.config import DEFAULTS
from cardtable.server.deflate import protocol

SMALL = "s" * 300
LARGE = "".join(f"{i:05d}," for i in range(1000))  # 6 KB, compresses well


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Accept, then send a small, a large, a small and a large message."""
    assert scope["type"] == "websocket"
    await receive()
    await send({"type": "websocket.accept"})
    for text in (SMALL, LARGE, SMALL, LARGE):
        await send({"type": "websocket.send", "text": text})
    await receive()


@contextmanager
def server(min_bytes: int) -> Iterator[int]:
    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(app, log_level="warning", ws=protocol(min_bytes), lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield sock.getsockname()[1]
    finally:
        srv.should_exit = True
        thread.join(10)


def raw_frames(port: int, count: int) -> list[tuple[bool, int]]:
    """Open a WebSocket by hand offering permessage-deflate; (RSV1 set, payload length) of
    the first ``count`` frames: RSV1 marks a compressed message (RFC 7692)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        key = base64.b64encode(os.urandom(16)).decode()
        conn.sendall(
            (
                "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
            ).encode()
        )
        data = b""
        while b"\r\n\r\n" not in data:
            data += conn.recv(4096)
        head, data = data.split(b"\r\n\r\n", 1)
        assert b" 101 " in head and b"permessage-deflate" in head, head
        frames = []
        while len(frames) < count:
            while len(data) < 4:
                data += conn.recv(65536)
            first, length = data[0], data[1] & 0x7F
            start = 2
            if length == 126:
                length, start = int.from_bytes(data[2:4], "big"), 4
            while len(data) < start + length:
                data += conn.recv(65536)
            frames.append((bool(first & 0x40), length))
            data = data[start + length :]
        return frames


def test_small_messages_go_uncompressed_and_large_ones_compressed() -> None:
    """With a threshold of 1,024 bytes, the 300-byte messages are sent as they are (RSV1
    clear, 300 bytes) and the 6 KB ones compressed (RSV1 set, far smaller); with 0, every
    message is compressed, as uvicorn does on its own."""
    with server(1024) as port:
        frames = raw_frames(port, 4)
    assert [rsv1 for rsv1, _ in frames] == [False, True, False, True]
    assert frames[0][1] == len(SMALL) and frames[1][1] < len(LARGE) // 2
    with server(0) as port:
        assert [rsv1 for rsv1, _ in raw_frames(port, 4)] == [True] * 4


def test_a_client_reads_every_message_whichever_way_it_was_sent() -> None:
    """The compressor's context skips the small messages, so a standard client (websockets,
    which negotiates permessage-deflate by default) decodes the mix in step."""
    with server(1024) as port, connect(f"ws://127.0.0.1:{port}/") as ws:
        assert [ws.recv() for _ in range(4)] == [SMALL, LARGE, SMALL, LARGE]


def test_the_threshold_is_a_setting_of_the_server() -> None:
    assert DEFAULTS.ws_deflate_min_bytes == 2048
