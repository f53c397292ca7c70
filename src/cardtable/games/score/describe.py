"""Score! in a player's words: what each action would do for the seat about to take it, and why
an action is not legal now. Reads only what that seat can see (its own hand and the table)."""

from __future__ import annotations

from cardtable.games.score import rules
from cardtable.games.score.cards import (
    CHARACTERISTIC,
    COMPLETE_VALUES,
    COPIES,
    HAS_VALUE,
    NAMES,
    VALUE_NAMES,
)
from cardtable.games.score.meta import SEAT_NAMES
from cardtable.games.score.notation import CALL, DECLARE_FIVE, DISCARD, LAY, LEAD, PASS, PLAY
from cardtable.games.score.table import (
    CALL_PHASE,
    COLLECT,
    COMMIT,
    COMPLETES,
    LAID,
    ScoreTable,
    value_counts,
)


def describe_action(st: ScoreTable, seat: int, action_id: int) -> str:
    """One line on what the action does for ``seat`` now."""
    if action_id == CALL:
        return f"end the round now: you would score {rules.hand_score(st, seat)} before any bonus"
    if action_id == LEAD:
        return "take the top three Completes and lay one for everyone to match"
    if action_id == DECLARE_FIVE:
        return "lay down your five-point hand: 5 points and the round ends"
    if action_id < PLAY:
        return _describe_lay(st, seat, action_id - LAY)
    if action_id < DISCARD:
        return _describe_play(st, seat, action_id - PLAY)
    if action_id < PASS:
        cid = action_id - DISCARD
        return f"give up {NAMES[cid]} (it scores no more this round) and sit out this collection"
    value = action_id - PASS
    left = value_counts(st, seat)[value] - 1
    receiver = st.chain[st.chain.index(seat) + 1] if seat in st.chain else -1
    to = SEAT_NAMES[receiver] if receiver >= 0 else "the next player"
    return f"send a {VALUE_NAMES[value]} Single face down to {to}; you keep {left}"


def _describe_lay(st: ScoreTable, seat: int, cid: int) -> str:
    counts = value_counts(st, seat)
    held = [VALUE_NAMES[v] for v in COMPLETE_VALUES[cid] if counts[v]]
    if not held:
        return f"lay {NAMES[cid]}: you hold no matching Single and would have to discard or bust"
    return f"lay {NAMES[cid]}: everyone must play a {'/'.join(held)}-style match; you can"


def _describe_play(st: ScoreTable, seat: int, value: int) -> str:
    counts = value_counts(st, seat)
    matches = sum(HAS_VALUE[c][value] for c in st.zones[COMPLETES[seat]])
    worth = f"a {VALUE_NAMES[value]} set would score {matches} for you"
    return (
        f"play one of your {counts[value]} {VALUE_NAMES[value]} Singles "
        f"({CHARACTERISTIC[value]}) face down; {worth}; collected Singles may come back"
    )


def explain_illegal(st: ScoreTable, seat: int, action_id: int) -> str | None:
    """Why ``action_id`` is not legal for ``seat`` now, citing the ruling where one applies."""
    phase = st.phase
    if action_id == CALL:
        if phase != CALL_PHASE or seat != st.lead:
            return "Score! is called only at the start of your own turn (SC-R9)"
        return "calling needs a set of four that matches one of your Completes (SC-R9)"
    if action_id == DECLARE_FIVE:
        return "there is no five-point hand to declare (SC-R11)"
    if PLAY <= action_id < PASS and phase == COMMIT:
        laid = NAMES[st.zones[LAID][-1]]
        if action_id < DISCARD:
            return f"a Single must share a value with {laid} and be in your hand"
        if rules.matching_values(st, seat):
            return "you hold a matching Single, so you must play it (SC-R4)"
        return "that Complete is not in your hand"
    if action_id >= PASS and phase == COLLECT and seat == st.passer:
        value = action_id - PASS
        if value_counts(st, seat)[value] < 1:
            return f"you hold no {VALUE_NAMES[value]} Single"
    if phase == COLLECT:
        return "Singles are being passed along the collection chain now"
    return None


def set_summary(counts: list[int]) -> str:
    """``Red 4 (set), Blue 2`` — the values held, most first (for views)."""
    parts = []
    for value in sorted(range(len(counts)), key=lambda v: (-counts[v], v)):
        n = counts[value]
        if n:
            parts.append(f"{VALUE_NAMES[value]} {n}" + (" (set)" if n >= COPIES else ""))
    return ", ".join(parts)


def choice_notes(st: ScoreTable, seat: int) -> list[str]:
    """Why the seat's choices are narrowed now (SC-R4 matching, SC-R6 bust)."""
    if seat not in st.to_act() or st.phase != COMMIT or not st.zones[LAID]:
        return []
    laid = NAMES[st.zones[LAID][-1]]
    if rules.matching_values(st, seat):
        if st.options.voluntary_complete_discard:
            return []
        return [
            f"You hold a Single matching {laid}, so you must play one: discarding a Complete "
            "is offered only when you hold none (SC-R4)."
        ]
    return [
        f"You hold no Single matching {laid}: you must give up one of your Completes and sit "
        "out this collection (SC-R4, SC-R6)."
    ]
