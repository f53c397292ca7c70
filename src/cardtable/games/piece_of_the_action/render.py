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


_PHASES = {
    "lead": "the Leader marker holder opens a Deal or declines",
    "deal": "a Deal is under way",
    "move": "a Move card is being played",
    "over": "game over",
}


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def _multiplier_text(pub: dict[str, Any]) -> str:
    placed = pub["multiplier"] - 1
    if not placed:
        return "x1 (only the X marker's own X; no X card placed yet, POTA-R10)"
    return (
        f"x{pub['multiplier']} (the X marker's own X + {placed} placed X card"
        f"{'s' if placed > 1 else ''}, POTA-R10)"
    )


def _value_text(pub: dict[str, Any]) -> str:
    total, mult, value = pub["centre_total"], pub["multiplier"], pub["deal_value"]
    raw = total * mult
    text = f"= {total:+d} -> value {value:+d}"
    if mult != 1:
        text += f" ({total:+d} x{mult} = {raw:+d}"
        text += f", rounded away from zero to {value:+d}, POTA-R9)" if raw != value else ")"
    elif raw != value:
        text += f" (rounded away from zero from {raw:+d}, POTA-R9)"
    return text


def _move_lines(obs: dict[str, Any]) -> list[str]:
    """Which Move card is in play, step k of n, and the steps already made with it."""
    playing = [n for n in obs["zones"]["playing"] if n]
    if not playing:
        return []
    name = playing[0]
    count = int(name[-1])
    left = obs["public"]["move_left"]
    # The steps made so far are the newest history entries: a Move's steps follow its card.
    made = count - left
    steps = [text for _actor, text in obs["history"][len(obs["history"]) - made :]]
    line = f"Move in progress: {card_markup(name)} — step {count - left + 1} of {count}"
    if steps:
        line += "; moved so far: " + "; ".join(steps) + " (each card moves once, POTA-R13)"
    return [line]


def render(obs: dict[str, Any]) -> str:
    """The whole table from one seat's point of view."""
    pub = obs["public"]
    zones = obs["zones"]
    me = obs["seat"]
    n = obs["num_players"]
    lines = []
    colour = pub["colour"]
    head = f"[bold]Piece of the Action[/bold] - {_PHASES.get(pub['phase'], pub['phase'])}"
    head += f"; deck {pub['deck_count']} cards, discard pile {len(zones['discard'])} (face up)"
    if pub["tiebreaks"]:
        head += f", tie-break Deal {pub['tiebreaks']}"
    lines.append(head)
    lines.append(f"Multiplier {_multiplier_text(pub)}")
    if colour is not None:
        lines.append(
            f"Deal colour [{_STYLE[colour]}]{colour}[/], Leader {_who(pub['leader'], me)}; centre "
            f"{_cards(zones['centre'])} {_value_text(pub)}"
        )
        lines.extend(_move_lines(obs))
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
        names = " and ".join(_who(w, me) for w in pub["winners"])
        lines.append(f"[bold]Winner{'s' if len(pub['winners']) > 1 else ''}: {names}[/bold]")
    return "\n".join(lines)
