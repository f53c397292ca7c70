"""Sequential halving over the root actions on shared sampled worlds: flat PIMC that drops losers.

Why (docs/bots.md, "Nacho Loco, sixth sitting"): in Nacho Loco the values of the sane placements
differ by 0.01–0.05, so UCT's exploration term spreads ``hard``'s 400 iterations almost evenly
over up to 18 root actions, each compared on different worlds; the flat baseline (:mod:`.pimc`)
keeps up because it rolls *every* action out in *every* sampled world, so its comparisons are
paired. This bot keeps the pairing and spends the budget where the decision is made: sequential
halving (Karnin, Koren and Somekh 2013) splits ``rollouts`` over ``ceil(log2 K)`` rounds; in
each round every surviving action is rolled out once in each of that round's sampled worlds, and
the better half (by mean over every world so far, which all survivors share) goes on. The last
two actions are compared on many more shared worlds than flat PIMC gives any pair.

Rollouts are random for at most ``cutoff`` actions (``cutoff=0``: to the end) and scored like
``hard``'s (``value=auto``: the game's ``search_value`` where the game opts in, else
``State.evaluate``). With ``stop=round`` a rollout ignores ``cutoff`` and plays on until the
round the decision was taken in has ended (``State.round_mark`` changes; a game without rounds:
to the end of the game), so the leaf is scored after the round's own scoring has moved the
totals (docs/bots.md, "Ninth sitting"). The budget is a number of rollouts, so a choice is
reproducible from the seed, or ``time`` seconds (``clock``: ``wall`` or ``cpu``) split evenly
over the halving rounds, each round at least one world. Like every bot it sees only
:class:`~cardtable.agents.base.InfoSet`: worlds come from ``InfoSet.sample``.

>>> from cardtable.agents.base import decide
>>> from cardtable.core import Rng, new_state
>>> state = new_state("magic-show", 2, seed=3)
>>> decide(HalvingAgent(HalvingConfig(rollouts=60)), state, 0, Rng(1)) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from cardtable.agents.base import InfoSet
from cardtable.agents.ismcts import _prefers_search_value
from cardtable.core import Action, Rng, State

#: Safety net for ``cutoff=0``: no game in the registry comes near this many actions.
_MAX_ROLLOUT = 100_000


@dataclass(frozen=True, slots=True)
class HalvingConfig:
    rollouts: int = 600  # rollouts a decision, split evenly over the rounds
    cutoff: int = 8  # rollout actions before the position is scored; 0 = to the end of the game
    value: str = "auto"  # "evaluate", "search" (the game's) or "auto" (as in ismcts)
    time: float = 0.0  # seconds; when > 0 it replaces the rollout budget
    clock: str = "wall"  # what ``time`` measures: "wall" (perf_counter) or "cpu" (thread_time)
    stop: str = "cutoff"  # "cutoff" (after ``cutoff`` actions) or "round" (at the round's end)


class HalvingAgent:
    """A sequential-halving bot; see the module docstring."""

    name = "halving"

    def __init__(self, config: HalvingConfig | None = None) -> None:
        self.config = config or HalvingConfig()
        self.last_rollouts = 0
        self.last_worlds = 0

    def choose_from(self, info: InfoSet, rng: Rng) -> Action:
        if len(info.legal) == 1:
            return info.legal[0]
        return info.legal[self.best_index(info, rng)]

    def best_index(self, info: InfoSet, rng: Rng) -> int:
        """The index in ``info.legal`` of the action left after the last halving round."""
        seat = info.seat
        ids = [a.id for a in info.legal]

        def pull(alive: list[int]) -> list[float]:
            # One sampled world shared by every surviving action: a paired comparison.
            world = info.sample(rng)
            mark = world.round_mark()  # the decision's round, read before the action
            out = []
            for k in alive:
                state = world.clone()
                state.apply_unchecked(seat, ids[k])
                out.append(self._rollout(state, rng, mark)[seat])
            return out

        cfg = self.config
        if cfg.time > 0:
            now = time.thread_time if cfg.clock == "cpu" else time.perf_counter
            best, self.last_rollouts, self.last_worlds = halve_timed(len(ids), cfg.time, now, pull)
        else:
            best, self.last_rollouts, self.last_worlds = halve(len(ids), cfg.rollouts, pull)
        return best

    def _rollout(self, state: State, rng: Rng, mark: int) -> list[float]:
        """Random actions for at most ``cutoff`` steps (to the end if 0), or with ``stop=round``
        until ``state.round_mark()`` differs from ``mark`` (the round has ended), then the value.
        """
        by_round = self.config.stop == "round"
        limit = self.config.cutoff if self.config.cutoff > 0 and not by_round else _MAX_ROLLOUT
        for _ in range(limit):
            if state.is_terminal():
                return state.returns()
            if by_round and state.round_mark() != mark:
                break
            movers = state.to_act()
            seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
            ids = state.legal_action_ids(seat)
            if not ids:
                break  # an impossible sample the sampler could not avoid: score it as it stands
            state.apply_unchecked(seat, ids[rng.below(len(ids))] if len(ids) > 1 else ids[0])
        if state.is_terminal():
            return state.returns()
        value = self.config.value
        if value == "search" or (value == "auto" and _prefers_search_value(type(state))):
            return state.search_value()
        return state.evaluate()


def halve(
    count: int, rollouts: int, pull: Callable[[list[int]], list[float]]
) -> tuple[int, int, int]:
    """Sequential halving of arms ``0..count-1``; returns (best arm, rollouts used, pulls).

    ``pull(alive)`` plays one shared world and returns each surviving arm's reward, in
    ``alive``'s order. The budget is split evenly over ``ceil(log2 count)`` rounds and, within a
    round, over the survivors (at least one world a round). Every survivor has been pulled in
    every world so far, so the summed rewards compare like means; the better half (rounded up)
    goes on, ties to the lower arm (reproducible).
    """
    alive = list(range(count))
    totals = [0.0] * count
    rounds = max(1, math.ceil(math.log2(count))) if count > 1 else 1
    per_round = rollouts / rounds
    used = 0
    pulls = 0
    while len(alive) > 1:
        for _ in range(max(1, int(per_round / len(alive)))):
            for k, reward in zip(alive, pull(alive), strict=True):
                totals[k] += reward
            used += len(alive)
            pulls += 1
        alive.sort(key=lambda k: (-totals[k], k))
        alive = sorted(alive[: (len(alive) + 1) // 2])
    return alive[0], used, pulls


def halve_timed(
    count: int, seconds: float, now: Callable[[], float], pull: Callable[[list[int]], list[float]]
) -> tuple[int, int, int]:
    """:func:`halve` on a time budget: round ``r`` of ``ceil(log2 count)`` pulls shared worlds
    (at least one) until ``now()`` passes ``r + 1`` shares of ``seconds`` from the start, so
    every round gets an even share of the time whatever its survivors cost."""
    alive = list(range(count))
    totals = [0.0] * count
    rounds = max(1, math.ceil(math.log2(count))) if count > 1 else 1
    start = now()
    used = 0
    pulls = 0
    done = 0
    while len(alive) > 1:
        done += 1
        until = start + seconds * done / rounds
        first = True
        while first or now() < until:
            first = False
            for k, reward in zip(alive, pull(alive), strict=True):
                totals[k] += reward
            used += len(alive)
            pulls += 1
        alive.sort(key=lambda k: (-totals[k], k))
        alive = sorted(alive[: (len(alive) + 1) // 2])
    return alive[0], used, pulls
