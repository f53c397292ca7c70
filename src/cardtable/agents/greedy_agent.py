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


#: Action kinds that make or accept a trade (Portfolio's PF-R10 offers): what ``trade=0`` withholds.
TRADE_KINDS = frozenset({"propose", "accept"})


def without_trades(legal: Sequence[Action]) -> Sequence[Action]:
    """The legal actions minus proposing and accepting trades (when anything else is left), so
    a bot never trades: it passes the open table, declines every offer and makes none."""
    kept = [a for a in legal if a.data.kind not in TRADE_KINDS]
    return kept if kept else legal


class GreedyAgent:
    """Plays the game's rule of thumb (see each game's ``greedy.py``).

    ``trade=False`` (spec ``greedy:trade=0``) is the same player that never trades: the
    non-trading opponent of the Portfolio trading ladder (docs/bots.md, "Trading").
    """

    name = "greedy"

    def __init__(self, trade: bool = True) -> None:
        self.trade = trade

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        legal = legal_actions if self.trade else without_trades(legal_actions)
        if len(legal) == 1:
            return legal[0]
        return greedy_choice(observation, legal, rng)[0]
