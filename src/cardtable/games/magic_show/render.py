"""Terminal text of a Magic Show observation (Rich markup allowed, no state access).

It reads only the observation dict, so it shows exactly what the viewing seat may know: both
practice piles with their current show length and value, the scores, the viewer's hand (and what it
knows of the other hand, e.g. after a Nap), the revealed cards and whose decision it is.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.magic_show.cards import card_id
from cardtable.games.magic_show.meta import SEAT_NAMES


def _cards(names: list[str | None]) -> str:
    """Known cards in resolution order, then how many are unknown."""
    known = sorted((n for n in names if n is not None), key=card_id)
    unknown = len(names) - len(known)
    if not names:
        return "(empty)"
    if not known:
        return f"{unknown} unknown"
    return " ".join(known) + (f" and {unknown} unknown" if unknown else "")


def _pile_lines(obs: dict[str, Any]) -> list[str]:
    public = obs["public"]
    lines = []
    for seat, name in enumerate(SEAT_NAMES):
        cards = _cards(obs["zones"][f"pile:{seat}"])
        minutes, value = public["show_minutes"][seat], public["show_value"][seat]
        lines.append(f"{name}'s practice pile: {cards} ({minutes} min, show worth {value:+d})")
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
    lines = []
    if revealed:
        shown = ", ".join(f"{n} (by {SEAT_NAMES[played.index(n)]})" for n in revealed)
        lines.append(f"Revealed: {shown}; resolving {public['resolving']}")
    discard = obs["zones"]["discard"]
    lines.append(f"Deck: {public['deck_size']} cards. Discard pile: {len(discard)} cards.")
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
    if public["farewell"]:
        fr, fb = public["farewell"]
        head += f" (Farewell Shows: Red {fr:+d}, Black {fb:+d})"
    lines = [head, *_pile_lines(obs), *_table_lines(obs), *_hand_lines(obs)]
    lines.append(_decision_line(obs))
    return "\n".join(lines)
