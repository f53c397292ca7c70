"""A client that stops reading cannot stall its table (issue 25, "nobody can stall it").

A real ``cardtable serve`` on 127.0.0.1 (SQLite). A spectator connects with a tiny receive
buffer, makes the server queue replies for it (every message over the rate limit is answered
with an error), and never reads them. Before the outbox (:mod:`cardtable.server.outbox`) the
server's send to it waited once its socket was full, and with it the table's every later
broadcast: the player at that table got no view and no ack at all (its own socket's keepalive
could not end the wait). Now the player's every action is answered at once, and the spectator,
once it reads again, finds its stream ended by close 4408 and a reconnect gets the whole view.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from cardtable.server.outbox import TOO_SLOW

from .scaleout import Server, start_server, views

#: A masked text frame holding ``{}`` (mask key 0): 8 bytes on the wire, answered by an error.
FRAME = b"\x81\x82\x00\x00\x00\x00{}"
#: Frames the spectator sends without reading: their answers (about 70 bytes each, some 6 MB)
#: are more than the kernel's send buffer (at most 4 MB, ``tcp_wmem``) and uvicorn's 64 KiB.
FLOOD = 90_000
#: Seconds within which each of the player's actions must be answered: far above a move's few
#: milliseconds even on a loaded machine, far below forever (uvicorn's keepalive is 20 + 20 s
#: and did not end the wait either).
ANSWER_WITHIN = 10.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = start_server(f"sqlite:///{tmp_path / 'slow.db'}")
    try:
        yield srv
    finally:
        srv.stop()


def open_raw(server: Server, table_id: str) -> socket.socket:
    """A WebSocket opened by hand (no compression offered) with a tiny receive buffer."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(20)
    sock.connect(("127.0.0.1", int(server.url.rsplit(":", 1)[1])))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /api/tables/{table_id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)  # byte by byte: leave every frame after the head unread
    assert b" 101 " in head, head
    return sock


def flood(sock: socket.socket) -> None:
    """Send :data:`FLOOD` frames, reading nothing; stop early if the server stops reading."""
    sock.setblocking(False)
    chunk, sent, blocked = FRAME * 500, 0, None
    while sent < FLOOD:
        try:
            sent += sock.send(chunk) // len(FRAME)
            blocked = None
        except BlockingIOError:  # the server is not reading us (before: it waited on our socket)
            blocked = blocked or time.monotonic()
            if time.monotonic() - blocked > 2.0:
                return
            time.sleep(0.01)


def close_code(sock: socket.socket, limit: float) -> int | None:
    """Read the rest of the stream; the code of its close frame (None: no close frame)."""
    sock.setblocking(True)
    sock.settimeout(limit)
    data, at, deadline = b"", 0, time.monotonic() + limit
    while time.monotonic() < deadline:
        while len(data) - at >= 2:  # parse every whole frame we have
            opcode, length, start = data[at] & 0x0F, data[at + 1] & 0x7F, at + 2
            if len(data) < at + {126: 4, 127: 10}.get(length, 2):
                break  # the extended length is not all here yet (a recv can end in a header)
            if length == 126:
                length, start = struct.unpack("!H", data[at + 2 : at + 4])[0], at + 4
            elif length == 127:
                length, start = struct.unpack("!Q", data[at + 2 : at + 10])[0], at + 10
            if len(data) < start + length:
                break
            if opcode == 0x8:
                return int(struct.unpack("!H", data[start : start + 2])[0])
            at = start + length
        try:
            more = sock.recv(1 << 20)
        except (TimeoutError, ConnectionResetError):
            return None
        if not more:
            return None
        data += more
    return None


def test_a_client_that_stops_reading_neither_stalls_its_table_nor_stays(server: Server) -> None:
    status, made = server.call(
        "POST",
        "/api/tables",
        {"game": "score", "players": 3, "seats": ["human", "bot:random", "bot:random"]},
    )
    assert status == 201, made
    table_id = made["table"]["id"]
    player = connect(
        server.url.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws?token={made['token']}"
    )
    with player:
        view = views(player, lambda m: m["type"] == "view")[-1]
        slow = open_raw(server, table_id)
        try:
            flood(slow)
            for _ in range(8):  # the player plays on; bots answer in between
                while 0 not in view["table"]["to_act"] or not view["legal"]:
                    view = views(player, lambda m: m["type"] == "view", ANSWER_WITHIN)[-1]
                player.send(
                    json.dumps(
                        {"type": "action", "seq": view["seq"], "action": view["legal"][0]["id"]}
                    )
                )
                got = views(player, lambda m: m["type"] in ("ack", "error"), ANSWER_WITHIN)
                assert got[-1]["type"] == "ack", got[-1]
                view = [m for m in got if m["type"] == "view"][-1]
                time.sleep(0.06)  # within the player's rate limit
            # Reading again, the spectator finds what was written before the drop, then 4408.
            assert close_code(slow, 30.0) == TOO_SLOW
        finally:
            slow.close()
        # It reconnects (as the page does) and is sent the whole view of the table as it is.
        again = connect(server.url.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws")
        with again:
            whole = views(again, lambda m: m["type"] == "view")[-1]
        assert whole["seq"] >= view["seq"] and whole["seat"] is None
