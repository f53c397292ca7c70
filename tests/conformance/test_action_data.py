"""Actions as data: every legal action of random positions, for every game and player count,
round-trips id -> structure -> id and structure -> JSON -> structure; bad data is refused."""

from __future__ import annotations

import pytest

from cardtable.core import ActionData, IllegalAction, Rng, State, new_state

from .checks import check_action_data, random_step
from .test_conformance import CASES, IDS

#: Random games per case and the most actions looked at in each (positions on the way).
GAMES = 3
MAX_STEPS = 400


def _positions(game: str, num_players: int) -> list[State]:
    """Every position of a few random games (cut at MAX_STEPS), in order."""
    out: list[State] = []
    for seed in range(GAMES):
        state = new_state(game, num_players, seed)
        rng = Rng(seed ^ 0xDA7A)
        for _ in range(MAX_STEPS):
            out.append(state.clone())
            if state.is_terminal():
                break
            random_step(state, rng)
    return out


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
def test_every_legal_action_round_trips_through_its_data(game: str, num_players: int) -> None:
    kinds: set[str] = set()
    for state in _positions(game, num_players):
        check_action_data(state)
        kinds.update(a.data.kind for s in state.to_act() for a in state.legal_actions(s))
    assert len(kinds) >= 3, f"{game}: only the kinds {sorted(kinds)} were seen"


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
def test_the_whole_space_decodes_and_encodes_back(game: str, num_players: int) -> None:
    """Not only legal actions: every id of the space (sampled for the very large ones)."""
    space = new_state(game, num_players, 0).actions
    step = max(1, space.size // 5000)
    for aid in range(0, space.size, step):
        assert space.from_data(space.data(aid).to_json()).id == aid, space.action(aid)


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
def test_data_that_names_no_action_is_refused(game: str, num_players: int) -> None:
    state = new_state(game, num_players, 0)
    before = state.to_json()
    space = state.actions
    real = space.data(space.size - 1).to_json()
    bad: list[object] = [
        {"kind": "no such kind"},
        {**real, "extra": 1},
        {k: (True if k != "kind" else v) for k, v in real.items()} if len(real) > 1 else [],
        {"kind": real["kind"], **{k: 10**6 for k in real if k != "kind"}} if len(real) > 1 else 7,
        "play",
        None,
        {"card": "x"},
    ]
    for data in bad:
        with pytest.raises(IllegalAction):
            space.from_data(data)
    with pytest.raises(IllegalAction):
        state.apply(state.to_act()[0], ActionData("no such kind"))
    assert state.to_json() == before


def test_action_data_is_a_value() -> None:
    first = ActionData("place", {"card": "R-Y-G", "cell": 5, "rotation": 2})
    second = ActionData("place", {"rotation": 2, "cell": 5, "card": "R-Y-G"})
    assert first == second and hash(first) == hash(second)
    assert first != ActionData("place", {"card": "R-Y-G", "cell": 5, "rotation": 1})
    assert first.to_json() == {"kind": "place", "card": "R-Y-G", "cell": 5, "rotation": 2}
    assert first.int_arg("cell") == 5 and first.str_arg("card") == "R-Y-G"
    assert first.get("nothing") is None and not first.has("nothing")
    with pytest.raises(KeyError):
        first.int_arg("card")
    with pytest.raises(KeyError):
        first.str_arg("cell")
    for bad in ({"kind": ""}, {"kind": "x", "seat": [1]}, {"kind": "x", "seat": 1.5}, {"kind": 3}):
        with pytest.raises(IllegalAction):
            ActionData.from_json(bad)
