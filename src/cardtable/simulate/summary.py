"""Summaries of stored results, computed with DuckDB aggregates over every stored row.

Everything the report and the terminal show comes from here, and only from the stored rows;
nothing is sampled (histograms are binned in the database too), and a run with fewer stored
games than its plan asks for is marked incomplete.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from cardtable.simulate.plan import Plan
from cardtable.simulate.stats import (
    binomial_p_value,
    chi_square_even,
    mean_interval,
    ratio_interval,
    wilson,
)
from cardtable.simulate.storage import load_plan, parts_glob

Interval = tuple[float, float, float]  # estimate, low, high (95%)
BINS = 30


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
class BotShare:
    """A bot's win share over the seats it held; the interval treats games, not seats, as the
    independent units (one game's seats share its outcome)."""

    label: str
    seats: int
    share: Interval


@dataclass
class Histogram:
    edges: list[float]  # len(counts) + 1
    counts: list[list[int]]  # one series per label
    labels: list[str]


@dataclass
class CellSummary:
    sweep: str
    players: int
    games: int
    planned: int
    seats: list[Share]
    bots: list[BotShare]
    lone_bot: str | None  # every seat is this bot: its share is 1/players by construction
    first: Share  # the game's own first player (who starts by its rules)
    first_p: float  # binomial test of ``first`` against parity
    positions: list[Share]  # by position after the first player: 0 = first, 1 = next, ...
    positions_chi2: tuple[float, float]  # statistic, p-value against an even split
    seats_chi2: tuple[float, float]  # the same across the seats themselves
    decisions: Interval
    rounds: Interval
    scores: list[Interval]
    stats: dict[str, Interval]
    lengths: Histogram | None = None
    score_hist: Histogram | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return self.games >= self.planned

    @property
    def first_player_p(self) -> float:  # the earlier name
        return self.first_p


def connect(out: Path) -> duckdb.DuckDBPyConnection:
    """A connection with view ``r`` over every stored part of ``out``."""
    con = duckdb.connect()
    glob = parts_glob(out)
    con.execute(f"CREATE VIEW r AS SELECT * FROM read_parquet('{glob}', union_by_name=true)")
    return con


def columns(con: duckdb.DuckDBPyConnection) -> list[str]:
    return [str(c[0]) for c in con.execute("DESCRIBE r").fetchall()]


def summarise(out: Path) -> tuple[Plan, list[CellSummary]]:
    """Per cell: win shares by seat and by bot, the first player's advantage, lengths, stats."""
    plan = load_plan(out)
    con = connect(out)
    names = columns(con)
    cells = []
    for (cell,) in con.execute("SELECT DISTINCT cell FROM r ORDER BY cell").fetchall():
        cells.append(_cell(con, names, plan, int(cell)))
    return plan, cells


def one(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[float, ...]:
    row = con.execute(sql).fetchone()
    assert row is not None
    return tuple(float(v) if v is not None else 0.0 for v in row)


def first_expr(names: list[str]) -> str:
    """The first player's seat (seat 0 for rows stored before it was recorded)."""
    return "first" if "first" in names else "0"


def _cell(con: duckdb.DuckDBPyConnection, names: list[str], plan: Plan, cell: int) -> CellSummary:
    spec = plan.cells[cell]
    n, where = spec.players, f"WHERE cell = {cell}"
    games = int(one(con, f"SELECT count(*) FROM r {where}")[0])
    sums = one(con, f"SELECT {', '.join(f'sum(return_{s})' for s in range(n))} FROM r {where}")
    seats = [Share(f"seat {s}", sums[s], games) for s in range(n)]
    first, by_position = _positions(con, names, n, where, games)
    distinct = sorted(set(spec.bots))
    notes = [] if "first" in names else ["rows predate the first-player column: seat 0 assumed"]
    return CellSummary(
        sweep=spec.label or "(default options)",
        players=n,
        games=games,
        planned=plan.games,
        seats=seats,
        bots=[] if len(distinct) == 1 else _bots(con, n, where, distinct, games),
        lone_bot=distinct[0] if len(distinct) == 1 else None,
        first=first,
        first_p=binomial_p_value(first.wins, games, 1.0 / n),
        positions=by_position,
        positions_chi2=chi_square_even([p.wins for p in by_position]),
        seats_chi2=chi_square_even([s.wins for s in seats]),
        decisions=_mean(con, "decisions", where),
        rounds=_mean(con, "rounds", where),
        scores=[_mean(con, f"score_{s}", where) for s in range(n)],
        stats={c[5:]: _mean(con, c, where) for c in names if c.startswith("stat_")},
        lengths=histogram(con, ["decisions"], ["decisions"], where),
        score_hist=histogram(
            con, [f"score_{s}" for s in range(n)], [f"seat {s}" for s in range(n)], where
        ),
        notes=notes,
    )


def _positions(
    con: duckdb.DuckDBPyConnection, names: list[str], n: int, where: str, games: int
) -> tuple[Share, list[Share]]:
    first = first_expr(names)
    parts = []
    for k in range(n):
        cases = " + ".join(
            f"CASE WHEN ({s} - {first} + {n}) % {n} = {k} THEN return_{s} ELSE 0 END"
            for s in range(n)
        )
        parts.append(f"sum({cases})")
    wins = one(con, f"SELECT {', '.join(parts)} FROM r {where}")
    labels = ["first player"] + [f"{k} after the first" for k in range(1, n)]
    shares = [Share(label, wins[k], games) for k, label in enumerate(labels)]
    return shares[0], shares


def _bots(
    con: duckdb.DuckDBPyConnection, n: int, where: str, bots: list[str], games: int
) -> list[BotShare]:
    out = []
    for bot in bots:
        quoted = bot.replace("'", "''")
        y = " + ".join(
            f"CASE WHEN bot_{s} = '{quoted}' THEN return_{s} ELSE 0 END" for s in range(n)
        )
        x = " + ".join(f"CASE WHEN bot_{s} = '{quoted}' THEN 1 ELSE 0 END" for s in range(n))
        sy, sx, syy, sxy, sxx = one(
            con,
            f"SELECT sum(y), sum(x), sum(y*y), sum(x*y), sum(x*x) "
            f"FROM (SELECT {y} AS y, {x} AS x FROM r {where})",
        )
        share, low, high = ratio_interval(sy, sx, syy, sxy, sxx, games)
        out.append(BotShare(bot, int(sx), (share, max(0.0, low), min(1.0, high))))
    return out


def _mean(con: duckdb.DuckDBPyConnection, column: str, where: str) -> Interval:
    mean, sd, count = one(
        con, f"SELECT avg({column}), stddev_samp({column}), count({column}) FROM r {where}"
    )
    return mean_interval(mean, sd, int(count))


def histogram(
    con: duckdb.DuckDBPyConnection, cols: list[str], labels: list[str], where: str
) -> Histogram | None:
    """Counts of every stored value of ``cols`` in shared bins (integer-wide when the values
    are whole numbers spread over few of them)."""
    low = min(one(con, f"SELECT min({c}) FROM r {where}")[0] for c in cols)
    high = max(one(con, f"SELECT max({c}) FROM r {where}")[0] for c in cols)
    span = high - low
    width = max(1.0, math.ceil((span + 1) / BINS)) if span >= 1 else max(span / BINS, 1e-9)
    bins = int(span // width) + 1
    counts = []
    for c in cols:
        found = dict(
            con.execute(
                f"SELECT least(floor(({c} - {low}) / {width})::BIGINT, {bins - 1}) AS b, count(*) "
                f"FROM r {where} GROUP BY b"
            ).fetchall()
        )
        counts.append([int(found.get(b, 0)) for b in range(bins)])
    edges = [low + width * b for b in range(bins + 1)]
    return Histogram(edges, counts, labels)
