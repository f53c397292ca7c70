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
        done = 0
        while (done < cfg.iterations) if deadline == 0.0 else (done == 0 or now() < deadline):
            world = info.sample(rng)
            for k, action in enumerate(info.legal):
                state = world.clone()
                state.apply_unchecked(info.seat, action.id)
                totals[k] += self._rollout(state, rng)[info.seat]
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
