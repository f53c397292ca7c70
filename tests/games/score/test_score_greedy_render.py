"""The rule-of-thumb player makes the obvious choices; the terminal view shows what it should."""

from __future__ import annotations

from cardtable.core import Rng, get_game

from .helpers import load, position
from .test_score_rules import COMPLETES, LONE, TIE

A, B, C = 0, 1, 2
greedy = get_game("score").greedy
assert greedy is not None


def choose(state: object, seat: int) -> str:
    obs = state.observation(seat)  # type: ignore[attr-defined]
    action, why = greedy(obs, state.legal_actions(seat), Rng(0))  # type: ignore[misc,attr-defined]
    assert why
    return action.text


def test_calls_when_the_call_puts_it_ahead() -> None:
    assert choose(load(position(LONE, COMPLETES)), A) == "call score"


def test_leads_when_calling_would_leave_it_behind() -> None:
    state = load(position(LONE, COMPLETES, state={"total": [0, 9, 0]}))
    assert choose(state, A) == "lead"


def test_lays_the_complete_it_can_best_support() -> None:
    top = ["Filled-Red-Square", "Partial-Blue-Triangle", "Hollow-Green-Circle"]
    state = load(position(TIE, COMPLETES, pile_top=top))
    state.apply(A, "lead")
    # A holds Red 4 + Filled 2 for FRS, Partial 2 + Blue 2 for PBT, Hollow 2 for HGC.
    assert choose(state, A) == "lay Filled-Red-Square"


def test_never_breaks_up_a_set_when_another_single_matches() -> None:
    state = load(position(TIE, COMPLETES, pile_top=["Filled-Red-Square"]))
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    # Red (a set of four) and Filled (two) both match; the Filled is the one to give up.
    assert choose(state, A) == "play Filled"


def test_passes_a_single_that_matches_none_of_its_completes() -> None:
    hands = [
        {"Filled": 3, "Red": 3, "Triangle": 2, "Partial": 2, "Hollow": 2},
        {"Filled": 1, "Partial": 2, "Hollow": 2, "Circle": 2, "Square": 3, "Blue": 2},
        {"Red": 1, "Blue": 2, "Green": 4, "Circle": 2, "Square": 1, "Triangle": 2},
    ]
    completes = [
        ["Filled-Red-Circle", "Filled-Red-Square", "Partial-Red-Circle"],
        COMPLETES[1],
        COMPLETES[2],
    ]
    state = load(position(hands, completes, pile_top=["Filled-Green-Triangle"]))
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Green-Triangle")
    state.apply(A, "play Triangle")
    state.apply(B, "play Filled")
    state.apply(C, "play Green")
    # A collected Triangle, Filled, Green: it keeps the Filleds (4: a set worth 3) and passes
    # what matches none of its Completes (Triangle, Green, Hollow).
    assert choose(state, A) in {"pass Triangle", "pass Green", "pass Hollow"}


def test_render_shows_laid_complete_sets_and_scores() -> None:
    render = get_game("score").renderer
    assert render is not None
    state = load(position(LONE, COMPLETES, pile_top=["Filled-Red-Square"]))
    text = render(state.observation(A))
    assert "Red ×4 SET (worth 1)" in text and "Your Completes" in text and "Your decision" in text
    state.apply(A, "lead")
    state.apply(A, "lay Filled-Red-Square")
    text = render(state.observation(B))
    assert "Laid Complete: [bold]Filled-Red-Square" in text
    assert "seat 0 (lead): 0 points" in text
