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
from cardtable.simulate.plan import Plan
from cardtable.simulate.summary import CellSummary, Share, summarise


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _share_plot(shares: list[Share], baseline: float, title: str) -> str:
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(shares)))
    labels = [s.label for s in shares]
    rates = [s.rate for s in shares]
    lows = [s.rate - s.ci[0] for s in shares]
    highs = [s.ci[1] - s.rate for s in shares]
    ax.barh(labels, rates, xerr=[lows, highs], color="#3b7a57", capsize=4)
    ax.axvline(baseline, color="#b3261e", linestyle="--", label=f"parity {baseline:.3f}")
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("win share (95% Wilson interval)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    return _svg(fig)


def _hist(values: list[list[float]], labels: list[str], title: str, xlabel: str) -> str:
    fig, ax = plt.subplots(figsize=(6, 3))
    for series, label in zip(values, labels, strict=True):
        if series:
            ax.hist(series, bins=30, alpha=0.5, label=label)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    if len(labels) > 1:
        ax.legend()
    return _svg(fig)


def _sweep_plot(cells: list[CellSummary], n: int) -> str:
    fig, ax = plt.subplots(figsize=(6, 3))
    names = [c.sweep for c in cells]
    ax.errorbar(
        names,
        [c.seats[0].rate for c in cells],
        yerr=[
            [c.seats[0].rate - c.seats[0].ci[0] for c in cells],
            [c.seats[0].ci[1] - c.seats[0].rate for c in cells],
        ],
        fmt="o-",
        capsize=4,
        label="seat 0 win share",
    )
    ax.axhline(1 / n, color="#b3261e", linestyle="--", label="parity")
    ax.set_ylabel("win share")
    ax.set_title("First seat's win share by option value")
    ax.legend()
    return _svg(fig)


def _stats_table(rows: str) -> str:
    if not rows:
        return ""
    return f"<table><tr><th>statistic (mean per game)</th><th></th></tr>{rows}</table>"


def _cell_html(cell: CellSummary, n: int) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(s.label)}</td><td>{s.rate:.3f}</td><td>{s.ci[0]:.3f}–{s.ci[1]:.3f}</td>"
        f"<td>{s.games}</td></tr>"
        for s in [*cell.seats, *cell.bots]
    )
    stats = "".join(f"<tr><td>{e(k)}</td><td>{v:.3f}</td></tr>" for k, v in cell.stats.items())
    d, r = cell.decisions, cell.rounds
    verdict = "significant" if cell.first_player_p < 0.05 else "not significant"
    return f"""
<section><h2>{e(cell.sweep)} — {cell.games} games</h2>
<p>Decisions per game {d[0]:.1f} (95% CI {d[1]:.1f}–{d[2]:.1f}); rounds per game {r[0]:.2f}.
First-player advantage: seat 0 wins {cell.seats[0].rate:.3f} against parity {1 / n:.3f},
two-sided binomial p = {cell.first_player_p:.3g} ({verdict} at 5%).</p>
<table><tr><th>seat / bot</th><th>win share</th><th>95% CI</th><th>games</th></tr>{rows}</table>
{_share_plot(cell.seats, 1 / n, "Win share by seat")}
{_share_plot(cell.bots, 1 / n, "Win share by bot")}
{_hist(cell.scores, [s.label for s in cell.seats], "Final scores", "score")}
{_hist([cell.lengths], ["decisions"], "Game length", "decisions per game")}
{_stats_table(stats)}
</section>"""


def write_html(out: Path, path: Path) -> None:
    plan, cells = summarise(out)
    info = get_game(plan.game)
    e = html.escape
    sweep = _sweep_plot(cells, plan.num_players) if len(cells) > 1 else ""
    body = "".join(_cell_html(c, plan.num_players) for c in cells)
    path.write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>cardtable report — {e(info.display_name)}</title>
<style>body{{font:15px/1.4 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse;margin:.5rem 0}}td,th{{border:1px solid #ccc;padding:.2rem .5rem}}
svg{{max-width:100%;height:auto;display:block;margin:.5rem 0}}</style></head><body>
<h1>{e(info.display_name)}: {plan.num_players} players</h1>
<p>Bots by seat (rotated each game: {plan.rotate}): {e(", ".join(plan.bots))}.
Master seed {plan.seed}. Options: {e(str(plan.options or "defaults"))}.</p>
{sweep}{body}</body></html>
""")


def print_summary(out: Path, console: Console) -> tuple[Plan, list[CellSummary]]:
    plan, cells = summarise(out)
    for cell in cells:
        table = Table(
            title=f"{plan.game}, {plan.num_players} players — {cell.sweep}, {cell.games} games"
        )
        for column in ("seat / bot", "win share", "95% CI", "games"):
            table.add_column(column)
        for share in [*cell.seats, *cell.bots]:
            lo, hi = share.ci
            table.add_row(share.label, f"{share.rate:.3f}", f"{lo:.3f}–{hi:.3f}", str(share.games))
        console.print(table)
        console.print(
            f"first player: p = {cell.first_player_p:.3g} against parity; "
            f"decisions/game {cell.decisions[0]:.1f}; rounds/game {cell.rounds[0]:.2f}"
        )
        if cell.stats:
            console.print("per game: " + ", ".join(f"{k} {v:.2f}" for k, v in cell.stats.items()))
    return plan, cells
