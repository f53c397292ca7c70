"""RNG, action spaces, options, registry and records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardtable.core import (
    ActionSpace,
    BadOptions,
    GameRecord,
    IllegalAction,
    Rng,
    StateFormatError,
    UnknownGame,
    get_game,
    new_state,
    option,
)
from cardtable.core.options import option_specs, parse_options


def test_rng_is_deterministic_and_in_range() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    values = [Rng(i).below(7) for i in range(2000)]
    assert set(values) == set(range(7))
    counts = [values.count(v) for v in range(7)]
    assert min(counts) > 200  # roughly uniform (expected ~286 each)
    items = list(range(30))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    with pytest.raises(ValueError, match="positive"):
        Rng(0).below(0)
    copy = a.copy()
    assert copy.next_u64() == a.next_u64()


def test_action_space_parses_loosely_and_rejects_unknowns() -> None:
    space = ActionSpace(3, lambda i: ["pass", "play +3", "move 2"][i])
    assert space.parse("  PLAY   +3 ").id == 1
    assert space.action(2).text == "move 2"
    with pytest.raises(IllegalAction, match="not an action"):
        space.parse("jump")
    with pytest.raises(IllegalAction, match="outside"):
        space.action(3)


@dataclass(frozen=True)
class _Opts:
    flag: bool = option(True, "T-R1", "A flag.")
    count: int = option(3, "T-R2", "A count.")
    mode: str = option("a", "T-R3", "A mode.", choices=("a", "b"))


def test_options_parse_from_strings_and_reject_bad_values() -> None:
    assert parse_options(_Opts, {"flag": "false", "count": "5", "mode": "b"}) == _Opts(
        False, 5, "b"
    )
    assert [s.ruling for s in option_specs(_Opts)] == ["T-R1", "T-R2", "T-R3"]
    for bad in ({"flag": "maybe"}, {"count": "x"}, {"mode": "c"}, {"colour": 1}, {"count": True}):
        with pytest.raises(BadOptions):
            parse_options(_Opts, bad)


def test_registry_finds_by_alias_and_rejects_unknowns() -> None:
    assert get_game("POTA").name == "piece-of-the-action"
    assert get_game("piece_of_the_action").name == "piece-of-the-action"
    with pytest.raises(UnknownGame, match="no game called"):
        get_game("chess")
    with pytest.raises(BadOptions, match="2 to 6 players"):
        new_state("pota", 7)
    with pytest.raises(BadOptions, match="unknown option"):
        new_state("pota", 4, options={"nonsense": 1})


def test_record_round_trip_and_tampering(tmp_path: Path) -> None:
    state = new_state("pota", 3, seed=11)
    rng = Rng(3)
    for _ in range(30):
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply(seat, ids[rng.below(len(ids))])
    record = GameRecord.of(state, seed=11)
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path).replay() == state
    data = json.loads(path.read_text())
    data["actions"][5][1] = "pota -> seat 5"
    path.write_text(json.dumps(data))
    with pytest.raises(StateFormatError, match="record step 6"):
        GameRecord.load(path).replay()
    path.write_text("{not json")
    with pytest.raises(StateFormatError, match="not valid JSON"):
        GameRecord.load(path)
    with pytest.raises(StateFormatError, match="not a game record"):
        GameRecord.from_json({"game": "pota"})


def test_inlined_shuffle_is_fisher_yates_over_below() -> None:
    """Rng.shuffle inlines the generator; it must equal the plain below()-based algorithm."""
    for seed in range(50):
        fast, slow = Rng(seed), Rng(seed)
        items = list(range(seed % 70))
        reference = items[:]
        fast.shuffle(items)
        for i in range(len(reference) - 1, 0, -1):
            j = slow.below(i + 1)
            reference[i], reference[j] = reference[j], reference[i]
        assert items == reference
        assert fast.state == slow.state
