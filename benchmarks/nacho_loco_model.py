"""How the assumed Nacho Loco model plays (NL-R21): the figures of docs/rules/nacho_loco.md.

Run: ``.venv/bin/python benchmarks/nacho_loco_model.py --rounds 3000``

For a uniformly random player and the max-matches (greedy) player, at 2 to 6 players on the
default board, it plays seeded games until at least ``--rounds`` rounds are done and prints per
round: closings by kind, 2- and 3-segment matches, turns; per placement: the share of 2- and
3-segment matches; the share of rounds in which a held Closer was placed; rounds per game; and
the longest round. It also times legal-action generation on crowded boards (≥ 15 field cards).
A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from cardtable.core import Rng, get_game, new_state
from cardtable.games.nacho_loco.state import NachoState


def play_games(players: int, policy: str, rounds_wanted: int, seed: int) -> dict[str, float]:
    greedy = get_game("nacho-loco").greedy
    assert greedy is not None
    totals: dict[str, float] = {}
    games = 0
    longest = 0
    rng = Rng(seed)
    while totals.get("rounds", 0) < rounds_wanted:
        state = new_state("nacho-loco", players, seed=seed * 100_000 + games)
        assert isinstance(state, NachoState)
        state.events = None
        round_start_turns, current_round = 0, state.round
        while not state.is_terminal():
            seat = state.to_act()[0]
            if policy == "random":
                ids = state.legal_action_ids(seat)
                state.apply_unchecked(seat, ids[rng.below(len(ids))])
            else:
                legal = state.legal_actions(seat)
                action, _ = greedy(state.observation(seat), legal, rng)
                state.apply_unchecked(seat, action.id)
            if state.round != current_round or state.is_terminal():
                longest = max(longest, state.turns - round_start_turns)
                round_start_turns, current_round = state.turns, state.round
        for key, value in state.game_stats().items():
            totals[key] = totals.get(key, 0.0) + value
        games += 1
    totals["games"] = games
    totals["longest_round_turns"] = longest
    return totals


def row(players: int, policy: str, t: dict[str, float]) -> str:
    rounds, places = t["rounds"], max(t["placements"], 1.0)
    held = t["closer_held_rounds"]
    closer_share = t["closer_placed_rounds"] / held if held else 0.0
    return (
        f"| {policy} | {players} | {int(rounds)} | {t['closings_cutthroat'] / rounds:.2f} | "
        f"{t['closings_everyone_drew'] / rounds:.2f} | {t['closings_closer'] / rounds:.2f} | "
        f"{t['matches_2'] / rounds:.2f} | {t['matches_3'] / rounds:.3f} | "
        f"{100 * t['matches_2'] / places:.1f}% | {100 * t['matches_3'] / places:.2f}% | "
        f"{100 * closer_share:.0f}% | {t['turns'] / rounds:.1f} | "
        f"{rounds / t['games']:.2f} | {int(t['longest_round_turns'])} |"
    )


def crowded_legal_us(samples: int = 300) -> float:
    """Mean time of legal_action_ids on positions with at least 15 field cards (4 players)."""
    rng = Rng(5)
    positions: list[NachoState] = []
    seed = 0
    while len(positions) < samples:
        state = new_state("nacho-loco", 4, seed=seed)
        assert isinstance(state, NachoState)
        seed += 1
        while not state.is_terminal():
            if len(state.field_at) >= 15 and state.phase == "play":
                positions.append(state.clone())
                break
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
    repeats = 50
    start = time.perf_counter()
    for _ in range(repeats):
        for state in positions:
            state.legal_action_ids(state.active)
    return (time.perf_counter() - start) / (repeats * len(positions)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="rounds per cell (at least)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        "| player | seats | rounds | cut-throat | everyone drew | Closer | 2-match | 3-match "
        "| 2-match / placement | 3-match / placement | held Closer placed | turns / round "
        "| rounds / game | longest round (turns) |"
    )
    print("|" + "---|" * 14)
    for policy in ("random", "greedy"):
        for players in (4, 2, 3, 5, 6):
            totals = play_games(players, policy, args.rounds, args.seed)
            print(row(players, policy, totals), flush=True)
    crowded = crowded_legal_us()
    print(f"\nlegal_action_ids at a crowded board (>= 15 cards, 4 seats): {crowded:.1f} us")


if __name__ == "__main__":
    main()
