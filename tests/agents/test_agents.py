"""The agent protocol, the random agent, and the rule that bots only see observations."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardtable.agents import AGENTS, Agent, RandomAgent, ThinkingAgent, decide, make_agent
from cardtable.core import Action, IllegalAction, Rng

LEGAL = [Action(0, "take 1"), Action(1, "take 2"), Action(4, "pass")]


def test_random_agent_is_an_agent() -> None:
    assert isinstance(RandomAgent(), Agent)
    assert make_agent("random").name == "random"
    assert all(isinstance(make_agent(name), Agent | ThinkingAgent) for name in AGENTS)


def test_unknown_agent_name() -> None:
    with pytest.raises(ValueError, match="no agent called 'genius'"):
        make_agent("genius")


def test_random_agent_is_uniform_over_legal_actions() -> None:
    agent, rng = RandomAgent(), Rng(1)
    counts = Counter(agent.choose({}, LEGAL, rng) for _ in range(3000))
    assert set(counts) == set(LEGAL)
    assert all(900 < n < 1100 for n in counts.values()), counts


def test_random_agent_is_reproducible_from_its_rng() -> None:
    first = [RandomAgent().choose({}, LEGAL, rng) for rng in [Rng(5)] for _ in range(20)]
    again = [RandomAgent().choose({}, LEGAL, rng) for rng in [Rng(5)] for _ in range(20)]
    assert first == again


def test_random_agent_needs_a_choice() -> None:
    with pytest.raises(ValueError, match="at least one legal action"):
        RandomAgent().choose({}, [], Rng(0))


class PeekProofState:
    """Stands in for a State and fails the test if anything but the two allowed calls is made."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def observation(self, seat: int) -> dict[str, Any]:
        self.calls.append(("observation", seat))
        return {"seat": seat, "zones": {"hand:1": ["Ruby"], "hand:0": [None]}}

    def legal_actions(self, seat: int) -> list[Action]:
        self.calls.append(("legal_actions", seat))
        return list(LEGAL)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot must not reach state.{name}")


class Recorder:
    """An agent that remembers exactly what it was given."""

    name = "recorder"

    def __init__(self, answer: Action) -> None:
        self.answer = answer
        self.seen: list[tuple[Any, ...]] = []

    def choose(
        self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng
    ) -> Action:
        self.seen.append((observation, legal_actions, rng))
        return self.answer


def test_decide_gives_the_agent_only_the_observation_and_legal_actions() -> None:
    state, agent, rng = PeekProofState(), Recorder(LEGAL[1]), Rng(0)
    chosen = decide(agent, state, 1, rng)
    assert chosen == LEGAL[1]
    assert sorted(state.calls) == [("legal_actions", 1), ("observation", 1)]
    [(observation, legal, given_rng)] = agent.seen
    assert observation == {"seat": 1, "zones": {"hand:1": ["Ruby"], "hand:0": [None]}}
    assert list(legal) == LEGAL
    assert given_rng is rng


def test_decide_rejects_an_illegal_answer() -> None:
    with pytest.raises(IllegalAction, match="agent 'recorder' at seat 0 chose"):
        decide(Recorder(Action(2, "take 3")), PeekProofState(), 0, Rng(0))


def test_decide_needs_a_seat_that_is_to_act() -> None:
    class Idle(PeekProofState):
        def legal_actions(self, seat: int) -> list[Action]:
            return []

    with pytest.raises(IllegalAction, match="has no legal action"):
        decide(RandomAgent(), Idle(), 0, Rng(0))
