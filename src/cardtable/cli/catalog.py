"""What ``cardtable games`` and ``cardtable rules`` show: game metadata and rulings docs.

Rulings docs ship inside the wheel as ``cardtable/docs/rules`` (pyproject force-includes the
repository's ``docs/rules``); in a source checkout or editable install they are only in the
repository, so both places are searched, the installed copy first.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from cardtable.core import GameInfo


def games_table(games: Sequence[GameInfo]) -> Table:
    """One row per game: its names, player counts and whether decisions are simultaneous."""
    table = Table(title="Games", title_justify="left", header_style="bold")
    table.add_column("game", no_wrap=True)
    table.add_column("aliases")
    table.add_column("display name")
    table.add_column("players", justify="center", no_wrap=True)
    table.add_column("turns")
    for info in games:
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        table.add_row(
            Text(info.name, style="bold"),
            Text(", ".join(info.aliases) or "—"),
            Text(info.display_name),
            Text(players),
            Text("simultaneous" if info.simultaneous else "sequential"),
        )
    return table


def options_listing(games: Sequence[GameInfo]) -> Group:
    """Every game option with its default, ruling id and meaning (values for ``--option``).

    A list rather than a table: option help is a sentence and needs the full width.
    """
    parts: list[RenderableType] = []
    for info in games:
        if not info.options:
            continue
        parts.append(Text(f"\n{info.name} options (--option NAME=VALUE):", style="bold"))
        for spec in info.options:
            default = repr(spec.default) if isinstance(spec.default, str) else str(spec.default)
            line = Text("  ").append(spec.name, style="bold").append(f" = {default}")
            if spec.ruling:
                line.append(f"  [{spec.ruling}]", style="cyan")
            parts.append(line)
            meaning = spec.help
            if spec.choices:
                meaning += f" One of: {', '.join(map(str, spec.choices))}."
            if spec.range_text():
                meaning += f" From {spec.range_text()}."
            if meaning:
                parts.append(Padding(Text(meaning, style="dim"), (0, 0, 0, 6), expand=False))
    return Group(*parts)


def rules_dirs() -> list[Traversable]:
    """Where rulings docs may be: the installed package first, then the source checkout."""
    installed = resources.files("cardtable") / "docs" / "rules"
    checkout = Path(__file__).resolve().parents[3] / "docs" / "rules"
    return [installed, checkout]


def find_rules_doc(info: GameInfo) -> Traversable | None:
    """The game's rulings doc, or None when the game names none or the file is missing."""
    if not info.rules_doc:
        return None
    for folder in rules_dirs():
        candidate = folder / info.rules_doc
        if candidate.is_file():
            return candidate
    return None


def rules_text(info: GameInfo) -> str | None:
    """The text of the game's rules doc, or None when there is none."""
    doc = find_rules_doc(info)
    return None if doc is None else doc.read_text(encoding="utf-8")
