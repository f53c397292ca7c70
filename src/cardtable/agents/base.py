"""The agent protocol: how a bot chooses an action, and the one place a bot is asked.

A bot sees exactly what a human in its seat would see: the seat's ``observation`` (a JSON-able
dict, already redacted by the core) and its legal actions. It never receives the state, so it
cannot peek at hidden cards or other seats' face-down commitments. :func:`decide` is the only
function that turns a state into those two inputs, so that rule is enforced in one place for the
CLI, the simulator and the server alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from cardtable.core import Action, IllegalAction, Rng, State


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of the legal actions from a seat's observation."""

    #: Short name used on the command line (``--bots random``) and in game records.
    name: str

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        """Return one element of ``legal_actions`` (never empty when called)."""
        ...


def decide(agent: Agent, state: State, seat: int, rng: Rng) -> Action:
    """Ask ``agent`` for ``seat``'s action, giving it only the seat's observation and options.

    The answer is checked against the legal actions, so a buggy bot fails here with a clear
    message rather than corrupting a game. The caller applies the returned action.
    """
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"seat {seat} has no legal action; it is not to act")
    chosen = agent.choose(state.observation(seat), legal, rng)
    if chosen not in legal:
        raise IllegalAction(
            f"agent {agent.name!r} at seat {seat} chose {chosen!r}, which is not legal now"
        )
    return chosen
