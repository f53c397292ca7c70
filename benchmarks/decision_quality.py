"""Decision-quality screen: a bot's regret on fixed positions against an expensive reference.

Why (docs/bots.md, "Nacho Loco, seventh sitting: a decision-quality screen"): a 30-game ladder
cannot tell apart bots whose true win shares differ by 0.05, and a 150-game one costs an hour of
a shared core. Here every candidate answers the *same* positions, so candidates are compared
paired, position by position, against one fixed reference estimate of every legal action's value.

* ``positions``: games of an epsilon-greedy pair (the rule of thumb, a random move one time in
  ``--epsilon``), dealt from ``--seed``; a decision with a choice is kept with probability
  ``--keep``, so early, middle and late positions all appear. Regenerated from the seed on every
  run (cheap), never stored; the cache stores a fingerprint of each to check they match.
* ``reference``: from the acting seat's information set (``InfoSet.sample``, the game's own
  sampler), ``--worlds`` sampled worlds; in each, every legal action is applied and rolled out
  ``--per-world`` times with random moves for ``--ref-cutoff`` actions (0: to the end of the game)
  and scored like the bots (``--ref-value``: ``auto`` is the fitted search value where the game
  prefers it). The action values and their standard errors are appended to a JSON-lines cache,
  one line a position, so a long run can be stopped and resumed.
* ``score``: each bot spec decides every cached position (seeded, ``--reps`` times), its CPU time
  measured with ``time.thread_time`` as in ``benchmarks/search_cpu.py``; its regret is the
  reference's best value minus the value of the action it chose. Printed: mean regret with a 95%
  interval over positions, the share of reference-best choices, CPU a decision, and the paired
  difference of mean regret against the first spec with its 95% interval.

Bias of the reference (say so beside every figure): it is flat PIMC with a huge budget, so it
values a move as if both seats then played *randomly* (``--ref-cutoff 0``) or as the fitted value
judges the position a few random moves on, in worlds where the seat's hidden information is
re-dealt uniformly. It has PIMC's strategy fusion (it assumes it would know the hidden cards after
the move) and no opponent model. A bot that estimates the same quantity with less noise scores
well; a bot that plays *better* than the reference's policy (for example, avoids a move that is
fine against a random opponent but bad against a careful one) is scored as if it erred.

Run on the engine the ladder uses (compiled: ``cardtable --version``)::

    nice -n 10 .venv/bin/python benchmarks/decision_quality.py reference --positions 150
    .venv/bin/python benchmarks/decision_quality.py score "pimc:time=0.045,clock=cpu" hard
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.agents import decide, make_agent
from cardtable.agents.base import InfoSet
from cardtable.agents.halving import HalvingAgent, HalvingConfig
from cardtable.agents.pimc import PimcAgent, PimcConfig
from cardtable.core import Rng, State, new_state

CACHE_DIR = Path(__file__).with_name("decision_quality")


@dataclass(frozen=True, slots=True)
class Position:
    index: int
    game_seed: int
    step: int
    seat: int
    state: State

    def fingerprint(self) -> list[int]:
        return sorted(self.state.legal_action_ids(self.seat))


def positions(
    game: str, count: int, seed: int, epsilon: int = 10, keep: float = 0.2, players: int = 2
) -> list[Position]:
    """``count`` decisions with a choice from epsilon-greedy games dealt from ``seed``."""
    greedy = make_agent("greedy")
    out: list[Position] = []
    game_seed = seed * 1000
    while len(out) < count:
        state, rng = new_state(game, players, seed=game_seed), Rng(game_seed)
        step = 0
        while not state.is_terminal() and len(out) < count:
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            if len(ids) > 1 and rng.below(1000) < keep * 1000:
                out.append(Position(len(out), game_seed, step, seat, state.clone()))
            if len(ids) > 1 and rng.below(epsilon) == 0:
                state.apply_unchecked(seat, ids[rng.below(len(ids))])
            else:
                state.apply(seat, decide(greedy, state, seat, rng))
            step += 1
        game_seed += 1
    return out


def reference(
    pos: Position,
    worlds: int,
    per_world: int,
    cutoff: int,
    value: str,
    seed: int,
    rollout: str = "random",
    stop: str = "cutoff",
) -> dict[str, Any]:
    """Every legal action's mean return for the seat over shared sampled worlds, with SEs.

    ``rollout="heavy"`` or ``stop="round"`` roll out as ``pimc`` does with those options (the
    game's ``rollout_action_id``; to the end of the decision's round), scored by ``value``
    (``evaluate``, ``search`` or ``margin``); otherwise as ``halving`` (``value`` may be ``auto``).
    """
    plain = rollout == "random" and stop == "cutoff"
    roller = HalvingAgent(HalvingConfig(cutoff=cutoff, value=value if plain else "auto"))
    pimc = PimcAgent(PimcConfig(cutoff=cutoff, rollout=rollout, stop=stop, value=value))
    rng = Rng(seed * 1_000_003 + pos.index)
    info = InfoSet(pos.state, pos.seat, rng.fork())
    ids = [a.id for a in info.legal]
    sums = [0.0] * len(ids)
    squares = [0.0] * len(ids)
    for _ in range(worlds):
        world = info.sample(rng)
        mark = world.round_mark()
        for k, action_id in enumerate(ids):
            total = 0.0
            for _ in range(per_world):
                state = world.clone()
                state.apply_unchecked(pos.seat, action_id)
                if plain:
                    total += roller._rollout(state, rng, mark)[pos.seat]
                else:
                    total += pimc.rollout_value(state, rng, mark)[pos.seat]
            mean = total / per_world
            sums[k] += mean
            squares[k] += mean * mean
    values = [s / worlds for s in sums]
    ses = [
        math.sqrt(max(q / worlds - v * v, 0.0) / max(worlds - 1, 1))
        for q, v in zip(squares, values, strict=True)
    ]
    return {
        "index": pos.index,
        "game_seed": pos.game_seed,
        "step": pos.step,
        "legal": ids,
        "values": values,
        "se": ses,
        "worlds": worlds,
        "per_world": per_world,
    }


def cache_path(args: argparse.Namespace) -> Path:
    name = f"{args.game}-s{args.seed}-c{args.ref_cutoff}-{args.ref_value}"
    if args.players != 2:
        name += f"-p{args.players}"
    if args.ref_rollout != "random":
        name += f"-{args.ref_rollout}"
    if args.ref_stop != "cutoff":
        name += f"-stop{args.ref_stop}"
    name += ".jsonl"
    return CACHE_DIR / name


def load_cache(path: Path) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {int(row["index"]): row for row in rows}


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and a normal 95% interval (over positions: many, so the normal is fine)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    return m, m - half, m + half


def run_reference(args: argparse.Namespace) -> None:
    path = cache_path(args)
    path.parent.mkdir(exist_ok=True)
    done = load_cache(path)
    for pos in positions(args.game, args.positions, args.seed, players=args.players):
        if pos.index in done:
            if done[pos.index]["legal"] != [a.id for a in pos.state.legal_actions(pos.seat)]:
                raise SystemExit(f"position {pos.index} does not match the cache; new --seed?")
            continue
        start = time.thread_time()
        row = reference(
            pos,
            args.worlds,
            args.per_world,
            args.ref_cutoff,
            args.ref_value,
            7,
            args.ref_rollout,
            args.ref_stop,
        )
        row["cpu_s"] = round(time.thread_time() - start, 3)
        with path.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(
            f"position {pos.index}: {len(pos.fingerprint())} actions, {row['cpu_s']} s", flush=True
        )


def run_score(args: argparse.Namespace) -> None:
    cache = load_cache(cache_path(args))
    made = positions(args.game, args.positions, args.seed, players=args.players)
    pool = [p for p in made if p.index in cache]
    print(f"{len(pool)} positions with a reference ({cache_path(args).name})")
    ref_se = [max(cache[p.index]["se"]) for p in pool]
    print(f"reference: mean of the largest action SE {sum(ref_se) / len(ref_se):.4f}")
    per_spec: dict[str, list[float]] = {}
    picks: dict[str, list[int]] = {}
    for spec in args.specs:
        bot = make_agent(spec)
        regrets: list[float] = []
        choices: list[int] = []  # the first rep's action id a position (agreement between specs)
        hits = 0
        cpu = 0.0
        for pos in pool:
            row = cache[pos.index]
            legal: list[int] = row["legal"]
            values: list[float] = row["values"]
            regret = 0.0
            for rep in range(args.reps):
                rng = Rng(args.score_seed * 1_000_003 + pos.index * 101 + rep)
                start = time.thread_time()
                action = decide(bot, pos.state, pos.seat, rng)
                if rep == 0:
                    choices.append(action.id)
                cpu += time.thread_time() - start
                r = max(values) - values[legal.index(action.id)]
                regret += r / args.reps
                hits += r == 0.0
            regrets.append(regret)
        per_spec[spec] = regrets
        picks[spec] = choices
        m, lo, hi = mean_ci(regrets)
        decisions = len(pool) * args.reps
        if args.out:
            with open(args.out, "a") as f:
                f.write(
                    json.dumps(
                        {
                            "spec": spec,
                            "cpu_ms": cpu / decisions * 1000,
                            "regrets": regrets,
                            "choices": choices,
                        }
                    )
                    + "\n"
                )
        print(
            f"{spec}: regret {m:.4f} ({lo:.4f}-{hi:.4f}); best {hits / decisions:.3f}; "
            f"{cpu / decisions * 1000:.1f} ms CPU a decision",
            flush=True,
        )
    first = args.specs[0]
    for spec in args.specs[1:]:
        diff = [b - a for a, b in zip(per_spec[first], per_spec[spec], strict=True)]
        m, lo, hi = mean_ci(diff)
        same = sum(a == b for a, b in zip(picks[first], picks[spec], strict=True))
        print(
            f"{spec} minus {first}: {m:+.4f} ({lo:+.4f} to {hi:+.4f}); "
            f"same first choice in {same} of {len(pool)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["reference", "score"])
    parser.add_argument("specs", nargs="*", help="bot specs to score (score)")
    parser.add_argument("--game", default="nacho-loco")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=9, help="deals of the position games")
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--per-world", type=int, default=1)
    parser.add_argument("--ref-cutoff", type=int, default=0)
    parser.add_argument("--ref-value", default="auto")
    parser.add_argument("--players", type=int, default=2, help="3 for Score!")
    parser.add_argument("--ref-rollout", default="random", choices=["random", "heavy"])
    parser.add_argument("--ref-stop", default="cutoff", choices=["cutoff", "round"])
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--score-seed", type=int, default=1)
    parser.add_argument("--out", help="append each spec's per-position regrets (JSON lines)")
    args = parser.parse_args()
    if args.command == "reference":
        run_reference(args)
    else:
        run_score(args)


if __name__ == "__main__":
    main()
