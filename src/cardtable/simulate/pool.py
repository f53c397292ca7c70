"""Local worker processes that stop the moment they are asked and never outlive the parent.

Why not ``concurrent.futures``: a ``ProcessPoolExecutor`` answers Ctrl-C only after every queued
chunk has been played, a second Ctrl-C can leave a worker blocked on one of its semaphores, and
its workers keep playing after the parent is killed. Here each worker has one pipe to the parent
and holds one chunk at a time, so stopping loses at most the chunks being played:

- workers ignore SIGINT (a terminal sends it to the whole process group; the parent decides);
- the parent kills its workers outright when it stops early (:func:`stop`);
- a worker dies with its parent: ``PR_SET_PDEATHSIG`` on Linux, and everywhere a watchdog thread
  that exits when the parent process is gone (the worker is re-parented).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from cardtable.simulate.plan import Plan
from cardtable.simulate.play import play_chunk

Chunk = tuple[int, int, int]
PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.2


def _die_with_parent(parent: int) -> None:
    """Exit as soon as ``parent`` is no longer this process's parent."""
    if os.getppid() != parent:  # the parent died before this worker got here
        os._exit(1)
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - the watchdog still acts
            pass
        if os.getppid() != parent:  # died between the check and prctl
            os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watchdog").start()


def _worker(conn: Connection, plan_json: dict[str, Any], parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(parent)
    plan = Plan.from_json(plan_json)
    while True:
        try:
            chunk = conn.recv()
        except EOFError:
            return
        if chunk is None:
            return
        try:
            conn.send(("rows", chunk, play_chunk(plan, *chunk)))
        except Exception:
            conn.send(("error", chunk, traceback.format_exc()))


def _start(plan: Plan, count: int) -> tuple[list[BaseProcess], list[Connection]]:
    ctx = mp.get_context("fork" if sys.platform.startswith("linux") else None)
    procs: list[BaseProcess] = []
    conns: list[Connection] = []
    for _ in range(count):
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(theirs, plan.to_json(), os.getpid()), daemon=True)
        proc.start()
        theirs.close()
        procs.append(proc)
        conns.append(mine)
    return procs, conns


@contextlib.contextmanager
def ignoring_ctrl_c() -> Iterator[None]:
    """Ignore SIGINT inside the block (main thread only): a second Ctrl-C must not break off the
    clean-up after the first."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def deferring_ctrl_c() -> Iterator[None]:
    """Hold a Ctrl-C that arrives inside the block until the block is done (main thread only).

    Storing a finished chunk takes milliseconds; a SIGINT in the middle of it used to leave the
    part's temporary file behind and lose a chunk that had been played. The signal is recorded,
    not dropped, and raised again under the previous handler once the part is stored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pending.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if pending:
            signal.raise_signal(signal.SIGINT)


def stop(procs: list[BaseProcess]) -> None:
    """Kill whatever still runs (a chunk in play is lost; it has no part yet) and reap it."""
    with ignoring_ctrl_c():
        for proc in procs:
            if proc.is_alive():
                proc.kill()
        for proc in procs:
            proc.join(timeout=2.0)


def play_local(plan: Plan, chunks: list[Chunk], workers: int) -> Iterator[tuple[Chunk, list[Any]]]:
    """Play ``chunks`` on ``workers`` processes; yields each chunk's rows as soon as it is done.

    Closing the generator early (an exception in the consumer, Ctrl-C) kills the workers.
    """
    procs, conns = _start(plan, min(workers, len(chunks)))
    queue = list(reversed(chunks))
    busy: list[Connection] = []
    try:
        for conn in conns:
            if queue:
                conn.send(queue.pop())
                busy.append(conn)
        while busy:
            for ready in wait(busy):
                conn = busy[busy.index(ready)]  # type: ignore[arg-type]
                try:
                    kind, chunk, payload = conn.recv()
                except EOFError:
                    raise RuntimeError("a simulation worker died") from None
                if kind == "error":
                    raise RuntimeError(f"chunk {chunk} failed:\n{payload}")
                if queue:
                    conn.send(queue.pop())  # keep the worker busy while the parent stores
                else:
                    busy.remove(conn)
                    conn.send(None)
                yield chunk, payload
    finally:
        stop(procs)
