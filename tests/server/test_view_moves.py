"""The moves a view message carries for the page's log: every action of every seat, numbered as
the replay numbers its steps, each seat's latest move, and no more than the seat may know."""

from __future__ import annotations

import random

import pytest

from cardtable.core import list_games
from cardtable.core.registry import new_state
from cardtable.core.state import State
from cardtable.server.views import TIMELINE_TAIL, moves, seat_view


def played(game: str, players: int, steps: int, seed: int = 3) -> State:
    """A game with ``steps`` random moves made (or fewer, if it ends first)."""
    state = new_state(game, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_every_move_of_every_seat_is_in_the_timeline(game: str) -> None:
    info = next(g for g in list_games() if g.name == game)
    state = played(game, info.min_players, 12)
    for seat in [None, *range(state.num_players)]:
        sent = moves(state, seat)
        steps = [e["step"] for e in sent["timeline"] if e["seat"] is not None]
        obs = state.observation(seat)
        history, datas = obs["history"], obs["history_data"]
        tail = [e for e in sent["timeline"] if e["seat"] is not None]
        # Each move as the observation's history reads it, numbered 1, 2, … like the replay.
        assert [[e["seat"], e["text"]] for e in tail] == history[len(history) - len(tail) :]
        # … with its data beside the text (None where the text is hidden), and none on a line.
        assert [e["data"] for e in tail] == datas[len(datas) - len(tail) :]
        assert any(e["data"] is not None for e in tail)
        assert all(e["data"] is None for e in sent["timeline"] if e["seat"] is None)
        assert steps == list(range(len(history) - len(tail) + 1, len(history) + 1))
        for actor in range(state.num_players):
            mine = [i for i, (s, _) in enumerate(history, start=1) if s == actor]
            last = sent["last_moves"][actor]
            if not mine:
                assert last is None
            else:
                text, data = history[mine[-1] - 1][1], datas[mine[-1] - 1]
                assert last == {"step": mine[-1], "text": text, "data": data}


def test_the_timeline_is_a_tail_of_a_long_game() -> None:
    state = played("piece-of-the-action", 3, 60)
    sent = moves(state, 0)
    assert len(sent["timeline"]) == TIMELINE_TAIL
    assert sent["timeline_start"] + TIMELINE_TAIL == len(state.timeline(0))


def test_a_face_down_choice_stays_hidden_from_the_other_seat() -> None:
    state = new_state("magic-show", 2, seed=5)
    seat = state.to_act()[0]
    chosen = state.legal_actions(seat)[0]
    state.apply(seat, chosen)
    other = 1 - seat
    seen = moves(state, other)
    assert seen["last_moves"][seat]["text"] != chosen.text
    assert all(chosen.text not in e["text"] for e in seen["timeline"])
    assert seen["last_moves"][seat]["data"] is None
    assert all(e["data"] is None for e in seen["timeline"])
    own = moves(state, seat)["last_moves"][seat]
    assert own["text"] == chosen.text and own["data"] == chosen.data.to_json()


def test_the_view_message_carries_the_timeline_data() -> None:
    state = played("portfolio", 3, 8)
    seat = state.to_act()[0]
    message = seat_view(state, {}, len(state.history), seat, 60.0)
    moved = [e for e in message["timeline"] if e["seat"] is not None]
    assert moved and all(
        e["data"] == state.actions.data(aid).to_json()
        for e, (_, aid) in zip(moved, state.history[-len(moved) :], strict=True)
    )
    assert (
        message["observation"]["history_data"]
        == [state.actions.data(aid).to_json() for _, aid in state.history[-len(moved) :]][
            -len(message["observation"]["history"]) :
        ]
    )
