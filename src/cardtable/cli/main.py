"""The ``cardtable`` command: list games, read rulings, play against bots, replay records.

Commands stay thin: they turn arguments into calls on :mod:`cardtable.core`, and turn the core's
errors into Click errors with exit codes (2 for a bad command line, 1 for a bad file or a game
that fails, 130 for Ctrl-C), so a user never sees a traceback for a mistake of theirs.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click
from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from cardtable import _compiled
from cardtable.agents import close_agent, make_agent
from cardtable.cli.catalog import find_rules_doc, games_table, options_listing
from cardtable.cli.hints import DEFAULT_HINTS, make_hinter
from cardtable.cli.ladder import ladder_command
from cardtable.cli.play import (
    GameStalled,
    Match,
    QuitGame,
    play_match,
    read_line,
    show_result,
    start_match,
)
from cardtable.cli.replay import run_replay
from cardtable.cli.review import review_command
from cardtable.cli.serve import serve_command
from cardtable.cli.simulate import compare_command, report_command, simulate_command
from cardtable.cli.view import make_console
from cardtable.core import (
    BadOptions,
    CardtableError,
    GameInfo,
    GameRecord,
    UnknownGame,
    get_game,
    list_games,
)
from cardtable.core.records import is_record_file
from cardtable.core.text import quote, shown


@contextmanager
def user_input_errors() -> Iterator[None]:
    """Ctrl-C exits with 130 (the shell convention); end of input exits 1 with a message."""
    try:
        yield
    except KeyboardInterrupt:
        click.echo("\nInterrupted.", err=True)
        raise click.exceptions.Exit(130) from None
    except EOFError:
        click.echo()  # end the unanswered prompt's line
        raise click.ClickException("input ended (end of file) before the game did") from None


def resolve_game(name: str) -> GameInfo:
    try:
        return get_game(name)
    except UnknownGame as exc:
        raise click.BadParameter(str(exc), param_hint="GAME") from None


def parse_option_pairs(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> dict[str, str]:
    """``--option name=value`` (repeatable) into a dict; the game converts and checks values."""
    options: dict[str, str] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{quote(item)} is not name=value", ctx=ctx, param=param)
        key = name.strip()
        if key in options:
            raise click.BadParameter(
                f"option {quote(key, 30)} is given twice", ctx=ctx, param=param
            )
        options[key] = value.strip()
    return options


def check_bot_specs(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """Every spec in ``--bots`` must name a bot (the error says what is wrong)."""
    for spec in value.split(";"):
        try:
            make_agent(spec, allow_external=True)
        except ValueError as exc:
            raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
    return value


@click.group(name="cardtable", context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    package_name="cardtable",
    prog_name="cardtable",
    message=f"%(prog)s %(version)s (engine: {_compiled.status()})",
)
def main() -> None:
    """Play five card games on one protocol: list them, read our rulings, play, replay."""


@main.command("games")
def games_command() -> None:
    """List the games with their player counts, options, defaults and ruling ids."""
    games = list_games()
    console = make_console()
    console.print(games_table(games))
    console.print(options_listing(games))


@main.command("rules")
@click.argument("game")
@click.option("--raw", is_flag=True, help="Print the Markdown source instead of rendering it.")
def rules_command(game: str, raw: bool) -> None:
    """Show our rulings doc for GAME (name or alias)."""
    info = resolve_game(game)
    doc = find_rules_doc(info)
    if doc is None:
        wanted = info.rules_doc or "(none declared)"
        raise click.ClickException(f"no rulings doc found for {info.name}: {wanted}")
    text = doc.read_text(encoding="utf-8")
    if raw:
        click.echo(text, nl=False)
    else:
        make_console().print(Markdown(text))


@main.command("play")
@click.argument("game")
@click.option("--players", "-p", type=int, help="Number of players [default: the game's minimum].")
@click.option("--seat", "-s", type=int, help="Your seat, 0-based [default: 0].")
@click.option("--seed", type=int, help="Seed of the deal and the bots [default: random, printed].")
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    callback=parse_option_pairs,
    help="A game option (repeatable); see `cardtable games`.",
)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    callback=check_bot_specs,
    help="Bot spec for every bot seat, or one per seat separated by ';' — a level (easy, medium, "
    "hard, expert), random, greedy, or ismcts:iterations=N,time=S,rollout=greedy.",
)
@click.option("--auto", is_flag=True, help="Bots in every seat; print only the result.")
@click.option(
    "--ask-forced",
    is_flag=True,
    help="Ask even when you have only one legal action (by default it is taken and shown).",
)
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the game record (JSON) here: at the end, or when you leave early (Ctrl-C, end of "
    "input, quit). Checked before the deal.",
)
@click.option(
    "--force", is_flag=True, help="Let --save overwrite an existing file that is not a record."
)
@click.option("--hints", is_flag=True, help="Type ? at a decision for the search's estimates.")
@click.option(
    "--hint-bot",
    default=DEFAULT_HINTS,
    show_default=True,
    metavar="SPEC",
    help="The ismcts spec that computes hints.",
)
def play_command(
    game: str,
    players: int | None,
    seat: int | None,
    seed: int | None,
    options: dict[str, str],
    bots: str,
    auto: bool,
    ask_forced: bool,
    save: Path | None,
    force: bool,
    hints: bool,
    hint_bot: str,
) -> None:
    """Play GAME at the terminal against bots (you take --seat; bots the other seats).

    At the prompt, type a menu number or an action's text; help, rules and quit also work. The
    seed is printed at the end, not the start: it deals the same cards again, so it reveals them.
    """
    info = resolve_game(game)
    num_players = info.min_players if players is None else players
    if num_players not in info.player_counts():
        raise click.BadParameter(
            f"{info.players_text()}, not {num_players}", param_hint="'--players'"
        )
    if auto and seat is not None:
        raise click.UsageError("--seat and --auto exclude each other")
    human = None if auto else (seat or 0)
    if human is not None and not 0 <= human < num_players:
        raise click.BadParameter(
            f"seat {human} does not exist with {num_players} players (seats 0-{num_players - 1})",
            param_hint="--seat",
        )
    if save is not None:
        check_save_path(save, force)
    seed = secrets.randbelow(2**32) if seed is None else seed
    if not 0 <= seed < 2**64:
        raise click.BadParameter(
            "the seed is a whole number from 0 to 2**64-1", param_hint="--seed"
        )
    try:
        match = start_match(info, num_players, seed, options, human, bots)
    except BadOptions as exc:
        raise click.UsageError(str(exc)) from None
    match.ask_forced = ask_forced
    if hints:
        try:
            match.hints = make_hinter(hint_bot, seed, match.state.GAME)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--hint-bot") from None
    console = make_console()
    for line in _play_header(match):
        console.print(Text(line, style="bold"))
    try:
        play_match(match, console, read_line)
    except KeyboardInterrupt:
        click.echo("\nInterrupted.", err=True)
        _leave_early(match, console, save)
        raise click.exceptions.Exit(130) from None
    except EOFError:
        click.echo()  # end the unanswered prompt's line
        _leave_early(match, console, save)
        raise click.ClickException("input ended (end of file) before the game did") from None
    except QuitGame:
        console.print(Text("You left the game before the end."))
        _leave_early(match, console, save)
        return
    except (GameStalled, CardtableError) as exc:
        _leave_early(match, console, save)
        raise click.ClickException(f"the game failed: {exc}") from None
    finally:
        for agent in match.agents.values():
            close_agent(agent)
    show_result(match, console)
    console.print(Text(_seed_line(match)))
    if save is not None:
        _save_record(match, console, save, strict=True)


def check_save_path(path: Path, force: bool) -> None:
    """Refuse, before anything is dealt, a --save path that cannot or should not be written."""
    shown_path = quote(str(path), 80)
    if path.is_dir():
        raise click.BadParameter(f"{shown_path} is a folder", param_hint="'--save'")
    if path.exists():
        if not force and not is_record_file(path):
            raise click.BadParameter(
                f"{shown_path} exists and is not a cardtable game record; choose another name, "
                "or add --force to overwrite it",
                param_hint="'--save'",
            )
        if not os.access(path, os.W_OK):
            raise click.BadParameter(f"{shown_path} cannot be written", param_hint="'--save'")
        return
    folder = path.parent
    if not folder.is_dir():
        raise click.BadParameter(
            f"the folder of {shown_path} does not exist", param_hint="'--save'"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise click.BadParameter(
            f"the folder of {shown_path} cannot be written to", param_hint="'--save'"
        )


def _seed_line(match: Match) -> str:
    return f"Seed {match.seed} (--seed {match.seed} deals this game again)."


def _leave_early(match: Match, console: Console, save: Path | None) -> None:
    """A game left before its end: save what was played (with --save) and show the seed."""
    if save is not None:
        _save_record(match, console, save, strict=False, partial=True)
    console.print(Text(_seed_line(match)))


def _save_record(
    match: Match, console: Console, save: Path, strict: bool, partial: bool = False
) -> None:
    record = GameRecord.of(match.state, match.seed, _record_names(match))
    try:
        record.save(save)
    except OSError as exc:
        message = f"could not save the record: {exc.strerror or exc}"
        if strict:
            raise click.ClickException(message) from None
        click.echo(message, err=True)
        return
    what = "the record of the game so far" if partial else "the game record"
    console.print(Text(f"Saved {what} to {shown(str(save), 80)}"))


def _play_header(match: Match) -> list[str]:
    """What is being played and who sits where. The seed is not shown here: it reveals the deal."""
    state = match.state
    kinds = "/".join(sorted({agent.name for agent in match.agents.values()}))
    bots = f"{kinds} bots in seats {', '.join(str(seat) for seat in match.agents)}."
    seating = (
        bots[:1].upper() + bots[1:]
        if match.human is None
        else (f"You are seat {match.human}{_also_called(match, match.human)}; {bots}")
    )
    lines = [f"{match.info.display_name} — {state.num_players} players", seating]
    if match.human is not None:
        lines.append(
            "At the prompt: a number or an action's text; help, rules or quit. "
            "The seed is shown at the end."
        )
    return lines


def _also_called(match: Match, seat: int) -> str:
    """`` (Red)`` when the game names its seats, else ""."""
    name = match.state.seat_name(seat)
    return "" if name == f"seat {seat}" else f" ({name})"


def _record_names(match: Match) -> list[str]:
    return ["human" if s == match.human else name for s, name in enumerate(match.names)]


@main.command("replay")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seat", "-s", type=int, help="Show this seat's view [default: spectator].")
@click.option("--all", "all_seats", is_flag=True, help="Show every seat's view at every step.")
@click.option("--no-pause", is_flag=True, help="Print every step without waiting for Enter.")
def replay_command(record: Path, seat: int | None, all_seats: bool, no_pause: bool) -> None:
    """Step through a saved game RECORD: Enter shows the next action, q quits."""
    if seat is not None and all_seats:
        raise click.UsageError("--seat and --all exclude each other")
    try:
        loaded = GameRecord.load(record)
        info = get_game(loaded.game)
        loaded.replay()  # the whole record is checked before anything is shown
    except (CardtableError, OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"{shown(str(record), 80)}: {exc}") from None
    if seat is not None and not 0 <= seat < loaded.num_players:
        raise click.BadParameter(
            f"the record has seats 0-{loaded.num_players - 1}", param_hint="--seat"
        )
    viewers: list[int | None] = list(range(loaded.num_players)) if all_seats else [seat]
    with user_input_errors():
        try:
            run_replay(info, loaded, viewers, make_console(), None if no_pause else read_line)
        except CardtableError as exc:
            raise click.ClickException(f"{shown(str(record), 80)}: {exc}") from None


main.add_command(serve_command)
main.add_command(simulate_command)
main.add_command(report_command)
main.add_command(compare_command)
main.add_command(review_command)
main.add_command(ladder_command)
