"""Move cards: the three ways, different cards, and every restriction (POTA-R8, R11..R13).

Every expected step set below is worked out by hand from the rule text and our Move
rulings (POTA-R11..R13).
"""

from __future__ import annotations

from collections import Counter

from .pota_helpers import assert_illegal, deal, field, texts, zone

MOVES = ["blue-move1", "blue-move2", "blue-move3"]

# Leader 0, blue Deal, seat 1 to act. Centre +3 +4; seat 2 one POTA; seat 3 two POTAs + Reverse.
BASE = {
    "centre": ["blue+3", "blue+4"],
    "pota:2": ["blue-pota"],
    "pota:3": ["blue-pota", "blue-pota"],
    "reverse:3": ["blue-reverse"],
    "hand:1": MOVES,
}

BASE_STEPS = {
    "move +3 from centre to discard",
    "move +4 from centre to discard",
    "move pota from seat 2 to seat 0",
    "move pota from seat 2 to seat 1",
    "move pota from seat 2 to seat 3",
    "move pota from seat 2 to discard",
    "move pota from seat 3 to seat 0",
    "move pota from seat 3 to seat 1",
    "move pota from seat 3 to seat 2",
    "move pota from seat 3 to discard",
    # Seat 1 has no POTA and is not the Leader, so the Reverse may not go there.
    "move reverse from seat 3 to seat 0",
    "move reverse from seat 3 to seat 2",
    "move reverse from seat 3 to discard",
}


def pota_steps(src: int, dests: list[int | str]) -> set[str]:
    return {f"move pota from seat {src} to {d if d == 'discard' else f'seat {d}'}" for d in dests}


def test_move_cards_playable_in_base_position() -> None:
    state = deal(4, BASE)
    assert texts(state, 1) == {"pass", "move 1", "move 2", "move 3"}


def test_move_one_offers_every_legal_single_step() -> None:
    """The three ways of Move 1, with special situation 2 and POTA-R12 applied."""
    state = deal(4, BASE)
    state.apply(1, "move 1")
    assert field(state, "phase") == "move"
    assert list(state.to_act()) == [1]
    assert zone(state, "playing") == ["blue-move1"]
    assert texts(state, 1) == BASE_STEPS


def test_move_one_way_one_centre_card_to_discard() -> None:
    """Way 1: a +/- card from the centre to the discard pile; the Move card follows it."""
    state = deal(4, BASE)
    state.apply(1, "move 1")
    state.apply(1, "move +3 from centre to discard")
    assert zone(state, "centre") == ["blue+4"]
    assert Counter(zone(state, "discard")) == Counter(["blue+3", "blue-move1"])
    assert zone(state, "playing") == []
    assert zone(state, "hand:1") == ["blue-move2", "blue-move3"]
    assert field(state, "phase") == "deal"
    assert list(state.to_act()) == [2]


def test_move_one_way_two_between_seats_including_the_mover() -> None:
    """Way 2: a POTA or Reverse between any two players, the mover included (both directions)."""
    state = deal(4, BASE)
    state.apply(1, "move 1")
    state.apply(1, "move pota from seat 2 to seat 1")
    assert zone(state, "pota:1") == ["blue-pota"]
    assert zone(state, "pota:2") == []
    state = deal(4, {**BASE, "pota:1": ["blue-pota"]})
    state.apply(1, "move 1")
    state.apply(1, "move pota from seat 1 to seat 3")
    assert zone(state, "pota:3") == ["blue-pota"] * 3
    state = deal(4, BASE)
    state.apply(1, "move 1")
    state.apply(1, "move reverse from seat 3 to seat 2")
    assert zone(state, "reverse:2") == ["blue-reverse"]
    assert zone(state, "reverse:3") == []


def test_move_one_way_three_pota_or_reverse_to_discard() -> None:
    """Way 3: a POTA or Reverse from any player to the discard pile."""
    state = deal(4, BASE)
    state.apply(1, "move 1")
    state.apply(1, "move reverse from seat 3 to discard")
    assert zone(state, "reverse:3") == []
    assert Counter(zone(state, "discard")) == Counter(["blue-reverse", "blue-move1"])
    state = deal(4, BASE)
    state.apply(1, "move 1")
    state.apply(1, "move pota from seat 2 to discard")
    assert zone(state, "pota:2") == []
    assert Counter(zone(state, "discard")) == Counter(["blue-pota", "blue-move1"])


def test_cannot_move_a_card_to_where_it_already_is() -> None:
    """POTA-R13: a "move" to the same seat is no move."""
    state = deal(4, BASE)
    state.apply(1, "move 1")
    assert_illegal(state, 1, "move pota from seat 2 to seat 2")
    assert_illegal(state, 1, "move reverse from seat 3 to seat 3")
    assert_illegal(state, 1, "pass")


def test_move_two_moves_two_different_cards() -> None:
    """POTA-R13: a card moved once cannot be moved again by the same Move card."""
    zones = {"centre": ["blue+3", "blue+4"], "pota:2": ["blue-pota"], "hand:1": ["blue-move2"]}
    state = deal(4, zones)
    state.apply(1, "move 2")
    assert texts(state, 1) == {
        "move +3 from centre to discard",
        "move +4 from centre to discard",
        *pota_steps(2, [0, 1, 3, "discard"]),
    }
    state.apply(1, "move pota from seat 2 to seat 1")
    assert field(state, "phase") == "move"
    assert state.observation(0)["public"]["move_left"] == 1
    assert zone(state, "playing") == ["blue-move2"]
    assert texts(state, 1) == {"move +3 from centre to discard", "move +4 from centre to discard"}
    assert_illegal(state, 1, "move pota from seat 1 to seat 2")
    assert_illegal(state, 1, "move pota from seat 1 to discard")
    state.apply(1, "move +4 from centre to discard")
    assert zone(state, "centre") == ["blue+3"]
    assert zone(state, "pota:1") == ["blue-pota"]
    assert Counter(zone(state, "discard")) == Counter(["blue+4", "blue-move2"])
    assert zone(state, "playing") == []
    assert field(state, "phase") == "deal"
    assert list(state.to_act()) == [2]


def test_move_three_completes_and_goes_to_discard() -> None:
    """A Move 3 makes three steps on three cards, then lies on the discard pile."""
    state = deal(4, BASE)
    state.apply(1, "move 3")
    state.apply(1, "move pota from seat 2 to seat 1")
    state.apply(1, "move reverse from seat 3 to discard")
    assert field(state, "phase") == "move"
    state.apply(1, "move +4 from centre to discard")
    assert zone(state, "centre") == ["blue+3"]
    assert zone(state, "pota:1") == ["blue-pota"]
    assert Counter(zone(state, "discard")) == Counter(["blue-reverse", "blue+4", "blue-move3"])
    assert list(state.to_act()) == [2]


def test_last_centre_card_cannot_be_moved() -> None:
    """Special situation 1 / POTA-R8: an empty centre totals 0, so the last card stays."""
    zones = {"centre": ["blue+3"], "pota:2": ["blue-pota"], "hand:1": ["blue-move1"]}
    state = deal(4, zones)
    state.apply(1, "move 1")
    assert texts(state, 1) == pota_steps(2, [0, 1, 3, "discard"])
    assert_illegal(state, 1, "move +3 from centre to discard")


def test_no_single_step_may_make_the_total_zero() -> None:
    """POTA-R8 after every step: +5 -3 -2 +4 (total +4); removing +4 first leaves 0."""
    zones = {"centre": ["blue+5", "blue-3", "blue-2", "blue+4"], "hand:1": ["blue-move2"]}
    state = deal(4, zones)
    state.apply(1, "move 2")
    assert texts(state, 1) == {
        "move +5 from centre to discard",
        "move -3 from centre to discard",
        "move -2 from centre to discard",
    }
    assert_illegal(state, 1, "move +4 from centre to discard")
    state.apply(1, "move +5 from centre to discard")  # total -1
    assert texts(state, 1) == {
        "move -3 from centre to discard",
        "move -2 from centre to discard",
        "move +4 from centre to discard",
    }
    state.apply(1, "move +4 from centre to discard")
    assert zone(state, "centre") == ["blue-3", "blue-2"]


def test_move_card_not_playable_without_a_complete_sequence() -> None:
    """POTA-R13: Move 2 on a two-card centre and nothing else, Move 3 with two movable cards."""
    state = deal(4, {"centre": ["blue+3", "blue+4"], "hand:1": MOVES})
    assert texts(state, 1) == {"pass", "move 1"}
    assert_illegal(state, 1, "move 2")
    zones = {"centre": ["blue+3", "blue+4"], "pota:2": ["blue-pota"], "hand:1": MOVES}
    state = deal(4, zones)
    assert texts(state, 1) == {"pass", "move 1", "move 2"}
    assert_illegal(state, 1, "move 3")


def test_only_completable_steps_are_offered() -> None:
    """POTA-R13: with Move 2, sending the Leader's Reverse to seat 2 is legal by itself but then
    seat 2's only POTA is pinned (POTA-R12) and nothing else can move; Move 1 may do it."""
    zones = {
        "centre": ["blue+3"],
        "pota:2": ["blue-pota"],
        "reverse:0": ["blue-reverse"],
        "hand:1": ["blue-move1", "blue-move2"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "move 2")
    assert texts(state, 1) == {
        *pota_steps(2, [0, 1, 3, "discard"]),
        "move reverse from seat 0 to discard",
    }
    assert_illegal(state, 1, "move reverse from seat 0 to seat 2")
    branch = state.clone()
    branch.apply(1, "move pota from seat 2 to seat 0")  # seat 2 now has no POTA
    assert texts(branch, 1) == {"move reverse from seat 0 to discard"}
    state = deal(4, zones, leader=0)
    state.apply(1, "move 1")
    assert texts(state, 1) == {
        *pota_steps(2, [0, 1, 3, "discard"]),
        "move reverse from seat 0 to discard",
        "move reverse from seat 0 to seat 2",
    }
    state.apply(1, "move reverse from seat 0 to seat 2")
    assert zone(state, "reverse:2") == ["blue-reverse"]


def test_last_pota_of_a_reversed_seat_cannot_be_moved() -> None:
    """Special situation 2 / POTA-R12: seat 2's only POTA stays while its Reverse does."""
    zones = {
        "centre": ["blue+3", "blue+4"],
        "pota:2": ["blue-pota"],
        "reverse:2": ["blue-reverse"],
        "hand:1": ["blue-move1", "blue-move2"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "move 1")
    assert texts(state, 1) == {
        "move +3 from centre to discard",
        "move +4 from centre to discard",
        "move reverse from seat 2 to seat 0",
        "move reverse from seat 2 to discard",
    }
    assert_illegal(state, 1, "move pota from seat 2 to seat 1")
    assert_illegal(state, 1, "move pota from seat 2 to discard")


def test_last_pota_can_move_after_its_reverse_has_gone() -> None:
    """POTA-R12 is checked after each step: Reverse away first, then the POTA is free."""
    zones = {
        "centre": ["blue+3", "blue+4"],
        "pota:2": ["blue-pota"],
        "reverse:2": ["blue-reverse"],
        "hand:1": ["blue-move2"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "move 2")
    state.apply(1, "move reverse from seat 2 to discard")
    assert texts(state, 1) == {
        "move +3 from centre to discard",
        "move +4 from centre to discard",
        *pota_steps(2, [0, 1, 3, "discard"]),
    }
    state.apply(1, "move pota from seat 2 to seat 3")
    assert zone(state, "pota:3") == ["blue-pota"]
    assert zone(state, "pota:2") == zone(state, "reverse:2") == []


def test_leaders_last_pota_may_move_despite_a_reverse() -> None:
    """Special situation 2 exempts the Leader."""
    zones = {
        "centre": ["blue+3", "blue+4"],
        "pota:0": ["blue-pota"],
        "reverse:0": ["blue-reverse"],
        "hand:1": ["blue-move1"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "move 1")
    assert texts(state, 1) == {
        "move +3 from centre to discard",
        "move +4 from centre to discard",
        *pota_steps(0, [1, 2, 3, "discard"]),
        "move reverse from seat 0 to discard",
    }


CANCEL = {
    "centre": ["blue+3"],
    "pota:2": ["blue-pota"],
    "reverse:0": ["blue-reverse"],
    "reverse:2": ["blue-reverse"],
    "hand:1": ["blue-move1"],
}


def test_moved_reverse_onto_a_reverse_cancels_both() -> None:
    """POTA-R11 (default moved_reverse_cancels=true): both Reverses go to the discard pile."""
    state = deal(4, CANCEL, leader=0)
    state.apply(1, "move 1")
    assert texts(state, 1) == {
        "move reverse from seat 2 to seat 0",
        "move reverse from seat 2 to discard",
        "move reverse from seat 0 to seat 2",
        "move reverse from seat 0 to discard",
    }
    state.apply(1, "move reverse from seat 2 to seat 0")
    assert zone(state, "reverse:0") == zone(state, "reverse:2") == []
    assert zone(state, "pota:2") == ["blue-pota"]
    assert Counter(zone(state, "discard")) == Counter({"blue-reverse": 2, "blue-move1": 1})


def test_option_moved_reverse_does_not_cancel_makes_such_a_step_illegal() -> None:
    """POTA-R11 option moved_reverse_cancels=false: a Reverse may not be moved onto another."""
    state = deal(4, CANCEL, leader=0, options={"moved_reverse_cancels": False})
    state.apply(1, "move 1")
    assert texts(state, 1) == {
        "move reverse from seat 2 to discard",
        "move reverse from seat 0 to discard",
    }
    assert_illegal(state, 1, "move reverse from seat 2 to seat 0")
    assert_illegal(state, 1, "move reverse from seat 0 to seat 2")


def test_played_reverse_still_cancels_when_moved_cancel_option_is_off() -> None:
    """The option concerns moved Reverses only; a played one cancels per the rule text."""
    zones = {**CANCEL, "hand:1": ["blue-reverse"]}
    state = deal(4, zones, leader=0, options={"moved_reverse_cancels": False})
    state.apply(1, "reverse -> seat 2")
    assert zone(state, "reverse:2") == []


def test_second_pota_of_a_reversed_seat_is_pinned_after_the_first_moves() -> None:
    """POTA-R12 per step: seat 3 (two POTAs, Reverse) may lose one POTA, then the other is pinned;
    the POTA already moved may not move again (POTA-R13)."""
    zones = {
        "centre": ["blue+3"],
        "pota:3": ["blue-pota", "blue-pota"],
        "reverse:3": ["blue-reverse"],
        "hand:1": ["blue-move2"],
    }
    state = deal(4, zones, leader=0)
    state.apply(1, "move 2")
    state.apply(1, "move pota from seat 3 to seat 1")
    assert texts(state, 1) == {
        "move reverse from seat 3 to seat 0",
        "move reverse from seat 3 to seat 1",
        "move reverse from seat 3 to discard",
    }
    assert_illegal(state, 1, "move pota from seat 3 to seat 2")
    state.apply(1, "move reverse from seat 3 to seat 1")
    assert zone(state, "pota:1") == zone(state, "pota:3") == ["blue-pota"]
    assert zone(state, "reverse:1") == ["blue-reverse"]
    assert zone(state, "reverse:3") == []


def test_last_seat_in_plays_again_after_a_move_card() -> None:
    """POTA-R6 with a Move card: the only unpassed seat takes the next turn too."""
    zones = {"centre": ["blue+3", "blue+4"], "hand:1": ["blue-move1", "blue+2"]}
    state = deal(4, zones, leader=0, actor=1, passed=[1, 0, 1, 1])
    state.apply(1, "move 1")
    state.apply(1, "move +4 from centre to discard")
    assert field(state, "phase") == "deal"
    assert list(state.to_act()) == [1]
    assert texts(state, 1) == {"pass", "play +2"}
