"""Is B different from A, and how sure are we? Per-metric differences between two sets of games
(two cells of a sweep, or two runs), each with a 95% interval, and for an open question how many
more games would likely settle it.

Game ``i`` of every cell of a plan, and of two runs with the same master seed, is dealt from the
same seed, so the comparison is *paired*: the difference is taken game by game (the rows joined on
their index and seed), which removes the luck of the deal that both sides share. Rows that cannot
be paired (different master seeds) are compared as two independent samples (Welch).

"Settle": a question is open while the interval of the difference holds 0. If the difference
seen were the true one, about ``((1.96 + 0.84) · sd / |diff|)² − n`` more games would give a 95%
interval that excludes 0 four times in five (80% power); the figure is a guide, not a promise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import duckdb

from cardtable.simulate.plan import Cell
from cardtable.simulate.stats import Z95
from cardtable.simulate.storage import load_plan, parts_glob
from cardtable.simulate.summary import columns, connect

Z80 = 0.8416212335729143  # one-sided 80% power


@dataclass(frozen=True)
class Diff:
    metric: str
    a: float
    b: float
    diff: float  # b - a
    low: float
    high: float
    games: int  # pairs (or the smaller side when unpaired)
    paired: bool
    sd: float  # of the per-game differences (paired) or the pooled standard error · √games

    @property
    def settled(self) -> bool:
        return self.low > 0 or self.high < 0

    @property
    def more_games(self) -> int | None:
        """Games still needed for 80% power at the difference seen (None: settled or no
        difference at all)."""
        if self.settled or self.diff == 0 or self.sd == 0:
            return None
        needed = ((Z95 + Z80) * self.sd / abs(self.diff)) ** 2
        return max(1, math.ceil(needed - self.games))


def metrics(names: list[str], players: int) -> dict[str, str]:
    """Per-game metrics (name: SQL expression over one row) that any cell of ``players`` has."""
    first = "first" if "first" in names else "0"
    at_first = " ".join(f"WHEN {s} THEN return_{s}" for s in range(players))
    out = {
        "first player's win share": f"(CASE {first} {at_first} END)",
        "first player's edge over parity": f"((CASE {first} {at_first} END) - 1.0 / {players})",
        "decisions per game": "decisions",
        "rounds per game": "rounds",
        "mean final score": "("
        + " + ".join(f"score_{s}" for s in range(players))
        + f") / {players}",
    }
    for s in range(players):
        out[f"seat {s} win share"] = f"return_{s}"
    for name in names:
        if name.startswith("stat_"):
            out[f"{name[5:]} per game"] = name
    return out


def bot_metric(bot: str, players: int) -> str:
    """A bot's share of the win over the seats it held in one game (NULL if it held none)."""
    q = bot.replace("'", "''")
    y = " + ".join(f"CASE WHEN bot_{s} = '{q}' THEN return_{s} ELSE 0 END" for s in range(players))
    x = " + ".join(f"CASE WHEN bot_{s} = '{q}' THEN 1 ELSE 0 END" for s in range(players))
    return f"(({y}) / nullif({x}, 0))"


def compare(
    con: duckdb.DuckDBPyConnection,
    a: tuple[str, int],
    b: tuple[str, int],
    exprs: list[tuple[str, str, str]],
) -> list[Diff]:
    """``a`` and ``b`` are (view or query, table size); ``exprs`` are (metric, expression over
    A's row, expression over B's row). Paired on (index, seed) when the rows pair up."""
    joined = f"SELECT count(*) FROM ({a[0]}) x JOIN ({b[0]}) y USING (index, seed)"
    pairs = int(_one(con, joined)[0])
    return [
        _paired(con, a[0], b[0], name, ea, eb)
        if pairs
        else _unpaired(con, a[0], b[0], name, ea, eb)
        for name, ea, eb in exprs
    ]


def _one(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[float, ...]:
    row = con.execute(sql).fetchone()
    assert row is not None
    return tuple(float(v) if v is not None else 0.0 for v in row)


def _paired(con: duckdb.DuckDBPyConnection, a: str, b: str, name: str, ea: str, eb: str) -> Diff:
    ma, mb, md, sd, n = _one(
        con,
        f"SELECT avg(x.v), avg(y.v), avg(y.v - x.v), stddev_samp(y.v - x.v), count(*) "
        f"FROM (SELECT index, seed, {ea} AS v FROM ({a})) x "
        f"JOIN (SELECT index, seed, {eb} AS v FROM ({b})) y USING (index, seed) "
        f"WHERE x.v IS NOT NULL AND y.v IS NOT NULL",
    )
    half = Z95 * sd / math.sqrt(n) if n > 1 else 0.0
    return Diff(name, ma, mb, md, md - half, md + half, int(n), True, sd)


def _unpaired(con: duckdb.DuckDBPyConnection, a: str, b: str, name: str, ea: str, eb: str) -> Diff:
    query = "SELECT avg(v), stddev_samp(v), count(v) FROM (SELECT {} AS v FROM ({}))"
    ma, sa, na = _one(con, query.format(ea, a))
    mb, sb, nb = _one(con, query.format(eb, b))
    se = math.sqrt(sa * sa / max(na, 1) + sb * sb / max(nb, 1))
    n, d = int(min(na, nb)), mb - ma
    return Diff(name, ma, mb, d, d - Z95 * se, d + Z95 * se, n, False, se * math.sqrt(n))


def exprs_for(names: list[str], a: Cell, b: Cell) -> list[tuple[str, str, str]]:
    """The metrics both sides have: shared ones, each seat both tables have, each bot both
    lineups hold (its share over the seats it held)."""
    ma, mb = metrics(names, a.players), metrics(names, b.players)
    out = [(k, ma[k], mb[k]) for k in ma if k in mb]
    for bot in sorted(set(a.bots) & set(b.bots)):
        if len(set(a.bots)) > 1 or len(set(b.bots)) > 1:
            out.append((f"{bot} win share", bot_metric(bot, a.players), bot_metric(bot, b.players)))
    return out


def sweep_comparisons(out: Path) -> list[tuple[str, str, list[Diff]]]:
    """Every cell of a sweep against the first cell, paired game by game."""
    plan = load_plan(out)
    con = connect(out)
    names = columns(con)
    found = [int(c[0]) for c in con.execute("SELECT DISTINCT cell FROM r ORDER BY cell").fetchall()]
    if len(found) < 2:
        return []
    base, cells = found[0], plan.cells
    return [
        (
            cells[base].label,
            cells[k].label,
            compare(
                con,
                (f"SELECT * FROM r WHERE cell = {base}", cells[base].players),
                (f"SELECT * FROM r WHERE cell = {k}", cells[k].players),
                exprs_for(names, cells[base], cells[k]),
            ),
        )
        for k in found[1:]
    ]


def run_comparison(out_a: Path, out_b: Path, cell_a: int = 0, cell_b: int = 0) -> list[Diff]:
    """Cell ``cell_b`` of run B against cell ``cell_a`` of run A (paired when the master seeds
    agree). Only the metrics both runs' rows have are compared."""
    plan_a, plan_b = load_plan(out_a), load_plan(out_b)
    if plan_a.game != plan_b.game:
        raise ValueError(f"{out_a} holds {plan_a.game}, {out_b} holds {plan_b.game}")
    for plan, cell, out in ((plan_a, cell_a, out_a), (plan_b, cell_b, out_b)):
        if not 0 <= cell < len(plan.cells):
            raise ValueError(f"{out} has cells 0-{len(plan.cells) - 1}, not {cell}")
    con = duckdb.connect()
    for name, out in (("a", out_a), ("b", out_b)):
        glob = parts_glob(out)
        con.execute(
            f"CREATE VIEW {name} AS SELECT * FROM read_parquet('{glob}', union_by_name=true)"
        )
    names_a = [str(c[0]) for c in con.execute("DESCRIBE a").fetchall()]
    names_b = {str(c[0]) for c in con.execute("DESCRIBE b").fetchall()}
    names = [n for n in names_a if n in names_b]
    a, b = plan_a.cells[cell_a], plan_b.cells[cell_b]
    return compare(
        con,
        (f"SELECT * FROM a WHERE cell = {cell_a}", a.players),
        (f"SELECT * FROM b WHERE cell = {cell_b}", b.players),
        exprs_for(names, a, b),
    )
