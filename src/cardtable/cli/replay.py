"""Stepping through a saved game record (``cardtable replay``).

Each step is shown as the chosen seats saw it: the heading of an action comes from that seat's
redacted history, so replaying from seat 1's point of view does not reveal seat 0's face-down
choice any earlier than the game did. The spectator sees only public information. Each step also
shows the log lines the action caused (settlements, shows, reveals), exactly as at the table.

Between steps: Enter shows the next step, ``b`` goes back one, a number jumps to that step, ``q``
quits.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from cardtable.cli.play import Reader
from cardtable.cli.view import log_text, render_observation, result_view, seat_label
from cardtable.core import GameInfo, GameRecord, State

REPLAY_PROMPT = "[Enter] next, b back, a step number to jump, q quit: "


def step_heading(state: State, viewer: int | None, step: int, total: int) -> str:
    """``Step 3/40 — seat 1: take 2``, as ``viewer`` saw that action."""
    if step == 0:
        return f"Start — {seat_label(viewer)}"
    actor, text = state.observation(viewer)["history"][step - 1]
    return f"Step {step}/{total} — seat {actor}: {text}  [{seat_label(viewer)}]"


def step_notes(state: State, viewer: int | None) -> list[list[str]]:
    """Per step (0 = the deal), the log lines it caused as ``viewer`` saw them."""
    notes: list[list[str]] = [[]]
    for actor, text in state.timeline(viewer):
        if actor is None:
            notes[-1].append(text)
        else:
            notes.append([])
    return notes


def show_step(
    info: GameInfo,
    state: State,
    viewers: Sequence[int | None],
    step: int,
    total: int,
    console: Console,
    notes: dict[int | None, list[list[str]]] | None = None,
) -> None:
    for viewer in viewers:
        console.print(Rule(Text(step_heading(state, viewer, step, total)), style="dim"))
        if notes is not None and step < len(notes[viewer]):
            for line in notes[viewer][step]:
                console.print(log_text(line))
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
    states = [state.clone() for state, _ in record.states()]
    total = len(states) - 1
    final = states[-1]
    notes = {viewer: step_notes(final, viewer) for viewer in viewers}
    step = 0
    while True:
        show_step(info, states[step], viewers, step, total, console, notes)
        if read is None:
            if step == total:
                break
            step += 1
            continue
        if step == total:
            break
        target = _ask(read, console, step, total)
        if target is None:
            return False
        step = target
    if final.is_terminal():
        console.print(result_view(final.observation(None), record.seats))
    else:
        console.print(Text("The record ends before the game is over.", style="yellow"))
    return True


def _ask(read: Reader, console: Console, step: int, total: int) -> int | None:
    """The next step to show, or None to quit (``q`` or end of input)."""
    while True:
        try:
            answer = read(REPLAY_PROMPT).strip().lower()
        except EOFError:
            return None
        if answer in ("q", "quit"):
            return None
        if answer == "":
            return step + 1
        if answer in ("b", "back"):
            return max(0, step - 1)
        if answer.isascii() and answer.isdigit() and len(answer) < 10 and int(answer) <= total:
            return int(answer)
        console.print(Text(f"Type Enter, b, q or a step number from 0 to {total}.", style="red"))
