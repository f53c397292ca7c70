"""The HTTP door: bodies are bounded and read as strict JSON before any route sees them.

An ASGI middleware, so it runs before FastAPI parses anything: a body over ``max_bytes`` is
refused with 413 (by its Content-Length, or while it streams in, never read whole), and a JSON
body with NaN, Infinity or nesting deeper than ``max_depth`` with 400. The body it has read is
handed on unchanged.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.server.inputs import BadJson, loads


class BodyGuard:
    def __init__(self, app: ASGIApp, max_bytes: int, max_depth: int) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.max_bytes:
            await _refuse(send, 413, f"request bodies are limited to {self.max_bytes} bytes")
            return
        body = await self._read(receive)
        if body is None:
            await _refuse(send, 413, f"request bodies are limited to {self.max_bytes} bytes")
            return
        if body and b"json" in headers.get(b"content-type", b""):
            try:
                loads(body, self.max_depth)
            except BadJson as exc:
                await _refuse(send, 400, str(exc))
                return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or None as soon as it grows past the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # what comes next: a disconnect

    return replay


async def _refuse(send: Send, status: int, detail: str) -> None:
    payload: dict[str, Any] = {"detail": detail}
    body = json.dumps(payload).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
