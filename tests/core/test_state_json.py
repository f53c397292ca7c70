"""The JSON state format: round trips, hand-written positions and clear errors."""

from __future__ import annotations

import json

import pytest

from cardtable.core import StateFormatError

from .toy import HAND0, ToyState, toy


def test_round_trip_through_json_text() -> None:
    state = toy(2)
    state.apply(0, state.legal_action_ids(0)[0])
    again = ToyState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.pending == state.pending


def test_knowledge_marks_survive_json() -> None:
    state = toy(2)
    card = state.zones[HAND0][0]
    state.move(card, HAND0, HAND0 + 1)
    data = state.to_json()
    assert {"card": state.card_name(card), "seen": [0]} in data["zones"]["hand:1"]
    again = ToyState.from_json(data)
    assert again.observation(0)["zones"] == state.observation(0)["zones"]


def test_hand_written_position_with_rest() -> None:
    state = ToyState.from_json(
        {
            "game": "toy",
            "num_players": 2,
            "rest": True,
            "zones": {"hand:0": ["a", "b"], "hand:1": ["c"]},
        }
    )
    assert [state.card_name(c) for c in state.zones[HAND0]] == ["a", "b"]
    assert len(state.zones[0]) == 3


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "toy"}, "num_players"),
        ({"game": "toy", "num_players": 2, "zones": {"attic": []}}, "unknown zone"),
        ({"game": "toy", "num_players": 2, "zones": {"deck": ["zz"]}}, "unknown card"),
        ({"game": "toy", "num_players": 2, "zones": {"deck": ["a", "a"]}}, "too many"),
        ({"game": "toy", "num_players": 2, "zones": {"deck": ["a"]}}, "in no zone"),
        ({"game": "toy", "num_players": 2, "rest": True, "state": {"bogus": 1}}, "unknown state"),
        (
            {"game": "toy", "num_players": 2, "rest": True, "state": {"rounds": "x"}},
            "must be a whole",
        ),
        ({"game": "toy", "num_players": 2, "rest": True, "options": {"hand": 9}}, "one of"),
    ],
)
def test_bad_positions_are_rejected_clearly(data: dict[str, object], message: str) -> None:
    with pytest.raises(Exception, match=message):
        ToyState.from_json(data)


def test_not_a_dict() -> None:
    with pytest.raises(StateFormatError):
        ToyState.from_json([])  # type: ignore[arg-type]
