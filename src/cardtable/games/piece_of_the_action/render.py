"""Terminal view of a Piece of the Action observation (Rich markup)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.games.piece_of_the_action.cards import KIND, NAMES, VALUE

_STYLE = {"blue": "bold blue", "red": "bold red", "green": "bold green", "x": "bold magenta"}


def card_markup(name: str | None) -> str:
    """One card, coloured by its colour (``blue+3`` shows as a blue ``+3``)."""
    if name is None:
        return "[dim]??[/dim]"
    if name == "x":
        return "[bold magenta]X[/bold magenta]"
    colour, rest = "x", name
    for col in ("blue", "red", "green"):
        if name.startswith(col):
            colour, rest = col, name[len(col) :]
            if rest.startswith("-") and rest[1:2].isalpha():
                rest = rest[1:]
            break
    label = {"pota": "POTA", "reverse": "REV"}.get(rest, rest.replace("move", "Move "))
    return f"[{_STYLE[colour]}]{label}[/]"


def _cards(names: list[str | None]) -> str:
    if not names:
        return "[dim]-[/dim]"
    return " ".join(card_markup(n) for n in names)


#: Sort order of card names: Deal cards by value, then Move 1-3, POTA, Reverse.
_ORDER = {name: (KIND[c], VALUE[c]) for c, name in enumerate(NAMES)}


def _hand(names: list[str | None]) -> str:
    """A hand grouped by colour in words, so it reads the same without colour."""
    known = [n for n in names if n is not None]
    if not known:
        return "[dim]empty[/dim]"
    groups = []
    for colour in ("blue", "red", "green"):
        cards = sorted((n for n in known if n.startswith(colour)), key=_ORDER.__getitem__)
        if cards:
            groups.append(f"[{_STYLE[colour]}]{colour}[/]: " + " ".join(map(card_markup, cards)))
    counts = Counter(n for n in known if n == "x")
    if counts:
        groups.append(card_markup("x") * counts["x"])
    return "  |  ".join(groups)


def render(obs: dict[str, Any]) -> str:
    """The whole table from one seat's point of view."""
    pub = obs["public"]
    zones = obs["zones"]
    me = obs["seat"]
    n = obs["num_players"]
    lines = []
    colour = pub["colour"]
    head = f"[bold]Piece of the Action[/bold] - phase {pub['phase']}"
    head += f", multiplier x{pub['multiplier']}"
    head += f", deck {pub['deck_count']} cards"
    if pub["tiebreaks"]:
        head += f", tie-break Deal {pub['tiebreaks']}"
    lines.append(head)
    if colour is not None:
        lines.append(
            f"Deal colour [{_STYLE[colour]}]{colour}[/], Leader seat {pub['leader']}; centre "
            f"{_cards(zones['centre'])} = {pub['centre_total']:+d} -> value {pub['deal_value']:+d}"
        )
        if pub["move_left"]:
            lines.append(f"Move in progress: {pub['move_left']} step(s) left")
    for seat in range(n):
        marks = []
        if seat == pub["marker"]:
            marks.append("marker")
        if seat == pub["leader"]:
            marks.append("LEADER")
        if pub["passed"][seat] and colour is not None:
            marks.append("passed")
        who = "you" if seat == me else f"seat {seat}"
        row = f"  {who:>7}: {pub['scores'][seat]:>4} pts, {pub['hand_counts'][seat]} cards"
        table = zones[f"pota:{seat}"] + zones[f"reverse:{seat}"]
        if table:
            row += "  " + _cards(table)
        if marks:
            row += "  (" + ", ".join(marks) + ")"
        lines.append(row)
    if me is not None:
        lines.append(f"Your hand: {_hand(zones[f'hand:{me}'])}")
    if pub["winners"]:
        lines.append(f"[bold]Winner(s): {', '.join(f'seat {w}' for w in pub['winners'])}[/bold]")
    return "\n".join(lines)
