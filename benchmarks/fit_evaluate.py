"""Fit and check the win-share ``evaluate`` of Magic Show and Piece of the Action.

Search cuts rollouts off and scores the position with ``State.evaluate``: each seat's share of
the win from here. Both games model it the same way (``core.winshare.margin_shares``): a seat's
standing ``x`` (its points, plus in Magic Show ``alpha`` times what its practice pile would score
if performed now), and a softmax of ``x / spread`` where ``spread = scale * sqrt(left + c)``
grows with what is left to play (cards in the deck and in hands), so the same lead is worth
more near the end. ``scale`` and ``c`` (and ``alpha``) are fitted here by least log-loss on
positions of *training* games (seeds from 1000) and then scored on *held-out* games (seeds from
90000), against the leader-takes-all default and the base rate.

Players: every seat is ``random`` or ``greedy`` (drawn per seat and game), so positions range from
careless to sensible play. One position in every ``--every`` actions is kept, with the final
returns. Run::

    .venv/bin/python benchmarks/fit_evaluate.py --game magic-show --train 300 --test 300
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.agents import decide, make_agent
from cardtable.core import Rng, State, new_state
from cardtable.core.winshare import margin_shares


@dataclass
class Position:
    points: list[float]  # points per seat
    extra: list[float]  # the part weighted by alpha (Magic Show: show value now), per seat
    left: float  # cards left to play
    outcome: list[float]  # final returns
    leader_default: list[float]  # State's default evaluate (leader takes all)


def magic_show_features(state: State) -> tuple[list[float], list[float], float]:
    from cardtable.games.magic_show.scoring import show_value
    from cardtable.games.magic_show.table import DECK, HAND, PILE

    points = [float(s) for s in state.score]  # type: ignore[attr-defined]
    shows = [float(show_value(state.zones[PILE[s]])) for s in range(2)]
    left = float(len(state.zones[DECK]) + sum(len(state.zones[h]) for h in HAND))
    return points, shows, left


def pota_features(state: State) -> tuple[list[float], list[float], float]:
    from cardtable.games.piece_of_the_action.table import DECK, hand_zone

    n = state.num_players
    points = [float(s) for s in state.score]  # type: ignore[attr-defined]
    hands = sum(len(state.zones[hand_zone(s)]) for s in range(n))
    return points, [0.0] * n, float(len(state.zones[DECK]) + hands)


FEATURES: dict[str, Callable[[State], tuple[list[float], list[float], float]]] = {
    "magic-show": magic_show_features,
    "piece-of-the-action": pota_features,
}


def leader_takes_all(points: list[float]) -> list[float]:
    top = max(points)
    leaders = [s for s, v in enumerate(points) if v == top]
    return [1.0 / len(leaders) if s in leaders else 0.0 for s in range(len(points))]


def play(game: str, players: int, seed: int, every: int) -> list[Position]:
    state, rng = new_state(game, players, seed), Rng(seed)
    bots = [make_agent("greedy" if rng.below(2) else "random") for _ in range(players)]
    features = FEATURES[game]
    kept: list[tuple[list[float], list[float], float]] = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            kept.append(features(state))
        movers = state.to_act()
        seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
        state.apply(seat, decide(bots[seat], state, seat, rng.fork()))
        step += 1
    out = state.returns()
    return [Position(p, e, left, out, leader_takes_all(p)) for p, e, left in kept]


def shares(pos: Position, scale: float, c: float, alpha: float) -> list[float]:
    values = [p + alpha * e for p, e in zip(pos.points, pos.extra, strict=True)]
    return margin_shares(values, scale * math.sqrt(pos.left + c))


def log_loss(sample: list[Position], scale: float, c: float, alpha: float) -> float:
    total = 0.0
    for pos in sample:
        est = shares(pos, scale, c, alpha)
        total -= sum(o * math.log(max(e, 1e-9)) for o, e in zip(pos.outcome, est, strict=True))
    return total / len(sample)


def brier(sample: list[Position], est_of: Callable[[Position], list[float]]) -> float:
    """Mean over positions and seats of (estimate - outcome)^2."""
    total = 0.0
    count = 0
    for pos in sample:
        for e, o in zip(est_of(pos), pos.outcome, strict=True):
            total += (e - o) ** 2
            count += 1
    return total / count


def fit(sample: list[Position], fit_alpha: bool) -> tuple[float, float, float]:
    best = (math.inf, 1.0, 0.0, 0.0)
    alphas = [a / 4 for a in range(9)] if fit_alpha else [0.0]
    for alpha in alphas:
        for scale in [1.25**k for k in range(-8, 18)]:
            for c in (1.0, 3.0, 6.0, 10.0, 20.0, 40.0, 80.0, 160.0):
                loss = log_loss(sample, scale, c, alpha)
                if loss < best[0]:
                    best = (loss, scale, c, alpha)
    return best[1], best[2], best[3]


def reliability(sample: list[Position], est_of: Callable[[Position], list[float]]) -> None:
    bins: list[list[tuple[float, float]]] = [[] for _ in range(5)]
    for pos in sample:
        for e, o in zip(est_of(pos), pos.outcome, strict=True):
            bins[min(4, int(e * 5))].append((e, o))
    for b, inside in enumerate(bins):
        if inside:
            mean = sum(e for e, _ in inside) / len(inside)
            won = sum(o for _, o in inside) / len(inside)
            print(f"    {b / 5:.1f}-{(b + 1) / 5:.1f} | {len(inside)} | {mean:.3f} | {won:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(FEATURES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--train", type=int, default=300, help="training games (seeds 1000+)")
    parser.add_argument("--test", type=int, default=300, help="held-out games (seeds 90000+)")
    parser.add_argument("--every", type=int, default=5, help="keep one position in N actions")
    parser.add_argument("--use", help="check these constants instead of fitting: SCALE,C,ALPHA")
    args = parser.parse_args()
    start = time.perf_counter()
    train = [
        p for g in range(args.train) for p in play(args.game, args.players, 1000 + g, args.every)
    ]
    test = [
        p for g in range(args.test) for p in play(args.game, args.players, 90000 + g, args.every)
    ]
    if args.use:
        scale, c, alpha = (float(x) for x in args.use.split(","))
    else:
        scale, c, alpha = fit(train, args.game == "magic-show")
    print(
        f"{args.game}, {args.players} players: {len(train)} training positions"
        f" ({args.train} games), {len(test)} held-out ({args.test} games),"
        f" {time.perf_counter() - start:.0f} s"
    )
    how = "given" if args.use else "fitted"
    print(f"  {how}: scale={scale:.4g} c={c:g} alpha={alpha:g}")
    mean = [sum(p.outcome[s] for p in train) / len(train) for s in range(args.players)]
    for name, est_of in (
        ("fitted", lambda p: shares(p, scale, c, alpha)),
        ("leader takes all", lambda p: p.leader_default),
        ("base rate (training mean)", lambda p: mean),
    ):
        print(f"  held-out Brier, {name}: {brier(test, est_of):.4f}")
        reliability(test, est_of)


if __name__ == "__main__":
    main()
