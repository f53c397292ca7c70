"""Search bots think in a bounded pool of worker processes, served in turn.

A search is CPU-bound Python: in a thread it would share the event loop's GIL and slow every
connection. So every search decision (a bot's, a stand-in's, a hint) runs in one of
``workers`` processes. Fairness comes from two rules: each table has at most one decision in
flight (its bot task awaits one before it asks for the next, and a seat has one hint at a
time), and waiting decisions get a worker first come, first served (a FIFO semaphore). A table
whose decision just finished asks again at the back of the queue, so the tables take turns: one
table's bots delay another's by at most one decision's budget per worker-turn.

The worker is given the state as JSON, the bot spec and a seed drawn by the server, so a
decision depends on nothing else. Plain bots (random, greedy) take milliseconds and are not
sent here. The processes start from a fork server (a clean process, never the threaded server)
on first use (or at start, :meth:`BotPool.warm`) and exit when the server stops
(:meth:`BotPool.close`), or by themselves within a second when it was killed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from cardtable.agents import Agent, ThinkingAgent, decide, make_agent
from cardtable.agents.analysis import estimate, make_search
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, State, state_from_json


@lru_cache(maxsize=64)
def _agent(spec: str, game: str | None = None) -> Agent | ThinkingAgent:
    return make_agent(spec, game=game)


@lru_cache(maxsize=256)
def is_search(spec: str) -> bool:
    """Whether ``spec`` names a search (it goes to the worker pool)."""
    return hasattr(_agent(spec), "choose_from")


def think(spec: str, state: dict[str, Any], seat: int, seed: int) -> int:
    """In a worker: the action id ``spec`` picks for ``seat`` in ``state``."""
    position = state_from_json(state)
    return decide(_agent(spec, position.GAME), position, seat, Rng(seed)).id


def hint_rows(spec: str, state: dict[str, Any], seat: int, seed: int) -> list[dict[str, Any]]:
    """In a worker: the search's estimate of each of ``seat``'s actions, best first."""
    rng = Rng(seed)
    position = state_from_json(state)
    info = InfoSet(position, seat, rng.fork())
    rows = estimate(info, rng, make_search(spec, position.GAME))
    return [
        {
            "id": r.action.id,
            "text": r.action.text,
            "rank": r.rank,
            "visits": r.visits,
            "win": r.win,
            "reason": r.reason,
        }
        for r in rows
    ]


def _watch(server: int) -> None:
    """In a worker: exit as soon as the server process is gone (a SIGKILL gives it no time to
    stop its workers, and a worker would otherwise wait for work forever)."""

    def watch() -> None:
        while True:
            time.sleep(0.5)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def worker_pid() -> int:
    """In a worker: its process id (tests check the work leaves the server's process)."""
    return os.getpid()


class BotPool:
    """A bounded pool of worker processes with first-come-first-served admission."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None
        self._slots: asyncio.Semaphore | None = None
        #: Decisions waiting for a worker or running now (for tests and figures).
        self.queued = 0

    def _pool(self) -> tuple[ProcessPoolExecutor, asyncio.Semaphore]:
        if self._executor is None or self._slots is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["cardtable.server.botpool"])
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_watch, initargs=(os.getpid(),)
            )
            self._slots = asyncio.Semaphore(self.workers)
        return self._executor, self._slots

    async def run(self, func: Any, *args: Any) -> Any:
        """``func(*args)`` in a worker, once one is free and every earlier request has one."""
        executor, slots = self._pool()
        self.queued += 1
        try:
            async with slots:
                return await asyncio.get_running_loop().run_in_executor(executor, func, *args)
        finally:
            self.queued -= 1

    async def decide(self, spec: str, state: State, seat: int, seed: int) -> int:
        return int(await self.run(think, spec, state.to_json(), seat, seed))

    async def hint(self, spec: str, state: State, seat: int, seed: int) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = await self.run(hint_rows, spec, state.to_json(), seat, seed)
        return rows

    async def warm(self) -> None:
        """Start every worker now (the fork server imports the engine once, then each worker
        is forked), so the first search does not wait for that."""
        executor, _ = self._pool()
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(executor, worker_pid) for _ in range(self.workers)),
            return_exceptions=True,
        )

    def pids(self) -> list[int]:
        """The worker processes alive now."""
        if self._executor is None:
            return []
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None]

    def close(self) -> None:
        """Stop the workers: queued decisions are dropped, running ones awaited."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor, self._slots = None, None
