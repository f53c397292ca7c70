"""A Gymnasium environment: one learning seat, every other seat played by a cardtable bot.

>>> from cardtable.envs.gymnasium import CardtableEnv
>>> env = CardtableEnv("portfolio", players=3, opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape == (env.table.encoder.size,), int(obs["action_mask"].sum()) > 0
(True, True)

The observation is the PettingZoo dict (the seat's vector and its action mask); the action is an
id of the game's fixed action space. The reward is the seat's share of the win (``returns()``)
when the game ends, 0 before. Opponents are bot specs (``random``, ``greedy``,
``ismcts:iterations=200`` …, see :mod:`cardtable.agents.specs`), one for all or one per other
seat; they decide through :func:`cardtable.agents.base.decide`, so they see only their own seat.

An action that is not legal now ends the episode with reward ``illegal_reward`` (default -1)
and ``info["illegal"] = True`` — what Gymnasium's checker and unmasked learners need; pass
``illegal_reward=None`` to raise :class:`cardtable.core.IllegalAction` instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from cardtable.agents.base import Agent, ThinkingAgent, decide
from cardtable.agents.specs import make_agent
from cardtable.core import IllegalAction, Rng, State
from cardtable.envs.pettingzoo import observation_space
from cardtable.envs.table import GameTable

Obs = dict[str, Any]


class CardtableEnv(gym.Env[Obs, np.int64]):
    """A game seen from ``seat``; the others are bots given by ``opponents`` (spec or specs)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - as gym.Env has it

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = GameTable(game, players, options)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be 0..{self.table.players - 1}, not {seat}")
        self.seat = seat
        specs = (
            [opponents] * (self.table.players - 1)
            if isinstance(opponents, str)
            else list(opponents)
        )
        if len(specs) != self.table.players - 1:
            raise ValueError(
                f"give one opponent spec or {self.table.players - 1}, not {len(specs)}"
            )
        others = [s for s in range(self.table.players) if s != seat]
        self.bots: dict[int, Agent | ThinkingAgent] = {
            s: make_agent(spec, game=self.table.name) for s, spec in zip(others, specs, strict=True)
        }
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space = observation_space(self.table)
        self.action_space = gym.spaces.Discrete(self.table.num_actions)
        self.game: State = self.table.new(0)
        self._rng = Rng(0)

    def _obs(self) -> Obs:
        return {
            "observation": self.table.vector(self.game, self.seat),
            "action_mask": self.table.mask(self.game, self.seat),
        }

    def _play_bots(self) -> None:
        """Let the bots move until the learning seat must act or the game is over."""
        game = self.game
        while not game.is_terminal():
            waiting = game.to_act()
            if self.seat in waiting:
                return
            bot_seat = waiting[0]
            action = decide(self.bots[bot_seat], game, bot_seat, self._rng.fork())
            game.apply_unchecked(bot_seat, action.id)

    def _result(self) -> tuple[float, bool]:
        if self.game.is_terminal():
            return float(self.game.returns()[self.seat]), True
        return 0.0, False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new deal; with ``seed``, the deal and the bots' choices repeat exactly."""
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**62))
        self.game = self.table.new(base)
        self._rng = Rng(base + 1)
        self._play_bots()
        return self._obs(), {}

    def step(self, action: np.int64 | int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        action = int(action)
        if action not in self.game.legal_action_ids(self.seat):
            if self.illegal_reward is None:
                self.game.apply(self.seat, action)  # raises IllegalAction with the reason
                raise IllegalAction(f"action {action} is not legal")  # pragma: no cover
            return self._obs(), float(self.illegal_reward), True, False, {"illegal": True}
        self.game.apply_unchecked(self.seat, action)
        self._play_bots()
        reward, done = self._result()
        return self._obs(), reward, done, False, {}

    def render(self) -> str | None:
        """The learning seat's view from the terminal renderer (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return self.table.text(self.game, self.seat)


def register_envs() -> list[str]:
    """Register ``cardtable/<game>-v0`` with Gymnasium for every game; return the ids.

    ``gymnasium.make("cardtable/portfolio-v0", players=3, opponents="greedy")`` then works.
    """
    from cardtable.core.registry import list_games

    ids = []
    for info in list_games():
        env_id = f"cardtable/{info.name}-v0"
        if env_id not in gym.registry:
            gym.register(
                id=env_id, entry_point=f"{__name__}:CardtableEnv", kwargs={"game": info.name}
            )
        ids.append(env_id)
    return ids
