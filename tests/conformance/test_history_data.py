"""History entries carry their action's data beside the text, for every game and player count.

Along random games, every entry of every seat's (and the spectator's) observation history and
timeline either carries the decoded data of the action taken, which encodes back to that action's
id and text, or carries none, exactly where the seat reads the outsiders' text instead.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import ActionData, Rng, State, new_state

from .checks import random_step
from .test_conformance import CASES, IDS

#: Random games per case, the most actions played in each, and how often the views are checked.
GAMES = 3
MAX_STEPS = 300
EVERY = 60

#: Games where some seat must read a hidden entry in these random games (face-down choices).
HIDDEN_GAMES = {"magic-show", "score"}


def check_history_data(state: State) -> int:
    """Check every seat's history and timeline data; return how many entries were hidden."""
    space = state.actions
    hidden = 0
    for seat in [*range(state.num_players), None]:
        obs = state.observation(seat)
        assert len(obs["history_data"]) == len(obs["history"]) == len(state.history)
        moves = [(a, t, d) for a, t, d in state.timeline_entries(seat) if a is not None]
        assert [(a, t) for a, t, _ in moves] == [tuple(e) for e in obs["history"]]
        for (actor, aid), (_, text), data, (_, _, entry) in zip(
            state.history, obs["history"], obs["history_data"], moves, strict=True
        ):
            assert data == (None if entry is None else entry.to_json())
            if data is None:
                hidden += 1
                assert text == state.hidden_action_text(actor, aid), (state.GAME, seat, text)
                assert text != space.action(aid).text
                continue
            assert data == space.data(aid).to_json(), (state.GAME, seat, text, data)
            back = space.from_data(ActionData.from_json(data))
            assert (back.id, back.text) == (aid, text), (state.GAME, seat, data)
        for _actor, _line, none in state.timeline_entries(seat):
            if _actor is None:
                assert none is None
    return hidden


@pytest.mark.parametrize(("game", "num_players"), CASES, ids=IDS)
def test_history_entries_carry_their_data(game: str, num_players: int) -> None:
    hidden = 0
    checked = 0
    for seed in range(GAMES):
        state = new_state(game, num_players, seed)
        rng = Rng(seed ^ 0x415)
        for step in range(MAX_STEPS):
            if state.is_terminal():
                break
            random_step(state, rng)
            if step % EVERY == EVERY - 1:
                hidden += check_history_data(state)
        hidden += check_history_data(state)
        checked += len(state.history)
    assert checked > 0
    if game in HIDDEN_GAMES:
        assert hidden > 0, f"{game}: no hidden entry was met, so hiding was not tested"


def test_a_face_down_commit_carries_no_data_for_the_others() -> None:
    state = new_state("magic-show", 2, seed=5)
    seat = state.to_act()[0]
    chosen = state.legal_actions(seat)[0]
    state.apply(seat, chosen)
    mine: dict[str, Any] = state.observation(seat)
    assert mine["history"] == [[seat, chosen.text]]
    assert mine["history_data"] == [chosen.data.to_json()]
    for other in (1 - seat, None):
        theirs = state.observation(other)
        assert theirs["history_data"] == [None]
        assert all(d is None for a, _t, d in state.timeline_entries(other) if a == seat)
