"""LEAD: opening a Deal, declining, and the forced lead after a full circle (POTA-R4, R15)."""

from __future__ import annotations

from .pota_helpers import (
    actor,
    assert_illegal,
    field,
    lead,
    pass_out,
    play,
    scores,
    texts,
    zone,
)

HANDS4 = {
    "hand:0": ["green+2", "red-pota"],
    "hand:1": ["blue+3", "red-2", "green-pota", "red-move1", "blue-reverse"],
    "hand:2": ["blue+4", "green-move2"],
    "hand:3": ["red+5"],
}


def test_lead_offers_every_plus_minus_card_of_any_colour_and_decline() -> None:
    """1.3 LEAD: OPEN with any +/- card, any colour; never a Move, POTA or Reverse."""
    state = lead(4, HANDS4, marker=1)
    assert texts(state, 1) == {"open blue +3", "open red -2", "decline"}
    for seat in (0, 2, 3):
        assert texts(state, seat) == set()
    assert_illegal(state, 1, "open green +2")  # not in seat 1's hand
    assert_illegal(state, 1, "pass")
    assert_illegal(state, 0, "open green +2")  # not seat 0's turn


def test_open_sets_deal_colour_and_leader_and_next_seat_acts() -> None:
    """Rule text: the opening card's colour sets the Deal colour; the seat to the left is next."""
    state = lead(4, HANDS4, marker=1)
    state.apply(1, "open red -2")
    assert zone(state, "centre") == ["red-2"]
    assert "red-2" not in zone(state, "hand:1")
    assert field(state, "colour") == 1  # red
    assert field(state, "leader") == 1
    assert field(state, "phase") == "deal"
    assert field(state, "passed") == [0, 0, 0, 0]
    assert list(state.to_act()) == [2]
    public = state.observation(3)["public"]
    assert (public["colour"], public["leader"], public["centre_total"]) == ("red", 1, -2)


def test_open_by_last_seat_wraps_to_seat_zero() -> None:
    """Section 0: "left" is seat (i + 1) mod N."""
    state = lead(4, HANDS4, marker=3)
    state.apply(3, "open red +5")
    assert list(state.to_act()) == [0]


def test_decline_passes_the_marker_to_the_left() -> None:
    """Rule text: a Leader who does not open hands the marker to the player on the left."""
    state = lead(4, HANDS4, marker=1)
    state.apply(1, "decline")
    assert field(state, "phase") == "lead"
    assert field(state, "marker") == 2
    assert list(state.to_act()) == [2]
    assert zone(state, "centre") == []
    assert len(zone(state, "hand:1")) == 5


def test_seat_without_plus_minus_card_can_only_decline() -> None:
    """Rule text: "If the Leader has no + or - cards ... the player to the left becomes Leader"."""
    state = lead(4, {"hand:0": ["blue-pota", "red-move3", "green-reverse"]}, marker=0)
    assert texts(state) == {"decline"}


def test_empty_hand_can_only_decline() -> None:
    state = lead(3, {"hand:2": []}, marker=2, deck=["blue+2"] * 3)
    assert texts(state) == {"decline"}


def test_forced_lead_after_a_full_circle_of_declines() -> None:
    """POTA-R4: declining is free for one circle; after N declines a seat with a +/- card opens."""
    state = lead(3, {"hand:0": ["blue+2"], "hand:1": ["red+3"], "hand:2": ["green-4"]}, marker=0)
    play(state, "decline", "decline")
    assert "decline" in texts(state, 2)  # only 2 declines so far
    play(state, "decline")
    assert field(state, "marker") == 0
    assert texts(state, 0) == {"open blue +2"}
    assert_illegal(state, 0, "decline")
    state.apply(0, "open blue +2")
    assert field(state, "leader") == 0


def test_after_a_circle_a_seat_without_plus_minus_may_still_decline() -> None:
    """POTA-R4: a seat holding no +/- card still passes the marker; the next holder must open."""
    state = lead(
        3,
        {"hand:0": ["blue-pota"], "hand:1": ["red+3", "red-pota"], "hand:2": ["green-4"]},
        marker=1,
    )
    play(state, "decline", "decline", "decline")  # seats 1, 2, 0: one full circle
    assert field(state, "marker") == 1
    assert texts(state) == {"open red +3"}
    state = lead(3, {"hand:0": ["blue-pota"], "hand:1": ["red+3"], "hand:2": ["green-4"]}, marker=0)
    play(state, "decline", "decline", "decline")
    assert texts(state) == {"decline"}  # seat 0 holds no +/- card
    play(state, "decline")
    assert texts(state) == {"open red +3"}


def test_option_forced_lead_off_keeps_decline_legal() -> None:
    """Option forced_lead_after_circle=false: declining stays free after a full circle."""
    state = lead(
        3,
        {"hand:0": ["blue+2"], "hand:1": ["red+3"], "hand:2": ["green-4"]},
        marker=0,
        options={"forced_lead_after_circle": False},
    )
    play(state, "decline", "decline", "decline")
    assert texts(state) == {"open blue +2", "decline"}


def test_option_forced_lead_off_still_ends_when_nobody_can_open() -> None:
    """POTA-R4 with the option off (our ruling, docs/rules): one full circle of declines with no
    +/- card in any hand ends the game, since nobody could ever open again."""
    hands = {"hand:0": ["blue-pota"], "hand:1": ["red-move1"], "hand:2": []}
    state = lead(
        3, hands, marker=0, scores=[50, 70, 40], options={"forced_lead_after_circle": False}
    )
    play(state, "decline", "decline")
    assert not state.is_terminal()
    play(state, "decline")
    assert state.is_terminal()
    assert field(state, "winners") == [1]
    # With a +/- card somewhere, declining goes on as long as the seats like.
    state = lead(
        3,
        {"hand:0": ["blue-pota"], "hand:1": ["red+3"], "hand:2": []},
        marker=0,
        options={"forced_lead_after_circle": False},
    )
    play(state, *["decline"] * 9)
    assert not state.is_terminal()


def test_two_circles_of_declines_end_the_game() -> None:
    """POTA-R4: with nobody holding a +/- card, 2N consecutive declines end the game."""
    hands = {"hand:0": ["blue-pota"], "hand:1": ["red-move1"], "hand:2": []}
    state = lead(3, hands, marker=0, scores=[50, 70, 40])
    play(state, *["decline"] * 5)
    assert not state.is_terminal()
    assert field(state, "phase") == "lead"
    play(state, "decline")
    assert state.is_terminal()
    assert field(state, "winners") == [1]
    assert state.returns() == [0.0, 1.0, 0.0]
    assert scores(state) == [50, 70, 40]


def test_decline_count_restarts_after_a_deal() -> None:
    """POTA-R4 counts *consecutive* declines: a Deal in between starts a fresh circle.

    Full hands of +/- cards, so a wrongly carried count would force an opening.
    """
    hands = {
        "hand:0": ["blue+2", "blue+3", "blue+4", "blue+5", "blue-2", *["blue-pota"] * 5],
        "hand:1": ["red+2", "red+3", "red+4", "red+5", "red-2", *["red-pota"] * 5],
        "hand:2": ["green-4", "green+2", "green+3", "green+4", *["green-pota"] * 6],
    }
    state = lead(3, hands, marker=0, deck=["red-5", "green-5"])
    play(state, "decline", "decline", "open green -4")
    pass_out(state)
    assert field(state, "marker") == 0  # the seat after the Leader (seat 2)
    assert not state.is_terminal()
    for seat in (0, 1, 2):
        assert actor(state) == seat
        assert "decline" in texts(state)
        play(state, "decline")
    assert "decline" not in texts(state)  # now a full circle has been declined


def test_opener_after_declines_is_the_deals_leader() -> None:
    """POTA-R15: the Leader is the seat that opened, after any declines."""
    state = lead(4, HANDS4, marker=0)
    play(state, "decline", "decline")
    state.apply(2, "open blue +4")
    assert field(state, "leader") == 2
    assert list(state.to_act()) == [3]
