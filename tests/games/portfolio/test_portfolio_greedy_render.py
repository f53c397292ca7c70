"""The rule-of-thumb player's obvious choices, and the terminal view."""

from __future__ import annotations

from cardtable.core import Rng, get_game

from .helpers import load, position

GREEDY = get_game("portfolio").greedy
RENDER = get_game("portfolio").renderer
assert GREEDY is not None and RENDER is not None


def choose(state: object, seat: int) -> str:
    action, why = GREEDY(state.observation(seat), state.legal_actions(seat), Rng(0))  # type: ignore[attr-defined]
    assert why
    return str(action.text)


def test_claims_the_pauper_rule() -> None:
    state = load(position(2, [["2C", "9H"], ["3C"]], state={"phase": "draw"}))
    assert choose(state, 0) == "pauper"


def test_buys_draws_with_half_its_income() -> None:
    state = load(
        position(
            2,
            [["2C"], ["3C"]],
            [(0, ["JH", "QH", "KH"]), (0, ["JD", "QD", "KD"])],
            state={"phase": "draw"},
        )
    )
    assert state.income == 8 and choose(state, 0) == "draw 2"  # $2 of $8; 3 cards would cost $5


def test_acquires_before_anything_else_and_makes_the_longest_run() -> None:
    hand = ["8S", "2D", "3D", "4D", "5D", "9C", "10C", "JC"]
    state = load(position(2, [hand, ["3C"]], [(1, ["5S", "6S", "7S"])], money=[10, 6]))
    assert choose(state, 0) == "acquire pf0"
    state.apply(0, "acquire pf0")
    assert choose(state, 0) == "make 2-5D"


def test_discards_the_loneliest_card() -> None:
    state = load(position(2, [["2D", "3D", "KC"], ["3C"]], state={"phase": "discard"}))
    assert choose(state, 0) == "discard KC"


def test_view_shows_portfolios_money_and_hand() -> None:
    state = load(
        position(
            2,
            [["2D", "KC"], ["3C"]],
            [(1, ["4S", "5S", "6S", "7S"])],
            caps={0: {"low": "4C"}},
            money=[9, 6],
        )
    )
    text = RENDER(state.observation(0))
    assert "pf0 (seat 1): 4♠ 5♠ 6♠ 7♠ — $5, low cap 4♣" in text
    assert "you: $9" in text and "Your hand (2)" in text
