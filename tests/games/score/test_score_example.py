"""The rule text's worked example, reconstructed move by move (SC-R1, SC-R7, SC-R8).

The pictures of the text are lost, so the hands are rebuilt from what the narrative says of them
(A holds two Circles and two Hollows, B three Reds and three Blues, C three Filleds and two
Squares, ...). Two corrections from the rulings: A's first draw cannot hold a second
Filled-Red-Square (SC-R1: 27 unique Completes), so a Hollow-Red-Square stands in; and in the last
collection B keeps the Blue (its fourth) and passes the Square (SC-R8). Final round scores:
A 1, B 4 + 1 lone-top bonus (SC-R10), C 3.
"""

from __future__ import annotations

from .helpers import commit_all, counts, load, position

A, B, C = 0, 1, 2

HANDS = [
    {"Hollow": 2, "Circle": 2, "Partial": 1, "Triangle": 2, "Blue": 1, "Filled": 1, "Green": 3},
    {"Red": 3, "Blue": 3, "Circle": 1, "Partial": 2, "Triangle": 1, "Square": 2},
    {
        "Filled": 3,
        "Square": 2,
        "Hollow": 2,
        "Red": 1,
        "Partial": 1,
        "Green": 1,
        "Circle": 1,
        "Triangle": 1,
    },
]
COMPLETES = [
    ["Hollow-Red-Circle", "Filled-Green-Circle", "Filled-Red-Square"],
    ["Partial-Blue-Circle", "Partial-Green-Triangle", "Hollow-Blue-Circle"],
    ["Filled-Green-Square", "Filled-Blue-Square", "Filled-Red-Triangle"],
]
PILE_TOP = [
    "Hollow-Red-Square",
    "Partial-Blue-Square",
    "Hollow-Green-Circle",  # A's first draw
    "Partial-Red-Square",
    "Partial-Red-Circle",
    "Hollow-Green-Square",  # B's
    "Filled-Blue-Triangle",
    "Filled-Blue-Circle",
    "Hollow-Red-Triangle",  # C's
    "Hollow-Blue-Square",
    "Partial-Green-Circle",
    "Filled-Green-Triangle",  # A's second
]


def test_worked_example_scores_one_four_plus_bonus_and_three() -> None:
    state = load(position(HANDS, COMPLETES, pile_top=PILE_TOP))

    # A cannot call (no set yet), leads and lays the Hollow-Green-Circle.
    assert [a.text for a in state.legal_actions(A)] == ["lead"]
    state.apply(A, "lead")
    state.apply(A, "lay Hollow-Green-Circle")
    # B holds no Hollow and no Green: its Circle is its only legal play.
    assert [a.text for a in state.legal_actions(B)] == ["play Circle"]
    commit_all(state, {A: "play Hollow", B: "play Circle", C: "play Hollow"})
    # A collected all three and passes two from its hand: a Partial and a Triangle.
    assert state.passer == A and state.to_pass == 2
    assert counts(state, A)["Hollow"] == 3 and counts(state, A)["Circle"] == 3
    state.apply(A, "pass Partial")
    state.apply(A, "pass Triangle")
    # B keeps the Partial and sends the Triangle on to C.
    assert state.passer == B and state.to_pass == 1
    state.apply(B, "pass Triangle")
    assert [len(state.zone(f"hand:{s}")) for s in range(3)] == [12, 12, 12]

    # B's turn: Partial-Red-Square. A has no Partial, Red or Square: it must discard a Complete.
    state.apply(B, "lead")
    state.apply(B, "lay Partial-Red-Square")
    assert all(a.text.startswith("discard") for a in state.legal_actions(A))
    commit_all(state, {B: "play Partial", C: "play Partial", A: "discard Filled-Red-Square"})
    # A sits this collection out (SC-R3): B collects two and passes one, to C.
    assert state.chain == [B, C] and state.to_pass == 1
    assert counts(state, B)["Partial"] == 4
    state.apply(B, "pass Triangle")

    # C's turn: Filled-Blue-Triangle. B has no Filled or Triangle and plays a Blue.
    state.apply(C, "lead")
    state.apply(C, "lay Filled-Blue-Triangle")
    commit_all(state, {C: "play Filled", A: "play Filled", B: "play Blue"})
    assert state.chain == [C, A, B]
    assert counts(state, C)["Filled"] == 4
    state.apply(C, "pass Blue")
    state.apply(C, "pass Red")
    state.apply(A, "pass Blue")  # A keeps the Red; the Blue goes back to B

    # A still has no set, so it cannot call: it leads the Hollow-Blue-Square.
    assert [a.text for a in state.legal_actions(A)] == ["lead"]
    state.apply(A, "lead")
    state.apply(A, "lay Hollow-Blue-Square")
    commit_all(state, {A: "play Blue", B: "play Square", C: "play Hollow"})
    state.apply(A, "pass Blue")
    state.apply(A, "pass Square")
    state.apply(B, "pass Square")  # SC-R8: B keeps its fourth Blue and passes the Square
    assert counts(state, A)["Hollow"] == 4
    assert counts(state, B)["Blue"] == 4 and counts(state, B)["Partial"] == 4

    # B calls: Partials x2 + Blues x2 = 4, +1 as the lone top score; C 3; A 1.
    assert "call score" in [a.text for a in state.legal_actions(B)]
    state.apply(B, "call score")
    assert state.round_points == [1, 5, 3]
    assert state.total == [1, 5, 3]
    assert state.round == 2 and not state.is_terminal()
