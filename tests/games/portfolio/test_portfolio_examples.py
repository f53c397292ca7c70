"""Every worked example of the rule text, with its numbers."""

from __future__ import annotations

import pytest

from cardtable.games.portfolio.cards import draw_cost
from cardtable.games.portfolio.portfolios import run_value, slot_value

from .helpers import load, position, texts


def test_four_to_seven_is_worth_five_dollars() -> None:
    assert run_value([4, 5, 6, 7]) == 5
    state = load(position(2, [["2C"], ["3C"]], [(0, ["4S", "5S", "6S", "7S"])]))
    assert slot_value(state, 0) == 5


@pytest.mark.parametrize(
    ("cards", "cost"), [(1, 0), (2, 2), (3, 5), (4, 9), (5, 14), (6, 20), (7, 27), (8, 35)]
)
def test_draw_cost_table(cards: int, cost: int) -> None:
    assert draw_cost(cards) == cost


@pytest.mark.parametrize(("cards", "banked"), [(1, 10), (2, 8), (3, 5), (4, 1)])
def test_income_of_ten_dollars_against_draws(cards: int, banked: int) -> None:
    # Seat 0 owns runs worth $10 (J-Q-K: $4, and 5-6-7-8: $6) and starts its turn.
    data = position(
        2,
        [["2C"], ["3C"]],
        [(0, ["JH", "QH", "KH"]), (0, ["5S", "6S", "7S", "8S"])],
        money=[6, 6],
        state={"phase": "discard"},
    )
    state = load(data)
    state.apply(0, "discard 2C")  # seat 1's turn
    state.apply(1, "draw 1")
    state.apply(1, "from stock")
    state.apply(1, "end actions")
    state.apply(1, state.legal_actions(1)[0].text)
    assert state.income == 10
    assert "draw 4" in texts(state, 0) and "draw 5" not in texts(state, 0)
    state.apply(0, f"draw {cards}")
    assert state.money[0] == 6 + banked


def test_neutralize_costs_the_value_before_the_card_and_acquire_twice_that() -> None:
    run = ["3C", "4C", "5C", "6C"]
    state = load(position(2, [["2C", "7C"], ["9D"]], [(1, run)], money=[8, 6]))
    assert slot_value(state, 0) == 4
    assert {"neutralize pf0", "acquire pf0"} <= set(texts(state, 0))
    neutral = load(position(2, [["2C", "7C"], ["9D"]], [(1, run)], money=[8, 6]))
    neutral.apply(0, "neutralize pf0")
    assert neutral.money[0] == 4 and neutral.owner[0] == -1
    state.apply(0, "acquire pf0")
    assert state.money[0] == 0 and state.owner[0] == 0
    assert slot_value(state, 0) == 7  # with the 7 added


def test_capping_example_six_to_ten_of_hearts() -> None:
    run = ["6H", "7H", "8H", "9H", "10H"]
    hand = ["6D", "6H", "10D", "10H", "5H", "JH", "6S"]
    state = load(position(2, [hand, ["2C"]], [(0, run)]))
    options = set(texts(state, 0))
    assert {"cap pf0 low 6D", "cap pf0 low 6H", "cap pf0 high 10D", "cap pf0 high 10H"} <= options
    assert "cap pf0 low 6S" not in options  # same rank, other colour
    state.apply(0, "cap pf0 low 6D")
    options = set(texts(state, 0))
    assert "extend pf0 low" not in options and "extend pf0 high" in options
    assert not any(t.startswith("cap pf0 low") for t in options)  # once per end
    state.apply(0, "extend pf0 high")
    assert "cap pf0 high 10H" not in texts(state, 0)  # the high end is now the Jack


def test_two_portfolios_are_never_merged() -> None:
    state = load(
        position(
            2, [["10S", "2C"], ["3C"]], [(0, ["6S", "7S", "8S", "9S"]), (0, ["JS", "QS", "KS"])]
        )
    )
    assert {"extend pf0 high", "extend pf1 low"} <= set(texts(state, 0))
    state.apply(0, "extend pf1 low")
    assert [state.card_name(c) for c in state.zone("pf:1")] == ["10S", "JS", "QS", "KS"]
    assert [state.card_name(c) for c in state.zone("pf:0")] == ["6S", "7S", "8S", "9S"]
