"""Sequential halving over shared worlds (agents/halving.py; docs/bots.md, "Nacho Loco, sixth
sitting"): the spec, the budget, and that the halving finds a small edge hidden under large
shared noise, which is what pairing the actions on the same worlds buys.

That it never reads hidden information is proved with every other bot in test_fairness.py."""

from __future__ import annotations

import random
import time

import pytest

from cardtable.agents import decide, make_agent
from cardtable.agents.base import InfoSet
from cardtable.agents.halving import HalvingAgent, halve, halve_timed
from cardtable.core import Rng, new_state

ARMS = 18  # the most placements a Nacho Loco decision offers
BEST = 13


def shared_luck_pull(seed: int, calls: list[int]) -> object:
    """Rewards of one world: a luck shared by every arm (uniform 0..0.8) plus a small private
    noise, plus the arm's edge: arm BEST 0.02 above arm 5, every other arm 0.08 below it."""
    draw = random.Random(seed)

    def pull(alive: list[int]) -> list[float]:
        calls.append(len(alive))
        luck = draw.uniform(0.0, 0.8)
        edge = {BEST: 0.1, 5: 0.08}
        return [luck + edge.get(k, 0.0) + draw.uniform(-0.05, 0.05) for k in alive]

    return pull


@pytest.mark.parametrize("seed", range(20))
def test_halving_finds_a_small_edge_under_shared_noise(seed: int) -> None:
    """The last two arms differ by 0.02 under a shared luck of spread 0.23: compared on the same
    worlds (paired) the edge is several standard errors wide. Keeping the worse half, choosing
    at random, or comparing arms on different worlds would miss it in most of the 20 seeds
    (unpaired, 600 rollouts give each arm about 33 worlds: a standard error near 0.04)."""
    calls: list[int] = []
    best, used, pulls = halve(ARMS, 600, shared_luck_pull(seed, calls))  # type: ignore[arg-type]
    assert best == BEST
    assert used == sum(calls) and pulls == len(calls)
    assert used <= 600
    # The budget goes where the decision is made: the final pair shares the most worlds.
    assert calls.count(2) > calls.count(ARMS) and calls[-1] == 2


def test_halving_spends_at_least_one_world_a_round_and_stops_at_one_arm() -> None:
    calls: list[int] = []
    best, used, pulls = halve(5, 1, shared_luck_pull(1, calls))  # type: ignore[arg-type]
    assert calls == [5, 3, 2] and used == 10 and pulls == 3 and best in range(5)
    assert halve(1, 100, shared_luck_pull(1, [])) == (0, 0, 0)  # type: ignore[arg-type]


def test_halving_finds_the_winning_call() -> None:
    """Score!: a seat whose call wins the game outright should call, not lead (as pimc)."""
    from tests.games.score.helpers import load, position
    from tests.games.score.test_score_rules import COMPLETES, LONE

    state = load(position(LONE, COMPLETES, state={"total": [8, 0, 0]}))
    assert decide(make_agent("halving:rollouts=30,cutoff=0"), state, 0, Rng(1)).text == (
        "call score"
    )


def test_halving_is_reproducible_and_within_its_budget_in_nacho_loco() -> None:
    state = new_state("nacho-loco", 2, seed=3)
    seat = state.to_act()[0]
    count = len(state.legal_actions(seat))
    assert count > 4  # several halving rounds
    picks = set()
    for _ in range(3):
        agent = make_agent("halving:rollouts=120")
        assert isinstance(agent, HalvingAgent)
        picks.add(agent.best_index(InfoSet(state, seat, Rng(8)), Rng(9)))
        assert 0 < agent.last_rollouts <= 120 and agent.last_worlds > 0
    assert len(picks) == 1


def test_the_halving_spec_parses() -> None:
    agent = make_agent("halving:rollouts=300,cutoff=4,value=search")
    assert isinstance(agent, HalvingAgent)
    assert (agent.config.rollouts, agent.config.cutoff, agent.config.value) == (300, 4, "search")
    assert make_agent("halving").config.value == "auto"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("halving:iterations=3", "halving has no parameter 'iterations'"),
        ("halving:rollouts=0", "rollouts >= 1"),
        ("halving:cutoff=-1", "non-negative cutoff"),
        ("halving:value=best", "value must be"),
        ("halving:rollouts=x", "must be a int"),
        ("halving:time=-1", "non-negative time"),
        ("halving:clock=gpu", "clock 'wall' or 'cpu'"),
        ("halving:stop=turn", "stop must be"),
    ],
)
def test_bad_halving_specs_say_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec)


def test_a_time_budget_is_split_evenly_over_the_halving_rounds() -> None:
    """A fake clock that moves 1 s a pull: 18 arms take 5 rounds, so 10 s gives each round
    2 s: two worlds a round (the clock is read after each), and the last pair is compared."""
    ticks = [0.0]

    def now() -> float:
        return ticks[0]

    calls: list[int] = []
    inner = shared_luck_pull(3, calls)

    def pull(alive: list[int]) -> list[float]:
        ticks[0] += 1.0
        return inner(alive)  # type: ignore[operator, no-any-return]

    best, used, pulls = halve_timed(ARMS, 10.0, now, pull)
    assert calls == [18, 18, 9, 9, 5, 5, 3, 3, 2, 2]
    assert (used, pulls) == (sum(calls), 10) and best in range(ARMS)
    # A budget too small for any round still pulls one world a round.
    calls.clear()
    assert halve_timed(5, 0.0, now, pull)[1:] == (10, 3) and calls == [5, 3, 2]


def test_the_time_and_stop_options_parse_and_spend_cpu_time() -> None:
    agent = make_agent("halving:time=0.02,clock=cpu,stop=round")
    assert isinstance(agent, HalvingAgent)
    assert (agent.config.time, agent.config.clock, agent.config.stop) == (0.02, "cpu", "round")
    state, rng = new_state("score", 3, seed=4), Rng(4)
    while len(state.legal_action_ids(state.to_act()[0])) < 3:
        state.apply_unchecked(state.to_act()[0], state.legal_action_ids(state.to_act()[0])[0])
    seat = state.to_act()[0]
    began = time.thread_time()
    agent.best_index(InfoSet(state, seat, rng), Rng(2))
    assert time.thread_time() - began >= 0.02
    assert agent.last_worlds >= 2  # at least one world a halving round (3+ actions: 2 rounds)
