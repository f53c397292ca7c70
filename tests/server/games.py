"""The tables the server's message tests play: every game, at a player count each."""

from __future__ import annotations

#: (game, players): every registered game once, seats enough for hidden hands on both sides.
FIVE_GAMES: list[tuple[str, int]] = [
    ("magic-show", 2),
    ("score", 3),
    ("piece-of-the-action", 3),
    ("portfolio", 4),
    ("nacho-loco", 3),
]
