"""What a person types at the ``cardtable play`` prompt, read forgivingly and safely.

:func:`parse_entry` turns one line into an :class:`~cardtable.core.Action` or a prompt
:class:`Command` (``help``, ``rules``, ``quit``), or raises :class:`IllegalAction` with a short
message that says what to type instead. It never raises anything else, whatever the line holds
(a Hypothesis test feeds it arbitrary text):

* only ASCII digits ``0-9`` make a menu number (``٣`` or ``³`` are not numbers here);
* an action's text may be typed in any case and spacing (``Take1`` is ``take 1``), as the game's
  own spellings (aliases), or as an unambiguous beginning of a legal action (``call h``);
* a near miss gets "did you mean …" with the closest legal actions (difflib);
* over-long lines and control characters are refused, and repeated input in messages is escaped
  and cut (:func:`cardtable.core.text.quote`).
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.core import Action, IllegalAction, State
from cardtable.core.actions import normalize_text
from cardtable.core.text import quote

#: Longer lines are refused without being parsed.
MAX_INPUT = 200


@dataclass(frozen=True, slots=True)
class Command:
    """A prompt command rather than a game action."""

    name: str
    help: str


COMMANDS: dict[str, Command] = {
    "help": Command("help", "list the actions you have now, each explained"),
    "rules": Command("rules", "read how to play this game and our rulings"),
    "quit": Command("quit", "leave the game (asks first; saves a partial record with --save)"),
}
#: Other spellings of the commands.
COMMAND_ALIASES = {"exit": "quit", "rule": "rules", "rulebook": "rules"}


def menu_hint(count: int) -> str:
    if count == 1:
        return "press Enter or type 1, or help"
    return f"type a number from 1 to {count}, an action's text, or help"


def _squash(text: str) -> str:
    return normalize_text(text).replace(" ", "")


def parse_entry(state: State, legal: Sequence[Action], text: str) -> Action | Command:
    """One line of input as an action (legal or not: ``apply`` explains) or a command."""
    if len(text) > MAX_INPUT:
        raise IllegalAction(
            f"that line is too long ({len(text)} characters); {menu_hint(len(legal))}"
        )
    entry = text.strip()
    if any(unicodedata.category(ch) == "Cc" for ch in entry):
        raise IllegalAction(
            f"{quote(entry, 30)} holds control characters (arrow keys?); {menu_hint(len(legal))}"
        )
    if not entry:
        if len(legal) == 1:
            return legal[0]
        raise IllegalAction(menu_hint(len(legal)))
    if entry.isascii() and entry.isdigit():
        number = int(entry)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(f"{quote(entry, 20)} is not a choice; {menu_hint(len(legal))}")
    if entry.replace(" ", "").isdigit():
        raise IllegalAction(f"only the digits 0-9 make a menu number; {menu_hint(len(legal))}")
    key = normalize_text(entry)
    squashed = key.replace(" ", "")
    for action in legal:  # an exact legal text wins over everything else
        if _squash(action.text) == squashed:
            return action
    name = COMMAND_ALIASES.get(key, key)
    if name in COMMANDS:
        return COMMANDS[name]
    try:
        return state.to_action(entry)  # the game's own spellings; apply explains if illegal
    except IllegalAction:
        pass
    starting = [a for a in legal if _squash(a.text).startswith(squashed)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        listed = ", ".join(a.text for a in starting[:6]) + (", …" if len(starting) > 6 else "")
        raise IllegalAction(
            f"{quote(entry, 30)} could be any of {listed}; type more of it, or its number"
        )
    texts = {normalize_text(a.text): a.text for a in legal}
    close = difflib.get_close_matches(key, list(texts), n=3, cutoff=0.6)
    if close:
        maybe = " or ".join(f"'{texts[c]}'" for c in close)
        raise IllegalAction(f"{quote(entry, 30)} is not an action here; did you mean {maybe}?")
    raise IllegalAction(f"{quote(entry, 30)} is not an action here; {menu_hint(len(legal))}")
