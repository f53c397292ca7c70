"""Stepping through a saved game record (``cardtable replay``).

Each step is shown as the chosen seats saw it: the heading of an action comes from that seat's
redacted history, so replaying from seat 1's point of view does not reveal seat 0's face-down
choice any earlier than the game did. The spectator sees only public information.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from cardtable.cli.play import Reader
from cardtable.cli.view import render_observation, result_view, seat_label
from cardtable.core import GameInfo, GameRecord, State


def step_heading(state: State, viewer: int | None, step: int, total: int) -> str:
    """``Step 3/40 — seat 1: take 2``, as ``viewer`` saw that action."""
    if step == 0:
        return f"Start — {seat_label(viewer)}"
    actor, text = state.observation(viewer)["history"][-1]
    return f"Step {step}/{total} — seat {actor}: {text}  [{seat_label(viewer)}]"


def show_step(
    info: GameInfo,
    state: State,
    viewers: Sequence[int | None],
    step: int,
    total: int,
    console: Console,
) -> None:
    for viewer in viewers:
        console.print(Rule(Text(step_heading(state, viewer, step, total)), style="dim"))
        console.print(render_observation(info, state.observation(viewer)))


def run_replay(
    info: GameInfo,
    record: GameRecord,
    viewers: Sequence[int | None],
    console: Console,
    read: Reader | None,
) -> bool:
    """Show the start and every action; ``read`` None means no pauses.

    Returns False when the viewer quit early (``q`` or end of input), True when it reached the
    end. Raises StateFormatError at the first step the game rejects.
    """
    total = len(record.actions)
    final: State | None = None
    for step, (state, _) in enumerate(record.states()):
        show_step(info, state, viewers, step, total, console)
        final = state
        if read is not None and step < total:
            try:
                answer = read("[Enter] next step, q to quit: ")
            except EOFError:
                return False
            if answer.strip().lower() in ("q", "quit"):
                return False
    if final is not None and final.is_terminal():
        console.print(result_view(final.observation(None), record.seats))
    else:
        console.print(Text("The record ends before the game is over.", style="yellow"))
    return True
