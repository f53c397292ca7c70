"""Score!'s face-down Singles stay secret after the collection (docs/rules/score.md, SC-R16, SC-R7).

A committed Single is known to its owner and, once collected, to the collector; a third seat
that once passed a card to the player must not learn whether that card was the one played. The
issue's example (3 players, seed 0, actions by ``random.Random(0).choice``, step 167) was such a
commitment; the test walks that game and checks every face-down commitment the same way.
"""

from __future__ import annotations

import random

from cardtable.core import State, new_state
from cardtable.games.score.notation import DISCARD, PLAY
from cardtable.games.score.table import SINGLES

SEATS = 3


def _twins(state: State, player: int) -> list[State]:
    """The commitment finished with each of ``player``'s plays, the others playing alike."""
    plays = [a for a in state.legal_action_ids(player) if PLAY <= a < DISCARD]
    worlds = []
    for choice in plays:
        world = state.clone()
        world.apply(player, choice)
        for other in world.to_act():
            world.apply(other, world.legal_action_ids(other)[0])
        worlds.append(world)
    return worlds


def _knows_a_card_of(state: State, seat: int, holder: int) -> bool:
    return any(state.seen[c] >> seat & 1 for c in state.zones[SINGLES[holder]])


def test_collected_singles_are_not_tracked_by_a_third_seat() -> None:
    state, chooser, knowing = new_state("score", SEATS, 0), random.Random(0), 0
    while not state.is_terminal() and len(state.history) < 400:
        waiting = list(state.to_act())
        if state.phase == "commit" and len(waiting) == SEATS:
            for player in range(SEATS):
                worlds = _twins(state, player)
                collector = state.lead
                for third in range(SEATS):
                    if third in (player, collector) or len(worlds) < 2:
                        continue
                    knowing += _knows_a_card_of(state, third, player)
                    views = [w.observation(third) for w in worlds]
                    for key in ("zones", "public", "to_act", "log"):
                        assert all(v[key] == views[0][key] for v in views), (
                            len(state.history),
                            player,
                            third,
                            key,
                        )
        seat = waiting[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    assert knowing, "no commitment by a seat whose hand a third seat partly knew"
