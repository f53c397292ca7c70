"""Flat Perfect-Information Monte Carlo: the reference baseline every search should beat.

For each decision the bot imagines worlds its seat cannot tell from the real one
(:meth:`InfoSet.sample`, built on ``State.determinize``), and in every world it tries each legal
action followed by a random rollout; the action with the best mean win share is played. There is
no tree and no opponent model: this is the few-lines bot a researcher writes in an afternoon
(Long, Sturtevant, Buro and Furtak 2010 discuss why it works as well as it does), so a search that
cannot beat it clearly is not pulling its weight.

One *iteration* is one sampled world in which every legal action gets one rollout (the actions
share the world, which makes their comparison less noisy). Budget: ``iterations`` worlds, or
``time`` seconds (whole worlds, at least one); with an iteration budget the choice is
reproducible from the seed. Rollouts are random for at most ``cutoff`` actions and then scored with
``State.evaluate`` (``cutoff=0`` plays on to the end of the game).

Options for screening searches against the baseline (docs/bots.md, "Tenth sitting: Score!"; the
defaults are the baseline, unchanged): ``rollout=heavy`` draws each rollout action from the
game's ``State.rollout_action_id`` (Score!: its rule of thumb) instead of uniformly;
``stop=round`` ignores ``cutoff`` and plays on until the round the decision was taken in has
been scored (``State.round_mark``, read in the sampled world before the root action; a game
without rounds plays to the end); ``value`` scores the leaf: ``evaluate`` (the default),
``search`` (``State.search_value``) or ``margin`` (:func:`margin`: the seat's value less the
best other seat's, so a move that hands the leader points is worse than one that spreads them).

>>> from cardtable.agents.base import decide
>>> from cardtable.core import Rng, new_state
>>> state = new_state("magic-show", 2, seed=3)
>>> decide(PimcAgent(PimcConfig(iterations=5)), state, 0, Rng(1)) in state.legal_actions(0)
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from cardtable.agents.base import InfoSet
from cardtable.core import Action, Rng, State

#: Safety net for ``cutoff=0``: no game in the registry comes near this many actions.
_MAX_ROLLOUT = 100_000


@dataclass(frozen=True, slots=True)
class PimcConfig:
    iterations: int = 100
    time: float = 0.0  # seconds; when > 0 it replaces the iteration budget
    cutoff: int = 8  # rollout actions before State.evaluate(); 0 = to the end of the game
    clock: str = "wall"  # what ``time`` measures: "wall" (perf_counter) or "cpu" (thread_time)
    rollout: str = "random"  # or "heavy": actions from State.rollout_action_id
    stop: str = "cutoff"  # or "round": play on until State.round_mark() changes
    value: str = "evaluate"  # the leaf: "evaluate", "search" or "margin" (see margin())


class PimcAgent:
    """A flat PIMC bot; see the module docstring."""

    name = "pimc"

    def __init__(self, config: PimcConfig | None = None) -> None:
        self.config = config or PimcConfig()
        self.last_iterations = 0

    def choose_from(self, info: InfoSet, rng: Rng) -> Action:
        if len(info.legal) == 1:
            return info.legal[0]
        values = self.values(info, rng)
        best = 0
        for k in range(1, len(values)):
            if values[k] > values[best]:
                best = k
        return info.legal[best]

    def values(self, info: InfoSet, rng: Rng) -> list[float]:
        """The mean win share of the seat after each legal action, in ``info.legal`` order."""
        cfg = self.config
        totals = [0.0] * len(info.legal)
        now = time.thread_time if cfg.clock == "cpu" else time.perf_counter
        deadline = now() + cfg.time if cfg.time > 0 else 0.0
        plain = cfg.rollout == "random" and cfg.stop == "cutoff" and cfg.value == "evaluate"
        done = 0
        while (done < cfg.iterations) if deadline == 0.0 else (done == 0 or now() < deadline):
            world = info.sample(rng)
            mark = 0 if plain else world.round_mark()  # the decision's round, before the action
            for k, action in enumerate(info.legal):
                state = world.clone()
                state.apply_unchecked(info.seat, action.id)
                if plain:
                    totals[k] += self._rollout(state, rng)[info.seat]
                else:
                    totals[k] += self.rollout_value(state, rng, mark)[info.seat]
            done += 1
        self.last_iterations = done
        return [t / done for t in totals]

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        """Random actions for at most ``cutoff`` steps (to the end if 0), then the value."""
        below = rng.below
        is_terminal, to_act = state.is_terminal, state.to_act
        legal, apply = state.legal_action_ids, state.apply_unchecked
        limit = self.config.cutoff if self.config.cutoff > 0 else _MAX_ROLLOUT
        for _ in range(limit):
            if is_terminal():
                return state.returns()
            movers = to_act()
            seat = movers[below(len(movers))] if len(movers) > 1 else movers[0]
            ids = legal(seat)
            if not ids:
                break  # an impossible sample the sampler could not avoid: score it as it stands
            apply(seat, ids[below(len(ids))] if len(ids) > 1 else ids[0])
        return state.returns() if is_terminal() else state.evaluate()

    def rollout_value(self, state: State, rng: Rng, mark: int) -> list[float]:
        """The configured rollout (``rollout``, ``stop``) from ``state``, then the leaf
        (``value``); ``mark`` is the round mark of the decision's world before its action."""
        cfg = self.config
        heavy = cfg.rollout == "heavy"
        by_round = cfg.stop == "round"
        limit = cfg.cutoff if cfg.cutoff > 0 and not by_round else _MAX_ROLLOUT
        for _ in range(limit):
            if state.is_terminal():
                break
            if by_round and state.round_mark() != mark:
                break
            movers = state.to_act()
            seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
            if heavy:
                action = state.rollout_action_id(seat, rng)
                if action < 0:
                    break  # an impossible sample: score it as it stands
            else:
                ids = state.legal_action_ids(seat)
                if not ids:
                    break
                action = ids[rng.below(len(ids))] if len(ids) > 1 else ids[0]
            state.apply_unchecked(seat, action)
        if state.is_terminal():
            values = state.returns()
        elif cfg.value == "search":
            values = state.search_value()
        else:
            values = state.evaluate()
        return margin(values) if cfg.value == "margin" else values


def margin(values: list[float]) -> list[float]:
    """Each seat's value less the best other seat's, mapped from -1..1 onto 0..1.

    Win shares (``evaluate``, ``returns``) credit a seat for its own share only, so a move that
    gives the leader a point and one that gives the third seat a point look the same to it; the
    margin counts the first as worse. The winner of a finished game gets 1, the others 0.
    """
    out: list[float] = []
    for s in range(len(values)):
        best_other = -1.0
        for o in range(len(values)):
            if o != s and values[o] > best_other:
                best_other = values[o]
        out.append((1.0 + values[s] - best_other) / 2.0)
    return out
