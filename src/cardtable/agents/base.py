"""The agent protocol: how a bot chooses an action, and the one place a bot is asked.

A bot sees exactly what a human in its seat would see: the seat's ``observation`` (a JSON-able
dict, already redacted by the core) and its legal actions. A *thinking* bot (search) also gets an
:class:`InfoSet`: the same two things plus a way to imagine the hidden rest. It never receives
the state: the information set holds only a determinisation made on the way in — a state whose
hidden cards are already re-dealt at random, which is all a seat could imagine anyway — and draws
fresh ones from that. :func:`decide` is the only function that turns a state into these inputs,
so the rule is enforced in one place for the CLI, the simulator and the server alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from cardtable.core import Action, IllegalAction, Rng, State
from cardtable.core.loading import plain


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


class InfoSet:
    """What one seat knows now, and a way to sample states consistent with it.

    ``sample(rng)`` re-deals every card the seat cannot see and re-chooses other seats' hidden
    commitments. Two true states that differ only in what the seat cannot know give the same
    samples for the same seeds (the core determinises from a canonical order), so a search is
    fair by construction.
    """

    __slots__ = ("_sample", "legal", "observation", "seat")

    def __init__(self, state: State, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.observation: dict[str, Any] = state.observation(seat)
        self.legal: list[Action] = state.legal_actions(seat)
        # Determinised once on the way in; later samples re-determinise that world, prepared
        # once (State.sampler) because a search draws thousands of them.
        self._sample = state.determinize(seat, rng).sampler(seat)

    def sample(self, rng: Rng) -> State:
        """A full state the seat cannot tell from the real one (hidden cards at random)."""
        return self._sample(rng)


@runtime_checkable
class ThinkingAgent(Protocol):
    """A bot that searches: it reasons over sampled states of its information set."""

    name: str

    def choose_from(self, info: InfoSet, rng: Rng) -> Action:
        """Return one element of ``info.legal``."""
        ...


def state_fields(state: State) -> dict[str, Any]:
    """The game's own fields by the names ``load_state`` reads under ``"state"`` (its
    ``SCALARS``, public by contract): what an external bot needs, with the zones it sees, to
    rebuild a position (docs/bots.md, "Observation")."""
    return {name: plain(getattr(state, name)) for name in state.SCALARS}


def decide(agent: Agent | ThinkingAgent, state: State, seat: int, rng: Rng) -> Action:
    """Ask ``agent`` for ``seat``'s action, giving it only the seat's information.

    The answer is checked against the legal actions, so a buggy bot fails here with a clear
    message rather than corrupting a game. The caller applies the returned action.
    """
    chosen: Action
    if hasattr(agent, "choose_from"):  # not isinstance: runtime Protocol checks are slow
        thinker = cast(ThinkingAgent, agent)
        info = InfoSet(state, seat, rng.fork())
        legal = info.legal
        if not legal:
            raise IllegalAction(f"seat {seat} has no legal action; it is not to act")
        chosen = thinker.choose_from(info, rng)
    else:
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction(f"seat {seat} has no legal action; it is not to act")
        uses = getattr(agent, "uses_observation", True)
        observation = state.observation(seat) if uses else {}
        if getattr(agent, "wants_state_fields", False):
            observation["state"] = state_fields(state)
        chosen = agent.choose(observation, legal, rng)
    if chosen not in legal:
        raise IllegalAction(
            f"agent {agent.name!r} at seat {seat} chose {chosen!r}, which is not legal now"
        )
    return chosen


def decide_id(agent: Agent | ThinkingAgent, state: State, seat: int, rng: Rng) -> int:
    """:func:`decide` as a plain action id, the same choice for the same rng.

    Bots that need neither the observation nor action texts (``choose_id``) skip building
    them; the simulator plays millions of random games through here.
    """
    fast = getattr(agent, "choose_id", None)
    if fast is None:
        return decide(agent, state, seat, rng).id
    ids = state.legal_action_ids(seat)
    if not ids:
        raise IllegalAction(f"seat {seat} has no legal action; it is not to act")
    chosen = fast(ids, rng)
    if chosen not in ids:
        raise IllegalAction(f"agent {agent.name!r} at seat {seat} chose id {chosen}, not legal")
    return int(chosen)
