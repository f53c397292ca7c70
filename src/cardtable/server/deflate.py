"""permessage-deflate for messages worth compressing only.

uvicorn offers permessage-deflate (RFC 7692) on every WebSocket and compresses every message.
The table's messages after a move are protocol 2's updates (docs/web.md): half of them are
under 1.4 KB and three quarters under 2 KB, and compressing them cost about 0.4 ms of the
server's CPU per move at three seats (docs/reliability.md, "Deliver less per move") to save
about a kilobyte per message. RFC 7692 lets a sender send any message uncompressed (its RSV1
bit clear) on a connection that negotiated the extension, and established servers do so below
a size: Node's ``ws`` has a ``threshold`` (1,024 bytes by default), nginx's ``gzip_min_length``
the same idea for HTTP. :func:`protocol` is uvicorn's WebSocket protocol with that threshold:
messages of at least ``min_bytes`` are compressed as before, smaller ones sent as they are.

The extension is negotiated exactly as uvicorn does (window bits 12, ``memLevel`` 5), so a
client sees the same handshake; only the small messages' frames differ.
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol

from cardtable.server.outbox import ClosingProtocol

__all__ = ["ThresholdDeflate", "protocol"]

#: The data frames a message starts with (a continuation frame follows its message's choice).
_DATA = (Opcode.TEXT, Opcode.BINARY)


class ThresholdDeflate(PerMessageDeflate):
    """permessage-deflate that sends a whole message shorter than ``min_bytes`` uncompressed.

    Only a message in one frame (``fin``) is left alone, so a fragmented message is never half
    compressed; the compressor's context is untouched by the skipped ones, so the client's
    decompressor (which skips frames without RSV1) stays in step."""

    min_bytes = 0

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode in _DATA and len(frame.data) < self.min_bytes:
            return frame
        return super().encode(frame)


class _Factory(ServerPerMessageDeflateFactory):
    def __init__(self, min_bytes: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.min_bytes = min_bytes

    def process_request_params(self, params: Any, accepted_extensions: Any) -> Any:
        response, negotiated = super().process_request_params(params, accepted_extensions)
        extension = ThresholdDeflate(
            negotiated.remote_no_context_takeover,
            negotiated.local_no_context_takeover,
            negotiated.remote_max_window_bits,
            negotiated.local_max_window_bits,
            negotiated.compress_settings,
        )
        extension.min_bytes = self.min_bytes
        return response, extension


def protocol(min_bytes: int) -> type[WebSocketsSansIOProtocol]:
    """uvicorn's WebSocket protocol (``uvicorn.Config(ws=…)``) whose permessage-deflate leaves
    messages under ``min_bytes`` uncompressed (0: every message compressed, as uvicorn does).
    With ``ws_per_message_deflate=False`` nothing is offered, as before. Its closes reach a
    peer that stopped reading (:class:`~.outbox.ClosingProtocol`)."""

    class Protocol(ClosingProtocol):
        def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            if config.ws_per_message_deflate:
                factory = _Factory(
                    min_bytes,
                    server_max_window_bits=12,
                    client_max_window_bits=12,
                    compress_settings={"memLevel": 5},
                )
                self.conn = ServerProtocol(
                    extensions=[factory],
                    max_size=config.ws_max_size,
                    logger=logging.getLogger("uvicorn.error"),
                )

    return Protocol
