"""Where a process's time goes: latency histograms for ``/metrics``, and the garbage collector.

The load script's action-to-broadcast latency is measured by simulated players that share the
machine's cores with the server, so it mixes the server's own time with the clients' queueing.
These histograms are measured inside the server process, so its own share can be read apart:

- ``cardtable_action_seconds``: from the moment a WebSocket message carrying an action is read
  to the moment its ack has been sent, which is after the move is committed and every
  connection of the table has been sent its view (the server's action-to-broadcast time);
- ``cardtable_commit_seconds``: the part of it spent waiting for the move to be committed;
- ``cardtable_loop_lag_seconds``: how late the event loop wakes a task that asked to sleep
  (sampled a few times a second): the time any message waits before the loop reads it;
- ``cardtable_gc_pause_seconds``: every collection of the cyclic garbage collector, which stops
  the whole process (the event loop too) while it runs; ``cardtable_gc_full_pause_seconds``
  the full (generation 2) ones alone, and ``cardtable_gc_full_cpu_seconds`` their CPU time
  (which, unlike the pause, hardly depends on the machine's load);
- ``cardtable_gc_frozen_objects``: objects frozen out of the collector's walks (start-up's, and
  what survived the timed collections, see :func:`collect_every`).

Histograms are cumulative, in the Prometheus text format, so a scraper (or the load script)
takes differences between two readings.

:func:`tune_gc` is what the server does about the collector at start (see its docstring).
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: Upper bounds in seconds: fine below 100 ms, where the latency target lies.
BUCKETS: tuple[float, ...] = (
    0.0005,
    0.001,
    0.002,
    0.003,
    0.005,
    0.0075,
    0.01,
    0.015,
    0.02,
    0.03,
    0.05,
    0.075,
    0.1,
    0.15,
    0.2,
    0.3,
    0.5,
    0.75,
    1.0,
    2.0,
    5.0,
    10.0,
)


class Histogram:
    """Counts of observations by bucket (cumulative when rendered), their sum and number."""

    def __init__(self, name: str, help_text: str, buckets: tuple[float, ...] = BUCKETS) -> None:
        self.name, self.help_text, self.buckets = name, help_text, buckets
        self.counts = [0] * (len(buckets) + 1)  # the last one: above every bound (+Inf)
        self.total = 0.0
        self.count = 0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, seconds)] += 1
        self.total += seconds
        self.count += 1

    @contextmanager
    def time(self) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.observe(time.perf_counter() - start)

    def render(self) -> list[str]:
        lines = [f"# HELP {self.name} {self.help_text}", f"# TYPE {self.name} histogram"]
        running = 0
        for bound, count in zip((*self.buckets, float("inf")), self.counts, strict=True):
            running += count
            label = "+Inf" if bound == float("inf") else f"{bound:g}"
            lines.append(f'{self.name}_bucket{{le="{label}"}} {running}')
        lines += [f"{self.name}_sum {self.total:.6f}", f"{self.name}_count {self.count}"]
        return lines


def quantile(buckets: list[tuple[float, float]], q: float) -> float | None:
    """The ``q`` quantile from cumulative ``(upper bound, count)`` pairs, interpolated linearly
    inside its bucket (as Prometheus's ``histogram_quantile``); None without observations."""
    if not buckets or buckets[-1][1] <= 0:
        return None
    rank = q * buckets[-1][1]
    lower_bound, lower_count = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if bound == float("inf"):
                return lower_bound  # beyond the last bound: say the last bound
            share = (rank - lower_count) / (count - lower_count) if count > lower_count else 1.0
            return lower_bound + (bound - lower_bound) * share
        lower_bound, lower_count = bound, count
    return lower_bound


class Timings:
    """The histograms of one server process."""

    def __init__(self) -> None:
        self.action = Histogram(
            "cardtable_action_seconds",
            "from reading an action's message to sending its ack (committed and broadcast)",
        )
        self.commit = Histogram("cardtable_commit_seconds", "waiting for a move to be committed")
        self.loop_lag = Histogram(
            "cardtable_loop_lag_seconds", "how late the event loop woke a sleeping task"
        )
        self.gc_pause = Histogram(
            "cardtable_gc_pause_seconds", "collections of the cyclic garbage collector"
        )
        self.gc_full_pause = Histogram(
            "cardtable_gc_full_pause_seconds", "full (generation 2) collections"
        )
        self.gc_full_cpu = Histogram(
            "cardtable_gc_full_cpu_seconds",
            "CPU time of each full (generation 2) collection: unlike its pause in wall time, "
            "it hardly depends on how busy the machine is",
        )
        self._gc_started = 0.0
        self._gc_cpu_started = 0.0
        #: CPU seconds the collector took (of the thread it ran on): unlike its pauses in wall
        #: time, this hardly depends on how busy the machine is.
        self.gc_cpu = 0.0

    def all(self) -> list[Histogram]:
        return [
            self.action,
            self.commit,
            self.loop_lag,
            self.gc_pause,
            self.gc_full_pause,
            self.gc_full_cpu,
        ]

    def render(self) -> list[str]:
        name = "cardtable_gc_cpu_seconds_total"
        frozen = "cardtable_gc_frozen_objects"
        lines = [
            f"# HELP {name} CPU time the garbage collector took",
            f"# TYPE {name} counter",
            f"{name} {self.gc_cpu:.6f}",
            f"# HELP {frozen} objects frozen out of the collector's walks (see collect_every)",
            f"# TYPE {frozen} gauge",
            f"{frozen} {gc.get_freeze_count()}",
        ]
        return [line for h in self.all() for line in h.render()] + lines

    # The collector calls this before and after every collection, on whichever thread
    # triggered it; the process is stopped meanwhile, so the wall time is the pause.
    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
            self._gc_cpu_started = time.thread_time()
            return
        cpu = time.thread_time() - self._gc_cpu_started
        self.gc_cpu += cpu
        pause = time.perf_counter() - self._gc_started
        self.gc_pause.observe(pause)
        if info.get("generation") == 2:
            self.gc_full_pause.observe(pause)
            self.gc_full_cpu.observe(cpu)

    def watch_gc(self) -> None:
        if self._on_gc not in gc.callbacks:
            gc.callbacks.append(self._on_gc)

    def unwatch_gc(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    async def watch_loop(self, every: float = 0.25) -> None:
        """Sample the event loop's lag until cancelled."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(every)
            self.loop_lag.observe(max(0.0, time.perf_counter() - start - every))


def tune_gc(young_threshold: int, every_seconds: float = 0.0) -> Callable[[], None]:
    """Make the collector's pauses rarer and shorter for a long-running server.

    Everything imported and built at start (modules, game tables, the app) lives as long as the
    process: ``gc.freeze()`` moves it out of the collector's generations, so no full collection
    walks it again. ``young_threshold`` (allocations between young collections; Python's
    default is 700) is raised because a server allocates many short-lived objects per message
    (views, JSON) that die young anyway: fewer young collections mean fewer promotions and so
    fewer full ones. 0 leaves the collector as Python sets it.

    ``every_seconds`` > 0 turns the collector's own schedule off instead: the server then
    collects everything every that many seconds (:func:`collect_every`). Python 3.11 counts
    allocations minus deallocations, so a server that replaces each table's state on every
    move (a new state allocated, the old one freed) rarely reaches a threshold, and when it
    does its young generation holds every state made since: each young collection walked the
    live tables' states (tens of thousands of lists of ints, 50-80 ms of CPU at 200 tables),
    and found almost nothing (a few objects per thousand moves are cyclic garbage:
    docs/reliability.md, "Fifth sitting"). One full collection a minute costs less and
    pauses once.

    Returns what undoes it (called when the server stops: tests start many servers in one
    process, and what a stopped server froze would otherwise never be collected)."""
    if young_threshold <= 0 and every_seconds <= 0:
        return lambda: None
    before = gc.get_threshold()
    enabled = gc.isenabled()
    gc.collect()
    gc.freeze()
    if every_seconds > 0:
        gc.disable()
    else:
        gc.set_threshold(young_threshold, before[1], before[2])

    def undo() -> None:
        gc.unfreeze()
        gc.set_threshold(*before)
        if enabled:
            gc.enable()

    return undo


def tune_switching(seconds: float) -> Callable[[], None]:
    """Set the interpreter's switch interval to ``seconds`` (> 0; 0 leaves it alone) while the
    server runs; returns what restores it.

    The event loop holds the GIL while it computes; another thread that wants it (the move
    writer, a store call in ``asyncio.to_thread``) waits up to the switch interval before the
    loop is asked to let go, at the next bytecode boundary. The move writer waits for it about
    three times per transaction (its voluntary context switches per batch, with the loop
    computing), so at Python's 5 ms a commit on a busy loop can wait up to 15 ms for the GIL
    alone; the server's commit wait is most of its action-to-broadcast time
    (docs/reliability.md, "Eighth sitting"). With no other thread wanting the GIL the setting
    costs nothing; with one, the loop lets go more often (a few microseconds each time)."""
    if seconds <= 0:
        return lambda: None
    before = sys.getswitchinterval()
    sys.setswitchinterval(seconds)

    def undo() -> None:
        # Only if it is still ours: two servers in one process (tests) that stop in the order
        # they started would otherwise leave the first one's setting behind.
        if abs(sys.getswitchinterval() - seconds) < 1e-7:
            sys.setswitchinterval(before)

    return undo


async def collect_every(
    seconds: float, before: Callable[[], object] | None = None, full_every: float = 0.0
) -> None:
    """Collect every ``seconds`` until cancelled (with the collector's own schedule off, see
    :func:`tune_gc`).

    ``before`` is called right before each collection, to drop what the process keeps only to
    save work and can make again (:meth:`~.tables.TableService.shed`).

    ``full_every`` > 0: what survives a collection is frozen (``gc.freeze()``), so the next one
    walks only what was made since: the live connections (their coroutines, frames and
    protocol objects, more than half of what a full collection walked at 200 tables) and the
    tables that did not change are walked once, not every time. A collection stops the event
    loop while it walks, so its pause now follows what changed in ``seconds``, not everything
    live. Cyclic garbage among frozen objects (something that survived a collection and later
    became part of an unreachable cycle) is then freed only by a full collection, which
    unfreezes everything first: every ``full_every`` seconds. 0: every collection is full and
    nothing is frozen after it (the behaviour before; docs/reliability.md, "Seventh sitting:
    the collector's pauses")."""
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(seconds)
        if before is not None:
            before()
        if full_every <= 0:
            gc.collect()
            continue
        if time.monotonic() - last_full >= full_every:
            gc.unfreeze()
            last_full = time.monotonic()
        gc.collect()
        gc.freeze()
