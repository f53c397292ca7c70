"""A golden trace of Score! engine behaviour: every step of seeded random games, as digests.

Why: the search-speed work on the Score! engine (docs/performance.md, "Sixth sitting: Score!
engine") rewrites the hot rule functions for speed and must not change behaviour: the same
legal ids in the same order, the same states card id by card id (zones, knowledge marks,
tags, face-down plays, fields), the same random draws (the state's RNG word) and the same
log lines, values and notes. This module plays seeded random games under every option and,
from some of their positions, search-like rollouts (history and log dropped, as a search
sample has them), and hashes everything observable at every step. ``data/trace.txt`` holds
the digests recorded from the engine before the rewrite; ``test_score_trace.py`` checks them.

Unlike the golden playthrough (``tests/conformance/playthrough.py``), which records what the
seats see by card name, this records card ids and marks: a rewrite that picked a different
copy of a Single, or filed a hand in another order, would pass the playthrough and fail here.

Regenerate only after a deliberate change of the rules (say so in the commit):
``.venv/bin/python -m tests.games.score.trace > tests/games/score/data/trace.txt``
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from cardtable.core import Rng, State, new_state
from cardtable.games.score import ScoreState
from cardtable.games.score.notation import CALL, DECLARE_FIVE, DISCARD, PASS, PLAY
from cardtable.games.score.table import ScoreTable, value_counts

from .. import golden

DATA = Path(__file__).resolve().parent / "data" / "trace.txt"

#: Option sets the trace covers (docs/rules/score.md, Options: SC-R2, SC-R4, SC-R11, SC-R12).
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "voluntary": {"voluntary_complete_discard": True},
    "optional5": {"five_point_optional": True},
    "recycle": {"empty_pile": "recycle"},
    "target20": {"target_score": 20},
    "all": {
        "voluntary_complete_discard": True,
        "five_point_optional": True,
        "empty_pile": "recycle",
        "target_score": 20,
    },
}
SEEDS = range(4)

#: Hand-written starts near a five-point hand (SC-R11), which random play almost never builds:
#: seat 0 holds four Filled, four Red and three Circles with Filled-Red-Circle, seat 1 the last
#: Circle ("near5"); or seat 0 holds all four Circles already ("five", loadable only where
#: declaring is optional). Games from them run under the options that matter there.
_NEAR5_HANDS = (
    {"Filled": 4, "Red": 4, "Circle": 3, "Blue": 1},
    {"Circle": 1, "Partial": 4, "Hollow": 4, "Green": 3},
    {"Blue": 3, "Green": 1, "Square": 4, "Triangle": 4},
)
_FIVE_HANDS = (
    {"Filled": 4, "Red": 4, "Circle": 4},
    {"Blue": 1, "Partial": 4, "Hollow": 4, "Green": 3},
    {"Blue": 3, "Green": 1, "Square": 4, "Triangle": 4},
)
_COMPLETES = (
    ["Filled-Red-Circle", "Hollow-Blue-Square", "Partial-Green-Triangle"],
    ["Partial-Green-Circle", "Hollow-Green-Square", "Filled-Blue-Triangle"],
    ["Hollow-Red-Triangle", "Partial-Blue-Square", "Filled-Green-Circle"],
)
STARTS: dict[str, tuple[tuple[dict[str, int], ...], tuple[str, ...]]] = {
    "deal": ((), tuple(VARIANTS)),
    "near5": (_NEAR5_HANDS, ("default", "optional5", "voluntary", "all")),
    "five": (_FIVE_HANDS, ("optional5", "all")),
}


def start(name: str, variant: str, seed: int) -> State:
    """A new seeded game, or a hand-written start (``STARTS``) with the RNG word ``seed``."""
    options = dict(VARIANTS[variant])
    hands = STARTS[name][0]
    if not hands:
        return new_state("score", 3, seed, options)
    zones = {f"hand:{s}": [v for v, n in hands[s].items() for _ in range(n)] for s in range(3)}
    zones.update({f"completes:{s}": _COMPLETES[s] for s in range(3)})
    data = {
        "game": "score",
        "num_players": 3,
        "options": options,
        "rng": seed,
        "rest": True,
        "state": {"phase": "call", "round": 1},
        "zones": zones,
    }
    return ScoreState.from_json(data)


MAX_STEPS = 500  # random play with voluntary discards can run long: a game is cut off here
ROLLOUT_EVERY = 20  # a search-like rollout from every twentieth position
ROLLOUT_LENGTH = 30


def fingerprint(state: State) -> str:
    """Everything a rewrite must keep, by card id: zones, marks, tags, face-down plays, fields,
    the RNG word, who acts and every seat's legal ids, the values and the public facts."""
    return golden.fingerprint(state)


def choose(state: State, seat: int, rng: Rng) -> int:
    """A random legal id, biased so that the rare paths come up: uniform play calls at once,
    passes away the sets it is building and discards at random, so five-point hands (SC-R11),
    busts (SC-R6) and game ends would almost never be reached. Mostly it passes a Single of
    which it holds fewest, plays a Single rather than discarding, leads rather than calls, and
    declares a five-point hand half the time it may (SC-R11 option)."""
    ids = state.legal_action_ids(seat)
    if DECLARE_FIVE in ids and rng.below(2) == 0:
        return DECLARE_FIVE
    if CALL in ids and rng.below(8) != 0:
        ids = [a for a in ids if a != CALL]
    elif ids[0] >= PASS and rng.below(4) != 0:
        assert isinstance(state, ScoreTable)
        held = value_counts(state, seat)
        return min(ids, key=lambda a: (held[a - PASS], a))
    elif ids[0] >= PLAY and ids[-1] >= DISCARD and ids[0] < DISCARD and rng.below(4) != 0:
        ids = [a for a in ids if a < DISCARD]
    return ids[rng.below(len(ids))]


def _step(state: State, rng: Rng, digest: Any, words: bool) -> None:
    golden.step(state, rng, digest, words, choose, fingerprint)


def cases() -> list[tuple[str, str, int]]:
    """Every ``(start, variant, seed)`` the trace plays."""
    return [
        (name, v, seed)
        for name, (_, variants) in STARTS.items()
        for v in variants
        for seed in SEEDS
    ]


def game_run(name: str, variant: str, seed: int) -> tuple[str, dict[str, float]]:
    """The digest of one seeded game and of the rollouts from its positions, and what the game
    went through (``game_stats`` and whether it ended), to show the trace reaches rare paths."""
    state = start(name, variant, seed)
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
            before = state.game_stats()
            for key, value in sample.game_stats().items():
                seen[key] = seen.get(key, 0.0) + value - before[key]
            seen["ended"] = seen.get("ended", 0.0) + sample.is_terminal()
        _step(state, rng, digest, words=seed % 2 == 0)
        steps += 1
    digest.update(f"steps {steps}".encode())
    stats = state.game_stats()
    stats["ended"] = float(state.is_terminal())
    for key, value in seen.items():
        stats[key] += value
    return digest.hexdigest()[:24], stats


def trace_lines() -> list[str]:
    return [f"{name} {v} {seed} {game_run(name, v, seed)[0]}" for name, v, seed in cases()]


def recorded() -> dict[tuple[str, str, int], str]:
    """The recorded ``start variant seed digest`` lines of ``data/trace.txt``."""
    out = {}
    for line in DATA.read_text().splitlines():
        if line and not line.startswith("#"):
            name, variant, seed, digest = line.split()
            out[name, variant, int(seed)] = digest
    return out


def main() -> None:
    sys.stdout.write("# start variant seed digest — see tests/games/score/trace.py\n")
    sys.stdout.write("\n".join(trace_lines()) + "\n")


if __name__ == "__main__":
    main()
