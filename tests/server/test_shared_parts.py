"""The ninth sitting's cheaper ways of making a broadcast (docs/reliability.md, "Ninth sitting:
CPU per action") give what the plain ways gave.

* ``State.observation`` with ``shared`` (the seat-independent parts made once per broadcast,
  for the first seat) equals the observation made on its own, for every seat and a spectator
  in every order, at every step of random games of every game; the later seats' parts are the
  first seat's very objects.
* ``patch.diff``'s search for where a tail moved on (a loop that stops at the first place
  that fits) makes the operations of main 0c7cbc4's search (count every match, then try each
  in order), kept here as the reference, for any pair of lists (Hypothesis), duplicates and
  1 == True included.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core.registry import new_state
from cardtable.server.patch import Op, diff
from tests.server.games import FIVE_GAMES

GAMES = FIVE_GAMES


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_observations_sharing_the_public_parts_equal_the_plain_ones(
    game: str, players: int
) -> None:
    rng = random.Random(f"{game} observation")
    state = new_state(game, players, rng.getrandbits(32))
    seats: list[int | None] = [*range(players), None]
    shared_zones = 0
    for _ in range(200):
        if state.is_terminal():
            break
        rng.shuffle(seats)
        shared: dict[str, Any] = {}
        first: dict[str, Any] | None = None
        for seat in seats:
            made = state.observation(seat, False, shared)
            assert made == state.observation(seat, False), (game, seat)
            if first is None:
                first = made
                continue
            for key in ("to_act", "scores", "committed", "public"):
                assert made[key] is first[key]
            for name, cards in made["zones"].items():
                if cards is first["zones"][name]:
                    shared_zones += 1
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_action_ids(seat)))
    assert shared_zones or game == "magic-show"  # (its public zones may be few)


def reference_list(old: list[Any], new: list[Any], path: str, ops: list[Op]) -> bool:
    """main 0c7cbc4's ``patch._list``, as plain Python: the behaviour to keep."""
    if new and old:
        start = -1
        for _ in range(old.count(new[0])):
            start = old.index(new[0], start + 1)
            kept = len(old) - start
            if kept <= len(new) and old[start:] == new[:kept]:
                if start + len(new) - kept >= len(new):
                    break
                ops.extend({"op": "remove", "path": f"{path}/0"} for _ in range(start))
                ops.extend({"op": "add", "path": f"{path}/-", "value": v} for v in new[kept:])
                return True
    if len(old) == len(new):
        changed = [
            i
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            if a is not b and (a != b or type(a) is not type(b))
        ]
        if len(changed) < len(new):
            for i in changed:
                ops.extend(diff(old[i], new[i], f"{path}/{i}"))
            return True
    return False


def reference_diff(old: list[Any], new: list[Any]) -> list[Op]:
    if old == new:  # (as diff: 1 == True inside a list)
        return []
    ops: list[Op] = []
    if not reference_list(old, new, "", ops):
        ops.append({"op": "replace", "path": "", "value": new})
    return ops


ENTRY = st.sampled_from([0, 1, 2, True, "a", "b", None]) | st.dictionaries(
    st.sampled_from(["s", "t"]), st.integers(0, 2), max_size=2
)


@settings(max_examples=400, deadline=None)
@given(st.lists(ENTRY, max_size=8), st.lists(ENTRY, max_size=8), st.integers(0, 8))
def test_a_moved_tail_is_found_as_main_found_it(old: list[Any], new: list[Any], shift: int) -> None:
    assert diff(old, new) == reference_diff(old, new)
    moved = old[shift:] + new  # a tail that moved on, with whatever duplicates the draw has
    assert diff(old, moved) == reference_diff(old, moved)
