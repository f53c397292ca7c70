"""Simulation at scale: play many seeded games with bots, store one row per game, report.

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "run"
>>> table = run("score", 3, ["random"] * 3, games=4, out=out, workers=1)
>>> table.num_rows, sorted(table.column("index").to_pylist())
(4, [0, 1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa

from cardtable.simulate.plan import Plan, game_seed, seat_specs, sweep_cells
from cardtable.simulate.runner import Progress, run_plan
from cardtable.simulate.storage import read_results


def run(
    game: str,
    players: int | Sequence[int],
    bots: Sequence[str],
    games: int,
    out: str | Path,
    *,
    seed: int = 0,
    options: dict[str, str] | None = None,
    workers: int | None = None,
    ray_address: str | None = None,
    rotate: bool = True,
    chunk_size: int = 250,
    progress: Progress | None = None,
    lineups: Sequence[Sequence[str]] = (),
) -> pa.Table:
    """Play (or resume, or extend) a run and return all its rows (``.to_pandas()`` for a
    DataFrame). ``players`` may list several table sizes and ``lineups`` several lineups of
    ``bots`` (see :func:`~cardtable.simulate.plan.seat_specs`): each combination is a cell."""
    sizes = (players,) if isinstance(players, int) else tuple(players)
    if len(lineups) == 1:
        bots, lineups = lineups[0], ()
    many = len(sizes) > 1 or len(lineups) > 1
    specs = tuple(bots) if many else seat_specs(tuple(bots), sizes[0])
    plan = Plan(
        game,
        sizes[0],
        specs,
        games,
        seed,
        dict(options or {}),
        rotate,
        chunk_size,
        players=sizes if len(sizes) > 1 else (),
        lineups=tuple(tuple(lineup) for lineup in lineups) if len(lineups) > 1 else (),
    )
    run_plan(plan, Path(out), workers=workers, ray_address=ray_address, progress=progress)
    return read_results(Path(out))


__all__ = ["Plan", "game_seed", "read_results", "run", "run_plan", "sweep_cells"]
