"""The flat PIMC baseline: legal in every game, reproducible at a fixed budget, sensible.

That it never reads hidden information is proved with every other bot in test_fairness.py."""

from __future__ import annotations

import pytest

from cardtable.agents import PimcAgent, decide, make_agent
from cardtable.agents.base import InfoSet
from cardtable.core import Rng, list_games, new_state


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_pimc_plays_a_whole_game_legally(info: object) -> None:
    """decide() checks every answer against the legal actions, so a whole game proves it."""
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    state, rng = new_state(name, players, seed=5), Rng(5)
    agent = make_agent("pimc:iterations=2,cutoff=4")
    moves = 0
    while not state.is_terminal():
        seat = state.to_act()[0]
        state.apply(seat, decide(agent, state, seat, rng))
        moves += 1
    assert moves > 0 and abs(sum(state.returns()) - 1.0) < 1e-9


@pytest.mark.parametrize("game", ["magic-show", "piece-of-the-action", "nacho-loco"])
def test_pimc_is_reproducible_at_a_fixed_budget(game: str) -> None:
    state = new_state(game, 3 if game == "piece-of-the-action" else 2, seed=4)
    seat = state.to_act()[0]
    agent = make_agent("pimc:iterations=20")
    assert isinstance(agent, PimcAgent)
    runs = [agent.values(InfoSet(state, seat, Rng(8)), Rng(9)) for _ in range(3)]
    assert runs[0] == runs[1] == runs[2]
    assert len(runs[0]) == len(state.legal_actions(seat)) and agent.last_iterations == 20
    picks = {decide(make_agent("pimc:iterations=20"), state, seat, Rng(9)).id for _ in range(3)}
    assert len(picks) == 1


def test_pimc_time_budget_plays_whole_worlds() -> None:
    state = new_state("magic-show", 2, seed=3)
    agent = make_agent("pimc:time=0.02")
    assert isinstance(agent, PimcAgent)
    values = agent.values(InfoSet(state, 0, Rng(1)), Rng(2))
    assert agent.last_iterations >= 1 and all(0.0 <= v <= 1.0 for v in values)


def test_pimc_finds_the_winning_call() -> None:
    """Score!: a seat whose call wins the game outright should call, not lead."""
    from tests.games.score.helpers import load, position
    from tests.games.score.test_score_rules import COMPLETES, LONE

    state = load(position(LONE, COMPLETES, state={"total": [8, 0, 0]}))
    assert decide(make_agent("pimc:iterations=30,cutoff=0"), state, 0, Rng(1)).text == "call score"


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("pimc:depth=3", "pimc has no parameter 'depth'"),
        ("pimc:iterations=0", "iterations >= 1"),
        ("pimc:time=-1", "non-negative"),
        ("pimc:cutoff=x", "must be a int"),
    ],
)
def test_bad_pimc_specs_say_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make_agent(spec)
