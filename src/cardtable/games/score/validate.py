"""Checks on a loaded (possibly hand-written) Score! position, before any play.

Positions are untrusted input: a bad one is refused with :class:`StateFormatError` naming the
problem, never accepted and then failing later. Unlisted cards (``"rest": true``) land in the
``singles`` zone; the Completes among them are put under the pile, so that a listed pile keeps
its top cards in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core import NO_COMMIT, StateFormatError
from cardtable.games.score import rules
from cardtable.games.score.cards import IS_COMPLETE, NAMES
from cardtable.games.score.meta import COMPLETES, DRAWN, LAID, PILE, SINGLES, SINGLES_DECK

if TYPE_CHECKING:
    from cardtable.games.score.state import ScoreState


def check_position(st: ScoreState) -> None:
    _completes_to_pile(st)
    _check_scalars(st)
    _check_zones(st)
    _check_pile(st)
    _check_pending(st)


def _completes_to_pile(st: ScoreState) -> None:
    for card in [c for c in st.zones[SINGLES_DECK] if IS_COMPLETE[c]]:
        st.move(card, SINGLES_DECK, PILE, bottom=True)


def _check_scalars(st: ScoreState) -> None:
    if st.phase not in rules.PHASES:
        raise StateFormatError(f"phase must be one of {', '.join(rules.PHASES)}, not {st.phase!r}")
    for name in ("total", "busted", "round_points"):
        if len(getattr(st, name)) != rules.SEATS:
            raise StateFormatError(f"{name!r} needs one entry per seat (3)")
    if any(t < 0 for t in st.total):
        raise StateFormatError("game totals cannot be negative")
    for name in ("lead", "first_lead"):
        if not 0 <= getattr(st, name) < rules.SEATS:
            raise StateFormatError(f"{name!r} must be a seat 0..2")
    if st.phase != rules.OVER and st.busted[st.lead]:
        raise StateFormatError("a busted seat cannot be the lead (SC-R6)")
    if st.round < 1:
        st.round = 1
    if st.phase == rules.COLLECT:
        _check_chain(st)
    elif st.chain or st.passer != -1 or st.to_pass:
        raise StateFormatError("'chain', 'passer' and 'to_pass' belong to the collect phase only")


def _check_chain(st: ScoreState) -> None:
    chain = st.chain
    if len(set(chain)) != len(chain) or not 2 <= len(chain) <= rules.SEATS:
        raise StateFormatError("'chain' must list 2 or 3 different participants")
    if any(not 0 <= s < rules.SEATS or st.busted[s] for s in chain):
        raise StateFormatError("'chain' may name only seats that are not bust")
    if st.passer not in chain[:-1]:
        raise StateFormatError("'passer' must be a participant with someone after it in 'chain'")
    owed = len(chain) - 1 - chain.index(st.passer)
    if not 1 <= st.to_pass <= owed:
        raise StateFormatError(f"'to_pass' must be 1..{owed} for that passer")


def _check_zones(st: ScoreState) -> None:
    for seat in range(rules.SEATS):
        for zone, kind in ((COMPLETES[seat], True), (SINGLES[seat], False)):
            wrong = [NAMES[c] for c in st.zones[zone] if IS_COMPLETE[c] != kind]
            if wrong:
                raise StateFormatError(f"{wrong[0]!r} cannot lie in {_zone_name(st, zone)}")
        if len(st.zones[COMPLETES[seat]]) > rules.HAND_COMPLETES:
            raise StateFormatError(f"seat {seat} holds more than 3 Completes")
        drawn = st.zones[DRAWN[seat]]
        if drawn and (st.phase != rules.CHOOSE or seat != st.lead):
            raise StateFormatError("only the lead choosing a Complete holds drawn Completes")
        if any(not IS_COMPLETE[c] for c in drawn) or len(drawn) > rules.TAKE:
            raise StateFormatError("a lead holds at most 3 drawn Completes")
    if st.phase == rules.CHOOSE and not st.zones[DRAWN[st.lead]]:
        raise StateFormatError("the choose phase needs the lead's drawn Completes")
    if any(not IS_COMPLETE[c] for c in st.zones[PILE]) or any(
        not IS_COMPLETE[c] for c in st.zones[LAID]
    ):
        raise StateFormatError("only Completes lie in the pile and among the laid cards")
    if st.zones[SINGLES_DECK] and st.phase != rules.OVER:
        raise StateFormatError("every Single is in a hand during a round (12 each)")
    if st.phase != rules.COLLECT and st.phase != rules.OVER:
        sizes = [len(st.zones[SINGLES[s]]) for s in range(rules.SEATS)]
        if sizes != [rules.HAND_SINGLES] * rules.SEATS:
            raise StateFormatError(f"each hand holds 12 Singles outside a collection, not {sizes}")
    if st.phase in (rules.COMMIT, rules.COLLECT) and not st.zones[LAID]:
        raise StateFormatError(f"the {st.phase} phase needs a laid Complete")


def _check_pile(st: ScoreState) -> None:
    """A lead never faces an empty pile (SC-R12): by default the round is scored the moment the
    pile runs out, and with recycling the laid Completes become the new pile. A call position
    without either would offer ``lead`` and then leave the lead with nothing to do."""
    if st.phase != rules.CALL_PHASE or st.zones[PILE]:
        return
    if st.options.empty_pile == "score":
        raise StateFormatError(
            "the Complete pile is empty in the call phase: the round is scored as soon as the "
            "pile runs out (SC-R12), so no lead is asked for"
        )
    if not st.zones[LAID]:
        raise StateFormatError(
            "the Complete pile is empty and there are no laid Completes to recycle into a new "
            "one (SC-R12): the lead could take nothing"
        )


def _check_pending(st: ScoreState) -> None:
    if st.phase != rules.COMMIT:
        if any(p != NO_COMMIT for p in st.pending):
            raise StateFormatError("face-down plays are pending only in the commit phase")
        return
    for seat, choice in enumerate(st.pending):
        if choice == NO_COMMIT:
            continue
        if st.busted[seat] or choice not in rules.commit_choices(st, seat):
            text = st.spec.actions.action(choice).text
            raise StateFormatError(f"seat {seat} cannot have committed {text!r} here")


def _zone_name(st: ScoreState, zone: int) -> str:
    return st.spec.layout.specs[zone].name
