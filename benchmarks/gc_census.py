"""What a full collection walks with many live tables: the table service alone, no sockets.

Builds ``TABLES`` tables of people (four games in turn, every seat connected through a fake
socket speaking protocol 2, as ``web_actions.py``), plays ``MOVES`` random moves at each, then,
as the server's timed collection does (``TableService.shed`` where the server has it, then
``gc.collect()``), counts the objects the collector tracks outside start-up's frozen part,
the references it visits in them (its work), the objects by the live-table attribute
that reaches them first (through frozen objects too), and times three full
collections (CPU time of this thread, and wall time). Counts do not depend on the machine's
load; times do.

With a third argument ``AFTER``: the timed collection then freezes what survived it, as the
server's does since the seventh sitting (``timings.collect_every``), ``AFTER`` more moves are
played at each table, and the census is of the next timed collection, which walks only what
those moves made and kept.

Run: ``.venv/bin/python benchmarks/gc_census.py 200 60 [AFTER]``; to compare with an older
server, put its ``src`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import tempfile
import time
from collections import Counter
from types import FunctionType, ModuleType
from typing import Any

from cardtable.server.store import Store
from cardtable.server.tables import Connection, TableService

GAMES = [("magic-show", 2), ("score", 3), ("piece-of-the-action", 3), ("portfolio", 3)]


async def run(tables: int, moves: int, after: int = 0) -> None:
    store = Store(f"sqlite:///{tempfile.mkdtemp()}/census.db", "bench")
    service = TableService(store, think_time=0.0, bot_workers=1, away_seconds=1e6)
    gc.collect()
    gc.freeze()  # as the server does once started (timings.tune_gc)
    gc.disable()

    async def send(message: dict[str, Any]) -> None:
        pass

    made = []
    for i in range(tables):
        game, players = GAMES[i % len(GAMES)]
        table = service.create(game, players, {}, ["human"] * players, "A")[0]
        for _ in range(1, players):
            service.join(table, None, "B")
        for seat in range(players):
            table.connections.append(Connection(seat, send, updates=True))
        await service.broadcast(table)
        made.append(table)
    rng = random.Random(1)

    async def play(table: Any) -> None:
        for _ in range(moves):
            if table.state.is_terminal():
                return
            seat = table.state.to_act()[0]
            await service.act(
                table, seat, table.seq, rng.choice(table.state.legal_action_ids(seat))
            )

    await asyncio.gather(*(play(t) for t in made))
    shed = getattr(service, "shed", None)
    if after:
        if shed is not None:
            shed()
        gc.collect()
        gc.freeze()  # what survived: out of the next collection's walk
        moves = after
        await asyncio.gather(*(play(t) for t in made))
    if shed is not None:
        shed()
    gc.collect()
    objects = gc.get_objects()
    unfrozen = {id(o) for o in objects}
    walked: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = {}
    # Each tracked object is counted once, under the first table attribute that reaches it,
    # through frozen objects too (a seat log made at start is frozen; its recent entries are
    # not). The attributes are taken in this order for all tables before the next one: a
    # table's bot task reaches the event loop and through it everything else.
    seen: set[int] = set()
    order = ["logs", "sent", "state", "connections"]
    names = order + sorted({n for t in made for n in vars(t)} - set(order))
    for name in names:
        for table in made:
            stack = [getattr(table, name, None)]
            while stack:
                obj = stack.pop()
                if id(obj) in seen or isinstance(obj, (type, ModuleType, FunctionType)):
                    continue
                seen.add(id(obj))
                if id(obj) in unfrozen:
                    walked[name] += 1
                    kinds.setdefault(name, Counter())[type(obj).__name__] += 1
                stack.extend(gc.get_referents(obj))
    live = sum(not t.state.is_terminal() for t in made)
    total = sum(len(gc.get_referents(o)) for o in objects)
    print(
        f"{tables} tables ({live} unfinished), {moves} moves each"
        f"{' after a freeze' if after else ''}: {len(objects)} tracked objects,"
        f" {total} references walked; by table attribute: {dict(walked.most_common(6))}"
    )
    for name, count in walked.most_common(4):
        print(f"  {name}: {count} objects, {dict(kinds[name].most_common(5))}")
    del objects, unfrozen
    for _ in range(3):
        cpu, wall = time.thread_time(), time.perf_counter()
        gc.collect()
        cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
        print(f"full collection: CPU {1000 * cpu:.1f} ms, wall {1000 * wall:.1f} ms")
    await service.close()
    gc.enable()
    gc.unfreeze()


if __name__ == "__main__":
    asyncio.run(
        run(
            int(sys.argv[1]) if len(sys.argv) > 1 else 200,
            int(sys.argv[2]) if len(sys.argv) > 2 else 60,
            int(sys.argv[3]) if len(sys.argv) > 3 else 0,
        )
    )
