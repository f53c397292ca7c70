"""SETTLE and CLEANUP: shares, Reverses, the 0 floor, what is discarded, the marker (R14, R15)."""

from __future__ import annotations

from collections import Counter

from .pota_helpers import deal, field, lead, pass_out, play, scores, zone


def test_leader_share_adds_to_his_potas() -> None:
    """POTA-R14: Leader with two POTAs has three shares: +10 x 3 = +30."""
    zones = {"centre": ["red+5", "red+5"], "pota:1": ["red-pota", "red-pota"]}
    state = deal(4, zones, leader=1, colour="red")
    pass_out(state)
    assert scores(state) == [50, 80, 50, 50]


def test_non_leader_scores_one_share_per_pota() -> None:
    """Settling a Deal: the value is scored for each POTA showing before a seat."""
    zones = {"centre": ["green+5"], "pota:0": ["green-pota"] * 3, "pota:2": ["green-pota"]}
    state = deal(3, zones, leader=1, colour="green")
    pass_out(state)
    assert scores(state) == [65, 55, 55]


def test_reverse_flips_the_sign_for_that_seat_including_the_leader() -> None:
    """Rule text and POTA-R14: a Reverse turns + into - (and - into +), the Leader included."""
    zones = {
        "centre": ["blue+5", "blue+5"],
        "reverse:0": ["blue-reverse"],
        "pota:2": ["blue-pota"],
        "reverse:2": ["blue-reverse"],
        "pota:3": ["blue-pota"],
    }
    state = deal(4, zones, leader=0)
    pass_out(state)
    assert scores(state) == [40, 50, 40, 60]


def test_reverse_on_a_negative_deal_gains() -> None:
    """Rule text: a Reverse also changes "-" to "+": -5 on a reversed Leader gains 5."""
    zones = {"centre": ["red-5"], "reverse:2": ["red-reverse"], "pota:3": ["red-pota"]}
    state = deal(4, zones, leader=2, colour="red")
    pass_out(state)
    assert scores(state) == [50, 50, 55, 45]


def test_scores_never_go_below_zero_and_have_no_ceiling() -> None:
    """Rule text / POTA-R14: a losing seat stops at 0; winners have no ceiling."""
    zones = {
        "centre": ["blue+5", "blue+5", "blue+4", "blue+4", "blue+3"],  # +21 x 2 = 42 -> 45
        "xcards": ["x"],
        "pota:1": ["blue-pota"],
        "reverse:1": ["blue-reverse"],
        "pota:2": ["blue-pota"] * 3,
        "reverse:2": ["blue-reverse"],
    }
    state = deal(4, zones, leader=0, scores=[190, 30, 200, 0])
    pass_out(state)
    assert scores(state) == [235, 0, 65, 0]


def test_all_seats_settle_from_the_same_pre_settlement_scores() -> None:
    """1.3 SETTLE: every seat's result depends only on its own score and shares."""
    zones = {
        "centre": ["green-5", "green-4"],  # -9 -> -10
        "pota:0": ["green-pota"],
        "pota:1": ["green-pota", "green-pota"],
        "reverse:1": ["green-reverse"],
        "pota:2": ["green-pota"],
    }
    state = deal(3, zones, leader=2, colour="green", scores=[5, 0, 25])
    pass_out(state)
    assert scores(state) == [0, 20, 5]


def test_cleanup_discards_deal_cards_and_keeps_x_cards() -> None:
    """After a Deal: centre, POTA and Reverse cards to the discard pile; X cards stay placed."""
    zones = {
        "centre": ["blue+3", "blue+4"],
        "xcards": ["x", "x"],
        "pota:1": ["blue-pota"],
        "reverse:1": ["blue-reverse"],
        "pota:3": ["blue-pota", "blue-pota"],
        "discard": ["red-move2"],
    }
    state = deal(4, zones, leader=0)
    pass_out(state)
    assert Counter(zone(state, "discard")) == Counter(
        ["red-move2", "blue+3", "blue+4", "blue-pota", "blue-reverse", "blue-pota", "blue-pota"]
    )
    assert zone(state, "centre") == []
    for seat in range(4):
        assert zone(state, f"pota:{seat}") == zone(state, f"reverse:{seat}") == []
    assert zone(state, "xcards").count("x") >= 2
    assert field(state, "phase") == "lead"


def test_marker_passes_to_the_seat_after_the_deals_leader() -> None:
    """After a Deal, the Leader marker goes to the player on the left of the Leader."""
    state = deal(4, {"centre": ["blue+3"]}, leader=2)
    pass_out(state)
    assert field(state, "marker") == 3
    assert list(state.to_act()) == [3]
    state = deal(4, {"centre": ["blue+3"]}, leader=3)
    pass_out(state)
    assert field(state, "marker") == 0


def test_marker_follows_the_opener_not_the_first_marker_holder() -> None:
    """POTA-R15: seats 0 and 1 decline, seat 2 opens; the Deal's Leader is 2; marker to 3."""
    hands = {"hand:0": ["red+2"], "hand:1": ["red+3"], "hand:2": ["blue+3"], "hand:3": []}
    state = lead(4, hands, marker=0)
    play(state, "decline", "decline", "open blue +3")
    assert list(state.to_act()) == [3]
    pass_out(state)
    assert scores(state) == [50, 50, 55, 50]
    assert field(state, "marker") == 3
    assert list(state.to_act()) == [3]
