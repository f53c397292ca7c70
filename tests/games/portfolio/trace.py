"""A golden trace of Portfolio engine behaviour: every step of seeded games, as digests.

Why: the search-speed work on Portfolio (docs/performance.md, "Seventh sitting: Portfolio
search and a search rate with its spread") rewrites hot rule and sampler code for speed and
must not change behaviour: the same legal ids in the same order, the same states card id by
card id (zones, knowledge marks, tags, fields), the same random draws (the state's RNG word)
and the same log lines, values and notes. This module plays seeded games at every player
count (two decks for 2-3 seats, three for 4-5) under every option and, from some of their
positions, search-like rollouts: from a copy without history and log, and from a sampled
world of the actor (``State.determinize``, as the search samples them). It hashes everything
observable at every step. ``data/trace.txt`` holds the digests recorded from the engine before
the rewrite (main 54773cd); ``test_portfolio_trace.py`` checks them.

Regenerate only after a deliberate change of the rules (say so in the commit):
``.venv/bin/python -m tests.games.portfolio.trace > tests/games/portfolio/data/trace.txt``
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from cardtable.core import Rng, State, new_state
from cardtable.games.portfolio import notation as n

from .. import golden

DATA = Path(__file__).resolve().parent / "data" / "trace.txt"

#: Option sets the trace covers (docs/rules/portfolio.md, Options: PF-R6, PF-R10, PF-R13).
VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    "trades": {"trades": True},
    "finaldiscard": {"final_turns_take_discard": True},
    "stall2": {"stall_limit": 2},
    "all": {
        "trades": True,
        "final_turns_take_discard": True,
        "stall_limit": 2,
        "max_offers_per_turn": 1,
    },
}
PLAYERS = (2, 3, 4, 5)
SEEDS = range(2)

MAX_STEPS = 900  # a game is cut off here (trades can make random games long)
ROLLOUT_EVERY = 25  # a search-like rollout from every 25th position
ROLLOUT_LENGTH = 40


def fingerprint(state: State) -> str:
    """Everything a rewrite must keep, by card id: zones, marks, tags, commitments, fields,
    the RNG word, who acts and every seat's legal ids, the values and the public facts."""
    return golden.fingerprint(state)


def choose(state: State, seat: int, rng: Rng) -> int:
    """A random legal id, biased so that the rare paths come up: uniform play would fill
    every trade offer to its limit and end most turns at once. Mostly it passes the open table
    (PF-R10), sends an offer with a few items, attacks a rival portfolio when it can
    (neutralize, acquire: PF-R7, PF-R8) and caps or extends its own."""
    ids = state.legal_action_ids(seat)
    if n.NO_OFFER in ids and rng.below(4) != 0:
        return n.NO_OFFER
    if n.SEND_OFFER in ids and rng.below(3) == 0:
        return n.SEND_OFFER
    if n.END_ACTIONS in ids:
        attacks = [a for a in ids if n.NEUTRALIZE <= a < n.END_ACTIONS]
        if attacks and rng.below(2) == 0:
            return attacks[rng.below(len(attacks))]
        own = [a for a in ids if n.EXTEND <= a < n.NEUTRALIZE]
        if own and rng.below(2) == 0:
            return own[rng.below(len(own))]
        proposals = [a for a in ids if a >= n.SIZE]
        if proposals and rng.below(3) != 0:
            ids = [a for a in ids if a < n.SIZE]
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
    went through (``game_stats``, reshuffles, whether it ended), to show the trace reaches
    rare paths."""
    state = new_state("portfolio", players, seed, dict(VARIANTS[variant]))
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
    stats["reformed"] = float(getattr(state, "reformed", False))
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
    sys.stdout.write("# players variant seed digest — see tests/games/portfolio/trace.py\n")
    sys.stdout.write("\n".join(trace_lines()) + "\n")


if __name__ == "__main__":
    main()
