"""A golden trace of Piece of the Action engine behaviour: every step of seeded games, as digests.

Why: the search-speed work on the legal ids (docs/performance.md, "Seventh sitting: Piece of the
Action legal moves") rewrites the hot rule functions for speed and must not change behaviour:
the same legal ids in the same order for every seat, the same states card id by card id (zones,
knowledge marks, moved tags, fields), the same random draws (the state's RNG word) and the same
log lines, values and notes. This module plays seeded games at every player count (2-6) under
every option and, from some of their positions, search-like rollouts (history and log dropped,
as a search sample has them), and hashes everything observable at every step.
``data/trace.txt`` holds the digests recorded from the engine before the rewrite (main 54773cd);
``test_pota_trace.py`` checks them.

Unlike the golden playthrough (``tests/conformance/playthrough.py``), which records what the
seats see by card name, this records card ids and marks: a rewrite that took a different copy
of a POTA card, or listed the Move steps in another order, would pass that and fail here.

Regenerate only after a deliberate change of the rules (say so in the commit):
``.venv/bin/python -m tests.games.piece_of_the_action.trace \\
> tests/games/piece_of_the_action/data/trace.txt``
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from cardtable.core import Rng, State, new_state
from cardtable.games.piece_of_the_action import notation

from .. import golden

GAME = "piece-of-the-action"
DATA = Path(__file__).resolve().parent / "data" / "trace.txt"

#: Option sets the trace covers (docs/rules/piece_of_the_action.md, Options: POTA-R4, POTA-R11,
#: POTA-R18).
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "unforced": {"forced_lead_after_circle": False},
    "nocancel": {"moved_reverse_cancels": False},
    "all": {
        "forced_lead_after_circle": False,
        "moved_reverse_cancels": False,
        "max_tiebreak_deals": 0,
    },
}
PLAYERS = range(2, 7)
SEEDS = range(4)

MAX_STEPS = 600  # a game is cut off here (few run so long)
ROLLOUT_EVERY = 15  # a search-like rollout from every fifteenth position
ROLLOUT_LENGTH = 40


def fingerprint(state: State) -> str:
    """Everything a rewrite must keep, by card id: zones, marks, tags, fields, the RNG word, who
    acts and every seat's legal ids (in order), the values and the public facts."""
    return golden.fingerprint(state, pending=False)


def choose(state: State, seat: int, rng: Rng) -> int:
    """A random legal id, biased so that the paths the legal ids are hardest on come up: uniform
    play passes early and seldom stacks a Deal with POTAs, Reverses and Move cards. Mostly it
    plays a Move card when it may (POTA-R13), passes only one time in five when it has a card
    to play, and declines a lead one time in three (POTA-R4)."""
    ids = state.legal_action_ids(seat)
    moves = [a for a in ids if notation.PLAY_MOVE <= a < notation.STEP_CENTRE]
    if moves and rng.below(3) != 0:
        return moves[rng.below(len(moves))]
    if ids[0] == notation.PASS and len(ids) > 1 and rng.below(5) != 0:
        ids = ids[1:]
    elif notation.DECLINE in ids and len(ids) > 1 and rng.below(3) != 0:
        ids = [a for a in ids if a != notation.DECLINE]
    return ids[rng.below(len(ids))]


def _step(state: State, rng: Rng, digest: Any, words: bool) -> None:
    golden.step(state, rng, digest, words, choose, fingerprint)


def cases() -> list[tuple[int, str, int]]:
    """Every ``(players, variant, seed)`` the trace plays."""
    return [(n, v, seed) for n in PLAYERS for v in VARIANTS for seed in SEEDS]


def game_run(players: int, variant: str, seed: int) -> tuple[str, dict[str, float]]:
    """The digest of one seeded game and of the rollouts from its positions, and what the game
    and its rollouts went through (``game_stats``, Move steps and whether it ended), to show the
    trace reaches the paths a rewrite could break."""
    state = new_state(GAME, players, seed, dict(VARIANTS[variant]))
    rng = Rng(1000 + seed)
    digest = hashlib.sha256(fingerprint(state).encode())
    steps = 0
    seen: dict[str, float] = {}  # what the rollouts went through
    while not state.is_terminal() and steps < MAX_STEPS:
        if steps % ROLLOUT_EVERY == ROLLOUT_EVERY - 1:
            sample = state.clone()
            sample.history = []  # as the search's samples: no history, no log
            sample.events = None
            for _ in range(ROLLOUT_LENGTH):
                if sample.is_terminal():
                    break
                _step(sample, rng, digest, words=False)
            for key, value in sample.game_stats().items():
                seen[key] = seen.get(key, 0.0) + value
            seen["ended"] = seen.get("ended", 0.0) + sample.is_terminal()
        _step(state, rng, digest, words=seed % 2 == 0)
        steps += 1
    digest.update(f"steps {steps}".encode())
    stats = state.game_stats()
    stats["ended"] = float(state.is_terminal())
    stats["move_steps"] = float(sum(1 for _, a in state.history if a >= notation.STEP_CENTRE))
    stats["reverse_steps"] = float(sum(1 for _, a in state.history if a >= notation.STEP_REVERSE))
    for key, value in seen.items():
        stats["rollout_" + key] = value
    return digest.hexdigest()[:24], stats


def trace_lines() -> list[str]:
    return [f"{n} {v} {seed} {game_run(n, v, seed)[0]}" for n, v, seed in cases()]


def recorded() -> dict[tuple[int, str, int], str]:
    """The recorded ``players variant seed digest`` lines of ``data/trace.txt``."""
    out = {}
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            n, variant, seed, digest = line.split()
            out[int(n), variant, int(seed)] = digest
    return out


def main() -> None:
    sys.stdout.write(
        "# players variant seed digest — see tests/games/piece_of_the_action/trace.py\n"
    )
    sys.stdout.write("\n".join(trace_lines()) + "\n")


if __name__ == "__main__":
    main()
