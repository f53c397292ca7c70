"""Show scoring (MS-R7, MS-R8, MS-R9) and Dinner Buffet half values (MS-R6)."""

from __future__ import annotations

import pytest

from cardtable.games.magic_show.cards import card_id
from cardtable.games.magic_show.scoring import buffet_value, show_minutes, show_value


def value(*names: str) -> int:
    return show_value([card_id(n) for n in names])


def test_text_example_king_king_ten_six_four_three_two_is_16() -> None:
    cards = ("KH", "KD", "10H", "6D", "4H", "3D", "2H")
    assert show_minutes(card_id(n) for n in cards) == 20
    assert value(*cards) == 16  # (6 + 6 + 5 - 9) * 2


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (("KH", "QH", "JH"), 12),  # 15 minutes: full values
        (("10H", "KD"), 16),  # 15 minutes: full values
    ],
)
def test_perfect_fifteen_minutes_scores_full_value(cards: tuple[str, ...], expected: int) -> None:
    assert value(*cards) == expected


def test_five_over_halves_the_ten_not_a_king() -> None:
    """MS-R7: 'biggest' is by value, so the Ten (10) is halved, not a King (6)."""
    assert value("10H", "KD") == 16
    assert value("10H", "KD", "QH") == 5 + 6 + 4


def test_five_short_halves_one_of_two_equal_biggest() -> None:
    assert value("KH", "KD") == 6 + 3


def test_five_short_with_ten_alone_halves_it() -> None:
    assert value("10D") == 5


def test_ten_off_halves_every_trick() -> None:
    assert value("10H", "KD", "QH", "JD") == 5 + 3 + 2 + 1  # 25 minutes
    assert value("JH") == 1  # 5 minutes


@pytest.mark.parametrize("cards", [("10H", "10D", "KH", "QD"), ("10H", "10D", "KH", "QD", "JH")])
def test_thirty_minutes_or_more_scores_no_trick_points(cards: tuple[str, ...]) -> None:
    assert value(*cards) == 0
    assert value(*cards, "2H") == -2
    assert value(*cards, "2H", "6D") == -4


@pytest.mark.parametrize(
    "cards", [(), ("2H", "3H", "4D"), ("6H", "6D"), ("6H", "4H", "3D", "2D", "6D")]
)
def test_comedy_show_without_tricks_is_zero_whatever_else(cards: tuple[str, ...]) -> None:
    assert value(*cards) == 0


def test_mistakes_count_in_full_even_in_a_perfect_show() -> None:
    assert value("KH", "QH", "JH", "2H", "3D", "4D") == 12 - 9


def test_mistakes_count_in_full_in_a_halved_show() -> None:
    assert value("JH", "2H") == 1 - 2


def test_one_six_doubles_two_sixes_quadruple() -> None:
    assert value("KH", "QH", "JH", "6H") == 24
    assert value("KH", "QH", "JH", "6H", "6D") == 48


def test_negative_shows_are_doubled_too() -> None:
    """MS-R8: a negative show stands, and Rehearsals double it."""
    assert value("JH", "4H") == -3
    assert value("JH", "4H", "6D") == -6
    assert value("JH", "4H", "6D", "6H") == -12


@pytest.mark.parametrize(("name", "half"), [("10H", 5), ("KD", 3), ("QS", 2), ("JC", 1)])
def test_buffet_half_values(name: str, half: int) -> None:
    assert buffet_value(card_id(name)) == half
