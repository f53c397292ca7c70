"""``cardtable ladder GAME``: bots against each other on all cores; win shares, CIs and Elo."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cardtable.agents import make_agent, split_specs
from cardtable.cli.view import make_console
from cardtable.core import BadOptions, CardtableError, UnknownGame, get_game, new_state
from cardtable.simulate.ladder import LadderResult, matchups, run_ladder


def ladder_tables(result: LadderResult) -> tuple[Table, Table]:
    """The matchups (hero's share against parity) and the bots (share over seats, Elo)."""
    parity = result.parity
    field_word = "" if result.players == 2 else f" ×{result.players - 1}"
    games = Table(
        title=f"Matchups: the first bot in one seat (rotating), the other{field_word} in the rest",
        title_justify="left",
    )
    for name, justify in (
        ("bot", "left"),
        ("against", "left"),
        ("games", "right"),
        ("win share", "right"),
        ("95% CI", "right"),
        ("parity", "right"),
        ("", "left"),
    ):
        games.add_column(name, justify=justify)  # type: ignore[arg-type]
    for m in result.matchups:
        lo, hi = m.ci
        verdict = "above" if lo > parity else "below" if hi < parity else "not significant"
        games.add_row(
            m.hero,
            m.field + field_word,
            str(m.games),
            f"{m.share:.3f}",
            f"{lo:.3f}–{hi:.3f}",
            f"{parity:.3f}",
            verdict,
        )
    bots = Table(title="Bots over every seat held (Elo: first bot = 1000)", title_justify="left")
    for name, justify in (
        ("bot", "left"),
        ("seats", "right"),
        ("win share", "right"),
        ("95% CI", "right"),
        ("Elo", "right"),
    ):
        bots.add_column(name, justify=justify)  # type: ignore[arg-type]
    for b in result.bots:
        lo, hi = b.ci
        bots.add_row(b.bot, str(b.seats), f"{b.share:.3f}", f"{lo:.3f}–{hi:.3f}", f"{b.elo:.0f}")
    return games, bots


def print_ladder(result: LadderResult, console: Console, seconds: float) -> None:
    games, bots = ladder_tables(result)
    console.print(games)
    console.print(bots)
    total = sum(m.games for m in result.matchups)
    console.print(
        f"{total} games of {result.game}, {result.players} players, seed {result.seed}, "
        f"in {seconds:.0f} s."
    )


@click.command("ladder")
@click.argument("game")
@click.option(
    "--bots",
    default="random,greedy,hard",
    show_default=True,
    help="Bot specs separated by ',' (a 'name=value' item continues the spec before it) or ';'.",
)
@click.option("--players", "-p", type=int, help="[default: the game's minimum]")
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1),
    default=100,
    show_default=True,
    help="Games per matchup.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed of the deals.")
@click.option("--workers", type=click.IntRange(1), help="Local processes [default: all cores].")
@click.option(
    "--lone",
    metavar="SPEC",
    help="Only the matchups with this bot alone in its seat against each other bot.",
)
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A game option (repeatable).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Keep the rows here, like any simulation run (cardtable report OUT reads them).",
)
def ladder_command(
    game: str,
    bots: str,
    players: int | None,
    games: int,
    seed: int,
    workers: int | None,
    options: tuple[str, ...],
    lone: str | None,
    out: Path | None,
) -> None:
    """Play bots against each other in GAME: every pair meets in seeded, seat-rotated games."""
    try:
        info = get_game(game)
    except UnknownGame as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None
    num_players = players or info.min_players
    specs = split_specs(bots)
    for spec in specs:
        try:
            make_agent(spec, allow_external=True)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    opts: dict[str, str] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep:
            raise click.BadParameter(f"{item!r} is not name=value", param_hint="--option")
        opts[name.strip()] = value.strip()
    try:
        pairs = matchups(specs, num_players, lone.strip() if lone else None)
        new_state(info.name, num_players, 0, dict(opts))  # checks players and options
    except (ValueError, BadOptions) as exc:
        raise click.UsageError(str(exc)) from None
    console = make_console()
    start = time.perf_counter()
    with Progress(
        TextColumn("[bold]ladder"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("games", total=games * len(pairs))
        try:
            result = run_ladder(
                info.name,
                num_players,
                specs,
                games,
                seed=seed,
                options=opts,
                workers=workers,
                progress=lambda n: bar.advance(task, n),
                lone=lone.strip() if lone else None,
                out=out,
            )
        except (CardtableError, ValueError) as exc:
            raise click.ClickException(f"the ladder failed: {exc}") from None
    print_ladder(result, console, time.perf_counter() - start)
    if out is not None:
        console.print(f"Rows in {out}: cardtable report {out}")
