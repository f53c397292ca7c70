"""Summaries of stored results, computed with DuckDB over the Parquet parts (millions of rows).

Everything the report and the terminal show comes from here, and only from the stored rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from cardtable.simulate.plan import Plan
from cardtable.simulate.stats import binomial_p_value, mean_ci, wilson
from cardtable.simulate.storage import load_plan


@dataclass
class Share:
    label: str
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class CellSummary:
    sweep: str
    games: int
    seats: list[Share]
    bots: list[Share]
    first_player_p: float
    decisions: tuple[float, float, float]
    rounds: tuple[float, float, float]
    stats: dict[str, float]
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[float] = field(default_factory=list)


def summarise(out: Path, sample: int = 20_000) -> tuple[Plan, list[CellSummary]]:
    """Per option cell: win shares by seat and by bot, first-player test, lengths, stats."""
    plan = load_plan(out)
    con = duckdb.connect()
    con.execute(f"CREATE VIEW r AS SELECT * FROM read_parquet('{_glob(out)}', union_by_name=true)")
    columns = [c[0] for c in con.execute("DESCRIBE r").fetchall()]
    cells = []
    for cell, sweep in con.execute("SELECT DISTINCT cell, sweep FROM r ORDER BY cell").fetchall():
        n = plan.cells[int(cell)].players
        cells.append(_cell(con, columns, n, int(cell), str(sweep), sample))
    return plan, cells


def _glob(out: Path) -> str:
    return str(out / "part-c*-g*.parquet").replace("'", "''")


def _cell(
    con: duckdb.DuckDBPyConnection, columns: list[str], n: int, cell: int, sweep: str, sample: int
) -> CellSummary:
    where = f"WHERE cell = {cell}"
    games = int(con.execute(f"SELECT count(*) FROM r {where}").fetchone()[0])  # type: ignore[index]
    seat_sums = con.execute(
        f"SELECT {', '.join(f'sum(return_{s})' for s in range(n))} FROM r {where}"
    ).fetchone()
    assert seat_sums is not None
    seats = [Share(f"seat {s}", float(seat_sums[s] or 0.0), games) for s in range(n)]
    union = " UNION ALL ".join(
        f"SELECT bot_{s} AS bot, return_{s} AS ret FROM r {where}" for s in range(n)
    )
    bots = [
        Share(str(bot), float(wins), int(count))
        for bot, wins, count in con.execute(
            f"SELECT bot, sum(ret), count(*) FROM ({union}) GROUP BY bot ORDER BY bot"
        ).fetchall()
    ]
    p_first = binomial_p_value(seats[0].wins, games, 1.0 / n)
    lengths = [
        float(v[0])
        for v in con.execute(
            f"SELECT decisions FROM r {where} ORDER BY index LIMIT {sample}"
        ).fetchall()
    ]
    rounds = [
        float(v[0])
        for v in con.execute(
            f"SELECT rounds FROM r {where} ORDER BY index LIMIT {sample}"
        ).fetchall()
    ]
    scores = [
        [
            float(v[0])
            for v in con.execute(
                f"SELECT score_{s} FROM r {where} ORDER BY index LIMIT {sample}"
            ).fetchall()
        ]
        for s in range(n)
    ]
    stat_cols = [c for c in columns if c.startswith("stat_")]
    stats: dict[str, float] = {}
    if stat_cols:
        row = con.execute(
            f"SELECT {', '.join(f'avg({c})' for c in stat_cols)} FROM r {where}"
        ).fetchone()
        assert row is not None
        stats = {c[5:]: float(v or 0.0) for c, v in zip(stat_cols, row, strict=True)}
    return CellSummary(
        sweep=sweep or "(default options)",
        games=games,
        seats=seats,
        bots=bots,
        first_player_p=p_first,
        decisions=mean_ci(lengths),
        rounds=mean_ci(rounds),
        stats=stats,
        scores=scores,
        lengths=lengths,
    )
