"""CPU per move of the table service alone: no sockets, no client, no HTTP.

Drives :class:`~cardtable.server.tables.TableService` directly: ``TABLES`` tables of people
(every seat connected through a fake socket that JSON-encodes what it is sent, with the
server's encoder), one coroutine per table acting for whoever is to act, until ``ACTIONS``
moves are made. Each move is checked, stored and broadcast exactly as from a WebSocket.
Reports this process's CPU time per move (all threads, so the move writer counts) and the wall
time, which on a shared machine says more about the machine than about the server; the CPU
time hardly does.

Run: ``CARDTABLE_PURE=1 .venv/bin/python benchmarks/web_actions.py sqlite 50 3000`` or with a
PostgreSQL URL instead of ``sqlite``; a fourth argument is the server's ``gc_young_threshold``
(0, the default: Python's collector as it is), and the collector's CPU time is reported; a
fifth, ``1`` or ``2`` (the default), is the wire protocol the connections speak (docs/web.md,
"The wire format": 1 sends the whole view after every change, 2 an update from the last one);
a sixth, the server's ``gc_every_seconds`` (0, the default: the collector's own schedule;
> 0: it is off and everything is collected every that many seconds, as the server does).
To compare with an older server, put its ``src`` first on
``PYTHONPATH`` (``git archive COMMIT src | tar -x -C /tmp/old``).

The moves are the same from run to run and from build to build (so that instruction counts,
``valgrind --tool=callgrind``, compare two builds move for move): the deals, table ids and
tokens come from a generator seeded with 1 instead of :mod:`secrets`, each table chooses its
moves with its own generator, and each table makes at most ``ceil(ACTIONS / TABLES)`` moves
(fewer where its game ends first), whatever order the tables' turns come in. Only how many
moves the writer stores per transaction depends on the threads' timing. A line counts
the objects the collector tracks that were made during the moves and are still alive (with a
positive ``gc_every_seconds`` nothing is collected during the moves unless a timed collection
falls in them): what the next timed collection would walk. The last line is a digest of the
moves and one of every message each connection was sent, in order: the same in two builds
that make the same moves and send the same bytes.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import math
import random
import secrets
import sys
import tempfile
import time
from typing import Any

from cardtable.server import tables as tables_module
from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService
from cardtable.server.timings import collect_every, tune_gc

try:  # the server's own encoder (msgspec); an older server's send_json used the standard library
    from cardtable.server.views import encode
except ImportError:

    def encode(message: dict[str, Any]) -> str:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


GAMES = [("magic-show", 2), ("score", 3), ("piece-of-the-action", 3), ("portfolio", 3)]


class SeededSecrets:
    """The table service's :mod:`secrets` with seeded deals, ids and tokens (of the same
    lengths), so that every run deals and names the same tables."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)

    def token_hex(self, nbytes: int) -> str:
        return self._rng.randbytes(nbytes).hex()

    def token_urlsafe(self, nbytes: int) -> str:
        return _urlsafe(self._rng.randbytes(nbytes))

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


def _urlsafe(data: bytes) -> str:
    import base64

    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


async def run(
    url: str, tables: int, actions: int, gc_threshold: int, protocol: int, gc_every: float
) -> None:
    store = Store(url, "bench")
    service = TableService(store, think_time=0.0, bot_workers=1)
    service.timings.watch_gc()
    tables_module.secrets = SeededSecrets(1)  # type: ignore[attr-defined,assignment]
    # As the server does at start (0, 0: Python's collector as it is).
    tune_gc(gc_threshold, gc_every)
    collector = asyncio.create_task(collect_every(gc_every)) if gc_every > 0 else None
    made = []
    for i in range(tables):
        game, players = GAMES[i % len(GAMES)]
        table = service.create(game, players, {}, ["human"] * players, "A")[0]
        for _ in range(1, players):
            service.join(table, None, "B")
        made.append(table)
    sent = [0]
    streams: list[Any] = []

    def sender(stream: Any) -> Any:
        async def send(message: dict[str, Any]) -> None:
            text = encode(message)
            sent[0] += len(text)
            stream.update(text.encode())

        return send

    for table in made:
        for s in range(table.row.num_players):
            streams.append(hashlib.blake2b(digest_size=16))
            conn = Connection(s, sender(streams[-1]))
            # Set, not passed: the same script measures an older server, whose connections
            # have no such field and speak protocol 1 whatever it says.
            conn.updates = protocol == 2  # type: ignore[attr-defined,unused-ignore]
            table.connections.append(conn)
        await service.broadcast(table)  # every connection's first view, whole
    sent[0] = 0  # count the moves' messages only
    done = [0]
    quota = math.ceil(actions / tables)

    async def player(index: int, table: Any) -> None:
        rng = random.Random(index)
        for _ in range(quota):
            if table.state.is_terminal():
                break
            seat = table.state.to_act()[0]
            await service.act(
                table, seat, table.seq, rng.choice(table.state.legal_action_ids(seat))
            )
            done[0] += 1
            await asyncio.sleep(0)

    tracked = len(gc.get_objects())

    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.gather(*(player(i, t) for i, t in enumerate(made)))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    tracked = len(gc.get_objects()) - tracked
    batches = getattr(getattr(service, "writer", None), "batches", 0)
    print(
        f"{url.split(':')[0]}: {tables} tables, {done[0]} moves; CPU {1000 * cpu / done[0]:.2f} ms"
        f" per move, wall {1000 * wall / done[0]:.2f} ms per move; {batches} transactions;"
        f" {sent[0] / done[0]:.0f} bytes sent per move; gc threshold {gc_threshold}:"
        f" {service.timings.gc_pause.count} collections ({service.timings.gc_full_pause.count}"
        f" full), gc CPU {1000 * service.timings.gc_cpu / done[0]:.3f} ms per move, longest"
        f" full pause <= {max_bound(service.timings.gc_full_pause) * 1000:g} ms;"
        f" protocol {protocol}, gc every {gc_every:g} s"
    )
    print(f"objects tracked by the collector made during the moves and alive: {tracked}")
    # Every connection's messages, in order, as one digest: two builds that make the same moves
    # and send every seat the same bytes print the same (the version numbers included).
    moves = hashlib.blake2b(repr([t.state.history for t in made]).encode(), digest_size=8)
    wire = hashlib.blake2b(b"".join(d.digest() for d in streams), digest_size=8)
    print(f"moves digest {moves.hexdigest()}, messages digest {wire.hexdigest()}")
    if collector is not None:
        collector.cancel()
    await service.close()


def max_bound(histogram: Any) -> float:
    """The upper bound of the highest bucket with an observation (0 if none)."""
    hit = [b for b, c in zip(histogram.buckets, histogram.counts, strict=False) if c]
    return max(hit, default=0.0)


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    url = f"sqlite:///{tempfile.mkdtemp()}/actions.db" if target == "sqlite" else target
    asyncio.run(
        run(
            url,
            int(sys.argv[2]) if len(sys.argv) > 2 else 50,
            int(sys.argv[3]) if len(sys.argv) > 3 else 3000,
            int(sys.argv[4]) if len(sys.argv) > 4 else 0,
            int(sys.argv[5]) if len(sys.argv) > 5 else 2,
            float(sys.argv[6]) if len(sys.argv) > 6 else 0.0,
        )
    )
