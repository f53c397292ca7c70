"""A rule-of-thumb rollout policy for Score! searches, read from the state's arrays.

Why (docs/bots.md, "Tenth sitting: Score!"): a random rollout calls half the time it may,
lays any Complete and passes any Single, so a round played on at random says little about the
move that started it. This is :mod:`.greedy`'s rule of thumb (call when the call leaves the
seat ahead or reaches the target; lay the Complete whose values it holds most Singles of; play,
discard and pass what it needs least) written on the hand word of :mod:`.rules`, so a rollout
step builds no observation. A search reads it through ``ScoreState.rollout_action_id``
(``rollout=heavy``), only in its own sampled worlds, where every hand is a guess anyway.
Ties go to the lowest action id, as in :mod:`.greedy`; the rollout's randomness is the world.
"""

from __future__ import annotations

from cardtable.core import Rng
from cardtable.games.score import rules
from cardtable.games.score.notation import CALL, DISCARD, LAY, LEAD, PASS, PLAY
from cardtable.games.score.table import CALL_PHASE, CHOOSE, COMMIT, COMPLETES0, ScoreTable


def _worth(completes: list[int], value: int) -> int:
    """How many of the seat's Completes have ``value`` (what a set of it would score)."""
    bit = 1 << value
    n = 0
    for c in completes:
        if rules.complete_bits(c) & bit:
            n += 1
    return n


def rollout_action_id(st: ScoreTable, seat: int, rng: Rng) -> int:
    """The rule of thumb's legal action id for ``seat``; -1 when it has none."""
    ids = rules.legal_action_ids(st, seat)
    if not ids:
        return -1
    if len(ids) == 1:
        return ids[0]
    phase = st.phase
    if phase == CALL_PHASE:
        if ids[0] == CALL:
            total = st.total
            mine = total[seat] + rules.hand_score(st, seat)
            best_other = -1
            for s in range(len(total)):
                if s != seat and total[s] > best_other:
                    best_other = total[s]
            if mine >= st.options.target_score or mine > best_other:
                return CALL
        return LEAD
    word = rules.hand_word(st, seat)
    if phase == CHOOSE:
        best, best_key = ids[0], -1
        for a in ids:
            bits = rules.complete_bits(a - LAY)
            key = 0
            for v in range(9):
                if bits >> v & 1:
                    key += (word >> (v << 2)) & 7
            if key > best_key:
                best, best_key = a, key
        return best
    completes = st.zones[COMPLETES0 + seat]
    best, best_key = ids[0], 1 << 30
    for a in ids:
        if phase == COMMIT and a >= DISCARD:
            if best < DISCARD:
                break  # a Single to play beats any discard (only with the voluntary option)
            bits = rules.complete_bits(a - DISCARD)
            key = 0
            for v in range(9):
                if bits >> v & 1:
                    key += (word >> (v << 2)) & 7
        else:
            v = a - PLAY if phase == COMMIT else a - PASS
            key = _worth(completes, v) * 8 + ((word >> (v << 2)) & 7)
        if key < best_key:
            best, best_key = a, key
    return best
