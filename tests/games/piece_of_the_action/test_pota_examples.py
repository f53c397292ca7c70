"""Golden tests: every worked example of the rule text, with its numbers, and rounding.

Each example is a real position inside a Deal; every seat passes, the Deal is settled and the
resulting scores are checked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable

from .pota_helpers import deal, field, pass_out, round5, scores

DATA = Path(__file__).parent / "data"


def test_deal_value_example_plus_nine_times_two_is_twenty() -> None:
    """Rule text: +3, +4, +4, -2 is +9; two Xs show; +9 x 2 = +18, raised to +20 (POTA-R9).

    The two Xs are the marker's own X and one X card (POTA-R10). Seat 0 is the Leader (one share),
    seat 2 holds one POTA (one share).
    """
    state = deal(
        4,
        {
            "centre": ["blue+3", "blue+4", "blue+4", "blue-2"],
            "xcards": ["x"],
            "pota:2": ["blue-pota"],
        },
        leader=0,
    )
    assert state.observation(None)["public"]["multiplier"] == 2
    assert state.observation(None)["public"]["deal_value"] == 20
    pass_out(state)
    assert scores(state) == [70, 50, 70, 50]


def test_deal_value_example_minus_seven_times_three_is_minus_twenty_five() -> None:
    """Rule text: +2, -4, -5 is -7; three Xs show; -7 x 3 = -21, "raised" to -25 (POTA-R9).

    Leader seat 1 loses 25; seat 2 with two POTAs loses 50; seat 3 with a POTA and a Reverse
    gains 25 (POTA-R14); seat 0 has no share.
    """
    state = deal(
        4,
        {
            "centre": ["red+2", "red-4", "red-5"],
            "xcards": ["x", "x"],
            "pota:2": ["red-pota", "red-pota"],
            "pota:3": ["red-pota"],
            "reverse:3": ["red-reverse"],
        },
        leader=1,
        colour="red",
    )
    assert state.observation(None)["public"]["deal_value"] == -25
    pass_out(state)
    assert scores(state) == [50, 25, 0, 75]


def test_settling_example_leader_with_one_pota_scores_fifty() -> None:
    """Rule text, Settling a Deal: value +25; the Leader with one POTA scores 50 (POTA-R14).

    +5 +4 +3 = +12, two Xs: +24, raised to +25.
    """
    state = deal(
        4,
        {"centre": ["blue+5", "blue+4", "blue+3"], "xcards": ["x"], "pota:0": ["blue-pota"]},
        leader=0,
    )
    pass_out(state)
    assert scores(state) == [100, 50, 50, 50]


def test_settling_example_three_potas_and_a_reverse_lose_seventy_five() -> None:
    """Rule text, Settling a Deal: value +25; a seat with 3 POTAs and a Reverse loses 75.

    Seat 2 starts at 100 so the loss is visible in full; the Leader (seat 0, one POTA) gains 50.
    """
    state = deal(
        4,
        {
            "centre": ["blue+5", "blue+4", "blue+3"],
            "xcards": ["x"],
            "pota:0": ["blue-pota"],
            "pota:2": ["blue-pota", "blue-pota", "blue-pota"],
            "reverse:2": ["blue-reverse"],
        },
        leader=0,
        scores=[50, 50, 100, 50],
    )
    pass_out(state)
    assert scores(state) == [100, 50, 25, 50]


# (centre cards, number of X cards placed, expected final value)
ROUNDING = [
    (["green+2"], 0, 5),  # +2 -> +5
    (["green+4"], 0, 5),  # +4 -> +5
    (["green+5"], 0, 5),  # exact multiple stays
    (["green+5", "green+5"], 0, 10),  # exact multiple stays
    (["green+5", "green+5", "green+3", "green+2"], 0, 15),  # +15 stays
    (["green+3", "green-2"], 0, 5),  # +1 -> +5
    (["green+2", "green-3"], 0, -5),  # -1 -> -5
    (["green-5"], 0, -5),  # exact negative multiple stays
    (["green-2", "green-5"], 1, -15),  # -7 x 2 = -14 -> -15
    (["green-2"], 2, -10),  # -2 x 3 = -6 -> -10
    (["green-3"], 3, -15),  # -3 x 4 = -12 -> -15
    (["green+3"], 2, 10),  # +3 x 3 = +9 -> +10
    (["green+5"], 3, 20),  # +5 x 4 = +20 stays
    (["green-5"], 2, -15),  # -5 x 3 = -15 stays
    (["green+5", "green+5", "green+3", "green+2"], 2, 45),  # +15 x 3 stays
    (["green+4", "green+4", "green+3"], 3, 45),  # +11 x 4 = +44 -> +45
]


@pytest.mark.parametrize(("centre", "xs", "value"), ROUNDING)
def test_round5_moves_away_from_zero_to_next_multiple_of_five(
    centre: list[str], xs: int, value: int
) -> None:
    """POTA-R9 rounding (exact multiples stay, negatives go down) and POTA-R10 multiplier.

    The Leader (seat 0, one share, starting at 50) gains exactly the final value.
    """
    total = sum(int(c.removeprefix("green")) for c in centre)
    assert round5(total * (1 + xs)) == value  # the table itself follows the ruling
    state = deal(3, {"centre": centre, "xcards": ["x"] * xs}, leader=0, colour="green")
    pass_out(state)
    assert scores(state) == [50 + value, 50, 50]


@pytest.mark.parametrize("xs", [0, 1, 2, 3])
def test_multiplier_counts_the_markers_own_x(xs: int) -> None:
    """POTA-R10: the multiplier is the marker's own X plus each X card placed (1 + count).

    A +5 Deal with no X card is worth +5 (not 0); with three X cards it is worth +20.
    """
    state = deal(3, {"centre": ["red+5"], "xcards": ["x"] * xs}, leader=2, colour="red")
    assert state.observation(1)["public"]["multiplier"] == 1 + xs
    pass_out(state)
    assert scores(state) == [50, 50, 50 + 5 * (1 + xs)]
    # X cards are never part of a Deal: they are still placed afterwards.
    assert field(state, "phase") in ("lead", "over")
    assert state.observation(0)["zones"]["xcards"].count("x") >= xs


def test_settling_example_from_a_json_file() -> None:
    """The settling example as a hand-written JSON position on disk (docs format)."""
    state = cardtable.load_state(DATA / "settling_example.json")
    assert state.observation(None)["public"]["deal_value"] == 25
    pass_out(state)
    assert scores(state) == [100, 50, 25, 50]
