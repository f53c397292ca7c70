"""PettingZoo AEC environments for every cardtable game.

>>> from cardtable.envs.pettingzoo import env
>>> table = env("magic-show")
>>> table.reset(seed=1)
>>> table.agent_selection, sorted(table.observe("player_0"))
('player_0', ['action_mask', 'observation'])

Agents are ``player_0`` … ``player_{n-1}`` (our seats). Each observation is a dict: the seat's
fixed-size vector (:mod:`cardtable.envs.encoding`, built from ``observation(seat)`` only) and an
``action_mask`` over the game's fixed action space (all zeros for an agent not selected, as
PettingZoo's classic games do). Rewards come once, at the end: each seat's share of the win
(``returns()``: 1 alone, 1/k for a k-way tie, else 0).

**Simultaneous decisions** (Magic Show, Score!) are sequentialised by the protocol itself:
``to_act()`` names every seat still to commit, the environment selects the first of them, and a
committed seat's choice stays face down (``pending``) until the last seat is in. The next seat's
observation shows only *that* the earlier seat has committed, never what (tests/envs prove it).

An illegal action raises :class:`cardtable.core.IllegalAction` and leaves the game untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardtable.core import State
from cardtable.envs.encoding import LIMIT
from cardtable.envs.table import GameTable


def observation_space(table: GameTable) -> spaces.Dict:
    """The Dict space of one seat's observation (shared by the Gymnasium wrapper)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-LIMIT, LIMIT, (table.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (table.num_actions,), np.int8),
        }
    )


class CardtableAEC(AECEnv[str, dict[str, Any], int]):
    """One game configuration as a PettingZoo agent-environment-cycle environment."""

    metadata = {  # noqa: RUF012 - an instance attribute in AECEnv; renamed per game below
        "render_modes": ["ansi"],
        "name": "cardtable_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = GameTable(game, players, options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardtable_{self.table.name}_v0"}
        self.possible_agents = [f"player_{s}" for s in range(self.table.players)]
        self.agents = self.possible_agents[:]
        self._obs_space = observation_space(self.table)
        self._act_space = spaces.Discrete(self.table.num_actions)
        self.state_: State = self.table.new(0)
        self._reset_books()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _reset_books(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        waiting = self.state_.to_act()
        return self.possible_agents[waiting[0]] if waiting else self.agent_selection

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: from ``seed`` when given, else from the environment's own generator."""
        if seed is None:
            seed = int(np.random.default_rng().integers(2**63))
        self.state_ = self.table.new(seed)
        self._reset_books()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat(agent)
        mask = (
            self.table.mask(self.state_, seat)
            if agent == self.agent_selection
            else np.zeros(self.table.num_actions, dtype=np.int8)
        )
        return {"observation": self.table.vector(self.state_, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and must be given an action id, not None")
        self.state_.apply(self._seat(agent), int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.state_.is_terminal():
            returns = self.state_.returns()
            self.rewards = {a: float(returns[self._seat(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = self._next_agent()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The terminal renderer's spectator view as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.table.text(self.state_, None)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> CardtableAEC:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return CardtableAEC(game, players, options, render_mode)


def env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> AECEnv[str, dict[str, Any], int]:
    """The environment of ``game`` for ``players`` seats (default: the fewest it allows)."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(game, players, options, render_mode))
