"""One failing-if-broken test per rule and SC ruling, from hand-written positions."""

from __future__ import annotations

import pytest

from cardtable.core import IllegalAction, Rng, new_state
from cardtable.games.score.cards import COMPLETE_VALUES, NAMES, NUM_COMPLETES

from .helpers import commit_all, counts, load, position

A, B, C = 0, 1, 2
COMPLETES = [
    ["Filled-Red-Circle", "Partial-Blue-Square", "Hollow-Green-Triangle"],
    ["Filled-Blue-Triangle", "Partial-Green-Circle", "Hollow-Red-Square"],
    ["Filled-Green-Square", "Partial-Red-Triangle", "Hollow-Blue-Circle"],
]
# No sets anywhere; A holds no shape, B no colour, C no fill.
PLAIN = [
    {"Filled": 2, "Partial": 2, "Hollow": 2, "Red": 2, "Blue": 2, "Green": 2},
    {"Filled": 2, "Partial": 2, "Hollow": 2, "Circle": 2, "Square": 2, "Triangle": 2},
    {"Red": 2, "Blue": 2, "Green": 2, "Circle": 2, "Square": 2, "Triangle": 2},
]
# A cannot match anything Filled, Red or Square.
NO_FRS = [
    {"Partial": 3, "Hollow": 3, "Blue": 3, "Green": 3},
    {
        "Filled": 2,
        "Partial": 1,
        "Hollow": 1,
        "Red": 2,
        "Blue": 1,
        "Green": 1,
        "Circle": 2,
        "Square": 1,
        "Triangle": 1,
    },
    {"Filled": 2, "Red": 2, "Circle": 2, "Square": 3, "Triangle": 3},
]


def texts(state: object, seat: int) -> list[str]:
    return [a.text for a in state.legal_actions(seat)]  # type: ignore[attr-defined]


def test_components_and_deal_sc_r1() -> None:
    state = new_state("score", 3, seed=5)
    names = state.spec.cards.names
    assert len(set(names[:NUM_COMPLETES])) == 27
    assert len({tuple(v) for v in COMPLETE_VALUES}) == 27
    assert len(names) == 63 and all(names[NUM_COMPLETES:].count(n) == 4 for n in ("Red", "Hollow"))
    for seat in range(3):
        assert len(state.zone(f"completes:{seat}")) == 3
        assert len(state.zone(f"hand:{seat}")) == 12
    assert len(state.zone("pile")) == 18 and not state.zone("singles")


def test_lay_one_and_the_others_go_under_the_pile_known_to_the_lead_alone() -> None:
    top = ["Filled-Red-Square", "Partial-Red-Circle", "Hollow-Red-Circle"]
    state = load(position(PLAIN, COMPLETES, pile_top=top))
    state.apply(A, "lead")
    assert sorted(state.card_name(c) for c in state.zone("drawn:0")) == sorted(top)
    assert state.observation(B)["zones"]["drawn:0"] == [None] * 3
    state.apply(A, "lay Partial-Red-Circle")
    bottom = ["Hollow-Red-Circle", "Filled-Red-Square"]  # first drawn just above the second
    assert [state.card_name(c) for c in state.zone("pile")[:2]] == bottom
    assert state.observation(A)["zones"]["pile"][:2] == bottom
    assert state.observation(B)["zones"]["pile"][:2] == [None, None]
    assert state.observation(None)["public"]["led"] == "Partial-Red-Circle"
    for k in range(8):  # the lead's determinisation keeps them; another seat's does not
        det = state.determinize(A, Rng(k))
        assert [det.card_name(c) for c in det.zone("pile")[:2]] == bottom
    assert len({tuple(state.determinize(B, Rng(k)).zone("pile")[:2]) for k in range(8)}) > 1


def test_commits_are_simultaneous_and_hidden_sc_r16() -> None:
    state = load(position(PLAIN, COMPLETES, pile_top=["Filled-Red-Square"]))
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    assert list(state.to_act()) == [A, B, C]
    state.apply(B, "play Filled")
    view = state.observation(C)
    assert view["committed"] == [False, True, False] and view["my_commit"] is None
    assert view["history"][-1] == [B, "commits a card face down"]
    assert state.observation(B)["my_commit"] == "play Filled"
    with pytest.raises(IllegalAction, match="already committed"):
        state.apply(B, "play Square")


def test_a_seat_that_can_match_may_not_discard_sc_r4_and_its_option() -> None:
    data = position(PLAIN, COMPLETES, pile_top=["Filled-Red-Square"])
    state = load(data)
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    assert texts(state, A) == ["play Filled", "play Red"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="SC-R4"):
        state.apply(A, "discard Filled-Red-Circle")
    assert state.to_json() == before
    data["options"] = {"voluntary_complete_discard": True}
    state = load(data)
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    assert "discard Filled-Red-Circle" in texts(state, A)


def test_discard_is_face_up_and_sits_out_this_collection_only_sc_r3_r5() -> None:
    top = ["Filled-Red-Square", "Partial-Red-Square", "Hollow-Red-Circle", "Hollow-Green-Circle"]
    state = load(position(NO_FRS, COMPLETES, pile_top=top, state={"lead": B, "first_lead": B}))
    state.apply(B, "lead")
    state.apply(B, "lay Filled-Red-Square")
    assert texts(state, A) == [f"discard {n}" for n in sorted(COMPLETES[A], key=NAMES.index)]
    commit_all(state, {B: "play Filled", C: "play Red", A: "discard Partial-Blue-Square"})
    assert state.observation(C)["zones"]["discarded"] == ["Partial-Blue-Square"]
    assert len(state.zone("completes:0")) == 2
    assert state.chain == [B, C] and state.to_pass == 1
    assert len(state.zone("hand:0")) == 12  # A collects nothing
    state.apply(B, "pass Red")
    # Next turn A plays normally again (SC-R3): C lays Hollow-Green-Circle, A can match.
    state.apply(C, "lead")
    state.apply(C, "lay Hollow-Green-Circle")
    assert texts(state, A) == ["play Hollow", "play Green"]
    commit_all(state, {C: "play Circle", A: "play Hollow", B: "play Hollow"})
    assert state.chain == [C, A, B]


def test_bust_zeroes_the_game_total_and_sits_out_the_round_sc_r6() -> None:
    top = [
        "Filled-Red-Square",
        "Partial-Red-Square",
        "Hollow-Red-Circle",
        "Filled-Green-Circle",
        "Partial-Red-Circle",
        "Hollow-Green-Square",
    ]
    data = position(
        NO_FRS,
        [[], COMPLETES[B], COMPLETES[C]],
        pile_top=top,
        state={"lead": B, "first_lead": B, "total": [7, 2, 3]},
        extra_zones={"discarded": COMPLETES[A]},
    )
    state = load(data)
    state.apply(B, "lead")
    state.apply(B, "lay Filled-Red-Square")
    assert state.busted == [True, False, False] and state.total == [0, 2, 3]
    assert list(state.to_act()) == [B, C]
    commit_all(state, {B: "play Filled", C: "play Red"})
    state.apply(B, "pass Red")
    assert state.lead == C
    state.apply(C, "lead")
    state.apply(C, "lay Filled-Green-Circle")
    assert list(state.to_act()) == [B, C]  # A stays out for the rest of the round
    commit_all(state, {C: "play Circle", B: "play Filled"})
    state.apply(C, "pass Circle")
    assert state.lead == B  # A never leads while bust


def test_no_complete_but_a_match_is_not_bust_sc_r6() -> None:
    data = position(
        NO_FRS,
        [[], COMPLETES[B], COMPLETES[C]],
        pile_top=["Partial-Red-Square"],
        state={"lead": B, "first_lead": B},
        extra_zones={"discarded": COMPLETES[A]},
    )
    state = load(data)
    state.apply(B, "lead")
    state.apply(B, "lay Partial-Red-Square")
    assert not state.busted[A] and texts(state, A) == ["play Partial"]


def test_lone_participant_keeps_its_single_sc_r7() -> None:
    hands = [
        {"Partial": 3, "Hollow": 3, "Blue": 3, "Green": 3},
        {"Filled": 4, "Red": 4, "Square": 4},
        {"Partial": 1, "Hollow": 1, "Blue": 1, "Green": 1, "Circle": 4, "Triangle": 4},
    ]
    state = load(
        position(
            hands, COMPLETES, pile_top=["Filled-Red-Square"], state={"lead": B, "first_lead": B}
        )
    )
    state.apply(B, "lead")
    state.apply(B, "lay Filled-Red-Square")
    commit_all(
        state, {B: "play Filled", A: "discard Filled-Red-Circle", C: "discard Hollow-Blue-Circle"}
    )
    assert counts(state, B)["Filled"] == 4 and state.phase == "call" and state.lead == C


def test_chain_starts_after_a_lead_that_cannot_match_sc_r14() -> None:
    hands = [
        {"Partial": 3, "Hollow": 3, "Blue": 3, "Green": 3},
        {"Filled": 4, "Red": 4, "Square": 4},
        {"Partial": 1, "Hollow": 1, "Blue": 1, "Green": 1, "Circle": 4, "Triangle": 4},
    ]
    state = load(
        position(
            hands, COMPLETES, pile_top=["Hollow-Green-Circle"], state={"lead": B, "first_lead": B}
        )
    )
    state.apply(B, "lead")
    state.apply(B, "lay Hollow-Green-Circle")
    assert all(t.startswith("discard") for t in texts(state, B))
    commit_all(state, {B: "discard Hollow-Red-Square", C: "play Circle", A: "play Green"})
    assert state.chain == [C, A] and state.passer == C


def test_call_needs_a_set_matching_an_own_complete_sc_r9() -> None:
    # A holds four Triangles, but no Complete of A's is a Triangle... except Hollow-Green-Triangle.
    hands = [
        {"Triangle": 4, "Filled": 2, "Partial": 2, "Hollow": 2, "Red": 2},
        {"Blue": 2, "Green": 2, "Circle": 2, "Square": 2, "Filled": 2, "Partial": 2},
        {"Blue": 2, "Green": 2, "Circle": 2, "Square": 2, "Hollow": 2, "Red": 2},
    ]
    state = load(position(hands, COMPLETES))
    assert texts(state, A) == ["call score", "lead"]
    no_match = [["Filled-Red-Circle", "Partial-Blue-Square", "Hollow-Green-Square"], *COMPLETES[1:]]
    state = load(position(hands, no_match))
    assert texts(state, A) == ["lead"]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="SC-R9"):
        state.apply(A, "call score")
    assert state.to_json() == before


TIE = [
    {"Red": 4, "Filled": 2, "Partial": 2, "Hollow": 2, "Blue": 2},
    {"Green": 4, "Circle": 2, "Square": 2, "Triangle": 2, "Filled": 1, "Partial": 1},
    {"Filled": 1, "Partial": 1, "Hollow": 2, "Blue": 2, "Circle": 2, "Square": 2, "Triangle": 2},
]
LONE = [
    TIE[0],
    {"Green": 3, "Blue": 1, "Circle": 2, "Square": 2, "Triangle": 2, "Filled": 1, "Partial": 1},
    {
        "Filled": 1,
        "Partial": 1,
        "Hollow": 2,
        "Blue": 1,
        "Green": 1,
        "Circle": 2,
        "Square": 2,
        "Triangle": 2,
    },
]


def test_lone_top_scorer_bonus_only_without_a_tie_sc_r10() -> None:
    state = load(position(TIE, COMPLETES))
    state.apply(A, "call score")
    assert state.round_points == [1, 1, 0] and state.total == [1, 1, 0]
    state = load(position(LONE, COMPLETES))
    state.apply(A, "call score")
    assert state.round_points == [2, 0, 0]


def test_a_set_scores_once_per_matching_complete() -> None:
    completes = [
        ["Filled-Red-Circle", "Partial-Red-Square", "Hollow-Red-Triangle"],
        COMPLETES[1],
        ["Filled-Green-Square", "Partial-Blue-Triangle", "Hollow-Blue-Circle"],
    ]
    state = load(position(TIE, completes))
    state.apply(A, "call score")
    assert state.round_points == [3 + 1, 1, 0]  # Red set x3 Completes, then the lone-top bonus


FIVE = [
    {"Filled": 4, "Red": 4, "Circle": 3, "Partial": 1},
    {"Circle": 1, "Hollow": 3, "Blue": 3, "Green": 2, "Square": 3},
    {"Partial": 3, "Hollow": 1, "Blue": 1, "Green": 2, "Square": 1, "Triangle": 4},
]


def test_five_point_hand_ends_the_round_at_once_sc_r11() -> None:
    state = load(position(FIVE, COMPLETES, pile_top=["Hollow-Green-Circle"]))
    state.apply(A, "lead")
    state.apply(A, "lay Hollow-Green-Circle")
    commit_all(state, {A: "play Circle", B: "play Circle", C: "play Green"})
    # A's collection completes Filled + Red + Circle with its Filled-Red-Circle: 5, round over.
    assert state.round_points == [5, 0, 0] and state.total == [5, 0, 0]
    assert state.round == 2 and state.five_point_hands == 1


def test_five_point_hand_optional_is_declared_on_ones_turn_sc_r11_option() -> None:
    hands = [
        {"Filled": 4, "Red": 4, "Circle": 4},
        {"Partial": 2, "Hollow": 2, "Blue": 2, "Green": 2, "Square": 2, "Triangle": 2},
        {"Partial": 2, "Hollow": 2, "Blue": 2, "Green": 2, "Square": 2, "Triangle": 2},
    ]
    state = load(position(hands, COMPLETES, options={"five_point_optional": True}))
    assert "declare five" in texts(state, A)
    state.apply(A, "declare five")
    assert state.total == [5, 0, 0] and state.round == 2
    state = load(position(hands, COMPLETES))
    assert "declare five" not in texts(state, A)


def _short_pile(pile_top: list[str]) -> dict[str, object]:
    used = {n for hand in COMPLETES for n in hand} | set(pile_top)
    laid = [n for n in NAMES[:NUM_COMPLETES] if n not in used]
    return {"laid": laid}


def test_fewer_than_three_completes_the_lead_takes_them_all_sc_r12() -> None:
    top = ["Filled-Red-Square", "Filled-Green-Circle"]
    state = load(position(PLAIN, COMPLETES, pile_top=top, extra_zones=_short_pile(top)))
    state.apply(A, "lead")
    assert len(state.zone("drawn:0")) == 2 and not state.zone("pile")


def test_empty_pile_when_a_lead_is_needed_scores_the_round_sc_r12() -> None:
    top = ["Filled-Red-Square"]
    state = load(position(TIE, COMPLETES, pile_top=top, extra_zones=_short_pile(top)))
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    commit_all(state, {A: "play Filled", B: "play Filled", C: "play Filled"})
    state.apply(A, "pass Partial")
    state.apply(A, "pass Partial")
    state.apply(B, "pass Partial")
    # B must lead next but the pile is empty: the round is scored as if called. A collected
    # the three Filleds (Filled and Red sets, each matching Filled-Red-Circle), B has Greens.
    assert state.empty_pile_endings == 1 and state.round == 2
    assert state.round_points == [2 + 1, 1, 0]


def test_empty_pile_recycles_the_laid_completes_with_the_option_sc_r12() -> None:
    top = ["Filled-Red-Square"]
    data = position(
        PLAIN,
        COMPLETES,
        pile_top=top,
        extra_zones=_short_pile(top),
        options={"empty_pile": "recycle"},
    )
    state = load(data)
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    commit_all(state, {A: "play Filled", B: "play Filled", C: "play Red"})
    for seat in (A, A, B):
        state.apply(seat, f"pass {next(iter(counts(state, seat)))}")
    assert state.phase == "call" and state.lead == B
    state.apply(B, "lead")
    assert len(state.zone("drawn:1")) == 3 and state.round == 1


def test_laid_completes_stay_face_up_for_the_round_sc_r13() -> None:
    top = ["Filled-Red-Square", "Partial-Red-Square", "Hollow-Red-Circle", "Filled-Green-Circle"]
    state = load(position(PLAIN, COMPLETES, pile_top=top))
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    commit_all(state, {A: "play Filled", B: "play Filled", C: "play Red"})
    for seat in (A, A, B):
        state.apply(seat, f"pass {next(iter(counts(state, seat)))}")
    state.apply(B, "lead")
    state.apply(B, "lay Filled-Green-Circle")
    assert state.observation(C)["zones"]["laid"] == ["Filled-Red-Square", "Filled-Green-Circle"]


def test_first_lead_rotates_each_round_sc_r15() -> None:
    state = load(position(TIE, COMPLETES))
    state.apply(A, "call score")
    assert state.first_lead == B and state.lead == B and list(state.to_act()) == [B]


def test_game_ends_at_the_target_with_a_strict_top_sc_r2() -> None:
    state = load(position(LONE, COMPLETES, state={"total": [8, 0, 0]}))
    state.apply(A, "call score")
    assert state.is_terminal() and state.returns() == [1.0, 0.0, 0.0] and state.total[A] == 10
    state = load(position(TIE, COMPLETES, state={"total": [9, 9, 0]}))
    state.apply(A, "call score")
    assert not state.is_terminal() and state.total == [10, 10, 0] and state.round == 2
    state = load(
        position(LONE, COMPLETES, state={"total": [8, 0, 0]}, options={"target_score": 20})
    )
    state.apply(A, "call score")
    assert not state.is_terminal()


def test_a_pass_is_known_to_sender_and_receiver_only() -> None:
    top = ["Filled-Red-Square"]
    state = load(position(NO_FRS, COMPLETES, pile_top=top, state={"lead": B, "first_lead": B}))
    state.apply(B, "lead")
    state.apply(B, "lay Filled-Red-Square")
    commit_all(state, {B: "play Filled", C: "play Red", A: "discard Partial-Blue-Square"})
    first, second = state.clone(), state.clone()
    first.apply(B, "pass Red")
    second.apply(B, "pass Circle")
    assert first.observation(A) == second.observation(A)
    assert first.observation(None) == second.observation(None)
    assert first.observation(C) != second.observation(C)


def test_third_participant_loses_track_of_its_single_after_a_pass() -> None:
    state = load(position(PLAIN, COMPLETES, pile_top=["Filled-Red-Square"]))
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    commit_all(state, {A: "play Filled", B: "play Filled", C: "play Red"})
    assert "Red" in state.observation(C)["zones"]["hand:0"]  # C saw its Red go to A
    state.apply(A, "pass Blue")
    assert set(state.observation(C)["zones"]["hand:0"]) == {None}
