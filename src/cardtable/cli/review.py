"""``cardtable review RECORD.json --seat N``: grade one seat's decisions in a finished game.

For each decision of the seat that had a choice, the search (from that seat's information only,
:func:`cardtable.agents.analysis.review_record`) gives its best action and the win probability
the chosen action gave away; losses over the thresholds are marked like chess moves: ``?!``
inaccuracy, ``?`` mistake, ``??`` blunder. Under each marked decision it shows the position as
the seat saw it before the move (the game's terminal view) and the rule of thumb's pick there
with its reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.text import Text

from cardtable.agents.analysis import (
    BLUNDER,
    DEFAULT_SEARCH,
    INACCURACY,
    MISTAKE,
    Reviewed,
    make_search,
    review_record,
    shown_win,
)
from cardtable.agents.specs import varies_by_game
from cardtable.cli.view import make_console, render_observation
from cardtable.core import CardtableError, GameInfo, GameRecord, get_game

SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "": ""}
STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red", "": ""}


@dataclass(frozen=True)
class Summary:
    decisions: int
    agreed: int  # decisions where the seat chose the search's best action
    mean_loss: float
    marks: dict[str, int]


def summarise(rows: Sequence[Reviewed]) -> Summary:
    marks = Counter(r.mark for r in rows if r.mark)
    return Summary(
        decisions=len(rows),
        agreed=sum(r.chosen == r.best for r in rows),
        mean_loss=sum(r.loss for r in rows) / len(rows) if rows else 0.0,
        marks={m: marks.get(m, 0) for m in ("inaccuracy", "mistake", "blunder")},
    )


def row_text(row: Reviewed) -> Text:
    """``step 12  play KD ?   best: play JH   win 41.0% (best 58.0%)  loss 17.0%  mistake``.

    Every figure to a tenth of a percent, the loss being the difference of the two shown wins
    (:func:`~cardtable.agents.analysis.shown_loss`), so rounding never hides or invents a mark.
    """
    text = Text(f"step {row.step:>4}  ")
    text.append(row.chosen.text, style="bold")
    if row.mark:
        text.append(f" {SYMBOLS[row.mark]}", style=STYLES[row.mark])
    if row.chosen == row.best:
        text.append(f"   best   win {shown_win(row.chosen_win):.1%}", style="green")
    else:
        text.append(
            f"   best: {row.best.text}   win {shown_win(row.chosen_win):.1%} "
            f"(best {shown_win(row.best_win):.1%})"
        )
        text.append(f"  loss {row.loss:.1%}")  # graded by this same figure (shown_loss)
        if row.mark:
            text.append(f"  {row.mark}", style=STYLES[row.mark])
    return text


def row_details(row: Reviewed, game: GameInfo) -> list[RenderableType]:
    """Around a flagged decision: the position as the seat saw it before the move (the game's
    own terminal view) and the rule of thumb's pick with its reason. Nothing for the others."""
    if not row.mark:
        return []
    out: list[RenderableType] = []
    if row.observation is not None:
        out.append(Text("position before the move, as the seat saw it:", style="dim"))
        out.append(Padding(render_observation(game, row.observation), (0, 0, 0, 2)))
    if row.reason:
        out.append(Text("rule of thumb: ", style="dim").append(row.reason, style=""))
    return [Padding(item, (0, 0, 0, 6)) for item in out]


def summary_text(summary: Summary, seat: int, names: Sequence[str]) -> Text:
    who = f"seat {seat}" + (f" ({names[seat]})" if seat < len(names) else "")
    if not summary.decisions:
        return Text(f"{who} had no decision with a choice in this game.")
    m = summary.marks
    return Text(
        f"{who}: {summary.decisions} decisions with a choice, {summary.agreed} as the search "
        f"would play ({summary.agreed / summary.decisions:.0%}); mean loss "
        f"{summary.mean_loss:.1%} of a win; {m['inaccuracy']} inaccuracies, {m['mistake']} "
        f"mistakes, {m['blunder']} blunders.",
        style="bold",
    )


def run_review(
    record: GameRecord, seat: int, search: str, console: Console, seed: int = 0
) -> Summary:
    """Print one line per decision of ``seat`` as it is graded, then the summary."""
    console.print(
        Text(
            f"Review of seat {seat} in {get_game(record.game).display_name} "
            f"({record.num_players} players, seed {record.seed}) by {search}; losses in win "
            f"probability: ?! from {INACCURACY:.0%}, ? from {MISTAKE:.0%}, ?? from {BLUNDER:.0%}.",
            style="dim",
        )
    )
    rows: list[Reviewed] = []
    game = get_game(record.game)
    for row in review_record(record, seat, search, seed):
        rows.append(row)
        console.print(row_text(row))
        for detail in row_details(row, game):
            console.print(detail)
    summary = summarise(rows)
    console.print(summary_text(summary, seat, record.seats))
    return summary


@click.command("review")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--seat", "-s", type=int, required=True, help="The seat to review, 0-based.")
@click.option(
    "--bot",
    "spec",
    default=DEFAULT_SEARCH,
    show_default=True,
    metavar="SPEC",
    help="The ismcts spec that judges each decision (a level such as expert works).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the search.")
def review_command(record: Path, seat: int, spec: str, seed: int) -> None:
    """Grade every decision of --seat in a finished game RECORD, as that seat saw the game."""
    try:
        if not varies_by_game(spec):  # a level that differs by game is checked in the game
            make_search(spec)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bot") from None
    try:
        loaded = GameRecord.load(record)
        get_game(loaded.game)
    except (CardtableError, OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"{record}: {exc}") from None
    try:
        make_search(spec, loaded.game)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bot") from None
    if not 0 <= seat < loaded.num_players:
        raise click.BadParameter(
            f"the record has seats 0-{loaded.num_players - 1}", param_hint="--seat"
        )
    console = make_console()
    try:
        run_review(loaded, seat, spec, console, seed)
        final = loaded.replay()
    except CardtableError as exc:
        raise click.ClickException(f"{record}: {exc}") from None
    if not final.is_terminal():
        console.print(Text("The record ends before the game is over.", style="yellow"))
