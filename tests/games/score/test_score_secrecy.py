"""Score!'s face-down Singles stay secret after the collection (docs/rules/score.md, SC-R16, SC-R7).

A committed Single is known to its owner and, once collected, to the collector; a third seat
that once passed that very card must not learn whether it was the one played.
"""

from __future__ import annotations

import random

from cardtable.core import State, new_state


def _issue_example() -> State:
    """3 players, seed 0, actions by ``random.Random(0).choice``: after 166 steps seat 1 is to
    commit a Single against the laid Partial-Blue-Square while seat 2 knows one of its Partials."""
    state, chooser = new_state("score", 3, 0), random.Random(0)
    for _ in range(166):
        seat = state.to_act()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def test_a_collected_single_is_not_tracked_by_a_third_seat() -> None:
    base = _issue_example()
    assert 1 in base.to_act() and base.pending[1] == -1
    texts = [a.text for a in base.legal_actions(1)]
    assert "play Blue" in texts and "play Partial" in texts
    worlds = []
    for text in ("play Blue", "play Partial"):
        world = base.clone()
        world.apply(1, text)
        world.apply(2, "play Blue")  # the same next action in both worlds
        worlds.append(world)
    blue, partial = worlds
    assert blue.phase == partial.phase == "collect"
    for key in ("zones", "public", "to_act", "log"):
        assert blue.observation(2)[key] == partial.observation(2)[key], key
    # The collector sees what it collected, and the seat that played it still knows it.
    assert blue.observation(0)["zones"] != partial.observation(0)["zones"]
