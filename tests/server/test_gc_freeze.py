"""The timed collections walk only what is new, and a closed connection leaves no cycle behind
(docs/reliability.md, "Seventh sitting: the collector's pauses").

At 200 tables each timed full collection (``server/timings.py``) walked every live connection's
coroutines, frames and protocol objects (55% of its work) and stopped the event loop for about
0.4 s. Now what survives a timed collection is frozen, so the next one walks only what was
made since; a full collection that unfreezes everything comes every ``gc_full_every_seconds``.
Frozen objects that later become cyclic garbage are freed only by that full collection, so a
closed connection must not be a reference cycle: these tests find what a closed connection
leaves for the collector (before: about 124 objects each, the whole connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import socket
import urllib.request
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
from websockets.asyncio.client import connect

from cardtable.server.app import create_app
from cardtable.server.config import Settings, load_settings
from cardtable.server.deflate import protocol
from cardtable.server.outbox import ClosingProtocol, Outbox
from cardtable.server.timings import collect_every


class Node:
    """A tracked object that can be put in a cycle and watched with a weak reference."""

    other: Node | None = None


def run_collector(full_every: float, until: Callable[[int], bool]) -> None:
    """Run ``collect_every(0.01, full_every=...)`` until ``until(collections so far)``."""
    count = [0]

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            count[0] += 1

    async def run() -> None:
        task = asyncio.create_task(collect_every(0.01, None, full_every))
        while not until(count[0]):
            await asyncio.sleep(0.005)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    gc.callbacks.append(on_gc)
    try:
        asyncio.run(run())
    finally:
        gc.callbacks.remove(on_gc)


def test_a_timed_collection_freezes_what_survives_it() -> None:
    """After one timed collection, 20,000 long-lived lists are no longer in the collector's
    generations: the next collection does not walk them (before: every collection walked
    everything live)."""
    kept = [[i] for i in range(20_000)]
    try:
        run_collector(3600.0, lambda n: n >= 1)
        walked = {id(o) for o in gc.get_objects()}
        assert not any(id(item) in walked for item in kept[::100])
        assert gc.get_freeze_count() >= 20_000
    finally:
        gc.unfreeze()
    assert load_settings({"CARDTABLE_DATABASE_URL": "sqlite://"}).gc_full_every_seconds == 3600
    env = {"CARDTABLE_DATABASE_URL": "sqlite://", "CARDTABLE_GC_FULL_EVERY_SECONDS": "0"}
    assert load_settings(env).gc_full_every_seconds == 0


def test_frozen_cyclic_garbage_waits_for_the_full_collection() -> None:
    """A cycle frozen by a timed collection and then dropped survives the timed collections
    that follow, and is freed by the full one (every ``full_every`` seconds); with
    ``full_every`` 0 nothing is frozen and every collection frees it."""

    def cycle() -> Node:
        a, b = Node(), Node()
        a.other, b.other = b, a
        return a

    try:
        kept = cycle()
        run_collector(3600.0, lambda n: n >= 1)  # alive: frozen
        ref = weakref.ref(kept)
        del kept
        run_collector(3600.0, lambda n: n >= 3)
        assert ref() is not None  # garbage, but frozen
        run_collector(0.05, lambda n: ref() is None and n >= 1)  # the full one frees it
        gc.unfreeze()
        kept = cycle()
        run_collector(0.0, lambda n: n >= 1)
        ref = weakref.ref(kept)
        del kept
        run_collector(0.0, lambda n: n >= 1)
        assert ref() is None and gc.get_freeze_count() == 0
    finally:
        gc.unfreeze()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_closed_connection_leaves_no_cycle(tmp_path: Path) -> None:
    """Connect, take the view, ask for it again and leave, 10 times, against the server's own
    WebSocket protocol (``cardtable serve``'s), with the collector off: what is cyclic garbage
    afterwards holds nothing of the server's side of those connections. Before: each left
    about 124 objects (its protocol, transport, outbox, task and buffers) in three cycles:
    the scope's fast-path bound method, the cancelled writer task's traceback, and asyncio's
    transport (its ``_read_ready_cb``)."""
    port = free_port()
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'cycles.db'}",
        think_time=0.0,
        warm_bot_workers=False,
        bot_workers=1,
        tables_per_minute=0,
        joins_per_minute=0,
        gc_every_seconds=0.0,
        gc_young_threshold=0,
    )
    app = create_app(settings)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws=protocol(settings.ws_deflate_min_bytes),
    )
    server = uvicorn.Server(config)

    def post(path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}",
            json.dumps(body).encode(),
            {"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.loads(response.read())

    garbage: list[Any] = []

    async def run() -> None:
        serving = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.02)
        body = {"game": "magic-show", "players": 2, "seats": ["human", "human"]}
        made = await asyncio.to_thread(post, "/api/tables", body)
        url = f"ws://127.0.0.1:{port}/api/tables/{made['table']['id']}/ws?token={made['token']}"

        async def visit() -> None:
            async with connect(url, subprotocols=["cardtable.v2"]) as ws:  # type: ignore[list-item]
                await ws.recv()
                await ws.send(json.dumps({"type": "sync"}))
                await ws.recv()

        await visit()
        gc.collect()
        gc.disable()
        try:
            for _ in range(10):
                await visit()
            await asyncio.sleep(0.3)  # the server's side of the last one ends
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
        finally:
            gc.set_debug(0)
            gc.enable()
            garbage.extend(gc.garbage)
            gc.garbage.clear()
        server.should_exit = True
        await serving

    asyncio.run(run())

    def servers(o: Any) -> bool:
        if isinstance(o, Outbox | ClosingProtocol):
            return True
        extra = getattr(o, "_extra", None)  # a transport: the server's end has its port
        return isinstance(extra, dict) and (extra.get("sockname") or ("", 0))[1] == port

    left = [type(o).__name__ for o in garbage if servers(o)]
    garbage.clear()
    assert left == [], left
