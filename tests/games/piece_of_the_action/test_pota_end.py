"""REFILL, GAME OVER and tie-breaks (POTA-R3, R17, R18).

Decks are listed exactly (bottom first, the last card is drawn first) so every draw is known.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardtable.core import State

from .pota_helpers import (
    HAND,
    actor,
    all_cards,
    card_value,
    deal,
    field,
    full_deck,
    lead,
    pass_out,
    play,
    round5,
    scores,
    texts,
    zone,
)

# Three seats (hand size 10). Seat 0 is the Leader and the only seat still in the Deal.
HANDS = {
    "hand:0": ["red-pota"] * 7,  # needs 3
    "hand:1": ["green-pota"] * 8,  # needs 2
    "hand:2": ["red-reverse"] * 4 + ["green-reverse"] * 4 + ["red-move1"],  # needs 1
}


def settle_three(deck: list[str], hands: dict[str, list[str]] = HANDS, **kw: Any) -> State:
    """Seat 0 leads a blue +2 Deal (+5 at x1) and passes last; then the refill runs."""
    zones = {"centre": ["blue+2"], **hands}
    state = deal(3, zones, leader=0, actor=0, passed=[0, 1, 1], deck=deck, **kw)
    state.apply(0, "pass")
    return state


def test_refill_starts_with_the_new_marker_holder_and_goes_clockwise() -> None:
    """After a Deal: the new Leader (seat 1) draws first, then seat 2, then seat 0 (POTA-R17)."""
    deck = [
        "blue-move1",
        "blue-move2",
        "blue-move3",
        "green+5",
        "green+4",
        "green+3",
        "red+5",
        "red+4",
        "red+3",
    ]  # red+3 on top
    state = settle_three(deck)
    assert field(state, "phase") == "lead"
    assert field(state, "marker") == 1
    assert Counter(zone(state, "hand:1")) == Counter(["green-pota"] * 8 + ["red+3", "red+4"])
    assert Counter(zone(state, "hand:2")) == Counter(HANDS["hand:2"] + ["red+5"])
    assert Counter(zone(state, "hand:0")) == Counter(
        ["red-pota"] * 7 + ["green+3", "green+4", "green+5"]
    )
    assert zone(state, "deck") == ["blue-move1", "blue-move2", "blue-move3"]
    assert all(len(zone(state, f"hand:{s}")) == HAND[3] for s in range(3))


def test_x_drawn_in_a_refill_is_placed_and_replaced() -> None:
    """Rule text / POTA-R3: a drawn X joins the others on the table; a replacement is drawn."""
    hands = {**HANDS, "hand:0": ["red-pota"] * 10}
    deck = ["blue-move1", "green+5", "red+5", "x", "red+4", "x", "x"]
    state = settle_three(deck, hands)
    assert zone(state, "xcards") == ["x", "x", "x"]
    assert state.observation(2)["public"]["multiplier"] == 4
    assert Counter(zone(state, "hand:1")) == Counter(["green-pota"] * 8 + ["red+4", "red+5"])
    assert "green+5" in zone(state, "hand:2")
    assert zone(state, "deck") == ["blue-move1"]
    assert not state.is_terminal()


def test_deck_running_out_mid_refill_ends_the_game_at_once() -> None:
    """POTA-R17: seat 2 still needs a card when the deck is empty; seat 0 never draws."""
    hands = {**HANDS, "hand:2": ["red-reverse"] * 4 + ["green-reverse"] * 4}  # needs 2
    state = settle_three(["green+5", "red+4", "red+3"], hands)
    assert state.is_terminal()
    assert field(state, "phase") == "over"
    assert zone(state, "deck") == []
    assert Counter(zone(state, "hand:1")) == Counter(["green-pota"] * 8 + ["red+3", "red+4"])
    assert Counter(zone(state, "hand:2")) == Counter(hands["hand:2"] + ["green+5"])
    assert zone(state, "hand:0") == HANDS["hand:0"]
    assert scores(state) == [55, 50, 50]


def test_unique_top_score_wins() -> None:
    """The player with the most points wins: returns 1 for the winner, 0 for the others."""
    state = settle_three(["red+3"])
    assert state.is_terminal()
    assert field(state, "winners") == [0]
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.observation(1)["returns"] == [1.0, 0.0, 0.0]
    assert state.legal_actions(0) == state.legal_actions(1) == []


def test_x_needing_a_replacement_from_an_empty_deck_ends_the_game() -> None:
    """POTA-R17: an X replacement counts as a needed card; the X itself is placed."""
    hands = {
        **HANDS,
        "hand:0": ["red-pota"] * 10,
        "hand:2": ["red-reverse"] * 4 + ["green-reverse"] * 4 + ["red-move1", "red-move2"],
    }
    state = settle_three(["x", "red+3"], hands)
    assert state.is_terminal()
    assert zone(state, "xcards") == ["x"]
    assert len(zone(state, "hand:1")) == 9


def test_deck_emptying_exactly_as_the_last_seat_fills_play_goes_on() -> None:
    """POTA-R17: play goes on with an empty deck; the next refill that needs a card ends it."""
    deck = ["green+5", "green+4", "green+3", "red+5", "red+4", "red+3"]
    state = settle_three(deck, scores=[50, 60, 50])
    assert not state.is_terminal()
    assert zone(state, "deck") == []
    assert all(len(zone(state, f"hand:{s}")) == HAND[3] for s in range(3))
    assert actor(state) == 1
    play(state, "open red +3", "pass", "pass", "pass")
    assert state.is_terminal()
    assert scores(state) == [55, 65, 50]
    assert field(state, "winners") == [1]


def test_tie_for_top_starts_a_tiebreak_deal_with_a_reshuffled_deck() -> None:
    """POTA-R18: discard pile + deck form a new deck, X cards stay, hands refill, all seats play."""
    zones = {"centre": ["blue+2"], "xcards": ["x", "x", "x"], **HANDS}
    # +2 x 4 = +8 -> +10 for the Leader: 50 -> 60, tied with seat 1.
    state = deal(3, zones, leader=0, actor=0, passed=[0, 1, 1], deck=["red+3"], scores=[50, 60, 40])
    state.apply(0, "pass")
    assert scores(state) == [60, 60, 40]
    assert not state.is_terminal()
    assert field(state, "tiebreaks") == 1
    assert field(state, "phase") == "lead"
    assert zone(state, "xcards") == ["x", "x", "x"]
    assert zone(state, "discard") == []
    assert all(len(zone(state, f"hand:{s}")) == HAND[3] for s in range(3))
    assert len(zone(state, "deck")) == 108 - 3 - 3 * HAND[3]
    assert all_cards(state) == Counter(full_deck())
    assert actor(state) == field(state, "marker") == 1
    play_tiebreak_and_check(state, tiebreaks=1)


def play_tiebreak_and_check(state: State, tiebreaks: int) -> None:
    """Open with the highest card available (declining when a seat has none), all pass, then
    check the outcome against POTA-R18 worked from the scores by hand (multiplier 4)."""
    while field(state, "phase") == "lead":
        opens = sorted(
            (t for t in texts(state) if t.startswith("open")), key=lambda t: int(t.split()[-1])
        )
        play(state, opens[-1] if opens else "decline")
    leader = field(state, "leader")
    card = state.to_json()["zones"]["centre"][0]
    value = round5(card_value(card) * 4)
    expected = scores(state)
    expected[leader] = max(0, expected[leader] + value)
    pass_out(state)
    assert scores(state) == expected
    top = [s for s in range(3) if expected[s] == max(expected)]
    if len(top) == 1:
        assert state.is_terminal()
        assert field(state, "winners") == top
    else:
        assert not state.is_terminal()
        assert field(state, "tiebreaks") == tiebreaks + 1


def in_tiebreak(leader: int, max_deals: int = 10) -> State:
    """Inside the first tie-break Deal: seats 0 and 1 tied at 60; +2 at x1 is worth +5."""
    zones = {"centre": ["blue+2"], **HANDS}
    return deal(
        3,
        zones,
        leader=leader,
        actor=leader,
        passed=[int(s != leader) for s in range(3)],
        scores=[60, 60, 40],
        tiebreaks=1,
        options={"max_tiebreak_deals": max_deals},
    )


def test_tiebreak_deal_won_by_a_unique_top_score() -> None:
    """POTA-R18: after the tie-break Deal a unique top score wins."""
    state = in_tiebreak(leader=1)
    state.apply(1, "pass")
    assert scores(state) == [60, 65, 40]
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0, 0.0]


def test_tiebreak_deal_still_tied_plays_another() -> None:
    """POTA-R18: still tied -> reshuffle and another tie-break Deal (below the limit)."""
    state = in_tiebreak(leader=2)
    state.apply(2, "pass")
    assert scores(state) == [60, 60, 45]
    assert not state.is_terminal()
    assert field(state, "tiebreaks") == 2
    assert field(state, "phase") == "lead"
    assert zone(state, "discard") == []
    assert all_cards(state) == Counter(full_deck())


def test_tied_seats_share_the_win_after_max_tiebreak_deals() -> None:
    """POTA-R18 option max_tiebreak_deals: after that many tie-break Deals the tie shares."""
    state = in_tiebreak(leader=2, max_deals=1)
    state.apply(2, "pass")
    assert state.is_terminal()
    assert field(state, "winners") == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_tie_after_two_circles_of_declines_goes_to_a_tiebreak() -> None:
    """POTA-R4 ends the game after 2N declines "with POTA-R18 ties": a tie-break Deal follows,
    hands are refilled from the reshuffled pile, and the new Deal starts a fresh decline count."""
    zones = {
        "hand:0": ["blue-pota"],
        "hand:1": ["red-move1"],
        "hand:2": [],
        "discard": ["green+5", "green-pota"],
    }
    state = lead(3, zones, marker=0, scores=[60, 60, 40])
    play(state, *["decline"] * 6)
    assert not state.is_terminal()
    assert field(state, "tiebreaks") == 1
    assert field(state, "phase") == "lead"
    assert zone(state, "discard") == []
    assert all(len(zone(state, f"hand:{s}")) == HAND[3] for s in range(3))
    assert all_cards(state) == Counter(full_deck())
    seat = actor(state)
    assert "decline" in texts(state)
    play(state, "decline")
    assert not state.is_terminal()
    assert actor(state) == (seat + 1) % 3
