"""Terminal text of a Score! observation (Rich markup allowed; reads only the observation).

Shows the laid Complete, the viewer's Completes and its Singles grouped by value with sets marked
(and what each set is worth against its Completes), every seat's score, bust state and hand size,
and what the viewer collected or was passed this turn.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.score.cards import (
    COMPLETE_VALUES,
    COPIES,
    HAS_VALUE,
    NUM_VALUES,
    VALUE_NAMES,
    complete_id,
    value_id,
)
from cardtable.games.score.meta import SEAT_NAMES


def _who(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else SEAT_NAMES[seat]


def _seat_lines(obs: dict[str, Any]) -> list[str]:
    public, viewer = obs["public"], obs["seat"]
    lines = []
    for seat in range(3):
        name = "You" if seat == viewer else f"{SEAT_NAMES[seat]}"
        state = " [bold red]BUST[/bold red]" if public["busted"][seat] else ""
        lead = " (lead)" if seat == public["lead"] and not obs["terminal"] else ""
        lines.append(
            f"  {name}{lead}: {public['totals'][seat]} points, "
            f"{public['complete_counts'][seat]} Completes, "
            f"{public['hand_sizes'][seat]} Singles{state}"
        )
    return lines


def _hand_lines(obs: dict[str, Any]) -> list[str]:
    viewer = obs["seat"]
    if viewer is None:
        return []
    completes = [complete_id(n) for n in obs["zones"][f"completes:{viewer}"] if n]
    counts = [0] * NUM_VALUES
    for name in obs["zones"][f"hand:{viewer}"]:
        if name:
            counts[value_id(name)] += 1
    mine = ", ".join(_complete(c) for c in completes) or "none"
    lines = [f"[bold]Your Completes:[/bold] {mine}"]
    parts = []
    for value in sorted(range(NUM_VALUES), key=lambda v: (-counts[v], v)):
        n = counts[value]
        if not n:
            continue
        text = f"{VALUE_NAMES[value]} ×{n}"
        if n >= COPIES:
            worth = sum(HAS_VALUE[c][value] for c in completes)
            text = f"[bold green]{text} SET (worth {worth})[/bold green]"
        parts.append(text)
    lines.append("[bold]Your Singles:[/bold] " + ", ".join(parts))
    drawn = [n for n in obs["zones"][f"drawn:{viewer}"] if n]
    if drawn:
        lines.append("You took from the pile: " + ", ".join(drawn))
    return lines


def _complete(cid: int) -> str:
    return "-".join(VALUE_NAMES[v] for v in COMPLETE_VALUES[cid])


def _turn_notes(obs: dict[str, Any]) -> list[str]:
    """What the viewer collected or was passed since the last lead (private log lines)."""
    notes: list[str] = []
    for line in reversed(obs["log"]):
        if " leads and takes " in line or line.startswith("Round "):
            break
        if line.startswith("You collect") or "→" in line:
            notes.append(line)
    return list(reversed(notes))


def render(obs: dict[str, Any]) -> str:
    """The observation as terminal text."""
    public, viewer = obs["public"], obs["seat"]
    head = (
        f"[bold]Score![/bold] round {public['round']}, playing to {public['target']}. "
        f"Complete pile: {public['pile_size']}."
    )
    lines = [head, *_seat_lines(obs)]
    if public["led"]:
        led = public["led"]
        lines.append(f"Laid Complete: [bold]{led}[/bold] — play a Single of one of its values")
    discarded = obs["zones"]["discarded"]
    if discarded:
        lines.append("Discarded Completes: " + ", ".join(n for n in discarded if n))
    lines += _hand_lines(obs)
    for note in _turn_notes(obs):
        lines.append(f"  {note}")
    if obs["my_commit"]:
        lines.append(f"You have chosen '{obs['my_commit']}' face down.")
    now = f"Now: {public['deciding']}."
    if viewer is not None and viewer in obs["to_act"]:
        now += " [bold]Your decision.[/bold]"
    elif obs["to_act"]:
        now += " Waiting for " + " and ".join(_who(s, viewer) for s in obs["to_act"]) + "."
    lines.append(now)
    return "\n".join(lines)
