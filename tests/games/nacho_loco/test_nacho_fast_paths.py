"""The internal shortcuts of Nacho Loco's hot path give what the plain formulas give.

Each of these replaced a general formula on the playout and search path (docs/performance.md,
"Nacho Loco, fifth sitting"); the state they produce is public (the fit table behind every legal
placement and its effects, NL-R3-NL-R7, NL-R10-NL-R12; the draw-turn facts ``lacks``, NL-R15 and
NL-R16; the new round's shuffle), so each is checked against the formula it replaced:

* the fit table's build from precomputed rotations, against the first version (rotated tuples,
  ``zip``, per-edge matching), for every key of both decks under both placement rules;
* the packed effects a :class:`Spot` keeps per (type, rotation), against the fits' matched
  segments and actions;
* ``facts.gained`` and ``facts.widen``, against ``handfacts.gain`` and ``handfacts.widen`` on
  random facts, including hand-written ones that list a type twice or out of order;
* ``rules.shuffle_deck``, against ``State.shuffle_zone`` at the deal and in later rounds.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import Rng, handfacts, new_state
from cardtable.games.nacho_loco import facts, rules
from cardtable.games.nacho_loco.cards import ACTIONS, CLOSER, D3, GO, SKIP, X, matches, rotate
from cardtable.games.nacho_loco.config import Config, spot
from cardtable.games.nacho_loco.state import NachoState
from cardtable.games.nacho_loco.table import DRAW
from cardtable.games.nacho_loco.tables import FitTable, face_key

Fit = tuple[int, int, int, tuple[int, ...]]


def _reference_fits(types: list[tuple[int, int, int]], all_edges: bool, key: int) -> list[Fit]:
    """The fit table's first version, kept here as the specification (NL-R3-NL-R5, NL-R7)."""
    faces = ((key & 15) - 1, ((key >> 4) & 15) - 1, ((key >> 8) & 15) - 1)
    out: list[Fit] = []
    for t, segs in enumerate(types):
        if segs[0] == CLOSER:
            if sum(1 for f in faces if f == X) >= 2:
                out.append((t, 0, 0, ()))
            continue
        shown_before: list[tuple[int, int, int]] = []
        for k in range(3):
            shown = rotate(segs, k)
            if shown in shown_before:
                continue
            shown_before.append(shown)
            touching = matched = 0
            acts: list[int] = []
            fails = False
            for mine, theirs in zip(shown, faces, strict=True):
                if theirs < 0:
                    continue
                touching += 1
                if matches(mine, theirs):
                    matched += 1
                    if mine in ACTIONS:
                        acts.append(mine)
                elif all_edges:
                    fails = True
                    break
            if not fails and touching and matched:
                out.append((t, k, matched, tuple(acts)))
    return out


def _all_keys(types: list[tuple[int, int, int]]) -> list[int]:
    segments = sorted({s for t in types for s in t})
    values = [-1, *segments]
    return [face_key(a, b, c) for a in values for b in values for c in values]


@pytest.mark.parametrize("deck", ["cardtable-4", "cardtable-6"])
@pytest.mark.parametrize("all_edges", [True, False])
def test_the_fit_table_gives_the_first_versions_fits_for_every_key(
    deck: str, all_edges: bool
) -> None:
    cfg = Config(deck, "hexagon:2", all_edges)
    table = FitTable(cfg.types, all_edges)
    keys = _all_keys(cfg.types)
    assert len(keys) > 900
    for key in keys:
        assert list(table.fits(key)) == _reference_fits(cfg.types, all_edges, key), key


@pytest.mark.parametrize("deck", ["cardtable-4", "cardtable-6"])
def test_a_spot_keeps_each_fits_effects_and_ids(deck: str) -> None:
    """NL-R10-NL-R12: the packed effects say what the fit's matched segments and actions say."""
    cfg = Config(deck, "hexagon:2", True)
    stride = 3 * cfg.cells
    for key in _all_keys(cfg.types):
        found = spot(cfg, key)
        assert found is spot(cfg, key) and found.key == key
        fits = cfg.fits.fits(key)
        expected = [-1] * (3 * len(cfg.types))
        for t, rot, matched, acts in fits:
            packed = found.effects[3 * t + rot]
            assert packed & 3 == matched
            assert (packed >> 2) & 1 == (GO in acts)
            assert (packed >> 3) & 3 == acts.count(SKIP)
            assert (packed >> 5) & 3 == acts.count(D3)
            expected[3 * t + rot] = packed
        assert list(found.effects) == expected
        assert found.mask == sum({1 << fit[0] for fit in fits})
        assert found.live == cfg.fits.live(key)
        for t in range(len(cfg.types)):
            assert found.offsets[t] == tuple(t * stride + f[1] for f in fits if f[0] == t)


#: A few types of the default deck, some rare (the Closer, 1 card), some common.
TYPES = 8


# Facts as the rules write them (types increasing) and as a hand-written position may list them
# (out of order, a type twice).
fact_types = st.one_of(
    st.lists(st.integers(0, TYPES - 1), min_size=1, max_size=5, unique=True).map(sorted),
    st.lists(st.integers(0, TYPES - 1), min_size=1, max_size=5),
)
facts_strategy = st.lists(
    st.tuples(st.integers(0, 2), st.integers(0, 12), fact_types).map(lambda t: [t[0], t[1], *t[2]]),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(lacks=facts_strategy, seat=st.integers(0, 2))
def test_gained_keeps_the_facts_handfacts_gain_keeps(lacks: list[list[int]], seat: int) -> None:
    """NL-R16: a card gained face down raises the seat's bounds and drops a fact that can no
    longer fail, exactly as the shared ``handfacts.gain`` with the deck's totals."""
    state = new_state("nacho-loco", 3, 0)
    assert isinstance(state, NachoState)
    counts = state.cfg.type_counts
    expected = handfacts.gain(copy.deepcopy(lacks), seat, [], counts)
    state.lacks = copy.deepcopy(lacks)
    facts.gained(state, seat)
    assert state.lacks == expected


@settings(max_examples=300, deadline=None)
@given(
    lacks=facts_strategy,
    seat=st.integers(0, 2),
    kinds=st.lists(st.integers(0, TYPES - 1), min_size=1, max_size=5, unique=True).map(sorted),
)
def test_widen_lists_what_handfacts_widen_lists(
    lacks: list[list[int]], seat: int, kinds: list[int]
) -> None:
    """NL-R16: a new fact's types are added to every earlier fact of the seat, sorted, as
    ``handfacts.widen`` does (the rules pass the fitting types in increasing order)."""
    expected = copy.deepcopy(lacks)
    handfacts.widen(expected, seat, kinds)
    got = copy.deepcopy(lacks)
    facts.widen(got, seat, kinds)
    assert got == expected


def _gathered(state: NachoState) -> NachoState:
    """A copy with every card in the draw pile, as ``new_round`` gathers them."""
    copied = state.clone()
    assert isinstance(copied, NachoState)
    pile = copied.zones[DRAW]
    for zone in range(1, len(copied.zones)):
        pile.extend(copied.zones[zone])
        copied.zones[zone].clear()
    return copied


@pytest.mark.parametrize("seed", range(6))
def test_shuffle_deck_is_shuffle_zone_of_the_whole_deck(seed: int) -> None:
    """The new round's shuffle: the same order, marks and generator state as the core's
    ``shuffle_zone`` (canonical order first once play has begun), in the deal (no history, as
    in a determinized world too) and after some play."""
    state = new_state("nacho-loco", 2 + seed % 5, seed)
    assert isinstance(state, NachoState)
    rng = Rng(seed)
    for _ in range(3 * seed):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        ids = state.legal_action_ids(seat)
        state.apply_unchecked(seat, ids[rng.below(len(ids))])
    for history in (True, False):
        base = _gathered(state)
        if not history:
            base.history = []
        base.rng = Rng(seed + 99)
        fast, core = base.clone(), base.clone()
        assert isinstance(fast, NachoState)
        rules.shuffle_deck(fast)
        core.shuffle_zone(DRAW)
        assert fast.zones == core.zones
        assert fast.seen == core.seen
        assert fast.rng.state == core.rng.state
