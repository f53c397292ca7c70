"""Every Nacho Loco rule on a hand-built Playfield (docs/rules/nacho_loco.md, NL-R1..NL-R20).

Positions are in ``helpers.py``; each test would fail if its rule were broken.
"""

from __future__ import annotations

import pytest

from cardtable.core import IllegalAction, StateFormatError

from .helpers import FULL_GAP, RING, cell, hand_sizes, place_text, position, texts

FILLER = ["B-X-X", "G-X-X"]  # cards that fit nowhere near the test fields


def test_two_matched_segments_make_every_other_seat_draw_one() -> None:
    """Text: matching 2 segments at once makes all other players draw one card."""
    state = position(4, RING, {0: ["R-Y-B", *FILLER], 1: ["B-X-X"], 2: ["G-X-X"], 3: ["R-X-X"]})
    before = hand_sizes(state)
    state.apply(0, place_text(state, "R-Y-B", 1, 0, 0))  # T=R on R, R=Y on Y: two matches
    assert hand_sizes(state) == [before[0] - 1, before[1] + 1, before[2] + 1, before[3] + 1]
    assert state.matches2 == 1 and state.active == 1


def test_three_matched_segments_make_every_other_seat_draw_two() -> None:
    state = position(3, FULL_GAP, {0: ["R-Y-G", *FILLER], 1: ["B-X-X"], 2: ["G-X-X"]})
    state.apply(0, place_text(state, "R-Y-G", 1, 0, 0))
    assert hand_sizes(state) == [2, 3, 3]
    assert state.matches3 == 1


def test_a_placement_is_refused_when_one_touching_edge_differs() -> None:
    """NL-R3 (all_edges): R-Y-B in rotation 1 shows Y above (against R): refused with reason."""
    state = position(3, RING, {0: ["R-Y-B", *FILLER], 1: ["B-X-X"], 2: ["G-X-X"]})
    before = state.to_json()
    with pytest.raises(IllegalAction, match="every touching edge must match"):
        state.apply(0, place_text(state, "R-Y-B", 1, 0, 1))
    assert state.to_json() == before
    gap = f"at {cell(state, 1, 0)} rot"
    assert [t for t in texts(state) if gap in t] == [place_text(state, "R-Y-B", 1, 0, 0)]


def test_any_edge_option_accepts_one_matching_edge() -> None:
    """NL-R3 option any_edge: R-G-B shows R on R (a match) and G against Y (no match) at (1, 0):
    refused under all_edges, accepted under any_edge with one matched segment (no draws)."""
    hands = {0: ["R-G-B", *FILLER], 1: ["B-X-X"], 2: ["G-X-X"]}
    strict = position(3, RING, hands)
    assert place_text(strict, "R-G-B", 1, 0, 0) not in texts(strict)
    loose = position(3, RING, hands, options={"placement_rule": "any_edge"})
    loose.apply(0, place_text(loose, "R-G-B", 1, 0, 0))
    assert hand_sizes(loose) == [2, 1, 1] and loose.matches2 == 0


def test_x_walls_off_a_cell_and_x_never_matches_x() -> None:
    """NL-R4: a cell an X faces takes no ordinary card, even one showing X there."""
    field = [("R-X-X", (0, 0), 0)]  # B=R toward (1,0); X toward (0,-1) and (0,1)
    state = position(3, field, {0: ["R-R-X", "G-X-X", "Y-Y-X"], 1: ["B-X-X"], 2: ["G-X-X"]})
    cells = {int(t.split()[3]) for t in texts(state) if t.startswith("place")}
    assert cells == {cell(state, 1, 0)}


def _closer_field() -> list[tuple[str, tuple[int, int], int]]:
    """A path from the starter round to (0, 2) so that two X faces point at (0, 1)."""
    return [
        ("R-R-X", (0, 0), 0),  # B=R, L=R, R=X toward (0, 1)
        ("R-Y-G", (1, 0), 0),
        ("R-Y-G", (1, 1), 0),
        ("R-Y-G", (1, 2), 0),
        ("R-X-X", (0, 2), 0),  # B=R on (1, 2)'s R, L=X toward (0, 1), R=X toward (0, 3)
    ]


def test_the_closer_goes_between_two_x_faces_and_closes_the_field() -> None:
    """NL-R5: legal only where two X faces point; no match draws; the field closes at once,
    credited to the placer, who gives one card to everyone else and plays first again."""
    state = position(3, _closer_field(), {0: ["Closer", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]})
    closer_at = place_text(state, "Closer", 0, 1, 0)
    assert [t for t in texts(state) if t.startswith("place Closer")] == [closer_at]
    state.apply(0, closer_at)
    assert state.closes == [0, 0, 1]
    assert hand_sizes(state) == [1, 2, 2]  # the gift, no 2-/3-segment draws
    assert len(state.zone("field")) == 1 and state.field_at == [[0, 0, 0]]
    assert state.active == 0 and state.phase == "play"


def test_the_closer_is_refused_next_to_a_single_x() -> None:
    state = position(3, _closer_field(), {0: ["Closer", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]})
    with pytest.raises(IllegalAction, match="two X faces"):
        state.apply(0, place_text(state, "Closer", 0, 3, 0))  # only (0, 2)'s X points there


def test_no_ordinary_card_goes_between_two_x_faces() -> None:
    state = position(3, _closer_field(), {0: ["Y-Y-X", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]})
    assert not any(t.endswith(f"at {cell(state, 0, 1)} rot 0") for t in texts(state))


def _edge_field() -> list[tuple[str, tuple[int, int], int]]:
    return [("R-X-X", (0, 0), 0), ("R-R-X", (1, 0), 0)]  # only (1, 1) stays live (R at its L)


@pytest.mark.parametrize(("board", "closes"), [("hexagon:2", True), ("unbounded", False)])
def test_cut_throat_close_counts_the_board_edge(board: str, closes: bool) -> None:
    """NL-R6: after R-R-X at (1, 1) shows R toward the off-board cell below, no live cell is left
    on hexagon:2 (the board edge counts), so the field closes; on the unbounded lattice it does
    not."""
    hands = {0: ["R-R-X", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, _edge_field(), hands, options={"board": board})
    state.apply(0, place_text(state, "R-R-X", 1, 1, 0))
    assert (state.closes[0] == 1) is closes
    assert len(state.zone("field")) == (1 if closes else 3)


def test_everyone_drawing_without_a_placement_closes_for_the_last_matcher() -> None:
    """NL-R8: every seat has a no-play turn since the last placement; credited to the last
    matcher (seat 1 here), who gives the gift and plays first on the new field."""
    field = [("R-X-X", (0, 0), 0), ("R-R-X", (1, 0), 0), ("R-R-X", (1, 1), 0)]
    hands = {0: ["B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    draw = ["R-Y-G", "G-B-GO", "B-X-SKIP", "G-X-SKIP", "B-X-X", "G-X-X"]  # top = last
    state = position(3, field, hands, draw=draw, last_matcher=1, active=0)
    assert texts(state) == ["draw"]
    state.apply(0, "draw")  # G-X-X fits nowhere
    assert state.noplay == [True, False, False] and state.active == 1
    state.apply(1, "draw")
    state.apply(2, "draw")  # the third no-play turn closes
    assert state.closes == [0, 1, 0]
    assert hand_sizes(state) == [3, 2, 3]  # seat 1 gave one card to seats 2 and 0
    assert state.active == 1 and state.noplay == [False, False, False]
    assert state.observation(None)["public"]["field"] == [
        {"card": "R-Y-G", "cell": cell(state, 0, 0), "at": [0, 0], "rot": 0}
    ]


def test_draw_and_place_or_keep_a_card_that_fits() -> None:
    """NL-R15: a drawn card that fits may be placed or kept; keeping is not a no-play turn."""
    hands = {0: ["B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, RING, hands, draw=["R-Y-B"])
    state.apply(0, "draw")
    assert state.phase == "drawn"
    offered = texts(state)
    assert "keep" in offered and place_text(state, "R-Y-B", 1, 0, 0) in offered
    assert all(t == "keep" or t.startswith("place R-Y-B ") for t in offered)
    kept = state.clone()
    kept.apply(0, "keep")
    assert kept.noplay == [False, False, False] and kept.active == 1
    state.apply(0, place_text(state, "R-Y-B", 1, 0, 0))
    assert state.matches2 == 1 and hand_sizes(state) == [1, 2, 2]


def test_must_play_drawn_option_removes_keep() -> None:
    hands = {0: ["B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, RING, hands, draw=["R-Y-B"], options={"must_play_drawn": True})
    state.apply(0, "draw")
    assert "keep" not in texts(state)


def test_must_place_when_possible() -> None:
    """NL-R16: drawing is illegal while any hand card fits."""
    state = position(3, RING, {0: ["R-Y-B", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]})
    with pytest.raises(IllegalAction, match="must place"):
        state.apply(0, "draw")


def _action_field(action: str) -> list[tuple[str, tuple[int, int], int]]:
    """A starter whose right edge shows an action toward (0, 1)."""
    return [(f"R-Y-{action}", (0, 0), 0)]  # B=R, L=Y, R=action


def test_opponent_draws_3_targets_a_chosen_opponent() -> None:
    hands = {0: ["R-X-D3", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, _action_field("D3"), hands)
    state.apply(0, place_text(state, "R-X-D3", 0, 1, 0))  # down cell: L=D3 meets D3
    assert state.phase == "target" and texts(state) == ["target seat 1", "target seat 2"]
    state.apply(0, "target seat 2")
    assert hand_sizes(state) == [1, 1, 4] and state.active == 1


def test_opponent_draws_3_on_the_round_ending_card_counts_before_scoring() -> None:
    """NL-R12: on the card that ends the round the D3 is applied before points are awarded."""
    hands = {0: ["R-X-D3"], 1: ["G-X-X", "B-X-X"], 2: ["Y-X-X"]}
    state = position(3, _action_field("D3"), hands)
    state.apply(0, place_text(state, "R-X-D3", 0, 1, 0))
    state.apply(0, "target seat 1")
    assert state.points == [2 + 3 + 1, 0, 0]
    assert state.round == 2 and state.round_winner == 0


def test_skip_next_gives_the_next_opponent_a_token() -> None:
    """NL-R11: the next seat loses its turn; the token is spent on that seat's next turn."""
    hands = {0: ["R-X-SKIP", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, _action_field("SKIP"), hands)
    state.apply(0, place_text(state, "R-X-SKIP", 0, 1, 0))
    assert state.skips == [0, 0, 0] and state.active == 2  # seat 1 skipped at once


def test_skip_tokens_stack_in_a_two_player_game() -> None:
    """NL-R11: with one opponent the tokens stack; each is spent on one turn."""
    hands = {0: ["R-X-SKIP", "Y-Y-X", "B-X-X"], 1: ["G-X-X"]}
    field = [*_action_field("SKIP")]
    state = position(2, field, hands, skips=[0, 1])
    state.apply(0, place_text(state, "R-X-SKIP", 0, 1, 0))
    # seat 1 held a token and got another: its next two turns are lost
    assert state.active == 0 and state.skips == [0, 1]
    state.apply(0, place_text(state, "Y-Y-X", 0, -1, 0))
    assert state.active == 0 and state.skips == [0, 0]


def test_go_again_offers_one_optional_card() -> None:
    """NL-R10 (optional_card): place one more card or end the turn; no draw either way."""
    hands = {0: ["R-X-GO", "R-Y-B", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, _action_field("GO"), hands)
    state.apply(0, place_text(state, "R-X-GO", 0, 1, 0))
    assert state.phase == "again" and state.active == 0
    assert "end turn" in texts(state)
    ended = state.clone()
    ended.apply(0, "end turn")
    assert ended.active == 1 and hand_sizes(ended) == [2, 1, 1]
    state.apply(0, place_text(state, "R-Y-B", 1, 0, 0))
    assert state.active == 1 and hand_sizes(state) == [1, 1, 1]


def test_go_again_with_nothing_to_place_is_asked_and_does_nothing() -> None:
    """NL-R10: the question is asked anyway (only `end turn`), and nobody else can tell it from
    the question of a seat that holds a fitting card."""
    hands = {0: ["R-X-GO", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, _action_field("GO"), hands)
    state.apply(0, place_text(state, "R-X-GO", 0, 1, 0))
    assert state.phase == "again" and state.active == 0 and texts(state) == ["end turn"]
    assert "nothing in your hand fits" in state.choice_notes(0)[0]
    able = position(3, _action_field("GO"), {**hands, 0: ["R-X-GO", "R-Y-B"]})
    able.apply(0, place_text(able, "R-X-GO", 0, 1, 0))
    for viewer in (1, 2, None):
        mine, theirs = state.observation(viewer), able.observation(viewer)
        for key in ("to_act", "public", "log", "history"):
            assert mine[key] == theirs[key], (viewer, key)
    state.apply(0, "end turn")
    assert state.phase == "play" and state.active == 1 and hand_sizes(state) == [1, 1, 1]


def test_go_again_extra_turn_mode_is_a_full_turn() -> None:
    """NL-R10 option extra_turn: with nothing to place the seat must draw."""
    hands = {0: ["R-X-GO", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    opts = {"go_again_mode": "extra_turn"}
    state = position(3, _action_field("GO"), hands, draw=["G-X-X"], options=opts)
    state.apply(0, place_text(state, "R-X-GO", 0, 1, 0))
    assert state.phase == "play" and state.active == 0 and texts(state) == ["draw"]


def test_going_out_scores_the_cards_left_and_the_winner_starts_the_next_round() -> None:
    """NL-R13, NL-R19: one point per card in the other hands; the winner plays first."""
    hands = {0: ["R-Y-B"], 1: ["G-X-X", "B-X-X"], 2: ["Y-X-X"]}
    state = position(3, RING, hands, points=[3, 4, 5])
    state.apply(0, place_text(state, "R-Y-B", 1, 0, 0))  # two matches: both others draw 1
    assert state.points == [3 + 3 + 2, 4, 5]
    assert state.round == 2 and state.round_first == 0 and state.active == 0
    assert hand_sizes(state) == [6, 6, 6]


def test_match_draws_on_going_out_option() -> None:
    """NL-R13 option: without the draws the winner scores only the cards already held."""
    hands = {0: ["R-Y-B"], 1: ["G-X-X", "B-X-X"], 2: ["Y-X-X"]}
    opts = {"match_draws_on_going_out": False}
    state = position(3, RING, hands, options=opts)
    state.apply(0, place_text(state, "R-Y-B", 1, 0, 0))
    assert state.points == [3, 0, 0]


def test_twenty_points_end_the_game() -> None:
    """NL-R20: the round winner reaching 20 wins at once."""
    hands = {0: ["R-Y-B"], 1: ["G-X-X", "B-X-X"], 2: ["Y-X-X"]}
    state = position(3, RING, hands, points=[15, 19, 0])
    state.apply(0, place_text(state, "R-Y-B", 1, 0, 0))
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0]
    assert state.points[0] == 20


def test_a_starter_closer_goes_under_the_pile_known_to_all() -> None:
    """NL-R5: a Closer turned as a new starter goes to the bottom, and everyone knows it."""
    field = [("R-X-X", (0, 0), 0), ("R-R-X", (1, 0), 0)]
    hands = {0: ["R-R-X", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    draw = ["R-Y-B", "Closer", "Y-G-B", "R-G-B"]  # gifts R-G-B, Y-G-B; then the Closer
    state = position(3, field, hands, draw=draw)
    state.apply(0, place_text(state, "R-R-X", 1, 1, 0))  # cut-throat close, seat 0 credited
    under = state.observation(2)["zones"]["under"]
    assert under == ["Closer"]
    assert state.observation(2)["public"]["field"][0]["card"] == "R-Y-B"


def test_a_position_with_a_bad_field_is_refused() -> None:
    with pytest.raises(StateFormatError, match="not on the board"):
        position(3, [("R-Y-G", (9, 9), 0)], {0: ["B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]})
    with pytest.raises(StateFormatError, match="two field cards"):
        position(3, [("R-Y-G", (0, 0), 0), ("R-Y-B", (0, 0), 1)], {0: ["B-X-X"]})


def test_a_closer_left_alone_in_the_pile_goes_under_a_reshuffled_discard_pile() -> None:
    """NL-R5 with NL-R17: the gifts empty the pile down to the Closer; turned up as the starter it
    goes under, the discard pile (with the cleared field) is shuffled above it and turned."""
    field = [("R-X-X", (0, 0), 0), ("R-R-X", (1, 0), 0)]
    hands = {0: ["R-R-X", "B-X-X"], 1: ["G-X-X"], 2: ["Y-X-X"]}
    state = position(3, field, hands, draw=["Closer", "Y-G-B", "R-G-B"])
    state.apply(0, place_text(state, "R-R-X", 1, 1, 0))  # cut-throat close by seat 0
    assert state.observation(1)["zones"]["under"] == ["Closer"]
    assert len(state.zone("field")) == 1 and state.zone("discard") == []
    assert state.active == 0 and state.phase == "play"


def test_a_seat_lays_a_starter_from_hand_when_none_can_be_turned() -> None:
    """NL-R17: with no card to turn, the seat due lays any non-Closer hand card at (0, 0) in
    rotation 0 (no effects), then plays its turn."""
    hands = {0: ["B-X-X"], 1: ["Closer", "R-Y-G", "G-X-X"], 2: ["Y-X-X"]}
    state = position(3, [], hands, phase="start", active=1, due=1)
    assert texts(state) == ["start with R-Y-G", "start with G-X-X"]  # never the Closer
    state.apply(1, "start with R-Y-G")
    assert state.field_at == [[0, 0, 0]] and state.phase == "play" and state.active == 1
    assert [len(state.zone(f"hand:{s}")) for s in range(3)] == [1, 2, 1]
