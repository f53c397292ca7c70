"""The HTML report (self-contained: plots are inline SVG) and the terminal summary (Rich)."""

from __future__ import annotations

import html
import io
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from rich.console import Console
from rich.table import Table

from cardtable.core import get_game
from cardtable.simulate.compare import Diff, sweep_comparisons
from cardtable.simulate.plan import Plan
from cardtable.simulate.summary import CellSummary, Histogram, Share, summarise


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _interval_plot(rows: list[tuple[str, float, float, float]], parity: float, title: str) -> str:
    """Dots with 95% intervals on an axis zoomed to them (on 0-1 a ±0.006 interval would be
    invisible), and the parity line."""
    fig, ax = plt.subplots(figsize=(6, 0.8 + 0.4 * len(rows)))
    ys = list(range(len(rows)))
    rates = [r[1] for r in rows]
    ax.errorbar(
        rates,
        ys,
        xerr=[[max(0.0, r[1] - r[2]) for r in rows], [max(0.0, r[3] - r[1]) for r in rows]],
        fmt="o",
        color="#3b7a57",
        capsize=4,
    )
    ax.axvline(parity, color="#b3261e", linestyle="--", label=f"parity {parity:.3f}")
    ax.set_xlim(*zoom(rows, parity))
    ax.set_yticks(ys, [r[0] for r in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel("win share (dot) with its 95% interval; note the zoomed axis")
    ax.set_title(title)
    ax.legend(loc="best")
    return _svg(fig)


def zoom(rows: list[tuple[str, float, float, float]], parity: float) -> tuple[float, float]:
    """An axis range holding every interval and the parity line, with a margin."""
    low = min([r[2] for r in rows] + [parity])
    high = max([r[3] for r in rows] + [parity])
    pad = max((high - low) * 0.15, 0.005)
    return low - pad, high + pad


def _shares(shares: list[Share]) -> list[tuple[str, float, float, float]]:
    return [(s.label, s.rate, *s.ci) for s in shares]


def _hist(hist: Histogram | None, title: str, xlabel: str, games: int) -> str:
    if hist is None:
        return ""
    fig, ax = plt.subplots(figsize=(6, 3))
    for series, label in zip(hist.counts, hist.labels, strict=True):
        ax.stairs(series, hist.edges, fill=len(hist.counts) == 1, alpha=0.8, label=label)
    ax.set_title(f"{title} (all {games:,} games)")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    if len(hist.labels) > 1:
        ax.legend()
    return _svg(fig)


def _sweep_plot(cells: list[CellSummary]) -> str:
    """The first player's edge over parity per cell, one labelled row each (labels never
    overlap, whatever their length); zero is no edge."""
    rows = []
    for c in cells:
        lo, hi = c.first.ci
        parity = 1 / c.players
        rows.append((c.sweep, c.first.rate - parity, lo - parity, hi - parity))
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.4 * len(rows)))
    ys = list(range(len(rows)))
    ax.errorbar(
        [r[1] for r in rows],
        ys,
        xerr=[[max(0.0, r[1] - r[2]) for r in rows], [max(0.0, r[3] - r[1]) for r in rows]],
        fmt="o",
        capsize=4,
    )
    ax.axvline(0, color="#b3261e", linestyle="--", label="no edge")
    ax.set_yticks(ys, [r[0] for r in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel("first player's win share minus parity (1/players), 95% interval")
    ax.set_title("First player's edge by cell")
    ax.legend(loc="best")
    return _svg(fig)


def _stats_table(cell: CellSummary) -> str:
    e = html.escape
    rows = [("decisions", cell.decisions), ("rounds", cell.rounds)]
    rows += [(f"score, seat {s}", v) for s, v in enumerate(cell.scores)]
    rows += list(cell.stats.items())
    body = "".join(
        f"<tr><td>{e(k)}</td><td>{v[0]:.3f}</td><td>{v[1]:.3f}–{v[2]:.3f}</td></tr>"
        for k, v in rows
    )
    return f"<table><tr><th>per game (mean)</th><th></th><th>95% CI</th></tr>{body}</table>"


def _share_rows(shares: list[tuple[str, float, float, float]], games: str) -> str:
    e = html.escape
    return "".join(
        f"<tr><td>{e(label)}</td><td>{rate:.3f}</td><td>{lo:.3f}–{hi:.3f}</td><td>{games}</td></tr>"
        for label, rate, lo, hi in shares
    )


def incomplete_note(plan: Plan, cells: list[CellSummary]) -> str:
    """A sentence if the run holds fewer games than its plan asks for (else empty)."""
    stored = sum(c.games for c in cells)
    planned = plan.games * len(plan.cells)
    if stored >= planned:
        return ""
    return (
        f"INCOMPLETE: {stored:,} of {planned:,} planned games are stored (the run was stopped "
        "or is still playing); run the same command to finish it."
    )


def _bots_html(cell: CellSummary) -> str:
    parity = 1 / cell.players
    if cell.lone_bot is not None:
        return (
            f"<p>Every seat is {html.escape(cell.lone_bot)}: its share is {parity:.3f} by "
            "construction, so no interval is given.</p>"
        )
    rows = [(b.label, *b.share) for b in cell.bots]
    table = _share_rows(rows, "")
    return (
        "<p>Bots: win share over the seats each held; the interval counts games, not seats, "
        "as independent (a game's seats share its outcome).</p>"
        f"<table><tr><th>bot</th><th>win share</th><th>95% CI</th><th></th></tr>{table}</table>"
        + _interval_plot(rows, parity, "Win share by bot")
    )


def _cell_html(cell: CellSummary) -> str:
    e = html.escape
    n, parity = cell.players, 1 / cell.players
    seats = _share_rows(_shares([*cell.seats, *cell.positions]), str(cell.games))
    chi2, chi_p = cell.positions_chi2
    verdict = "significant" if cell.first_p < 0.05 else "not significant"
    short = "" if cell.complete else f" (INCOMPLETE: {cell.games:,} of {cell.planned:,})"
    notes = "".join(f"<p>{e(note)}</p>" for note in cell.notes)
    return f"""
<section><h2>{e(cell.sweep)} — {n} players, {cell.games:,} games{short}</h2>{notes}
<p>First-player advantage (the first player by the game's own rules): the first player wins
{cell.first.rate:.3f} ({cell.first.ci[0]:.3f}–{cell.first.ci[1]:.3f}) against parity {parity:.3f},
two-sided binomial p = {cell.first_p:.3g} ({verdict} at 5%). Across all positions around the
table from the first player: chi-square {chi2:.2f} on {n - 1} df, p = {chi_p:.3g}; across the
seats themselves: chi-square {cell.seats_chi2[0]:.2f}, p = {cell.seats_chi2[1]:.3g}.</p>
<table><tr><th>seat / position</th><th>win share</th><th>95% CI</th><th>games</th></tr>
{seats}</table>
{_interval_plot(_shares([*cell.seats, *cell.positions]), parity, "Win share by seat, by position")}
{_bots_html(cell)}
{_stats_table(cell)}
{_hist(cell.score_hist, "Final scores", "score", cell.games)}
{_hist(cell.lengths, "Game length", "decisions per game", cell.games)}
</section>"""


def _comparison_html(out: Path) -> str:
    e = html.escape
    parts = []
    for base, other, diffs in sweep_comparisons(out):
        rows = "".join(
            f"<tr><td>{e(d.metric)}</td><td>{d.a:.3f}</td><td>{d.b:.3f}</td>"
            f"<td>{d.diff:+.3f}</td><td>{d.low:+.3f} to {d.high:+.3f}</td>"
            f"<td>{_verdict(d)}</td></tr>"
            for d in diffs
        )
        parts.append(
            f"<h3>{e(other)} against {e(base)}</h3><table><tr><th>metric</th><th>{e(base)}</th>"
            f"<th>{e(other)}</th><th>difference</th><th>95% CI (paired)</th><th></th></tr>"
            f"{rows}</table>"
        )
    if not parts:
        return ""
    return (
        "<section><h2>Cells compared</h2><p>Game i of every cell is dealt from the same seed, so "
        "each difference is taken game by game (paired).</p>" + "".join(parts) + "</section>"
    )


def _verdict(d: Diff) -> str:
    if d.settled:
        return "differs"
    more = d.more_games
    return "no difference seen" if more is None else f"open: ~{more:,} more games"


def _lineups(plan: Plan) -> str:
    lineups = plan.lineups or (plan.bots,)
    return " | ".join(", ".join(lineup) for lineup in lineups)


def write_html(out: Path, path: Path) -> None:
    plan, cells = summarise(out)
    info = get_game(plan.game)
    e = html.escape
    sweep = _sweep_plot(cells) if len(cells) > 1 else ""
    body = "".join(_cell_html(c) for c in cells)
    notes = [
        incomplete_note(plan, cells),
        *(f"Not reproducible: {w}." for w in plan.unreproducible),
    ]
    banner = "".join(f'<p class="warn">{e(note)}</p>' for note in notes if note)
    path.write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>cardtable report — {e(info.display_name)}</title>
<style>body{{font:15px/1.4 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse;margin:.5rem 0}}td,th{{border:1px solid #ccc;padding:.2rem .5rem}}
.warn{{background:#fde7e4;border:1px solid #b3261e;padding:.5rem}}
svg{{max-width:100%;height:auto;display:block;margin:.5rem 0}}</style></head><body>
<h1>{e(info.display_name)}: {len(cells)} cell(s)</h1>{banner}
<p>Bots (rotated one seat each game: {plan.rotate}): {e(_lineups(plan))}.
Master seed {plan.seed}. Options: {e(str(plan.options or "defaults"))}.
Every figure below is computed from all stored rows.</p>
{sweep}{_comparison_html(out)}{body}</body></html>
""")


def print_summary(out: Path, console: Console) -> tuple[Plan, list[CellSummary]]:
    plan, cells = summarise(out)
    for note in [incomplete_note(plan, cells), *plan.unreproducible]:
        if note:
            console.print(f"[bold red]{note}[/]")
    for cell in cells:
        table = Table(
            title=f"{plan.game}, {cell.sweep}, {cell.players} players, {cell.games} games"
        )
        for column in ("seat / bot", "win share", "95% CI", "games"):
            table.add_column(column)
        for share in [*cell.seats, cell.first]:
            lo, hi = share.ci
            table.add_row(share.label, f"{share.rate:.3f}", f"{lo:.3f}–{hi:.3f}", str(share.games))
        for bot in cell.bots:
            rate, lo, hi = bot.share
            table.add_row(bot.label, f"{rate:.3f}", f"{lo:.3f}–{hi:.3f}", f"{bot.seats} seats")
        console.print(table)
        if cell.lone_bot is not None:
            console.print(
                f"every seat is {cell.lone_bot} (its share is 1/{cell.players} by construction)"
            )
        chi2, chi_p = cell.positions_chi2
        d, r = cell.decisions, cell.rounds
        console.print(
            f"first player (by the game's rules): p = {cell.first_p:.3g} against parity; "
            f"all positions from the first: chi-square {chi2:.2f}, p = {chi_p:.3g}; "
            f"all seats: chi-square {cell.seats_chi2[0]:.2f}, p = {cell.seats_chi2[1]:.3g}\n"
            f"decisions/game {d[0]:.1f} ({d[1]:.1f}–{d[2]:.1f}); "
            f"rounds/game {r[0]:.2f} ({r[1]:.2f}–{r[2]:.2f})"
        )
        if cell.stats:
            console.print(
                "per game: " + ", ".join(f"{k} {v[0]:.2f}" for k, v in cell.stats.items())
            )
    return plan, cells
