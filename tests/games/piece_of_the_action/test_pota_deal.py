"""DEAL: colour, passing, turn order, POTA/Reverse placement, zero rule (POTA-R5..R8, R16)."""

from __future__ import annotations

from collections import Counter

from .pota_helpers import (
    actor,
    assert_illegal,
    deal,
    field,
    play,
    scores,
    texts,
    zone,
)

SEAT1_HAND = [
    "blue+4",
    "blue-3",
    "red+5",
    "blue-pota",
    "red-pota",
    "blue-reverse",
    "blue-move1",
    "green-move2",
]


def test_deal_legal_actions_by_hand() -> None:
    """Worked by hand: centre +3 (blue), Leader seat 0, no POTA/Reverse on the table.

    +4 fits; -3 would make the total 0 (POTA-R8); red and green cards are off colour (POTA-R7);
    POTA to any seat; Reverse only to the Leader (special situation 2); Move 1 has no legal step
    (the only centre card cannot leave, no POTA/Reverse is out: POTA-R13).
    """
    state = deal(4, {"centre": ["blue+3"], "hand:1": SEAT1_HAND}, leader=0)
    assert texts(state, 1) == {
        "pass",
        "play +4",
        "pota -> seat 0",
        "pota -> seat 1",
        "pota -> seat 2",
        "pota -> seat 3",
        "reverse -> seat 0",
    }
    for seat in (0, 2, 3):
        assert texts(state, seat) == set()


def test_every_card_played_must_be_of_the_deal_colour() -> None:
    """POTA-R7: +/-, POTA, Reverse and Move cards of another colour cannot be played."""
    hand = ["red+5", "red-pota", "red-reverse", "red-move1", "green+2", "green-pota"]
    state = deal(4, {"centre": ["blue+3", "blue+2"], "pota:2": ["blue-pota"], "hand:1": hand})
    assert texts(state, 1) == {"pass"}
    assert_illegal(state, 1, "play +5")
    assert_illegal(state, 1, "pota -> seat 1")
    assert_illegal(state, 1, "reverse -> seat 0")
    assert_illegal(state, 1, "move 1")


def test_play_plus_minus_goes_to_centre_and_turn_moves_left() -> None:
    """Rule text: +/- cards go to the centre; R5: one card per turn, next seat clockwise."""
    state = deal(4, {"centre": ["blue+3"], "hand:1": SEAT1_HAND}, leader=0)
    state.apply(1, "play +4")
    assert zone(state, "centre") == ["blue+3", "blue+4"]
    assert "blue+4" not in zone(state, "hand:1")
    assert list(state.to_act()) == [2]
    assert state.observation(0)["public"]["centre_total"] == 7


def test_turns_run_clockwise_and_include_the_leader() -> None:
    """POTA-R5: from the seat after the Leader, clockwise, the Leader included."""
    hands = {f"hand:{s}": ["green+2"] for s in range(3)} | {"hand:3": ["green+3", "green+3"]}
    state = deal(4, {"centre": ["green+4"], **hands}, leader=2, colour="green")
    order = []
    for _ in range(5):
        order.append(actor(state))
        play(state, "play +2" if "play +2" in texts(state) else "play +3")
    assert order == [3, 0, 1, 2, 3]


def test_pass_is_permanent() -> None:
    """Rule text: "After passing, a player may not later play a card"; the seat is skipped."""
    hands = {"hand:0": ["blue+2"], "hand:1": ["blue+5"], "hand:2": ["blue+2"], "hand:3": ["blue+2"]}
    state = deal(4, {"centre": ["blue+3"], **hands}, leader=0)
    state.apply(1, "pass")
    assert field(state, "passed") == [0, 1, 0, 0]
    play(state, "play +2", "play +2", "play +2")  # seats 2, 3, 0
    assert list(state.to_act()) == [2]
    assert texts(state, 1) == set()
    assert_illegal(state, 1, "play +5")
    assert_illegal(state, 1, "pass")


def test_last_unpassed_seat_keeps_playing_one_card_per_turn() -> None:
    """POTA-R6: the last seat in keeps taking turns, one card each, until it passes."""
    state = deal(
        4,
        {"centre": ["blue+3"], "hand:0": ["blue+4", "blue+2", "blue-pota"]},
        leader=0,
        actor=0,
        passed=[0, 1, 1, 1],
    )
    state.apply(0, "play +4")
    assert list(state.to_act()) == [0]
    state.apply(0, "pota -> seat 0")
    assert list(state.to_act()) == [0]
    state.apply(0, "play +2")
    assert list(state.to_act()) == [0]
    assert zone(state, "centre") == ["blue+3", "blue+4", "blue+2"]
    state.apply(0, "pass")
    assert field(state, "phase") == "lead"  # settled: +9 -> +10, Leader with 1 POTA: 2 shares
    assert scores(state)[0] == 70


def test_last_unpassed_seat_need_not_be_the_leader() -> None:
    """POTA-R6: the right is not reserved to the Leader."""
    state = deal(
        4,
        {"centre": ["blue+3"], "hand:2": ["blue+4", "blue+2"]},
        leader=0,
        actor=2,
        passed=[1, 1, 0, 1],
    )
    state.apply(2, "play +4")
    assert list(state.to_act()) == [2]
    assert texts(state, 0) == set()


def test_deal_ends_when_every_seat_has_passed() -> None:
    """1.3: the Deal settles once every seat has passed, not before."""
    state = deal(4, {"centre": ["blue+3"]}, leader=0)
    play(state, "pass", "pass", "pass")
    assert field(state, "phase") == "deal"
    assert list(state.to_act()) == [0]
    play(state, "pass")
    assert field(state, "phase") == "lead"
    assert scores(state) == [55, 50, 50, 50]


def test_pota_may_be_placed_before_any_seat_including_self() -> None:
    """Rule text: a POTA goes before the player himself or before any opponent."""
    for target in range(4):
        state = deal(4, {"centre": ["blue+3"], "hand:1": ["blue-pota"]}, leader=0)
        state.apply(1, f"pota -> seat {target}")
        assert zone(state, f"pota:{target}") == ["blue-pota"]
        assert zone(state, "hand:1") == []


def test_reverse_only_before_leader_or_a_seat_with_a_pota() -> None:
    """Special situation 2: a Reverse needs the Leader or a seat with at least one POTA."""
    zones = {"centre": ["blue+3"], "pota:2": ["blue-pota"], "hand:1": ["blue-reverse"]}
    state = deal(4, zones, leader=0)
    assert {t for t in texts(state, 1) if t.startswith("reverse")} == {
        "reverse -> seat 0",
        "reverse -> seat 2",
    }
    assert_illegal(state, 1, "reverse -> seat 1")
    assert_illegal(state, 1, "reverse -> seat 3")
    state.apply(1, "reverse -> seat 2")
    assert zone(state, "reverse:2") == ["blue-reverse"]


def test_second_reverse_on_a_seat_cancels_both() -> None:
    """Rule text: a Reverse played on one already there cancels it; both go to the discard."""
    zones = {
        "centre": ["blue+3"],
        "pota:2": ["blue-pota"],
        "reverse:0": ["blue-reverse"],
        "reverse:2": ["blue-reverse"],
        "hand:1": ["blue-reverse", "blue-reverse"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "reverse -> seat 2")
    assert zone(state, "reverse:2") == []
    assert zone(state, "pota:2") == ["blue-pota"]
    assert Counter(zone(state, "discard")) == Counter({"blue-reverse": 2})
    play(state, "pass", "pass", "pass")  # seats 2, 3, 0; seat 1 to act again
    state.apply(1, "reverse -> seat 0")  # on the Leader
    assert zone(state, "reverse:0") == []
    assert Counter(zone(state, "discard")) == Counter({"blue-reverse": 4})


def test_no_play_may_make_the_centre_total_zero() -> None:
    """Special situation 1, POTA-R8: the centre total after a play may not be 0."""
    state = deal(4, {"centre": ["blue+3", "blue+2"], "hand:1": ["blue-5", "blue-4", "blue-2"]})
    assert {t for t in texts(state, 1) if t.startswith("play")} == {"play -4", "play -2"}
    assert_illegal(state, 1, "play -5")


def test_zero_rule_uses_the_total_not_single_cards() -> None:
    """POTA-R8: +2 on a -2 total is illegal, +2 on a -4 total (-2) is fine."""
    state = deal(3, {"centre": ["red-2"], "hand:1": ["red+2", "red+4"]}, colour="red")
    assert {t for t in texts(state, 1) if t.startswith("play")} == {"play +4"}
    state = deal(3, {"centre": ["red-4"], "hand:1": ["red+2", "red+4"]}, colour="red")
    assert {t for t in texts(state, 1) if t.startswith("play")} == {"play +2"}


def test_seat_with_empty_hand_can_only_pass() -> None:
    """1.3 DEAL: a seat with an empty hand has only PASS."""
    state = deal(4, {"centre": ["blue+3"], "pota:2": ["blue-pota"], "hand:1": []})
    assert texts(state, 1) == {"pass"}


def test_passed_seats_still_receive_cards_and_are_settled() -> None:
    """POTA-R16: a passed seat may get a POTA or Reverse and is settled normally."""
    zones = {"centre": ["blue+5"], "hand:1": ["blue-pota", "blue-pota", "blue-reverse"]}
    state = deal(4, zones, leader=0, actor=1, passed=[0, 0, 1, 1])
    state.apply(1, "pota -> seat 2")
    play(state, "pass")  # seat 0
    state.apply(1, "pota -> seat 3")
    state.apply(1, "reverse -> seat 3")
    state.apply(1, "pass")
    assert field(state, "phase") == "lead"
    # +5: Leader +5, seat 2 +5, seat 3 (POTA and Reverse) -5.
    assert scores(state) == [55, 50, 55, 45]


def test_opening_card_counts_and_leader_is_settled_even_after_passing() -> None:
    """The Leader who passes early still settles with his share (POTA-R16, R14)."""
    state = deal(
        3,
        {"centre": ["green+5"], "hand:1": ["green+4"]},
        leader=0,
        colour="green",
        actor=0,
        passed=[0, 0, 0],
    )
    state.apply(0, "pass")
    play(state, "play +4", "pass", "pass")
    assert scores(state) == [60, 50, 50]


def test_illegal_text_and_wrong_seat_leave_state_unchanged() -> None:
    """Section 0: an illegal action is rejected and the state is untouched."""
    state = deal(4, {"centre": ["blue+3"], "hand:1": SEAT1_HAND})
    assert_illegal(state, 2, "pass")
    assert_illegal(state, 1, "open blue +4")
    assert_illegal(state, 1, "decline")
    assert_illegal(state, 1, "move +3 from centre to discard")
    assert_illegal(state, 1, "pota -> seat 5")  # no seat 5 at a 4-seat table
