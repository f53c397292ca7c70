"""Hand-written positions are untrusted input: bad ones are refused with a reason (validate.py)."""

from __future__ import annotations

import pytest

from cardtable.core import StateFormatError

from .helpers import load, position
from .test_score_rules import COMPLETES, PLAIN


def test_a_good_position_loads_and_keeps_the_listed_pile_top() -> None:
    state = load(position(PLAIN, COMPLETES, pile_top=["Filled-Red-Square", "Hollow-Red-Circle"]))
    assert [state.card_name(c) for c in state.zone("pile")[-2:]] == [
        "Hollow-Red-Circle",
        "Filled-Red-Square",
    ]
    assert len(state.zone("pile")) == 18 and not state.zone("singles")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["zones"]["hand:0"].pop(), "12 each"),
        (
            lambda d: (d["zones"]["hand:0"].remove("Red"), d["zones"]["completes:0"].append("Red")),
            "cannot lie in completes:0",
        ),
        (lambda d: d["state"].update(phase="dance"), "phase must be one of"),
        (lambda d: d["state"].update(total=[1, 2]), "one entry per seat"),
        (lambda d: d["state"].update(lead=5), "must be a seat"),
        (lambda d: d["state"].update(busted=[True, False, False]), "busted seat cannot be"),
        (lambda d: d["state"].update(phase="commit"), "needs a laid Complete"),
        (lambda d: d["state"].update(phase="choose"), "drawn Completes"),
        (lambda d: d["state"].update(chain=[0, 1]), "collect phase only"),
        (lambda d: d.update(pending=["play Red", None, None]), "pending only in the commit"),
    ],
)
def test_bad_positions_are_refused_with_a_reason(change: object, message: str) -> None:
    data = position(PLAIN, COMPLETES)
    change(data)  # type: ignore[operator]
    with pytest.raises(StateFormatError, match=message):
        load(data)


def test_a_pending_play_must_be_legal_for_its_seat() -> None:
    data = position(
        PLAIN, COMPLETES, state={"phase": "commit"}, extra_zones={"laid": ["Filled-Red-Square"]}
    )
    data["pending"] = [None, "play Red", None]  # B holds no Red Single
    with pytest.raises(StateFormatError, match="cannot have committed 'play Red'"):
        load(data)
    data["pending"] = [None, "play Filled", None]
    assert load(data).pending[1] >= 0
