"""Terminal rendering of observations: the game's own renderer, or a generic Rich view.

Everything shown to a player goes through here and is built from ``observation(seat)`` only, so
the terminal can never show more than the core's redaction allows. Text that comes from the
game (card names, log lines, action texts) is wrapped in :class:`rich.text.Text`, never parsed
as markup, so a card called ``[red]`` prints as itself. A game renderer's output *is* markup by
contract (see :class:`cardtable.core.GameInfo`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.core import GameInfo
from cardtable.core.text import shown


def make_console() -> Console:
    """The console every command prints through (no auto-highlighting of numbers and paths)."""
    return Console(highlight=False)


def fmt_number(value: Any) -> str:
    """Scores as people write them: ``3`` not ``3.0``, ``0.5`` stays."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def seat_label(seat: int | None, names: Sequence[str] = ()) -> str:
    """``seat 2`` or ``seat 2 (you)`` given per-seat names; ``spectator`` for None."""
    if seat is None:
        return "spectator"
    if seat < len(names) and names[seat]:
        return f"seat {seat} ({shown(names[seat], 40)})"
    return f"seat {seat}"


def render_observation(info: GameInfo, obs: Mapping[str, Any]) -> RenderableType:
    """The game's renderer if it has one, else :func:`generic_view`."""
    if info.renderer is not None:
        return Text.from_markup(info.renderer(dict(obs)))
    return generic_view(obs)


def _plain(value: Any) -> str:
    """A public value in prose: ``3``, ``yes``, ``1, 2, 3``, ``a: 1; b: 2``, ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    if isinstance(value, float | int):
        return fmt_number(value)
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items()) or "none"
    return json.dumps(value)


def _zone_text(cards: Sequence[str | None]) -> Text:
    if not cards:
        return Text("empty", style="dim")
    if all(card is None for card in cards):
        return Text(f"{len(cards)} face down", style="dim")
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(", ")
        if card is None:
            text.append("?", style="dim")
        else:
            text.append(card, style="bold")
    return text


def generic_view(obs: Mapping[str, Any]) -> RenderableType:
    """A game-agnostic view: status line, public values, zones, commitments and scores."""
    seat = obs.get("seat")
    parts: list[RenderableType] = [Text(status_line(obs), style="bold cyan")]
    public = obs.get("public") or {}
    if public:
        table = Table(show_header=False, box=None, padding=(0, 1))
        for key, value in public.items():
            table.add_row(Text(str(key), style="dim"), Text(_plain(value)))
        parts.append(table)
    zones = Table(title=None, show_header=True, header_style="dim", box=None, padding=(0, 1))
    zones.add_column("zone")
    zones.add_column("cards")
    for name, cards in (obs.get("zones") or {}).items():
        zones.add_row(Text(str(name)), _zone_text(cards))
    parts.append(zones)
    committed: list[bool] = obs.get("committed") or []
    if any(committed):
        done = [f"seat {s}" for s, c in enumerate(committed) if c]
        parts.append(Text("Committed face down: " + ", ".join(done), style="dim"))
    if seat is not None and obs.get("my_commit"):
        parts.append(Text(f"Your face-down choice: {obs['my_commit']}"))
    scores = obs.get("scores") or []
    if scores:
        parts.append(Text("Scores: " + score_text(scores)))
    return Group(*parts)


def status_line(obs: Mapping[str, Any]) -> str:
    """Whose view this is and who must act."""
    who = "Spectator view" if obs.get("seat") is None else f"Seat {obs['seat']}'s view"
    if obs.get("terminal"):
        return f"{who} — game over"
    waiting = ", ".join(str(s) for s in obs.get("to_act") or [])
    return f"{who} — to act: seat {waiting}" if waiting else who


def score_text(scores: Sequence[Any]) -> str:
    return ", ".join(f"seat {s}: {fmt_number(v)}" for s, v in enumerate(scores))


def winners(returns: Sequence[float]) -> list[int]:
    """Seats with the best positive return (several on a shared win; none if nobody won)."""
    if not returns:
        return []
    best = max(returns)
    if best <= 0:
        return []
    return [s for s, r in enumerate(returns) if r == best]


def result_view(obs: Mapping[str, Any], names: Sequence[str] = ()) -> RenderableType:
    """Final scores and the winner(s) of a finished game, from any seat's observation."""
    table = Table(title="Final scores", title_justify="left", header_style="dim")
    table.add_column("seat")
    table.add_column("score", justify="right")
    table.add_column("result", justify="right")
    returns: list[float] = obs.get("returns") or []
    for seat, score in enumerate(obs.get("scores") or []):
        share = returns[seat] if seat < len(returns) else 0.0
        result = "win" if share == 1 else (f"shared win ({share:.2g})" if share > 0 else "")
        table.add_row(Text(seat_label(seat, names)), Text(fmt_number(score)), Text(result))
    best = winners(returns)
    if len(best) == 1:
        line = f"Winner: {seat_label(best[0], names)}"
    elif best:
        line = "Shared win: " + ", ".join(seat_label(s, names) for s in best)
    else:
        line = "Nobody wins."
    return Group(table, Text(line, style="bold green"))


def log_text(line: str) -> Text:
    """One table-log line, marked so it stands apart from prompts."""
    return Text("· ", style="dim").append(line)


def console_print(console: Console, *items: RenderableType) -> None:
    """Print renderables; plain strings are printed literally, never as markup."""
    for item in items:
        console.print(Text(item) if isinstance(item, str) else item)
