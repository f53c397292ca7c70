"""The uniform random bot: the baseline opponent and the engine of smoke tests.

>>> from cardtable.core import Action, Rng
>>> legal = [Action(0, "take 1"), Action(1, "take 2")]
>>> RandomAgent().choose({}, legal, Rng(3)) in legal
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core import Action, Rng


class RandomAgent:
    """Picks uniformly among the legal actions; ignores the observation entirely."""

    name = "random"

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        if not legal_actions:
            raise ValueError("RandomAgent.choose needs at least one legal action")
        return legal_actions[rng.below(len(legal_actions))]
