"""Our IS-MCTS against OpenSpiel's ``ISMCTSBot`` on our games, seat-rotated, at equal iterations
or at equal time per decision.

Both bots play the OpenSpiel form of the game (:mod:`cardtable.envs.openspiel`): ours decides
through :func:`cardtable.agents.base.decide` from its seat's information only; OpenSpiel's Python
``ISMCTSBot`` searches with ``resample_from_infostate`` (our determinisation) and OpenSpiel's
random-rollout evaluator (one uniformly random rollout to the end of the game), ``uct_c=2`` and
its other defaults (a fresh world per simulation, UCT, the most visited action, nodes keyed by
information-state strings). The evaluator runs as :class:`cardtable.envs.openspiel.
RolloutEvaluator`, which draws exactly the same rollouts from the same generator without the
Python-game bridge (``--bridge`` uses OpenSpiel's own class: same moves, several times slower).
The bot's resampler is given a seeded sampler (by default it draws worlds from an unseeded one,
so no run could be repeated). Ours keeps its defaults otherwise (``c=0.7``, random rollouts cut
off after 8 actions and scored by the game's evaluation; ``--cutoff`` sets it, a large one plays
rollouts to the end as OpenSpiel's evaluator does).

Budgets: ``--iterations N`` gives both N iterations per decision. ``--time T`` gives both T
seconds per decision: ours through its own time budget; OpenSpiel's bot has only a simulation
count, so each of its decisions gets as many simulations as fit in T at the rate it has shown so
far in this game (:class:`TimedBudget`: its running mean seconds per simulation, measured from
a first decision of 4 simulations). The printed mean iterations per decision of
each side show what equal time meant.

Game *g* deals with seed ``1000 + g`` and seats ours at ``g % players``; the other seats are
OpenSpiel bots (generators seeded with *g*). ``--deadline S`` starts no new game after S seconds
of wall time, so a time-bound run still ends with its summary. Prints ours' mean win share with a
95% Wilson interval and parity (1/players).

Run: ``.venv/bin/python benchmarks/openspiel_ismcts.py GAME --players 2 --games 20
--iterations 50`` or ``... --time 0.2``. Without arguments (``make bench``): a two-game check.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.agents import decide
from cardtable.agents.ismcts import IsmctsAgent, IsmctsConfig
from cardtable.core import Rng
from cardtable.envs.openspiel import CardtableSpielState, RolloutEvaluator, short_name
from cardtable.simulate.stats import binomial_p_value, wilson


@dataclass
class TimedBudget:
    """OpenSpiel's simulation count for a time per decision, from its measured rate.

    The first decision plays ``first`` simulations; after that each gets
    ``seconds / (mean seconds per simulation so far)``, at least 2 (the bot's first simulation
    only expands its root, and it needs one visit to choose)."""

    seconds: float
    first: int = 4
    spent: float = 0.0
    done: int = 0
    counts: list[int] = field(default_factory=list)

    def next_count(self) -> int:
        if self.done == 0:
            return self.first
        return max(2, round(self.seconds * self.done / self.spent))

    def record(self, count: int, seconds: float) -> None:
        self.done += count
        self.spent += seconds
        self.counts.append(count)


@dataclass
class Tally:
    ours_iterations: list[int] = field(default_factory=list)
    theirs_iterations: list[int] = field(default_factory=list)


def play(args: argparse.Namespace, index: int, tally: Tally) -> float:
    """Ours' win share in game ``index``."""
    loaded = pyspiel.load_game(short_name(args.game), {"players": args.players})
    budget = (
        IsmctsConfig(time=args.time, cutoff=args.cutoff)
        if args.time
        else IsmctsConfig(iterations=args.iterations, cutoff=args.cutoff)
    )
    ours = IsmctsAgent(budget)
    random_state = np.random.RandomState(index)
    evaluator = mcts.RandomRolloutEvaluator if args.bridge else RolloutEvaluator
    theirs = ismcts.ISMCTSBot(
        loaded,
        evaluator(n_rollouts=1, random_state=random_state),
        uct_c=2.0,
        max_simulations=args.iterations or 1,
        random_state=random_state,
    )
    sampler = pyspiel.UniformProbabilitySampler(index, 0.0, 1.0)
    theirs.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
    timed = TimedBudget(args.time) if args.time else None
    our_seat = index % args.players
    rng = Rng(index)
    state: CardtableSpielState = loaded.new_initial_state()
    state.apply_action(1000 + index)
    while not state.is_terminal():
        seat = state.current_player()
        single = len(state.legal_actions()) == 1  # neither bot searches then
        if seat == our_seat:
            game_state = state.play.game_state
            assert game_state is not None
            action = decide(ours, game_state, seat, rng.fork()).id
            if not single:
                tally.ours_iterations.append(ours.last_iterations)
        else:
            action = _their_step(theirs, state, timed, single, tally)
        state.apply_action(action)
    return float(state.returns()[our_seat])


def _their_step(
    bot: ismcts.ISMCTSBot,
    state: CardtableSpielState,
    timed: TimedBudget | None,
    single: bool,
    tally: Tally,
) -> int:
    if timed is None or single:
        if not single:
            tally.theirs_iterations.append(bot._max_simulations)
        return int(bot.step(state))
    count = timed.next_count()
    bot._max_simulations = count
    started = time.perf_counter()
    action = int(bot.step(state))
    timed.record(count, time.perf_counter() - started)
    tally.theirs_iterations.append(count)
    return action


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="magic-show")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="index of the first game (deal)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=0, help="per decision, both bots")
    budget.add_argument("--time", type=float, default=0.0, help="seconds per decision, both")
    parser.add_argument("--cutoff", type=int, default=IsmctsConfig().cutoff)
    parser.add_argument("--deadline", type=float, default=0.0, help="no new game after S s")
    parser.add_argument(
        "--bridge", action="store_true", help="OpenSpiel's evaluator class (same draws, slower)"
    )
    args = parser.parse_args()
    if not args.iterations and not args.time:
        args.iterations = 25
    return args


def main() -> None:
    args = parse()
    start = time.perf_counter()
    tally = Tally()
    wins = 0.0
    played = 0
    for index in range(args.first, args.first + args.games):
        if args.deadline and time.perf_counter() - start > args.deadline:
            print(f"deadline: stopped after {played} of {args.games} games", flush=True)
            break
        began = time.perf_counter()
        share = play(args, index, tally)
        wins += share
        played += 1
        print(
            f"game {index}: ours {share:.2f} (running {wins:.1f}/{played}) "
            f"{time.perf_counter() - began:.0f} s",
            flush=True,
        )
    lo, hi = wilson(wins, played)
    budget = f"{args.time} s/decision" if args.time else f"{args.iterations} iterations"
    print(
        f"{args.game} {args.players}p, {budget}, our cutoff {args.cutoff}: ours vs OpenSpiel "
        f"ISMCTSBot: win share {wins / max(played, 1):.3f} (95% CI {lo:.3f}-{hi:.3f}) over "
        f"{played} games ({args.first}-{args.first + played - 1}); parity {1 / args.players:.3f} "
        f"(exact binomial p {binomial_p_value(wins, played, 1 / args.players):.3f}); "
        f"mean iterations per searched "
        f"decision: ours {np.mean(tally.ours_iterations or [0]):.0f}, theirs "
        f"{np.mean(tally.theirs_iterations or [0]):.0f}; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
