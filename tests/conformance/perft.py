"""Perft for card games: the number of action sequences of a given depth from a seeded deal.

Like python-chess's ``examples/perft``: the counts pin the legal-action generator, so an
unintended change in legality shows up as a changed number. Unlike chess perft, the numbers come
from this engine (there is no independent source), so they guard against regressions. They do
not prove the rules right; the rule tests do that. At a simultaneous decision the first waiting
seat's choices are expanded, then the next seat's.

Regenerate a line after a deliberate rule change (append it to ``tests/games/<g>/data/perft.txt``):
``.venv/bin/python -m tests.conformance.perft GAME SEED PLAYERS DEPTH``
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardtable.core import State, get_game, new_state

DATA = Path(__file__).resolve().parent.parent / "games"


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    seat = state.to_act()[0]
    total = 0
    for action in state.legal_action_ids(seat):
        child = state.clone()
        child.apply_unchecked(seat, action)
        total += perft(child, depth - 1)
    return total


def perft_files() -> list[tuple[str, Path]]:
    """(game name, data file) for every game folder with a ``data/perft.txt``."""
    out = []
    for path in sorted(DATA.glob("*/data/perft.txt")):
        out.append((get_game(path.parent.parent.name).name, path))
    return out


def main() -> None:
    game, seed, players, depth = sys.argv[1], *map(int, sys.argv[2:5])
    state = new_state(game, players, seed)
    state.events = None
    print(seed, players, depth, perft(state, depth))


if __name__ == "__main__":
    main()
