"""``cardtable simulate`` and ``cardtable report``: many games with bots, then the statistics."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from cardtable.agents import make_agent, split_specs
from cardtable.cli.view import make_console
from cardtable.core import CardtableError, GameInfo, get_game, new_state

if TYPE_CHECKING:
    from cardtable.simulate.plan import Plan


def _lineups(values: tuple[str, ...], sizes: list[int]) -> list[tuple[str, ...]]:
    """Each --bots value as a lineup, every spec checked, every lineup fitting every table."""
    from cardtable.simulate.plan import ETC, seat_specs

    lineups = []
    for value in values:
        lineup = tuple(split_specs(value))
        for spec in lineup:
            if spec == ETC:
                continue
            try:
                make_agent(spec, allow_external=True)
            except ValueError as exc:
                raise click.BadParameter(str(exc), param_hint="--bots") from None
        for n in sizes:
            try:
                seat_specs(lineup, n)
            except ValueError as exc:
                raise click.BadParameter(str(exc), param_hint="--bots") from None
        lineups.append(lineup)
    return lineups


def _sizes(value: str | None, info: GameInfo) -> list[int]:
    if value is None:
        return [info.min_players]
    try:
        sizes = [int(v) for v in value.split(",") if v.strip()]
    except ValueError:
        raise click.BadParameter(f"{value!r}: give N or N,M,...", param_hint="--players") from None
    if not sizes or len(set(sizes)) != len(sizes):
        raise click.BadParameter(f"{value!r}: give N or N,M,... once each", param_hint="--players")
    return sizes


def _options(items: tuple[str, ...]) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or name.strip() in pairs:
            raise click.BadParameter(f"{item!r}: write NAME=VALUE, once per name", param_hint="-o")
        pairs[name.strip()] = value.strip()
    return pairs


def build_plan(
    info: GameInfo,
    sizes: list[int],
    lineups: list[tuple[str, ...]],
    options: dict[str, str],
    **rest: Any,
) -> Plan:
    """The plan of a command line: a single table and lineup keep the plain (seat-by-seat) form,
    sweeps list the table sizes and lineups; every cell's table and options are checked."""
    from cardtable.simulate.plan import Plan, seat_specs

    one = len(sizes) == 1 and len(lineups) == 1
    bots = seat_specs(lineups[0], sizes[0]) if one else lineups[0]
    plan = Plan(
        info.name,
        sizes[0],
        tuple(bots),
        players=tuple(sizes) if len(sizes) > 1 else (),
        lineups=tuple(lineups) if len(lineups) > 1 else (),
        options=options,
        **rest,
    )
    try:
        for cell in plan.cells:
            new_state(info.name, cell.players, 0, dict(cell.options))
    except CardtableError as exc:
        raise click.BadParameter(str(exc)) from None
    return plan


@click.command("simulate")
@click.argument("game")
@click.option(
    "--players",
    "-p",
    metavar="N[,M...]",
    help="Seats; several values make a sweep [default: the game's minimum].",
)
@click.option(
    "--bots",
    multiple=True,
    default=("random",),
    show_default=True,
    help="A lineup: one bot spec for every seat, one per seat (',' or ';' between them), or "
    "some ending in '...' to fill the rest with the last; repeat to sweep over lineups.",
)
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1),
    default=1000,
    show_default=True,
    help="Games per cell (raise it on an existing --out to extend the run).",
)
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="NAME=V1,V2",
    help="A game option; several values make a sweep (repeatable).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed of the run.")
@click.option("--workers", type=click.IntRange(1), help="Local processes [default: all cores].")
@click.option(
    "--ray",
    "ray_address",
    metavar="ADDRESS",
    help="Run on Ray instead: 'auto' (a running cluster), 'local', or an address.",
)
@click.option("--no-rotate", is_flag=True, help="Keep each bot in its seat in every game.")
@click.option(
    "--chunk",
    type=click.IntRange(1),
    default=250,
    show_default=True,
    help="Games per stored part (the unit of work and of resuming).",
)
@click.option("--out", required=True, type=click.Path(file_okay=False, path_type=Path))
def simulate_command(
    game: str,
    players: str | None,
    bots: tuple[str, ...],
    games: int,
    options: tuple[str, ...],
    seed: int,
    workers: int | None,
    ray_address: str | None,
    no_rotate: bool,
    chunk: int,
    out: Path,
) -> None:
    """Play GAMES seeded games of GAME with bots and store one row per game (Parquet) in OUT.

    Re-running the same command resumes an interrupted run without losing or repeating games;
    the same command with a larger -n extends it. -p, --bots and -o sweep: every combination is
    a cell, and every cell plays the same deals (game i has the same seed in each).
    """
    from cardtable.simulate.ray_backend import check_address
    from cardtable.simulate.runner import Interrupted, run_plan, todo
    from cardtable.simulate.storage import check, stored_games

    try:
        info = get_game(game)
    except CardtableError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    sizes = _sizes(players, info)
    plan = build_plan(
        info,
        sizes,
        _lineups(bots, sizes),
        _options(options),
        games=games,
        seed=seed,
        rotate=not no_rotate,
        chunk_size=chunk,
    )
    try:
        if ray_address:
            check_address(ray_address)
        check(out, plan)
        remaining = sum(end - start for _, start, end in todo(plan, out))
    except (ValueError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    console = make_console()
    for why in plan.unreproducible:
        console.print(
            f"[yellow]Warning: {why}: its moves depend on the machine's speed and load, so this"
            " run cannot be reproduced (run.json records it). For a reproducible run give an"
            " iteration budget, e.g. ismcts:iterations=400.[/]"
        )
    where = f"Ray ({ray_address})" if ray_address else f"{workers or os.cpu_count()} processes"
    console.print(
        f"{info.display_name}: {len(plan.cells)} cell(s) × {games} games, "
        f"{remaining} to play on {where} → {out}"
    )
    started = time.perf_counter()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} games/s"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as bar:
        task = bar.add_task("games", total=remaining, rate="…")

        def advance(count: int) -> None:
            done = bar.tasks[0].completed + count
            rate = done / max(time.perf_counter() - started, 1e-9)
            bar.update(task, advance=count, rate=f"{rate:,.0f}")

        try:
            played = run_plan(plan, out, workers=workers, ray_address=ray_address, progress=advance)
        except (ValueError, RuntimeError) as exc:
            raise click.ClickException(str(exc)) from None
        except Interrupted as stopped:
            bar.stop()
            console.print(
                f"Interrupted: {stopped.played} games played now, {stored_games(out)} games kept"
                f" in {out}; run the same command to continue."
            )
            raise click.exceptions.Exit(130) from None
    seconds = time.perf_counter() - started
    console.print(
        f"{played} games in {seconds:.1f} s ({played / max(seconds, 1e-9):,.0f} games/s)."
        f" Report: cardtable report {out} --html report.html"
    )


@click.command("report")
@click.argument("results", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write a self-contained HTML report with plots.",
)
def report_command(results: Path, html_path: Path | None) -> None:
    """Summarise a simulation: win shares with 95% intervals, first-player advantage, lengths."""
    from cardtable.simulate.report import print_summary, write_html

    console = make_console()
    try:
        print_summary(results, console)
        if html_path is not None:
            write_html(results, html_path)
            console.print(f"HTML report: {html_path}")
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None


@click.command("compare")
@click.argument("run_a", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.argument("run_b", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--cell-a", type=click.IntRange(0), default=0, show_default=True)
@click.option("--cell-b", type=click.IntRange(0), default=0, show_default=True)
def compare_command(run_a: Path, run_b: Path, cell_a: int, cell_b: int) -> None:
    """Is RUN_B different from RUN_A, and how sure are we? Per metric: both values, the
    difference with its 95% interval (game by game when both runs deal the same seeds), and
    for an open question about how many more games would settle it."""
    from rich.table import Table

    from cardtable.simulate.compare import run_comparison

    try:
        diffs = run_comparison(run_a, run_b, cell_a, cell_b)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    paired = bool(diffs) and diffs[0].paired
    how = "paired game by game (same deals)" if paired else "unpaired (different deals)"
    table = Table(title=f"B = {run_b} (cell {cell_b}) against A = {run_a} (cell {cell_a}), {how}")
    for name in ("metric", "A", "B", "B − A", "95% CI", "games", "verdict"):
        table.add_column(name, justify="left" if name in ("metric", "verdict") else "right")
    for d in diffs:
        more = d.more_games
        verdict = (
            "differs"
            if d.settled
            else "no difference seen"
            if more is None
            else f"open: ~{more:,} more games"
        )
        table.add_row(
            d.metric,
            f"{d.a:.3f}",
            f"{d.b:.3f}",
            f"{d.diff:+.3f}",
            f"{d.low:+.3f} to {d.high:+.3f}",
            str(d.games),
            verdict,
        )
    console = make_console()
    console.print(table)
    console.print(
        "'open: ~N more games': if the difference seen is the true one, about N more games per"
        " run would show it (95% interval clear of 0) four times in five."
    )
