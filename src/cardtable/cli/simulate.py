"""``cardtable simulate`` and ``cardtable report``: many games with bots, then the statistics."""

from __future__ import annotations

import os
import time
from pathlib import Path

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
from cardtable.core import CardtableError, get_game, new_state


def _bots(value: str, players: int) -> list[str]:
    specs = split_specs(value)
    for spec in specs:
        try:
            make_agent(spec, allow_external=True)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise click.BadParameter(
            f"give one spec or {players}, not {len(specs)}", param_hint="--bots"
        )
    return specs


@click.command("simulate")
@click.argument("game")
@click.option("--players", "-p", type=click.IntRange(1, 12), help="[default: the game's minimum]")
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="One bot spec for every seat, or one per seat (',' or ';' between them).",
)
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1),
    default=1000,
    show_default=True,
    help="Games per option cell.",
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
    players: int | None,
    bots: str,
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

    Re-running the same command resumes an interrupted run without losing or repeating games.
    """
    from cardtable.simulate.plan import Plan, sweep_cells
    from cardtable.simulate.runner import Interrupted, run_plan, todo
    from cardtable.simulate.storage import stored_games

    try:
        info = get_game(game)
    except CardtableError as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    players = players or info.min_players
    pairs: dict[str, str] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or name.strip() in pairs:
            raise click.BadParameter(f"{item!r}: write NAME=VALUE, once per name", param_hint="-o")
        pairs[name.strip()] = value.strip()
    try:
        for cell in sweep_cells(pairs) if pairs else [{}]:
            new_state(info.name, players, 0, dict(cell))
    except CardtableError as exc:
        raise click.BadParameter(str(exc)) from None
    plan = Plan(
        info.name, players, tuple(_bots(bots, players)), games, seed, pairs, not no_rotate, chunk
    )
    try:
        remaining = (
            sum(end - start for _, start, end in todo(plan, out))
            if out.exists()
            else (games * len(plan.cells))
        )
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    console = make_console()
    where = f"Ray ({ray_address})" if ray_address else f"{workers or os.cpu_count()} processes"
    console.print(
        f"{info.display_name}: {len(plan.cells)} option cell(s) × {games} games, "
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
