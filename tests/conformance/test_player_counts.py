"""One player-count check for every game, in the core (``State.check_players``), with one
message naming the game and its counts: through the registry, through the state class and
for a loaded position alike."""

from __future__ import annotations

import pytest

from cardtable.core import BadOptions, GameInfo, list_games, new_state


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_the_state_class_declares_the_counts_of_the_registry(info: GameInfo) -> None:
    cls = info.state_class
    assert (
        info.display_name,
        info.min_players,
        info.max_players,
    ) == (cls.TITLE, cls.MIN_PLAYERS, cls.MAX_PLAYERS)


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_an_out_of_range_count_is_refused_with_the_counts(info: GameInfo) -> None:
    for count in (info.min_players - 1, info.max_players + 1, 0):
        expected = f"{info.players_text()}, not {count}"
        with pytest.raises(BadOptions) as by_name:
            new_state(info.name, count, seed=1)
        assert str(by_name.value) == expected
        with pytest.raises(BadOptions) as by_class:
            info.state_class.new(count, seed=1)
        assert str(by_class.value) == expected


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_a_count_that_is_not_a_number_is_refused(info: GameInfo) -> None:
    with pytest.raises(BadOptions, match=r"players, not 'three'"):
        new_state(info.name, "three", seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("info", list_games(), ids=lambda i: i.name)
def test_a_loaded_position_with_a_wrong_count_is_refused(info: GameInfo) -> None:
    data = new_state(info.name, info.min_players, seed=1).to_json()
    data["num_players"] = info.max_players + 1
    with pytest.raises(Exception, match=rf"{info.players_text()}"):
        info.state_class.from_json(data)
