"""The hand arithmetic of the Score! rules on machine words agrees with the plain reading.

``rules.hand_word``, ``held_bits``, ``complete_sets`` and ``complete_bits`` (docs/performance.md,
"Sixth sitting: Score! engine") compute sets (§5.2), matches (SC-R4), busts (SC-R6) and
five-point hands (SC-R11) from card-id arithmetic. Each is held here to a straightforward
implementation from the card tables (``VALUE``, ``COMPLETE_VALUES``, ``HAS_VALUE``) at every
position of seeded games and at determinised samples of them (whose hands no rule built).
"""

from __future__ import annotations

from cardtable.core import NO_COMMIT, Rng, new_state
from cardtable.games.score import rules
from cardtable.games.score.cards import (
    COMPLETE_VALUES,
    COPIES,
    HAS_VALUE,
    NUM_CARDS,
    NUM_COMPLETES,
    NUM_VALUES,
    VALUE,
)
from cardtable.games.score.notation import CALL, DECLARE_FIVE, DISCARD, LAY, LEAD, PASS, PLAY
from cardtable.games.score.table import (
    CALL_PHASE,
    CHOOSE,
    COLLECT,
    COMMIT,
    COMPLETES,
    DRAWN,
    LAID,
    SINGLES,
    ScoreTable,
)

from . import trace


def _counts(st: ScoreTable, seat: int) -> list[int]:
    counts = [0] * NUM_VALUES
    for card in st.zones[SINGLES[seat]]:
        counts[VALUE[card]] += 1
    return counts


def _sets(st: ScoreTable, seat: int) -> list[int]:
    return [v for v, n in enumerate(_counts(st, seat)) if n >= COPIES]


def _hand_score(st: ScoreTable, seat: int) -> int:
    return sum(HAS_VALUE[c][v] for v in _sets(st, seat) for c in st.zones[COMPLETES[seat]])


def _five_point_complete(st: ScoreTable, seat: int) -> int:
    sets = set(_sets(st, seat))
    for c in st.zones[COMPLETES[seat]]:
        if all(v in sets for v in COMPLETE_VALUES[c]):
            return c
    return -1


def _matching(st: ScoreTable, seat: int) -> list[int]:
    held = {VALUE[c] for c in st.zones[SINGLES[seat]]}
    return [v for v in COMPLETE_VALUES[st.zones[LAID][-1]] if v in held]


def _legal(st: ScoreTable, seat: int) -> list[int]:
    """The legal ids as the rules text reads (docs/rules/score.md), sorted."""
    if st.phase == COMMIT:
        if st.busted[seat] or st.pending[seat] != NO_COMMIT:
            return []
        plays = [PLAY + v for v in _matching(st, seat)]
        if plays and not st.options.voluntary_complete_discard:
            return plays
        return sorted(plays + [DISCARD + c for c in st.zones[COMPLETES[seat]]])
    if st.phase == CALL_PHASE and seat == st.lead:
        ids = [CALL] if _hand_score(st, seat) > 0 else []
        ids.append(LEAD)
        if st.options.five_point_optional and _five_point_complete(st, seat) >= 0:
            ids.append(DECLARE_FIVE)
        return ids
    if st.phase == CHOOSE and seat == st.lead:
        return sorted(LAY + c for c in st.zones[DRAWN[seat]])
    if st.phase == COLLECT and seat == st.passer:
        return sorted({PASS + VALUE[c] for c in st.zones[SINGLES[seat]]})
    return []


def _check(st: ScoreTable) -> None:
    for seat in range(3):
        assert rules.set_values(st, seat) == _sets(st, seat)
        assert rules.hand_score(st, seat) == _hand_score(st, seat)
        hand = st.zones[SINGLES[seat]]
        want = _five_point_complete(st, seat) if len(hand) >= 3 * COPIES else -1
        assert rules.five_point_complete(st, seat) == want
        word = rules.hand_word(st, seat)
        assert [(word >> (v << 2)) & 15 for v in range(NUM_VALUES)] == _counts(st, seat)
        assert rules.legal_action_ids(st, seat) == _legal(st, seat)
        if st.zones[LAID]:
            assert rules.matching_values(st, seat) == _matching(st, seat)
            assert rules.matches_laid(st, seat) == bool(_matching(st, seat))
            wants_bust = not _matching(st, seat) and not st.zones[COMPLETES[seat]]
            assert rules.must_bust(st, seat) == wants_bust


def test_a_complete_s_words_name_its_three_values() -> None:
    for c in range(NUM_COMPLETES):
        values = COMPLETE_VALUES[c]
        assert rules.complete_bits(c) == sum(1 << v for v in values)
        assert rules.complete_sets(c) == sum(COPIES << (v << 2) for v in values)


def test_each_whole_deck_in_canonical_order_is_its_ids_in_order() -> None:
    """What ``gather`` relies on to skip the sort ``State.shuffle_zone`` does."""
    state = new_state("score", 3, 1)
    assert isinstance(state, ScoreTable)
    completes = [c for c in range(NUM_CARDS) if c < NUM_COMPLETES]
    singles = [c for c in range(NUM_CARDS) if c >= NUM_COMPLETES]
    assert state.sorted_cards(reversed(completes)) == list(rules.CANONICAL_PILE) == completes
    assert state.sorted_cards(reversed(singles)) == list(rules.CANONICAL_SINGLES) == singles


def test_the_word_arithmetic_agrees_at_every_position_and_sample() -> None:
    checked = 0
    for name, variant, seed in trace.cases()[::5]:
        state = trace.start(name, variant, seed)
        assert isinstance(state, ScoreTable)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal() and steps < 150:
            _check(state)
            if steps % 10 == 0:
                seat = state.to_act()[0]
                sample = state.determinize(seat, rng)
                assert isinstance(sample, ScoreTable)
                _check(sample)
            movers = state.to_act()
            seat = movers[rng.below(len(movers))]
            state.apply_unchecked(seat, trace.choose(state, seat, rng))
            steps += 1
            checked += 1
    assert checked > 1000
