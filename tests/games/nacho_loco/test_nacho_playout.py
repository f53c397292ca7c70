"""Nacho Loco's heavy-playout policy (``NachoState.rollout_action_id``, :mod:`.playout`).

A search on ``ismcts:rollout=heavy`` plays its rollouts with it: a weighted random choice among
the legal ids, weights from the frontier's placement effects (matched segments, matched actions,
the Closer), no observation built. These tests hold it to legal ids and to the bias it claims:
a uniform choice fails the bias tests.
"""

from __future__ import annotations

from cardtable.core import Rng, State, new_state
from cardtable.games.nacho_loco import playout
from cardtable.games.nacho_loco.notation import KEEP, TARGET
from cardtable.games.nacho_loco.state import NachoState


def _positions(seeds: range, every: int = 1) -> list[NachoState]:
    """States along random 2-seat games (every ``every``-th decision, terminal ones too)."""
    found: list[NachoState] = []
    for seed in seeds:
        state = new_state("nacho-loco", 2, seed)
        assert isinstance(state, NachoState)
        rng = Rng(seed)
        k = 0
        while not state.is_terminal():
            if k % every == 0:
                found.append(state.clone())
            k += 1
            seat = state.to_act()[0]
            ids = state.legal_action_ids(seat)
            state.apply_unchecked(seat, ids[rng.below(len(ids))])
        found.append(state.clone())
    return found


def test_the_policy_returns_only_legal_ids_and_minus_one_when_there_are_none() -> None:
    rng = Rng(5)
    checked = 0
    for state in _positions(range(4)):
        for seat in range(state.num_players):
            ids = state.legal_action_ids(seat)
            for _ in range(6):
                got = state.rollout_action_id(seat, rng)
                if ids:
                    assert got in ids
                    checked += 1
                else:
                    assert got == -1  # not this seat's turn, or the game is over
    assert checked > 500


def _weights(state: NachoState, ids: list[int]) -> list[int]:
    return [playout.action_weight(state, a) for a in ids]


def test_placements_weigh_by_matched_segments_and_the_policy_draws_by_the_weights() -> None:
    """Aggregated over positions whose actions weigh differently: the share of draws that land
    on a heaviest action is what the weights say, well above a uniform choice's share."""
    rng = Rng(11)
    draws = 300
    heavy_hits = 0
    expected = 0.0
    uniform = 0.0
    positions = 0
    for state in _positions(range(6), every=3):
        if state.is_terminal() or state.phase == "target":
            continue
        seat = state.active
        ids = state.legal_action_ids(seat)
        weights = _weights(state, ids)
        if len(ids) < 2 or max(weights) == min(weights):
            continue
        top = max(weights)
        heaviest = {a for a, w in zip(ids, weights, strict=True) if w == top}
        expected += draws * sum(w for w in weights if w == top) / sum(weights)
        uniform += draws * len(heaviest) / len(ids)
        heavy_hits += sum(state.rollout_action_id(seat, rng) in heaviest for _ in range(draws))
        positions += 1
    assert positions >= 20
    assert abs(heavy_hits - expected) < 0.03 * expected  # draws follow the weights
    assert heavy_hits > 1.3 * uniform  # and that is far from uniform


def test_a_placement_matching_more_segments_weighs_more_and_keeping_weighs_least() -> None:
    seen_matches: set[int] = set()
    keeps = 0
    for state in _positions(range(6)):
        if state.is_terminal():
            continue
        ids = state.legal_action_ids(state.active)
        for a in ids:
            w = playout.action_weight(state, a)
            if a >= state.cfg.place_base:
                rest = a - state.cfg.place_base
                rot, rest = rest % 3, rest // 3
                card_type, cell = rest // state.cfg.cells, rest % state.cfg.cells
                eff = state.frontier[cell].effects[3 * card_type + rot]
                matched = eff & 3
                assert w > playout.PASS_WEIGHT  # any placement outweighs keeping or ending
                if card_type == state.cfg.closer_type:  # matches nothing (NL-R5)
                    assert w == playout.CLOSER_FACTOR * playout.MATCH_WEIGHT[0]
                    continue
                seen_matches.add(matched)
                assert w >= playout.MATCH_WEIGHT[matched]
                if eff >> 2 == 0:  # no matched action segment
                    assert w == playout.MATCH_WEIGHT[matched]
            elif a == KEEP:
                keeps += 1
                assert w == playout.PASS_WEIGHT
    assert len(seen_matches) >= 2  # the weights were compared across match counts
    assert keeps > 0
    assert list(playout.MATCH_WEIGHT) == sorted(set(playout.MATCH_WEIGHT))  # more weighs more


def test_opponent_draws_3_goes_to_the_opponent_with_the_fewest_cards() -> None:
    state = new_state("nacho-loco", 3, 1)
    assert isinstance(state, NachoState)
    state.phase = "target"
    state.active = 0
    state.d3_left = 1
    hand1, hand2 = state.zones[5], state.zones[6]
    hand2.append(hand1.pop())  # seat 1 now holds fewer cards than seat 2
    rng = Rng(3)
    assert {state.rollout_action_id(0, rng) for _ in range(20)} == {TARGET + 1}


def test_the_default_hook_is_a_uniform_legal_choice() -> None:
    state: State = new_state("magic-show", 2, 4)
    seat = state.to_act()[0]
    ids = state.legal_action_ids(seat)
    assert len(ids) > 1
    rng = Rng(9)
    counts = dict.fromkeys(ids, 0)
    for _ in range(200 * len(ids)):
        counts[state.rollout_action_id(seat, rng)] += 1
    assert min(counts.values()) > 120  # every legal id, about equally often
