"""One failing-if-broken test per rule of Magic Show (MS-R1..MS-R11, docs/rules/magic_show.md)."""

from __future__ import annotations

import pytest

from .helpers import let_all, let_until, load, new_game, play, position, zone


def test_deal_five_each_red_is_seat_zero() -> None:
    """MS-R1 and set-up: five cards each, 42 in the deck, both seats commit at once."""
    state = new_game(5)
    assert len(zone(state, "hand:0")) == len(zone(state, "hand:1")) == 5
    assert len(state.zone("deck")) == 42
    assert list(state.to_act()) == [0, 1]
    assert state.public_view()["phase"] == "commit"


# ---------------------------------------------------------------------- MS-R3 resolution order


def test_lower_rank_resolves_first_whoever_played_it() -> None:
    state = load(position(["KH", "2C"], ["3S", "QD"]))
    play(state, "KH", "3S")
    assert zone(state, "revealed") == ["3S", "KH"]
    assert state.resolving == "3S"
    let_all(state)
    assert zone(state, "pile:1") == ["3S"]
    assert zone(state, "pile:0") == ["KH"]


@pytest.mark.parametrize(
    ("red", "black", "first"),
    [("KH", "KD", "KD"), ("KS", "KC", "KC"), ("10H", "10S", "10H"), ("7D", "7C", "7C")],
)
def test_same_rank_resolves_by_suit_clubs_diamonds_hearts_spades(
    red: str, black: str, first: str
) -> None:
    state = load(position([red, "2H"], [black, "2S"]))
    play(state, red, black)
    assert state.resolving == first
    assert zone(state, "revealed")[0] == first


def test_showtime_before_trick_scores_pile_without_the_new_trick() -> None:
    """A Seven (rank 7) resolves before a King: the show is Q J 10 = 20 min -> 4 + 2 + 5."""
    state = load(position(["7H", "2C"], ["KH", "2S"], pile0=["QH", "JH", "10D"]))
    play(state, "7H", "KH")
    let_all(state)
    assert state.score == [11, 0]
    assert zone(state, "pile:0") == ["KH"]


# ---------------------------------------------------------------------- MS-R4 STOP windows


def test_both_seats_asked_at_every_window_even_without_aces() -> None:
    """Order per window: the seat that did not play the card, then the one that did."""
    state = load(position(["KH", "2C"], ["QS", "2D"]))
    play(state, "KH", "QS")
    asked = []
    while state.phase == "stop":
        seat = state.to_act()[0]
        assert [a.text for a in state.legal_actions(seat)] == ["let it resolve"]
        asked.append((state.resolving, seat))
        state.apply(seat, "let it resolve")
    assert asked == [("QS", 0), ("QS", 1), ("KH", 1), ("KH", 0)]


def test_cancel_needs_an_ace_and_the_window_asks_the_holder_too() -> None:
    state = load(position(["KH", "AD", "2C"], ["QS", "2D", "3D"]))
    play(state, "KH", "QS")
    assert state.legal_action_ids(0) == [52, 53]  # Red holds an Ace: cancel or let it resolve
    state.apply(0, "let it resolve")
    assert state.legal_action_ids(1) == [53]


def test_cancel_puts_card_in_cancellers_hand_and_ace_in_discard() -> None:
    """MS-R5: the non-player cancels; the card has no effect; the player is not asked."""
    state = load(position(["KH", "2C"], ["QS", "AD", "2D"]))
    play(state, "KH", "QS")
    let_until(state, "KH")  # QS goes to Black's pile; now KH's window, Black asked first
    assert state.resolving == "KH" and list(state.to_act()) == [1]
    state.apply(1, "cancel")
    assert "KH" in zone(state, "hand:1")
    assert "AD" in zone(state, "discard")
    assert zone(state, "pile:0") == []
    assert state.history[-1] == (1, 52)
    assert state.phase == "commit"
    # The taken card is public knowledge: Red sees it in Black's hand.
    assert "KH" in state.observation(0)["zones"]["hand:1"]


def test_a_seat_may_cancel_its_own_card() -> None:
    state = load(position(["7H", "AC", "2C"], ["2S", "3S", "4S"], pile0=["KH"]))
    play(state, "7H", "2S")
    let_until(state, "7H")  # 2S resolves; 7H's window asks Black, then Red
    state.apply(1, "let it resolve")
    assert list(state.to_act()) == [0]
    state.apply(0, "cancel")
    assert "7H" in zone(state, "hand:0")
    assert zone(state, "pile:0") == ["KH"]
    assert state.score == [0, 0]


def test_hand_sizes_stay_equal_after_a_cancel() -> None:
    state = load(position(["KH", "2C", "3C"], ["QS", "AD", "2D"]))
    play(state, "KH", "QS")
    let_until(state, "KH")
    state.apply(1, "cancel")
    assert len(zone(state, "hand:0")) == len(zone(state, "hand:1")) == 3  # after the draw


# ---------------------------------------------------------------------- owners and effects


def test_tricks_sixes_mistakes_go_to_the_colour_owners_pile() -> None:
    state = load(position(["KS", "3C", "2D"], ["6H", "JD", "2S"]))
    play(state, "KS", "6H")
    let_all(state)
    assert zone(state, "pile:1") == ["KS"]
    assert zone(state, "pile:0") == ["6H"]
    play(state, "3C", "JD")
    let_all(state)
    assert zone(state, "pile:1") == ["KS", "3C"]
    assert zone(state, "pile:0") == ["6H", "JD"]


def test_showtime_is_performed_by_the_colour_owner() -> None:
    """Red plays a black Seven: Black performs (K Q J = 15 min: 12); pile and Seven discarded."""
    state = load(position(["7S", "2H"], ["3H", "2S"], pile1=["KS", "QC", "JC"]))
    play(state, "7S", "3H")
    let_all(state)
    assert state.score == [0, 12]
    assert zone(state, "pile:1") == []
    assert zone(state, "pile:0") == ["3H"]
    assert {"KS", "QC", "JC", "7S"} <= set(zone(state, "discard"))


def test_showtime_on_an_empty_pile_is_a_comedy_show_worth_zero() -> None:
    """MS-R9: the Showtime is discarded, nothing scores."""
    state = load(position(["2S", "2H"], ["9H", "3S"], state={"score": [7, 1]}))
    play(state, "2S", "9H")
    let_all(state)
    assert state.score == [7, 1]
    assert "9H" in zone(state, "discard")
    assert zone(state, "pile:1") == ["2S"]


def test_comedy_show_discards_mistakes_and_sixes_for_zero() -> None:
    state = load(position(["7D", "2C"], ["3S", "2S"], pile0=["6H", "4D", "2H"]))
    play(state, "7D", "3S")
    let_all(state)
    assert state.score == [0, 0]
    assert zone(state, "pile:0") == []


def test_afternoon_nap_swaps_hands_of_any_colour_and_is_discarded() -> None:
    """A black Five swaps too; each seat then knows the cards it gave away (MS-R11)."""
    state = load(position(["5S", "2H", "3H", "4H"], ["KS", "2D", "3D", "4D"]))
    play(state, "5S", "KS")
    let_until(state, "KS")
    # The King's window is open: the swap is done, the draw not yet.
    assert state.resolving == "KS"
    assert zone(state, "hand:0") == ["2D", "3D", "4D"]
    assert zone(state, "hand:1") == ["2H", "3H", "4H"]
    assert "5S" in zone(state, "discard")
    assert state.observation(0)["zones"]["hand:1"] == ["2H", "3H", "4H"]
    assert state.observation(1)["zones"]["hand:0"] == ["2D", "3D", "4D"]
    assert state.observation(None)["zones"]["hand:0"] == [None, None, None]
    let_all(state)
    # After the draw the fresh cards stay private.
    assert state.observation(0)["zones"]["hand:1"][-1] is None
    assert state.observation(0)["zones"]["hand:1"][:3] == ["2H", "3H", "4H"]


def test_nap_swaps_the_hands_as_they_are_including_a_cancelled_card() -> None:
    """MS-R11: Black cancels Red's Three into its hand, then the Five swaps it to Red."""
    state = load(position(["3H", "KD", "QD"], ["5C", "AS", "JS"]))
    play(state, "3H", "5C")
    assert state.resolving == "3H" and list(state.to_act()) == [1]
    state.apply(1, "cancel")
    assert sorted(zone(state, "hand:1")) == ["3H", "JS"]
    let_all(state)
    assert set(zone(state, "hand:0")) >= {"3H", "JS"}
    assert set(zone(state, "hand:1")) >= {"KD", "QD"}


# ---------------------------------------------------------------------- MS-R6 Dinner Buffet


def test_buffet_is_decided_by_the_owner_not_the_player() -> None:
    state = load(position(["2C", "3C"], ["8D", "3S"], pile0=["KH", "10D"]))
    play(state, "2C", "8D")
    let_all(state)
    assert state.phase == "buffet" and state.resolving == "8D"
    assert list(state.to_act()) == [0]
    assert state.legal_action_ids(1) == []
    assert [a.text for a in state.legal_actions(0)] == ["convert 10", "convert K", "decline buffet"]
    state.apply(0, "convert 10")
    assert state.score == [5, 0]
    assert zone(state, "pile:0") == ["KH"]
    assert {"10D", "8D"} <= set(zone(state, "discard"))
    assert state.phase == "commit"


def test_no_buffet_question_without_a_trick() -> None:
    state = load(position(["8H", "3C"], ["2S", "3S"], pile0=["6H", "3D"]))
    play(state, "8H", "2S")
    let_all(state)
    assert state.phase == "commit"
    assert "8H" in zone(state, "discard")
    assert zone(state, "pile:0") == ["6H", "3D"]


@pytest.mark.parametrize(
    ("trick", "action", "half"),
    [
        ("10H", "convert 10", 5),
        ("KD", "convert K", 3),
        ("QH", "convert Q", 2),
        ("JD", "convert J", 1),
    ],
)
def test_buffet_scores_half_value_at_once_without_six_doubling(
    trick: str, action: str, half: int
) -> None:
    state = load(position(["8D", "3C"], ["2S", "3S"], pile0=[trick, "6H", "6D"]))
    play(state, "8D", "2S")
    let_all(state)
    state.apply(0, action)
    assert state.score == [half, 0]
    assert zone(state, "pile:0") == ["6H", "6D"]


def test_buffet_may_be_declined_and_the_eight_is_discarded_anyway() -> None:
    state = load(position(["2S", "3C"], ["8S", "3S"], pile1=["KS"]))
    play(state, "2S", "8S")
    let_all(state)
    assert list(state.to_act()) == [1]
    state.apply(1, "decline buffet")
    assert state.score == [0, 0]
    assert zone(state, "pile:1") == ["KS", "2S"]  # the Two resolved before the Eight
    assert "8S" in zone(state, "discard")


def test_buffet_happens_before_the_next_cards_window() -> None:
    """The Eight fully resolves (buffet included) before the next card is asked about."""
    state = load(position(["8H", "3C"], ["KH", "3S"], pile0=["QH"]))
    play(state, "8H", "KH")
    let_all(state)
    assert state.phase == "buffet"
    state.apply(0, "convert Q")
    assert state.phase == "stop" and state.resolving == "KH"
    let_all(state)
    assert zone(state, "pile:0") == ["KH"]
    assert state.score == [2, 0]


# ---------------------------------------------------------------------- draws and the end


def test_red_then_black_draw_one_card_each() -> None:
    state = load(position(["KH", "2C"], ["QS", "2D"], deck=["9C", "2S", "3S"]))
    play(state, "KH", "QS")
    let_all(state)
    assert zone(state, "deck") == ["9C"]
    assert zone(state, "hand:0") == ["2C", "3S"]
    assert zone(state, "hand:1") == ["2D", "2S"]
    assert "You draw 3S." in state.observation(0)["log"]
    assert "You draw 3S." not in state.observation(1)["log"]
    assert "You draw 2S." in state.observation(1)["log"]


def test_no_draw_from_an_empty_deck_play_goes_on() -> None:
    state = load(position(["KH", "2C"], ["QS", "2D"], deck=[]))
    play(state, "KH", "QS")
    let_all(state)
    assert zone(state, "hand:0") == ["2C"] and zone(state, "hand:1") == ["2D"]
    assert state.phase == "commit"


def test_game_ends_when_both_hands_are_empty_with_farewell_shows() -> None:
    state = load(position(["KH"], ["QS"], deck=[], pile0=["QH", "JH"]))
    play(state, "KH", "QS")
    let_all(state)
    assert state.is_terminal() and state.phase == "over"
    assert state.farewell == [12, 2]  # K Q J = 15 min; a lone Queen is 5 min short -> 2
    assert state.score == [12, 2]
    assert state.returns() == [1.0, 0.0]
    assert zone(state, "pile:0") == [] and zone(state, "pile:1") == []
    assert list(state.to_act()) == []
    assert state.legal_action_ids(0) == state.legal_action_ids(1) == []


def test_game_ends_when_a_hand_holds_only_aces() -> None:
    state = load(position(["AH", "7C"], ["QS", "KS"], deck=[]))
    play(state, "7C", "QS")
    let_all(state)
    assert zone(state, "hand:0") == ["AH"] and zone(state, "hand:1") == ["KS"]
    assert state.is_terminal()
    assert state.score == [0, 2]
    assert state.returns() == [0.0, 1.0]


def test_loaded_turn_start_with_only_aces_is_over() -> None:
    state = load(position(["AH", "AD"], ["2S", "3S"], pile1=["KS"]))
    assert state.is_terminal()
    assert state.farewell == [0, 3]


def test_game_goes_on_while_each_seat_has_a_non_ace() -> None:
    state = load(position(["AH", "2H", "3H"], ["2S", "3S", "4S"], deck=[]))
    play(state, "2H", "2S")
    let_all(state)
    assert not state.is_terminal()
    assert state.legal_action_ids(0) == [state.actions.parse("play 3H").id]


def test_farewell_show_is_compulsory_and_totals_may_go_negative() -> None:
    """MS-R8/MS-R10: a bad pile costs points at the end."""
    state = load(
        position(["2C"], ["2D"], deck=[], pile0=["JH", "4H", "6D"], state={"score": [3, 0]})
    )
    play(state, "2C", "2D")
    let_all(state)
    # 2D joined Red's pile: J (5 min, halved to 1) - 4 - 2 = -5, doubled -> -10.
    assert state.farewell == [-10, 0]
    assert state.score == [-7, 0]
    assert state.scores() == [-7.0, 0.0]
    assert state.returns() == [0.0, 1.0]


def test_equal_totals_are_a_draw() -> None:
    state = load(position(["2C"], ["2D"], deck=[], state={"score": [5, 5]}))
    play(state, "2C", "2D")
    let_all(state)
    assert state.returns() == [0.5, 0.5]


def test_returns_are_zero_before_the_end() -> None:
    state = new_game(1)
    assert state.returns() == [0.0, 0.0]
