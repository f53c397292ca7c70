"""``pimc``'s screening options (docs/bots.md, "Tenth sitting: Score!"): ``rollout=heavy``,
``stop=round`` and ``value=margin``/``search``. The defaults stay the baseline."""

from __future__ import annotations

import pytest

from cardtable.agents import make_agent
from cardtable.agents.pimc import PimcAgent, PimcConfig, margin
from cardtable.core import Rng, State, new_state


def pimc(spec: str) -> PimcAgent:
    agent = make_agent(spec)
    assert isinstance(agent, PimcAgent)
    return agent


def test_the_margin_is_the_seats_value_less_the_best_others_on_0_to_1() -> None:
    assert margin([0.5, 0.3, 0.2]) == pytest.approx([0.6, 0.4, 0.35])
    assert margin([1.0, 0.0, 0.0]) == [1.0, 0.0, 0.0]  # a finished game: the winner alone
    assert margin([0.5, 0.5]) == [0.5, 0.5]  # level
    # What win shares cannot see: the same own share, but the leader is further ahead.
    assert margin([0.3, 0.6, 0.1])[0] < margin([0.3, 0.35, 0.35])[0]


def test_the_defaults_are_the_baseline_and_bad_options_are_refused() -> None:
    assert pimc("pimc").config == PimcConfig()
    assert PimcConfig().rollout == "random" and PimcConfig().stop == "cutoff"
    assert PimcConfig().value == "evaluate"
    cfg = pimc("pimc:rollout=heavy,stop=round,value=margin").config
    assert (cfg.rollout, cfg.stop, cfg.value) == ("heavy", "round", "margin")
    for bad in ("pimc:rollout=greedy", "pimc:stop=end", "pimc:value=auto"):
        with pytest.raises(ValueError, match="pimc"):
            make_agent(bad)


def heavy_step(state: State, rng: Rng) -> None:
    movers = state.to_act()
    seat = movers[rng.below(len(movers))] if len(movers) > 1 else movers[0]
    state.apply_unchecked(seat, state.rollout_action_id(seat, rng))


def test_a_heavy_round_rollout_stops_exactly_at_the_rounds_end() -> None:
    """Replayed by hand with the game's rollout policy: the rollout stops at the first action
    after which the round mark differs (not one earlier or later) and scores it there."""
    long_rounds = 0
    for seed in range(12):
        start = new_state("score", 3, seed=seed)
        walk = Rng(seed)
        for _ in range(seed % 4):
            heavy_step(start, walk)
        mark = start.round_mark()
        played = start.clone()
        value = pimc("pimc:rollout=heavy,stop=round").rollout_value(played, Rng(9), mark)
        replay, rng, steps = start.clone(), Rng(9), 0
        while not replay.is_terminal() and replay.round_mark() == mark:
            heavy_step(replay, rng)
            steps += 1
        long_rounds += steps > 8  # beyond the default cut-off's reach
        assert played.to_json() == replay.to_json()
        assert value == (replay.returns() if replay.is_terminal() else replay.evaluate())
        assert replay.is_terminal() or replay.round_mark() == mark + 1
    assert long_rounds >= 3, "every round ended within a cut-off's reach: the test proves little"


def test_the_heavy_rollout_follows_the_games_policy_and_the_cutoff() -> None:
    """``cutoff`` actions of ``rollout_action_id``, no more, then ``margin`` of ``evaluate``."""
    start = new_state("score", 3, seed=3)
    played = start.clone()
    value = pimc("pimc:rollout=heavy,cutoff=5,value=margin").rollout_value(played, Rng(4), 0)
    replay, rng = start.clone(), Rng(4)
    for _ in range(5):
        heavy_step(replay, rng)
    assert played.to_json() == replay.to_json()
    assert value == margin(replay.evaluate())
