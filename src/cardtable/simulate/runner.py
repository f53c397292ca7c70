"""Backends: the chunks of a run played in this process, on local processes, or on Ray.

Every backend calls :func:`~cardtable.simulate.play.play_chunk` and hands the rows back to this
process, which alone writes the parts; so the same plan gives identical rows with 1 worker, 2
workers or a Ray cluster, and the order in which chunks finish does not matter.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardtable.simulate.plan import Plan
from cardtable.simulate.play import play_chunk
from cardtable.simulate.pool import Chunk, deferring_ctrl_c, ignoring_ctrl_c, play_local
from cardtable.simulate.ray_backend import play_ray
from cardtable.simulate.storage import done_ranges, prepare, write_part

Progress = Callable[[int], None]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; every chunk finished before it is stored (``played`` games now)."""

    def __init__(self, played: int) -> None:
        super().__init__(f"interrupted after {played} games")
        self.played = played


def todo(plan: Plan, out: Path) -> list[Chunk]:
    """The chunks of ``plan`` that ``out`` does not hold yet: every gap in each cell's stored
    game indexes, cut into chunks of ``plan.chunk_size`` (the parts already stored may have
    been cut otherwise, by an earlier ``--chunk``)."""
    done = done_ranges(out) if out.exists() else []
    chunks = []
    for cell in range(len(plan.cells)):
        covered = [(start, end) for c, start, end in done if c == cell]
        for gap_start, gap_end in _gaps(covered, plan.games):
            for start in range(gap_start, gap_end, plan.chunk_size):
                chunks.append((cell, start, min(gap_end, start + plan.chunk_size)))
    return chunks


def _gaps(covered: list[tuple[int, int]], games: int) -> list[tuple[int, int]]:
    gaps, at = [], 0
    for start, end in sorted(covered):
        if start > at:
            gaps.append((at, min(start, games)))
        at = max(at, end)
    if at < games:
        gaps.append((at, games))
    return [(a, b) for a, b in gaps if a < b]


def _local(plan: Plan, chunks: list[Chunk], workers: int) -> Iterator[tuple[Chunk, list[Any]]]:
    if workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            yield chunk, play_chunk(plan, *chunk)
        return
    yield from play_local(plan, chunks, workers)


def run_plan(
    plan: Plan,
    out: Path,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Progress | None = None,
) -> int:
    """Play every chunk ``out`` lacks; returns the number of games played now."""
    prepare(out, plan)
    chunks = todo(plan, out)
    if ray_address:
        results = play_ray(plan, chunks, ray_address)
    else:
        results = _local(plan, chunks, workers or os.cpu_count() or 1)
    played = 0
    try:
        for (cell, start, end), rows in results:
            with deferring_ctrl_c():  # a chunk that was played is stored whole, or not at all
                write_part(out, cell, start, rows)
                played += end - start
            if progress is not None:
                progress(end - start)
    except KeyboardInterrupt:
        with ignoring_ctrl_c():  # a second press must not break off the clean-up
            _close(results)
        raise Interrupted(played) from None
    return played


def _close(results: Iterator[Any]) -> None:
    close = getattr(results, "close", None)
    if close is not None:
        close()
