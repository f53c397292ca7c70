"""Fair by construction, proved for every registered game and every bot: two states that differ
only in what a seat cannot know (hidden cards, other seats' face-down choices) give the same
decision with the same seed."""

from __future__ import annotations

import pytest

from cardtable.agents import decide, make_agent
from cardtable.agents.specs import GAME_LEVELS
from cardtable.core import Rng, State, list_games, new_state

BOTS = [
    "random",
    "greedy",
    "ismcts:iterations=40,cutoff=10",
    "ismcts:iterations=20,rollout=greedy",
    "ismcts:iterations=40,reuse=0,first=greedy,cutoff=24",
    "ismcts:iterations=40,reuse=0,keep=2",
    "ismcts:iterations=30,reuse=0,rollout=heavy,value=auto",
    "pimc:iterations=6",
    "pimc:iterations=3,cutoff=0",
    "halving:rollouts=40",
    "halving:rollouts=20,cutoff=0,value=evaluate",
    "halving:rollouts=20,stop=round",
    "pimc:iterations=3,rollout=heavy,stop=round,value=margin",
    "pimc:iterations=3,rollout=heavy,value=search",
]


def twin(state: State, seat: int, rng: Rng) -> State:
    """The same game with every card ``seat`` cannot see re-dealt, commitments re-chosen."""
    other = state.clone()
    world = state.determinize(seat, rng)
    other.zones, other.seen, other.tags, other.pending = (
        world.zones,
        world.seen,
        world.tags,
        world.pending,
    )
    return other


def decision_points(game: str, players: int, seed: int, count: int) -> list[tuple[State, int]]:
    """States along a random game where a seat has at least two choices."""
    state, rng, found = new_state(game, players, seed), Rng(seed), []
    while not state.is_terminal() and len(found) < count:
        movers = list(state.to_act())
        seat = movers[rng.below(len(movers))]
        ids = state.legal_action_ids(seat)
        if len(ids) > 1 and rng.below(3) == 0:
            found.append((state.clone(), seat))
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    return found


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
@pytest.mark.parametrize("spec", BOTS)
def test_unseen_cards_do_not_change_any_decision(info: object, spec: str) -> None:
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    points = decision_points(name, players, seed=7, count=6)
    assert points, "no decision with a choice was found"
    differing = 0
    for k, (state, seat) in enumerate(points):
        other = twin(state, seat, Rng(100 + k))
        assert other.observation(seat) == state.observation(seat)
        differing += other.to_json() != state.to_json()
        a = decide(make_agent(spec), state, seat, Rng(k))
        b = decide(make_agent(spec), other, seat, Rng(k))
        assert a == b, f"{name} seat {seat}: {a.text} vs {b.text} ({spec})"
    assert differing, "the twins never differed: the test would prove nothing"


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_a_level_that_differs_by_game_is_fair_too(
    info: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hard`` made without the game (``ByGameAgent``) picks its bot from the observation's
    public game name, so twin worlds get the same bot and the same choice."""
    name, players = info.name, info.min_players  # type: ignore[attr-defined]
    monkeypatch.setitem(GAME_LEVELS, name, {"hard": "halving:rollouts=30"})
    for k, (state, seat) in enumerate(decision_points(name, players, seed=17, count=2)):
        other = twin(state, seat, Rng(500 + k))
        a = decide(make_agent("hard"), state, seat, Rng(k))
        b = decide(make_agent("hard"), other, seat, Rng(k))
        assert a == b, f"{name} seat {seat}: {a.text} vs {b.text} (per-game hard)"
