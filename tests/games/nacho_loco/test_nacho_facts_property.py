"""The draw-turn facts (``lacks``, NL-R16) stay true in every real game: random play at 2 to 6
seats under every option that changes how cards reach or leave a hand (closing gifts, match
draws, Go Again, drawn cards that must be played, reshuffles, new rounds).

A fact the real hand breaks would make every position of that game unloadable and would steer
every determinisation away from the truth. The first version broke it when a draw turn made
everyone have drawn: the Playfield closed inside the draw and its closing gift reached the drawer
before the fact was written down (2 seats, seed 12, 99 actions)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.core import load_state, new_state
from cardtable.games.nacho_loco.state import NachoState

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "placement_rule": st.sampled_from(["all_edges", "any_edge"]),
        "go_again_mode": st.sampled_from(["optional_card", "extra_turn"]),
        "must_play_drawn": st.booleans(),
        "match_draws_on_going_out": st.booleans(),
        "closing_gift_on_going_out": st.booleans(),
        "deck": st.sampled_from(["cardtable-4", "cardtable-6"]),
    },
)


def play_checking_facts(players: int, seed: int, options: dict[str, object]) -> int:
    """Random play to the end (or 2000 actions); after every action the hands keep to the
    facts, and the position still loads. Returns how many facts were written."""
    state = new_state("nacho-loco", players, seed, options)
    assert isinstance(state, NachoState)
    chooser = random.Random(seed)
    written = 0
    for step in range(2000):
        if state.is_terminal():
            break
        seat = state.to_act()[0]
        action = chooser.choice(state.legal_action_ids(seat))
        before = len(state.lacks)
        state.apply_unchecked(seat, action)
        written += len(state.lacks) > before
        assert state.agrees_with_public_facts(), (step, state.actions.action(action).text)
        if step % 50 == 0:
            load_state(json.loads(json.dumps(state.to_json())))
    return written


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    options=OPTIONS,
)
def test_the_real_hands_keep_to_the_draw_facts(
    players: int, seed: int, options: dict[str, object]
) -> None:
    play_checking_facts(players, seed, options)


def test_a_close_made_by_a_draw_turn_gives_its_gift_after_the_fact() -> None:
    """The path the first version missed: everyone has drawn, the drawer gets a closing gift."""
    assert play_checking_facts(2, 12, {}) > 0
