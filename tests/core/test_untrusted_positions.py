"""Hand-written positions are untrusted: a bad one is refused up front with StateFormatError.

The property test mutates real positions of every registered game (a field replaced by random
JSON, a card moved to another zone, a face-down choice invented) and checks that loading either
refuses with StateFormatError or gives a state that plays on without any other error.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import (
    NO_COMMIT,
    CardtableError,
    Rng,
    StateFormatError,
    list_games,
    load_state,
    new_state,
    state_from_json,
)

from .toy import ToyState

GAMES = [info.name for info in list_games()]

JSON_LEAF = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.text(max_size=12)
    | st.sampled_from(["blue", "red", "deal", "move", "lead", "stop", "commit", "over", "KH", "x"])
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def position(game: str, seed: int, steps: int) -> dict[str, Any]:
    """The JSON of a real position: ``steps`` random legal actions into a seeded game."""
    info = next(i for i in list_games() if i.name == game)
    state = new_state(game, info.min_players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        legal = state.legal_action_ids(seat)
        state.apply_unchecked(seat, legal[rng.below(len(legal))])
    return json.loads(json.dumps(state.to_json()))


def play_on(data: dict[str, Any], moves: int = 25) -> None:
    """Load, then play random legal moves: any error other than a refusal is a bug."""
    try:
        state = state_from_json(data)
    except StateFormatError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) < 400, message
        return
    rng = Rng(1)
    for _ in range(moves):
        if state.is_terminal():
            return
        seat = next(iter(state.to_act()))
        legal = state.legal_action_ids(seat)
        assert legal, "a loaded position left a seat to act without a choice"
        state.apply(seat, legal[rng.below(len(legal))])
        state.observation(seat)


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(GAMES))
    data = position(game, draw(st.integers(0, 50)), draw(st.integers(0, 40)))
    data = copy.deepcopy(data)
    kinds = sorted(
        draw(
            st.lists(st.sampled_from(["card", "pending", "scalar", "top"]), min_size=1, max_size=3)
        )
    )
    for kind in kinds:  # "top" last: it may replace the fields the others change
        if kind == "scalar" and data["state"]:
            name = draw(st.sampled_from(sorted(data["state"])))
            old = data["state"][name]
            if isinstance(old, list) and old and draw(st.booleans()):
                i = draw(st.integers(0, len(old) - 1))
                old[i] = draw(JSON)
            else:
                data["state"][name] = draw(JSON | st.integers(-3, 12))
        elif kind == "card":
            zones = [z for z, cards in data["zones"].items() if cards]
            src = draw(st.sampled_from(sorted(zones)))
            dst = draw(st.sampled_from(sorted(data["zones"])))
            card = data["zones"][src].pop(draw(st.integers(0, len(data["zones"][src]) - 1)))
            data["zones"][dst].append(card)
        elif kind == "pending":
            seat = draw(st.integers(0, data["num_players"] - 1))
            names = sorted(
                {c if isinstance(c, str) else c["card"] for z in data["zones"].values() for c in z}
            )
            choice = draw(
                st.sampled_from(names).map(lambda c: f"play {c}")
                | st.sampled_from(["pass", "cancel", "decline", "take 1", "draw 1"])
                | JSON
            )
            data["pending"][seat] = choice
        else:
            key = draw(
                st.sampled_from(["rng", "num_players", "options", "history", "zones", "rest"])
            )
            data[key] = draw(JSON)
    return data


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_positions_are_refused_or_play_on(data: dict[str, Any]) -> None:
    play_on(data)


@pytest.mark.parametrize("game", GAMES)
def test_unmutated_positions_load(game: str) -> None:
    for steps in (0, 5, 30):
        data = position(game, 3, steps)
        assert state_from_json(data).to_json() == data


def test_toy_commit_of_a_card_not_held_is_refused() -> None:
    data = ToyState.new(2, 1).to_json()
    held = set(data["zones"]["hand:1"])
    other = next(c for c in data["zones"]["hand:0"] if c not in held)
    data["pending"] = [None, f"play {other}"]
    with pytest.raises(StateFormatError, match="seat 1 cannot have chosen"):
        ToyState.from_json(data)
    data["pending"] = [None, f"play {data['zones']['hand:1'][0]}"]
    assert ToyState.from_json(data).pending[1] != NO_COMMIT


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(pending=[None, 5]), "not an action's text"),
        (lambda d: d.update(pending="x"), "one entry per seat"),
        (lambda d: d.update(rng=-1), "'rng'"),
        (lambda d: d.update(rng=2**80), "'rng'"),
        (lambda d: d.update(num_players=True), "num_players"),
        (lambda d: d.update(history=[[5, "play a"]]), "bad history entry"),
        (lambda d: d.update(history=[[0, "dance"]]), "bad history"),
        (lambda d: d.update(zones={"deck": "abc"}), "must be a list"),
        (lambda d: d.update(zones={"deck": [{"card": "a", "seen": [99]}]}), "must list seats"),
        (lambda d: d.update(zones={"deck": [{"card": "a", "seen": [2**99]}]}), "must list seats"),
        (lambda d: d.update(zones={"deck": [{"card": "a", "tag": 2**99}]}), "small whole"),
        (lambda d: d.update(state={"rounds": True}), "must be a whole number"),
        (lambda d: d.update(state={"rounds": 2**80}), "must be a whole number"),
        (lambda d: d.update(options={"hand": "1e9"}), "whole number"),
        (lambda d: d.update(zone={}), "unknown field 'zone'"),
    ],
)
def test_bad_fields_are_named(change: Any, message: str) -> None:
    data = ToyState.new(2, 1).to_json()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        ToyState.from_json(data)


def test_sequential_game_refuses_a_pending_choice() -> None:
    data = position("piece-of-the-action", 1, 3)
    seat = data["state"]["actor"]
    data["pending"][seat] = "pass"
    with pytest.raises(StateFormatError, match="not a face-down decision"):
        state_from_json(data)


@pytest.mark.parametrize(
    "content",
    [b"", b"   ", b"\xff\xfe\x00", b"[" * 100_000, b"1" * 5000, b'{"game": NaN}', b"[1, 2"],
)
def test_load_state_file_errors_are_one_line(tmp_path: Any, content: bytes) -> None:
    path = tmp_path / "position.json"
    path.write_bytes(content)
    with pytest.raises(CardtableError) as caught:
        load_state(path)
    assert "\n" not in str(caught.value)


def take(data: dict[str, Any], card: str, zone: str) -> None:
    """Move one copy of ``card`` from wherever it is to ``zone``."""
    for cards in data["zones"].values():
        if card in cards:
            cards.remove(card)
            data["zones"][zone].append(card)
            return
    raise AssertionError(card)


def _pota_deal() -> dict[str, Any]:
    for seed in range(50):
        data = position("piece-of-the-action", seed, 2)
        if data["state"]["phase"] == "deal" and data["zones"]["centre"]:
            return data
    raise AssertionError("no Deal position found")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: take(d, "x", "centre"), "zone 'centre'"),
        (lambda d: take(d, "green-reverse", "pota:1"), "zone 'pota:1'"),
        (lambda d: take(d, "blue-move1", "playing"), "zone 'playing'"),
        (lambda d: d["state"].update(move_left=2), "'move_left'"),
        (lambda d: d["state"].update(passed=[1, 1]), "has not passed|has passed"),
        (lambda d: take(d, "x", "hand:0"), "X cards|at most"),
    ],
)
def test_pota_piles_hold_only_what_the_rules_allow(change: Any, message: str) -> None:
    data = _pota_deal()
    change(data)
    with pytest.raises(StateFormatError, match=message):
        state_from_json(data)


def test_magic_show_commit_must_be_a_held_playable_card() -> None:
    data = position("magic-show", 2, 0)
    other = data["zones"]["hand:1"][0]
    data["pending"] = [f"play {other}", None]
    with pytest.raises(StateFormatError, match="seat 0 cannot have chosen"):
        state_from_json(data)
    ace = next(c for c in ("AC", "AD", "AH", "AS") if any(c == x for x in data["zones"]["deck"]))
    data["zones"]["deck"].remove(ace)
    data["zones"]["discard"].append(ace)
    data["pending"] = ["play " + ace, None]
    with pytest.raises(StateFormatError, match="cannot have chosen"):
        state_from_json(data)


def test_magic_show_practice_piles_hold_their_owners_cards() -> None:
    data = position("magic-show", 2, 0)
    card = next(c for c in data["zones"]["deck"] if c.endswith(("C", "S")) and c[0] == "K")
    data["zones"]["deck"].remove(card)
    data["zones"]["pile:0"].append(card)  # a Black King in Red's pile
    with pytest.raises(StateFormatError, match="cannot lie in pile:0"):
        state_from_json(data)
