"""Results on disk: a directory with ``run.json`` (the plan, plus whether it is reproducible
and why not) and one Parquet part per chunk.

Parts are written to a temporary name and renamed, so a part exists only when it is complete:
that is what makes an interrupted run resumable without losing or duplicating games. DuckDB,
polars or pyarrow read the directory as one table (``read_parquet('RESULTS/*.parquet')``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from cardtable.simulate.plan import Plan

PLAN_FILE = "run.json"


def part_path(out: Path, cell: int, start: int) -> Path:
    return out / f"part-c{cell:03d}-g{start:09d}.parquet"


PART_GLOB = "part-c*-g*.parquet"


def parts_glob(out: Path) -> str:
    """``out``'s parts as a quoted-for-SQL glob for DuckDB's ``read_parquet``.

    Raises ``ValueError`` when no part is stored yet (a run started but interrupted before its
    first chunk): DuckDB would otherwise fail with an ``IOException`` naming the pattern.
    """
    if not any(out.glob(PART_GLOB)):
        raise ValueError(
            f"{out} holds no finished games yet (its first chunk was not stored); "
            "run the same command again to resume it"
        )
    return str(out / PART_GLOB).replace("'", "''")


def check(out: Path, plan: Plan) -> None:
    """Raise ``ValueError`` naming every parameter in which ``plan`` differs from the run that
    ``out`` holds; the same run, or the same run with more games, passes."""
    plan_file = out / PLAN_FILE
    if not plan_file.exists():
        return
    existing = Plan.from_json(json.loads(plan_file.read_text()))
    differ = existing.differences(plan)
    if plan.games < existing.games:
        here = f"games: {existing.games} per cell here, {plan.games} asked"
        differ.append(f"{here} (a run can grow, not shrink)")
    if differ:
        raise ValueError(
            f"{out} holds a different run ({'; '.join(differ)}); choose another --out to start anew"
        )


def prepare(out: Path, plan: Plan) -> None:
    """Create the directory, or check that it holds the same run (to resume or extend it)."""
    check(out, plan)
    out.mkdir(parents=True, exist_ok=True)
    manifest = plan.to_json()
    manifest["reproducible"] = not plan.unreproducible
    manifest["unreproducible_because"] = plan.unreproducible
    (out / PLAN_FILE).write_text(json.dumps(manifest, indent=1) + "\n")


def load_plan(out: Path) -> Plan:
    try:
        return Plan.from_json(json.loads((out / PLAN_FILE).read_text()))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{out} is not a simulation result directory ({exc})") from None


def write_part(out: Path, cell: int, start: int, rows: list[dict[str, Any]]) -> None:
    path = part_path(out, cell, start)
    tmp = path.with_suffix(".tmp")
    try:
        pq.write_table(pa.Table.from_pylist(rows), tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)  # a failed write (a full disk) leaves no half-written part
        raise


def done_chunks(out: Path) -> set[tuple[int, int]]:
    """(cell, start) of every chunk already stored."""
    return {(cell, start) for cell, start, _ in done_ranges(out)}


def done_ranges(out: Path) -> list[tuple[int, int, int]]:
    """(cell, start, end) of every stored part, the row count read from its footer."""
    found = []
    for path in out.glob(PART_GLOB):
        cell, start = int(path.stem[6:9]), int(path.stem[11:])
        found.append((cell, start, start + pq.read_metadata(path).num_rows))
    return sorted(found)


def stored_games(out: Path) -> int:
    """How many games ``out`` holds (from the Parquet footers, without reading the rows)."""
    return sum(pq.read_metadata(p).num_rows for p in out.glob(PART_GLOB))


def read_results(out: Path) -> pa.Table:
    """Every stored row, ordered by option cell and game index."""
    parts = sorted(out.glob(PART_GLOB))
    if not parts:
        raise ValueError(f"{out} holds no results yet")
    tables = [pq.read_table(p) for p in parts]
    table = pa.concat_tables(tables, promote_options="default")
    return table.sort_by([("cell", "ascending"), ("index", "ascending")])
