"""Hand-written positions are untrusted input: bad ones are refused with a reason (validate.py)."""

from __future__ import annotations

import pytest

from cardtable.core import StateFormatError
from cardtable.games.score.cards import NAMES, NUM_COMPLETES

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


def _empty_pile(*, laid: int, options: dict[str, object] | None = None) -> dict[str, object]:
    """A call position in which no Complete is left in the pile: ``laid`` of the Completes in no
    hand are laid, the rest discarded."""
    held = {name for hand in COMPLETES for name in hand}
    rest = [name for name in NAMES[:NUM_COMPLETES] if name not in held]
    zones = {"laid": rest[:laid], "discarded": rest[laid:]}
    return position(PLAIN, COMPLETES, extra_zones=zones, options=options)


def test_a_call_position_with_an_empty_pile_is_refused() -> None:
    """The round is scored as soon as a lead finds the pile empty (SC-R12), so this position
    cannot arise; accepted, it offered ``lead`` and then left the lead with no legal action."""
    data = _empty_pile(laid=1)
    with pytest.raises(StateFormatError, match=r"pile is empty.*SC-R12"):
        load(data)


def test_with_recycling_an_empty_pile_needs_laid_completes_to_recycle() -> None:
    recycle = {"empty_pile": "recycle"}
    with pytest.raises(StateFormatError, match=r"no laid Completes to recycle.*SC-R12"):
        load(_empty_pile(laid=0, options=recycle))
    state = load(_empty_pile(laid=2, options=recycle))
    state.apply(0, "lead")  # the two laid Completes become the pile, both drawn
    assert len(state.zone("drawn:0")) == 2 and state.legal_actions(0)


def test_a_position_whose_hand_breaks_a_public_fact_is_refused() -> None:
    """``lacks`` records what discards and busts showed (SC-R5, SC-R6); a hand beyond it could
    not have been reached, and a malformed fact is refused too."""
    red, blue = 3, 4  # value indexes
    held = PLAIN[0]["Red"] + PLAIN[0]["Blue"]
    data = position(PLAIN, COMPLETES, state={"lacks": [[0, held, red, blue]]})
    assert load(data).lacks == [[0, held, red, blue]]
    data = position(PLAIN, COMPLETES, state={"lacks": [[0, held - 1, red, blue]]})
    with pytest.raises(StateFormatError, match="seat 0 holds more Singles than 'lacks' allows"):
        load(data)
    for bad in ([0, 1], [3, 0, red], [0, -1, red], [0, 0, 9]):
        data = position(PLAIN, COMPLETES, state={"lacks": [bad]})
        with pytest.raises(StateFormatError, match="bad 'lacks' fact"):
            load(data)
