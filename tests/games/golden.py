"""What the games' golden traces share (``tests/games/*/trace.py``): the fingerprint of a
position and one recorded step. Each game's trace keeps its own chooser, cases and runs; the
digests recorded in each ``data/trace.txt`` depend on these two functions byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardtable.core import Rng, State


def fingerprint(state: State, *, pending: bool = True) -> str:
    """Everything a rewrite must keep, by card id: zones, marks, tags, (with ``pending``) the
    commitments or face-down plays, fields, the RNG word, who acts and every seat's legal ids in
    order, the values and the public facts."""
    fields = tuple(repr(getattr(state, name)) for name in state.SCALARS)
    parts: list[object] = [state.zones, state.seen, state.tags]
    if pending:
        parts.append(state.pending)
    parts += [
        fields,
        state.rng.state,
        list(state.to_act()),
        [state.legal_action_ids(seat) for seat in range(state.num_players)],
        state.is_terminal(),
        state.agrees_with_public_facts(),
    ]
    if state.is_terminal():
        parts.append(state.returns())
    else:
        parts.append([repr(v) for v in state.evaluate()])
        parts.append([repr(v) for v in state.search_value()])
    return repr(parts)


def step(
    state: State,
    rng: Rng,
    digest: Any,
    words: bool,
    choose: Callable[[State, int, Rng], int],
    fingerprint: Callable[[State], str],
) -> None:
    """One move by a seat drawn from those to act, chosen by ``choose``, and what it changed
    added to ``digest`` (with ``words``, also the choice notes and the action's description)."""
    movers = state.to_act()
    seat = movers[rng.below(len(movers))]
    action = choose(state, seat, rng)
    if words:
        digest.update(repr(state.choice_notes(seat)).encode())
        digest.update(state.describe_action(seat, action).encode())
    logged = len(state.events) if state.events is not None else 0
    state.apply_unchecked(seat, action)
    digest.update(f"{seat}:{action};".encode())
    if state.events is not None:
        digest.update(repr(state.events[logged:]).encode())
    digest.update(fingerprint(state).encode())


def recorded(data: Path) -> dict[tuple[int, str, int], str]:
    """The recorded ``players variant seed digest`` lines of a trace's data file."""
    out = {}
    for line in data.read_text().splitlines():
        if line and not line.startswith("#"):
            players, variant, seed, digest = line.split()
            out[int(players), variant, int(seed)] = digest
    return out
