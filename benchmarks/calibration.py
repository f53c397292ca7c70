"""Are the "win %" estimates of hints and review calibrated? Brier score and a reliability table.

Plays held-out games (seeds the search never saw; every seat played by ``--players-bot``, the
rule of thumb by default, so the positions are ones a person meets), and at every ``--every``-th
decision with a choice asks :func:`cardtable.agents.analysis.estimate` for the deciding seat's
estimated win share after the action it then plays — the figure review shows. When the game ends
each estimate is paired with that seat's share of the win (1, 0, or 1/k for a k-way tie).

Reported per game: the Brier score of the estimates, the Brier score of always guessing the
base rate (the mean outcome of the same sample, which flatters the base rate a little), the skill
``1 - Brier/base`` with a 95% bootstrap interval over games (estimates within a game are not
independent), and a reliability table: estimates in five bins, their mean, the observed win share
and its 95% Wilson interval. Run, e.g.::

    .venv/bin/python benchmarks/calibration.py --games 12 --search ismcts:iterations=300
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass
from typing import NamedTuple

from cardtable.agents import decide, make_agent
from cardtable.agents.analysis import estimate
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, get_game, list_games, new_state
from cardtable.simulate.stats import wilson

BINS = 5
BOOTSTRAP = 2000


@dataclass
class Sample:
    game_index: int
    estimate: float
    outcome: float


def play_one(game: str, players: int, seed: int, args: argparse.Namespace) -> list[Sample]:
    """One held-out game; an estimate at every ``every``-th decision with a choice."""
    state, rng = new_state(game, players, seed), Rng(seed)
    bots = [make_agent(args.players_bot) for _ in range(players)]
    pending: list[tuple[int, float]] = []
    decisions = 0
    while not state.is_terminal():
        movers = state.to_act()
        seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
        action = decide(bots[seat], state, seat, rng.fork())
        if len(state.legal_action_ids(seat)) > 1:
            decisions += 1
            if decisions % args.every == 0:
                info = InfoSet(state, seat, rng.fork())
                rows = estimate(info, rng.fork(), args.search)
                win = next(r.win for r in rows if r.action == action)
                if win is not None:
                    pending.append((seat, win))
        state.apply(seat, action)
    returns = state.returns()
    return [Sample(seed, p, returns[s]) for s, p in pending]


def brier(samples: list[Sample], guess: float | None = None) -> float:
    """Mean squared error of the estimates (or of one constant ``guess``) against outcomes."""
    total = sum(((s.estimate if guess is None else guess) - s.outcome) ** 2 for s in samples)
    return total / len(samples)


def skill(samples: list[Sample]) -> float:
    base = sum(s.outcome for s in samples) / len(samples)
    b0 = brier(samples, base)
    return 1.0 - brier(samples) / b0 if b0 > 0 else 0.0


def skill_interval(samples: list[Sample], rng: Rng) -> tuple[float, float]:
    """95% bootstrap interval of the skill, resampling whole games."""
    games: dict[int, list[Sample]] = {}
    for s in samples:
        games.setdefault(s.game_index, []).append(s)
    groups = list(games.values())
    stats = []
    for _ in range(BOOTSTRAP):
        pick = [x for _ in groups for x in groups[rng.below(len(groups))]]
        stats.append(skill(pick))
    stats.sort()
    return stats[int(0.025 * BOOTSTRAP)], stats[int(0.975 * BOOTSTRAP) - 1]


def squash(p: float, a: float, b: float) -> float:
    """``sigmoid(a * logit(p) + b)``: a temperature (``a``) and a shift (``b``) of an estimate."""
    p = min(max(p, 1e-4), 1 - 1e-4)
    z = a * math.log(p / (1 - p)) + b
    return 1 / (1 + math.exp(-z))


def fit_map(samples: list[Sample]) -> tuple[float, float]:
    """The ``(a, b)`` of :func:`squash` with the lowest Brier score on ``samples`` (a grid)."""
    best = (1.0, 0.0)
    best_score = brier(samples)
    for a10 in range(2, 61):
        for b10 in range(-15, 16):
            a, b = a10 / 10, b10 / 10
            score = sum((squash(s.estimate, a, b) - s.outcome) ** 2 for s in samples)
            if score / len(samples) < best_score:
                best, best_score = (a, b), score / len(samples)
    return best


def cross_fitted(samples: list[Sample]) -> tuple[list[Sample], list[tuple[float, float]]]:
    """Every estimate mapped by a temperature fitted on the *other* half of the games.

    Games alternate between two folds by index; each fold is mapped with the map fitted on the
    other, so the Brier score of the result is measured on games the map never saw.
    """
    games = sorted({s.game_index for s in samples})
    fold = {g: k % 2 for k, g in enumerate(games)}
    out: list[Sample] = []
    maps = []
    for side in (0, 1):
        train = [s for s in samples if fold[s.game_index] != side]
        a, b = fit_map(train)
        maps.append((a, b))
        out += [
            Sample(s.game_index, squash(s.estimate, a, b), s.outcome)
            for s in samples
            if fold[s.game_index] == side
        ]
    return out, maps


class Bin(NamedTuple):
    """One estimate bin of a reliability table: its range, how many estimates fell in it, their
    mean, the share of those won and its 95% Wilson interval."""

    low: float
    high: float
    count: int
    mean: float
    share: float
    w_lo: float
    w_hi: float


def reliability(samples: list[Sample]) -> list[Bin]:
    """The non-empty bins of ``BINS`` equal ranges (an estimate of exactly 1 in the last)."""
    rows = []
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        last = b == BINS - 1
        inside = [s for s in samples if low <= s.estimate < high or (last and s.estimate == 1)]
        if not inside:
            continue
        won = sum(s.outcome for s in inside)
        w_lo, w_hi = wilson(won, len(inside))
        mean = sum(s.estimate for s in inside) / len(inside)
        rows.append(Bin(low, high, len(inside), mean, won / len(inside), w_lo, w_hi))
    return rows


def report(game: str, players: int, samples: list[Sample], seconds: float) -> None:
    base = sum(s.outcome for s in samples) / len(samples)
    lo, hi = skill_interval(samples, Rng(1))
    games = len({s.game_index for s in samples})
    print(
        f"\n{game}, {players} players: {len(samples)} estimates from {games} games"
        f" ({seconds:.0f} s)"
        f"\n  Brier {brier(samples):.3f}  base rate {base:.3f} -> Brier {brier(samples, base):.3f}"
        f"  skill {skill(samples):+.3f} (95% CI {lo:+.3f} to {hi:+.3f})"
    )
    print("  estimate bin | n | mean estimate | won | 95% CI")
    for row in reliability(samples):
        print(
            f"  {row.low:.1f}-{row.high:.1f} | {row.count} | {row.mean:.3f}"
            f" | {row.share:.3f} | {row.w_lo:.3f}-{row.w_hi:.3f}"
        )


def save(path: str, game: str, samples: list[Sample]) -> None:
    """Append samples as JSON lines (written game by game, so a cut-short run keeps its data)."""
    with open(path, "a", encoding="utf-8") as out:
        for s in samples:
            row = {"game": game, "seed": s.game_index, "estimate": s.estimate}
            out.write(json.dumps({**row, "outcome": s.outcome}) + "\n")


def load(path: str) -> dict[str, list[Sample]]:
    """Samples saved by :func:`save`, by game."""
    by_game: dict[str, list[Sample]] = {}
    with open(path, encoding="utf-8") as rows:
        for line in rows:
            row = json.loads(line)
            sample = Sample(row["seed"], row["estimate"], row["outcome"])
            by_game.setdefault(row["game"], []).append(sample)
    return by_game


def summarise(game: str, samples: list[Sample], seconds: float, fit: bool) -> None:
    players = get_game(game).min_players
    report(game, players, samples, seconds)
    if fit and len({s.game_index for s in samples}) >= 2:
        mapped, maps = cross_fitted(samples)
        fitted = ", ".join(f"a={a:g} b={b:+g}" for a, b in maps)
        print(f"  cross-fitted temperature map ({fitted}; each half mapped by the other's):")
        report(game, players, mapped, 0.0)


def plot(path: str, by_game: dict[str, list[Sample]]) -> None:
    """A reliability plot per game: mean estimate against share won (95% Wilson bars) per bin.

    Points on the diagonal are calibrated; the title carries the Brier score and the base
    rate's. Imported here so the measurement itself needs no plotting library.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = sorted(by_game)
    fig, axes = plt.subplots(1, len(games), figsize=(3.2 * len(games), 3.6), squeeze=False)
    for ax, game in zip(axes[0], games, strict=True):
        samples = by_game[game]
        base = sum(s.outcome for s in samples) / len(samples)
        rows = reliability(samples)
        xs, ys, counts = [r.mean for r in rows], [r.share for r in rows], [r.count for r in rows]
        lows = [max(0.0, r.share - r.w_lo) for r in rows]
        highs = [max(0.0, r.w_hi - r.share) for r in rows]
        ax.plot([0, 1], [0, 1], color="0.7", linestyle="--", linewidth=1)
        ax.errorbar(xs, ys, yerr=[lows, highs], marker="o", capsize=3)
        for x, y, n in zip(xs, ys, counts, strict=True):
            ax.annotate(str(n), (x, y), textcoords="offset points", xytext=(5, -10), fontsize=7)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
        ax.set_title(
            f"{game}\nBrier {brier(samples):.3f} (base {brier(samples, base):.3f})", fontsize=9
        )
        ax.set_xlabel("estimated win share")
    axes[0][0].set_ylabel("share won (95% CI)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="held-out games per game")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--search", default="ismcts:iterations=300", help="the estimating search")
    parser.add_argument("--players-bot", default="greedy", help="the bot in every seat")
    parser.add_argument("--every", type=int, default=3, help="estimate every Nth decision")
    parser.add_argument("--seed", type=int, default=50_000, help="first seed (held out)")
    parser.add_argument("--fit", action="store_true", help="also a cross-fitted temperature map")
    parser.add_argument("--samples", help="append every (game, seed, estimate, outcome) here")
    parser.add_argument("--report", metavar="FILE", help="only report the samples saved in FILE")
    parser.add_argument("--plot", metavar="PNG", help="with --report: a reliability plot per game")
    args = parser.parse_args()
    if args.report:
        chosen = {g: s for g, s in load(args.report).items() if not args.game or g in args.game}
        for game, samples in chosen.items():
            summarise(game, samples, 0.0, args.fit)
        if args.plot:
            plot(args.plot, chosen)
        return
    print(f"search {args.search}; players {args.players_bot}; every {args.every}th decision")
    for info in list_games():
        if args.game and info.name not in args.game:
            continue
        players = get_game(info.name).min_players
        start = time.perf_counter()
        samples: list[Sample] = []
        for g in range(args.games):
            new = play_one(info.name, players, args.seed + g, args)
            samples += new
            if args.samples:
                save(args.samples, info.name, new)
        summarise(info.name, samples, time.perf_counter() - start, args.fit)


if __name__ == "__main__":
    main()
