"""The rule-of-thumb bot: each game's own :data:`~cardtable.core.GreedyPolicy`, from its package.

The agents package stays game-free: the policy is looked up in the registry by the observation's
game name. A game without a policy yet is played at random, and the reason says so.

>>> from cardtable.core import Rng, new_state
>>> state = new_state("score", 3, seed=1)
>>> GreedyAgent().choose(state.observation(0), state.legal_actions(0), Rng(0)).text
'lead'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, Rng, get_game


def greedy_choice(
    observation: Mapping[str, Any], legal: Sequence[Action], rng: Rng
) -> tuple[Action, str]:
    """The game's rule-of-thumb action and its one-line reason."""
    policy = get_game(str(observation["game"])).greedy
    if policy is None:
        return legal[rng.below(len(legal))], "this game has no rule-of-thumb player yet: random"
    return policy(observation, legal, rng)


class GreedyAgent:
    """Plays the game's rule of thumb (see each game's ``greedy.py``)."""

    name = "greedy"

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        return greedy_choice(observation, legal_actions, rng)[0]
