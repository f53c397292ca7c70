"""Golden playthroughs: every seat's view at every step of one seeded random game, as text.

Like OpenSpiel's ``integration_tests/playthroughs``: a change to what any seat sees (a redaction
bug, a changed rule, a changed format) shows up as a diff in a readable file. The views are
observations without history (texts and data) and log (those only repeat earlier steps).
Files live at ``tests/games/<game>/data/playthrough.txt``; the first line holds the arguments.

Regenerate after a deliberate change:
``.venv/bin/python -m tests.conformance.playthrough GAME PLAYERS SEED STEPS > FILE``
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardtable.core import Rng, new_state

DATA = Path(__file__).resolve().parent.parent / "games"


def playthrough(game: str, players: int, seed: int, steps: int) -> str:
    state = new_state(game, players, seed)
    rng = Rng(seed)
    lines = [f"# {game} {players} {seed} {steps}"]
    for step in range(steps + 1):
        for seat in [*range(players), None]:
            obs = state.observation(seat)
            view = {k: v for k, v in obs.items() if k not in ("history", "history_data", "log")}
            view["zones"] = {k: _compact(v) for k, v in view["zones"].items() if v}
            label = "spectator" if seat is None else f"seat {seat}"
            lines.append(f"{label}: {json.dumps(view, sort_keys=True)}")
        if state.is_terminal() or step == steps:
            break
        waiting = list(state.to_act())
        actor = waiting[rng.below(len(waiting))]
        action = state.legal_actions(actor)[rng.below(len(state.legal_actions(actor)))]
        lines.append(f"## step {step + 1}: seat {actor} -> {action.text}")
        state.apply(actor, action)
    return "\n".join(lines) + "\n"


def _compact(cards: list[str | None]) -> list[str | None] | str:
    """A zone the seat cannot see at all is written as its size (``"80 hidden"``)."""
    if all(card is None for card in cards):
        return f"{len(cards)} hidden"
    return cards


def playthrough_files() -> list[Path]:
    return sorted(DATA.glob("*/data/playthrough*.txt"))


def main() -> None:
    game, players, seed, steps = sys.argv[1], *map(int, sys.argv[2:5])
    sys.stdout.write(playthrough(game, players, seed, steps))


if __name__ == "__main__":
    main()
