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
    #: It ignores the observation, so :func:`~cardtable.agents.decide` need not build one
    #: (building it is most of the cost of a fast random playout).
    uses_observation = False

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        if not legal_actions:
            raise ValueError("RandomAgent.choose needs at least one legal action")
        return legal_actions[rng.below(len(legal_actions))]

    def choose_id(self, legal_ids: Sequence[int], rng: Rng) -> int:
        """The same choice as :meth:`choose`, on plain ids (the simulator's fast path)."""
        if not legal_ids:
            raise ValueError("RandomAgent.choose_id needs at least one legal action")
        return legal_ids[rng.below(len(legal_ids))]
