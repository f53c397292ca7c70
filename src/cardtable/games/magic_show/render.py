"""Terminal text of a Magic Show observation (Rich markup allowed, no state access).

It reads only the observation dict, so it shows exactly what the viewing seat may know: both
practice piles with their current show length and value, the scores, the viewer's hand (and what it
knows of the other hand, e.g. after a Nap), the revealed cards, the face-up discard pile (Aces
already spent) and whose decision it is. Cards show their suit symbol in their colour's ink (red
hearts and diamonds belong to Red, black clubs and spades to Black, MS-R1); they are typed as
``KH``, ``10S``.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.magic_show.cards import card_id
from cardtable.games.magic_show.describe import SUIT_SYMBOLS, pretty
from cardtable.games.magic_show.meta import SEAT_NAMES

_INK = {"C": "bold", "S": "bold", "D": "bold red", "H": "bold red"}

LEGEND = (
    "Suits: ♥ H and ♦ D are Red's colour, ♣ C and ♠ S are Black's (MS-R1). "
    "Type a card as rank and letter: KH, 10S."
)


def card_markup(name: str) -> str:
    """``KH`` as a red ``K♥``."""
    return f"[{_INK.get(name[-1], 'bold')}]{pretty(name)}[/]"


def _cards(names: list[str | None]) -> str:
    """Known cards in resolution order, then how many are unknown."""
    known = sorted((n for n in names if n is not None), key=card_id)
    unknown = len(names) - len(known)
    if not names:
        return "(empty)"
    if not known:
        return f"{unknown} unknown"
    return " ".join(map(card_markup, known)) + (f" and {unknown} unknown" if unknown else "")


def _name(seat: int, viewer: int | None) -> str:
    return f"You ({SEAT_NAMES[seat]})" if seat == viewer else SEAT_NAMES[seat]


def _pile_lines(obs: dict[str, Any]) -> list[str]:
    public = obs["public"]
    lines = []
    for seat, name in enumerate(SEAT_NAMES):
        cards = _cards(obs["zones"][f"pile:{seat}"])
        minutes, value = public["show_minutes"][seat], public["show_value"][seat]
        owner = "Your" if seat == obs["seat"] else f"{name}'s"
        lines.append(
            f"{owner} practice pile: {cards} ({minutes} min, show worth {value:+d}; a perfect "
            "show runs 15 min)"
        )
    return lines


def _hand_lines(obs: dict[str, Any]) -> list[str]:
    viewer = obs["seat"]
    lines = []
    for seat, name in enumerate(SEAT_NAMES):
        hand = obs["zones"][f"hand:{seat}"]
        if seat == viewer:
            lines.append(f"[bold]Your hand ({name}):[/bold] {_cards(hand)}")
        else:
            lines.append(f"{name}'s hand ({len(hand)} cards): {_cards(hand)}")
    return lines


def _table_lines(obs: dict[str, Any]) -> list[str]:
    public = obs["public"]
    played = public["played"]
    revealed = obs["zones"]["revealed"]
    viewer = obs["seat"]
    lines = []
    if revealed:
        shown = ", ".join(
            f"{card_markup(n)} (by {_name(played.index(n), viewer)})" for n in revealed if n
        )
        lines.append(f"Revealed: {shown}; resolving {card_markup(public['resolving'])}")
    discard = [n for n in obs["zones"]["discard"] if n]
    aces = [n for n in discard if n.startswith("A")]
    line = f"Deck: {public['deck_size']} cards. Discard pile (face up): {len(discard)} cards"
    line += "; Aces spent: " + " ".join(map(card_markup, aces)) if aces else "; no Ace spent yet"
    lines.append(line + ".")
    return lines


def _decision_line(obs: dict[str, Any]) -> str:
    public = obs["public"]
    line = f"Now: {public['deciding']}."
    if obs["terminal"]:
        return line
    for seat, done in enumerate(obs["committed"]):
        if done and seat != obs["seat"]:
            line += f" {SEAT_NAMES[seat]} has chosen a card."
    if obs["my_commit"]:
        line += f" You have chosen '{obs['my_commit']}'."
    waiting = [SEAT_NAMES[s] for s in obs["to_act"]]
    if obs["seat"] in obs["to_act"]:
        return line + " [bold]Your decision.[/bold]"
    return line + f" Waiting for {' and '.join(waiting)}."


def render(obs: dict[str, Any]) -> str:
    """The observation as terminal text."""
    public = obs["public"]
    red, black = public["scores"]
    head = f"[bold]Magic Show[/bold], turn {public['turn']}. Scores: Red {red}, Black {black}."
    if obs["seat"] is not None:
        head += f" You are {SEAT_NAMES[obs['seat']]}."
    if public["farewell"]:
        fr, fb = public["farewell"]
        head += f" (Farewell Shows: Red {fr:+d}, Black {fb:+d})"
    lines = [head, *_pile_lines(obs), *_table_lines(obs), *_hand_lines(obs)]
    lines.append(f"[dim]{LEGEND}[/dim]")
    lines.append(_decision_line(obs))
    return "\n".join(lines)


__all__ = ["LEGEND", "SUIT_SYMBOLS", "card_markup", "render"]
