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
seconds per decision, by default of CPU time (``--clock cpu``: this thread's, ``time.
thread_time``; both bots run in it, one after the other), which a shared machine's load does not
change; ``--clock wall`` measures wall time. Ours stops its own search at T; OpenSpiel's bot has
only a simulation count, so each of its decisions gets as many simulations as fit in T at the
rate it has shown so far in this game (:class:`TimedBudget`: its running mean seconds per
simulation, measured from a first decision of 4 simulations). The summary prints the mean
iterations and the mean CPU seconds per searched decision that each side actually used, which
show what equal time meant.

Game *g* deals with seed ``1000 + g`` and seats ours at ``g % players``; the other seats are
OpenSpiel bots (generators seeded with *g*). ``--deadline S`` starts no new game after S seconds
of wall time, so a time-bound run still ends with its summary. ``--log FILE`` appends one JSON
line per game and makes a run resumable: games already in the file under the same settings are
not played again, and the summary counts every logged game of the range (settings compared as
data: :func:`same_settings`). Prints ours' mean win
share with a 95% Wilson interval, parity (1/players), and how many games at that share a 95%
interval would need to exclude parity.

Run: ``.venv/bin/python benchmarks/openspiel_ismcts.py GAME --players 2 --games 20
--iterations 50`` or ``... --time 0.2``. Without arguments (``make bench``): a two-game check.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

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
    clock: Callable[[], float] = time.thread_time
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
    """Per searched decision (more than one legal action): iterations and CPU seconds."""

    ours_iterations: list[int] = field(default_factory=list)
    theirs_iterations: list[int] = field(default_factory=list)
    ours_cpu: list[float] = field(default_factory=list)
    theirs_cpu: list[float] = field(default_factory=list)

    def means(self) -> dict[str, float]:
        return {
            name: float(np.mean(values)) if values else 0.0 for name, values in vars(self).items()
        }


def games_needed(share: float, parity: float, limit: int = 100_000) -> int | None:
    """Fewest games at which a win share of ``share`` would have a 95% Wilson interval that
    excludes ``parity`` (None if it never would: the share is parity, or beyond ``limit``)."""
    if share == parity:
        return None
    low, high = 1, limit
    if not _excludes(share, high, parity):
        return None
    while low < high:  # the interval narrows as games are added at a fixed share
        middle = (low + high) // 2
        if _excludes(share, middle, parity):
            high = middle
        else:
            low = middle + 1
    return low


def _excludes(share: float, games: int, parity: float) -> bool:
    lo, hi = wilson(share * games, games)
    return lo > parity or hi < parity


def play(args: argparse.Namespace, index: int, tally: Tally) -> float:
    """Ours' win share in game ``index``."""
    loaded = pyspiel.load_game(short_name(args.game), {"players": args.players})
    budget = (
        IsmctsConfig(time=args.time, cutoff=args.cutoff, clock=args.clock)
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
    clock = time.thread_time if args.clock == "cpu" else time.perf_counter
    timed = TimedBudget(args.time, clock) if args.time else None
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
            started = time.thread_time()
            action = decide(ours, game_state, seat, rng.fork()).id
            if not single:
                tally.ours_iterations.append(ours.last_iterations)
                tally.ours_cpu.append(time.thread_time() - started)
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
    if single:
        return int(bot.step(state))
    cpu = time.thread_time()
    if timed is None:
        action = int(bot.step(state))
        tally.theirs_iterations.append(bot._max_simulations)
    else:
        count = timed.next_count()
        bot._max_simulations = count
        started = timed.clock()
        action = int(bot.step(state))
        timed.record(count, timed.clock() - started)
        tally.theirs_iterations.append(count)
    tally.theirs_cpu.append(time.thread_time() - cpu)
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
    parser.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="what --time measures"
    )
    parser.add_argument("--cutoff", type=int, default=IsmctsConfig().cutoff)
    parser.add_argument("--log", type=Path, help="JSON lines, one per game; resumes a run")
    parser.add_argument("--deadline", type=float, default=0.0, help="no new game after S s")
    parser.add_argument(
        "--bridge", action="store_true", help="OpenSpiel's evaluator class (same draws, slower)"
    )
    args = parser.parse_args()
    if not args.iterations and not args.time:
        args.iterations = 25
    return args


def settings(args: argparse.Namespace) -> dict[str, object]:
    """What makes two logged games comparable (everything but the game's index); ``ours`` is
    our search's default configuration as a dict of its fields."""
    return {
        "game": args.game,
        "players": args.players,
        "iterations": args.iterations,
        "time": args.time,
        "clock": args.clock if args.time else None,
        "cutoff": args.cutoff,
        "bridge": args.bridge,
        "ours": dataclasses.asdict(IsmctsConfig()),
    }


def config_fields(logged: object) -> dict[str, object]:
    """The fields of an ``IsmctsConfig`` as a log holds them: a dict (logs from now on) or, in
    older logs, its ``repr`` text (``IsmctsConfig(iterations=1000, c=0.7, ...)``), parsed as
    Python literals rather than compared as text, so that spacing or quoting cannot matter."""
    if isinstance(logged, dict):
        return {str(name): value for name, value in logged.items()}
    if not isinstance(logged, str):
        raise ValueError(f"not an IsmctsConfig: {logged!r}")
    try:
        call = ast.parse(logged.strip(), mode="eval").body
    except SyntaxError as error:
        raise ValueError(f"not an IsmctsConfig: {logged!r}") from error
    if not (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == IsmctsConfig.__name__
        and not call.args
        and all(keyword.arg is not None for keyword in call.keywords)
    ):
        raise ValueError(f"not an IsmctsConfig: {logged!r}")
    return {str(k.arg): ast.literal_eval(k.value) for k in call.keywords}


def same_config(logged: object, wanted: object) -> bool:
    """Whether two logged ``IsmctsConfig``s configure the same search. A field missing from
    either counts as its default (a field is added with the default that keeps the old
    behaviour: ``keep=0.0`` did not exist when the first logs were written); a field the
    current class does not have makes them differ (it cannot be checked)."""
    defaults = {f.name: f.default for f in dataclasses.fields(IsmctsConfig)}
    one, two = config_fields(logged), config_fields(wanted)
    if not set(one) <= set(defaults) or not set(two) <= set(defaults):
        return False
    return all(one.get(name, d) == two.get(name, d) for name, d in defaults.items())


def same_settings(logged: dict[str, object], wanted: dict[str, object]) -> bool:
    """Whether a logged game was played under ``wanted``: the same keys and values, with our
    search's configuration compared as data (:func:`same_config`)."""
    if set(logged) != set(wanted):
        return False
    rest = [name for name in wanted if name != "ours"]
    if any(logged[name] != wanted[name] for name in rest):
        return False
    return "ours" not in wanted or same_config(logged["ours"], wanted["ours"])


def logged(args: argparse.Namespace) -> dict[int, dict[str, object]]:
    """Games of this range already in ``--log`` under the same settings, by index."""
    if args.log is None or not args.log.exists():
        return {}
    wanted = settings(args)
    out = {}
    for line in args.log.read_text().splitlines():
        entry = json.loads(line)
        index = entry["index"]
        in_range = args.first <= index < args.first + args.games
        if in_range and same_settings(entry["settings"], wanted):
            out[index] = entry
    return out


def main() -> None:
    args = parse()
    start = time.perf_counter()
    games = logged(args)
    if games:
        print(f"resuming: {len(games)} games of this range already in {args.log}", flush=True)
    for index in range(args.first, args.first + args.games):
        if index in games:
            continue
        if args.deadline and time.perf_counter() - start > args.deadline:
            print(f"deadline: stopped with {len(games)} of {args.games} games", flush=True)
            break
        began = time.perf_counter()
        tally = Tally()
        share = play(args, index, tally)
        entry = {
            "index": index,
            "share": share,
            "seconds": round(time.perf_counter() - began, 1),
            **{name: round(value, 4) for name, value in tally.means().items()},
            "settings": settings(args),
        }
        games[index] = entry
        if args.log is not None:
            with args.log.open("a") as out:
                out.write(json.dumps(entry) + "\n")
        wins = sum(float(e["share"]) for e in games.values())  # type: ignore[arg-type]
        means = tally.means()
        print(
            f"game {index}: ours {share:.2f} (running {wins:.1f}/{len(games)}) "
            f"{entry['seconds']:.0f} s; per decision ours {means['ours_iterations']:.0f} it "
            f"{means['ours_cpu']:.3f} s, theirs {means['theirs_iterations']:.0f} it "
            f"{means['theirs_cpu']:.3f} s CPU",
            flush=True,
        )
    summarise(args, list(games.values()), time.perf_counter() - start)


def summarise(args: argparse.Namespace, games: list[dict[str, object]], seconds: float) -> None:
    played = len(games)
    wins = sum(float(e["share"]) for e in games)  # type: ignore[arg-type]
    share = wins / max(played, 1)
    parity = 1 / args.players
    lo, hi = wilson(wins, played)
    need = games_needed(share, parity)

    def mean(name: str) -> float:
        return float(np.mean([float(e[name]) for e in games])) if games else 0.0  # type: ignore[arg-type]

    budget = (
        f"{args.time} s/decision ({args.clock})" if args.time else f"{args.iterations} iterations"
    )
    indices = sorted(int(e["index"]) for e in games)  # type: ignore[call-overload]
    span = f"{indices[0]}-{indices[-1]}" if indices else "none"
    print(
        f"{args.game} {args.players}p, {budget}, our cutoff {args.cutoff}: ours vs OpenSpiel "
        f"ISMCTSBot: win share {share:.3f} (95% CI {lo:.3f}-{hi:.3f}) over {played} games "
        f"({span}); parity {parity:.3f} (exact binomial p "
        f"{binomial_p_value(wins, played, parity):.3f}); games for a CI excluding parity at "
        f"this share: {need if need is not None else 'never'}; per searched decision "
        f"(mean of game means): ours {mean('ours_iterations'):.0f} iterations "
        f"{mean('ours_cpu'):.3f} s CPU, theirs {mean('theirs_iterations'):.0f} iterations "
        f"{mean('theirs_cpu'):.3f} s CPU; {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
