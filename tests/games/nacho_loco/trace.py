"""A golden trace of Nacho Loco engine behaviour: every step of seeded games, as digests.

Why: the search-speed work on Nacho Loco (docs/performance.md, "Eighth sitting: Nacho Loco and
Score! search") rewrites hot rule code (placement generation, laying a card, the values) for
speed and must not change behaviour: the same legal ids in the same order, the same states card
id by card id (zones, knowledge marks, tags, fields), the same random draws (the state's RNG
word) and the same log lines, values and notes. This module plays seeded games at every player
count (2-6) under the option sets and, from some of their positions, search-like rollouts: from
a copy without history and log, and from a sampled world of the actor (``State.determinize``,
as the search samples them). It hashes everything observable at every step. ``data/trace.txt``
holds the digests recorded from the engine before the rewrite (main 267cc42);
``test_nacho_trace.py`` checks them.

Regenerate only after a deliberate change of the rules (say so in the commit):
``.venv/bin/python -m tests.games.nacho_loco.trace > tests/games/nacho_loco/data/trace.txt``
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from cardtable.core import Rng, State, new_state
from cardtable.games.nacho_loco.notation import END, KEEP

from .. import golden

DATA = Path(__file__).resolve().parent / "data" / "trace.txt"

#: Option sets the trace covers (docs/rules/nacho_loco.md, Options: NL-R1, NL-R2, NL-R3,
#: NL-R10, NL-R13, NL-R14, NL-R15, NL-R19).
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "anyedge": {"placement_rule": "any_edge"},
    "extraturn": {"go_again_mode": "extra_turn", "must_play_drawn": True},
    "deck6": {"deck": "cardtable-6", "board": "hexagon:3"},
    "all": {
        "deck": "cardtable-6",
        "board": "unbounded",
        "placement_rule": "any_edge",
        "go_again_mode": "extra_turn",
        "must_play_drawn": True,
        "match_draws_on_going_out": False,
        "closing_gift_on_going_out": True,
        "first_player": 1,
    },
}
PLAYERS = (2, 3, 4, 5, 6)
SEEDS = range(3)

MAX_STEPS = 400  # a game is cut off here
ROLLOUT_EVERY = 20  # a search-like rollout from every twentieth position
ROLLOUT_LENGTH = 30


def fingerprint(state: State) -> str:
    """Everything a rewrite must keep, by card id: zones, marks, tags, fields, the RNG word,
    who acts and every seat's legal ids in order, the values and the public facts."""
    return golden.fingerprint(state)


def choose(state: State, seat: int, rng: Rng) -> int:
    """A random legal id, biased so that the rare paths come up: mostly it places rather than
    keeps a drawn card (NL-R15) and takes the extra card of a Go Again (NL-R10), so that fields
    fill up and close (NL-R7) and rounds end by going out."""
    ids = state.legal_action_ids(seat)
    if len(ids) > 1 and (KEEP in ids or END in ids) and rng.below(4) != 0:
        ids = [a for a in ids if a not in (KEEP, END)]
    return ids[rng.below(len(ids))]


def _step(state: State, rng: Rng, digest: Any, words: bool) -> None:
    golden.step(state, rng, digest, words, choose, fingerprint)


def cases() -> list[tuple[int, str, int]]:
    """Every ``(players, variant, seed)`` the trace plays."""
    return [(p, v, seed) for p in PLAYERS for v in VARIANTS for seed in SEEDS]


def _rollout(state: State, rng: Rng, digest: Any, sampled: bool) -> State:
    # A sampled world is one the actor cannot tell from the true one, as the search samples.
    sample = state.determinize(state.to_act()[0], rng) if sampled else state.clone()
    sample.history = []  # as the search's samples: no history, no log
    sample.events = None
    digest.update(fingerprint(sample).encode())
    for _ in range(ROLLOUT_LENGTH):
        if sample.is_terminal():
            break
        _step(sample, rng, digest, words=False)
    return sample


def game_run(players: int, variant: str, seed: int) -> tuple[str, dict[str, float]]:
    """The digest of one seeded game and of the rollouts from its positions, and what the game
    went through (``game_stats``, whether it ended), to show the trace reaches rare paths."""
    state = new_state("nacho-loco", players, seed, dict(VARIANTS[variant]))
    rng = Rng(1000 + seed)
    digest = hashlib.sha256(fingerprint(state).encode())
    steps = rollouts = 0
    seen: dict[str, float] = {}  # what the rollouts went through
    while not state.is_terminal() and steps < MAX_STEPS:
        if steps % ROLLOUT_EVERY == ROLLOUT_EVERY - 1:
            before = state.game_stats()
            sample = _rollout(state, rng, digest, sampled=rollouts % 2 == 1)
            rollouts += 1
            for key, value in sample.game_stats().items():
                seen[key] = seen.get(key, 0.0) + value - before[key]
            seen["ended"] = seen.get("ended", 0.0) + sample.is_terminal()
        _step(state, rng, digest, words=seed % 2 == 0)
        steps += 1
    digest.update(f"steps {steps}".encode())
    stats = state.game_stats()
    stats["ended"] = float(state.is_terminal())
    stats["steps"] = float(steps)
    for key, value in seen.items():
        stats[key] += value
    return digest.hexdigest()[:24], stats


def trace_lines() -> list[str]:
    return [f"{p} {v} {seed} {game_run(p, v, seed)[0]}" for p, v, seed in cases()]


def recorded() -> dict[tuple[int, str, int], str]:
    """The recorded ``players variant seed digest`` lines of ``data/trace.txt``."""
    return golden.recorded(DATA)


def main() -> None:
    sys.stdout.write("# players variant seed digest — see tests/games/nacho_loco/trace.py\n")
    sys.stdout.write("\n".join(trace_lines()) + "\n")


if __name__ == "__main__":
    main()
