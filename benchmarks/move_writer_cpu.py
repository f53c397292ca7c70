"""The server process's CPU per move of PostgreSQL's commit path: the move writer alone.

Rounds of ``--concurrency`` moves (one per table, handed over together, as by that many tables'
players at once) through :class:`cardtable.server.store.MoveWriter` on the event loop (the
default on PostgreSQL since the tenth sitting) or through the writer thread (``--path
thread``, before). Each round's moves make one statement on the loop path; the thread takes
them as they come. The server's time is counted, PostgreSQL's is not (another process).

Wall-clock and CPU time on a shared machine move by 2x, so compare instruction counts: run it
under callgrind with only the measured moves instrumented (``--callgrind``: ``callgrind_control
-i on`` at their start, ``off`` at their end), and divide by the moves (or take the difference
of two runs with different numbers of moves, which cancels what the switching itself counts)::

    nice -n 10 valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/mw.out \\
        .venv/bin/python benchmarks/move_writer_cpu.py --db URL --path loop --callgrind
    callgrind_annotate /tmp/mw.out | head -20   # the "PROGRAM TOTALS" line

The tables are made in a schema of their own, dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import time

from sqlalchemy import create_engine, make_url, text

from cardtable.server.store import Move, MoveWriter, Store
from cardtable.server.tables import TableService


def _schema_url(url: str, schema: str) -> str:
    return (
        make_url(url)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )


def _run(url: str, statement: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(statement))
    engine.dispose()


def _instrument(on_off: str) -> None:
    command = ["callgrind_control", "-i", on_off, str(os.getpid())]
    subprocess.run(command, check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (postgresql+psycopg://…)")
    parser.add_argument("--path", choices=["loop", "thread"], default="loop")
    parser.add_argument("--moves", type=int, default=1600)
    parser.add_argument("--concurrency", type=int, default=4, help="moves handed over at once")
    parser.add_argument(
        "--callgrind",
        action="store_true",
        help="under valgrind --tool=callgrind --instr-atstart=no: instrument the measured "
        "moves only (callgrind_control -i on/off)",
    )
    args = parser.parse_args()
    schema = f"move_writer_cpu_{os.getpid()}"
    _run(args.db, f"CREATE SCHEMA {schema}")
    try:
        store = Store(_schema_url(args.db, schema), "bench")
        service = TableService(store, think_time=0.0, bot_workers=1)
        tables = [
            service.create("score", 3, {}, ["human"] * 3, "A")[0].id
            for _ in range(args.concurrency)
        ]
        writer = MoveWriter(store, thread=args.path == "thread")
        rounds = args.moves // args.concurrency
        instrument = _instrument if args.callgrind else (lambda _on_off: None)

        async def play() -> tuple[float, float]:
            await writer.write(Move(tables[0], 1, 0, "warm-up"))  # the connection, prepared
            instrument("on")
            wall, cpu = time.perf_counter(), time.process_time()
            for seq in range(2, rounds + 2):
                await asyncio.gather(*(writer.write(Move(t, seq, 0, "move")) for t in tables))
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            instrument("off")
            await writer.aclose()
            return wall, cpu

        wall, cpu = asyncio.run(play())
        moves = rounds * args.concurrency
        print(
            f"{args.path}: {moves} moves in {writer.batches - 1} statements; "
            f"wall {wall / moves * 1e6:.0f} us, CPU {cpu / moves * 1e6:.0f} us per move "
            "(not figures to compare: count instructions)"
        )
    finally:
        _run(args.db, f"DROP SCHEMA {schema} CASCADE")


if __name__ == "__main__":
    main()
