"""Twin worlds: two states one seat cannot tell apart must keep looking alike to it.

A twin swaps two cards the seat has not seen between hidden places (each place keeps its own
knowledge marks and tags, as determinisation does), or refiles every unordered zone (a hand's
filing order is nobody's information). Both worlds are then played forward with the same
actions while both accept them, and the seat's whole view must stay identical: its observation
with history (texts and data) and log, its timeline with each move's data, and, when it is to
act, its legal actions with their texts and descriptions, its choice notes and the refusal texts
of the actions it may not take.

The comparison of a pair ends, without a failure, when the seat may legitimately tell the worlds
apart: a swapped card has reached a public zone or one of the seat's own zones (the seat sees
it; tracked here independently of the engine's marks), or a difference the rules make public
(``RULE_REVEALS`` below, each with its ruling id).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cardtable.core import Rng, State

#: Differences the rules make public, per game: (ruling, predicate on a log line that exists in
#: one world's view and not the other's). Everything else is a leak.
RULE_REVEALS: dict[str, list[tuple[str, Callable[[str], bool]]]] = {
    "score": [
        # A scored round shows every hand's Completes and sets (docs/rules/score.md, "What each
        # seat sees"; scoring SC-R10, five-point hands SC-R11).
        ("SC-R10", lambda line: " shows " in line),
        ("SC-R11", lambda line: "five-point" in line.lower()),
        # A seat that can neither match nor discard busts in public (SC-R6); one that cannot
        # match discards a Complete face up (SC-R5), which says it holds no matching Single.
        ("SC-R6", lambda line: "bust" in line),
        ("SC-R5", lambda line: "has no matching Single and discards" in line),
    ],
    "nacho-loco": [
        # A drawn card that fits may be placed or kept, and keeping it is not a no-play turn,
        # while a card that does not fit makes one (NL-R15, NL-R17): the table learns which.
        ("NL-R15", lambda line: "draws a card that fits" in line or "draws and cannot" in line),
    ],
}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` is told now."""
    out: dict[str, Any] = {"obs": state.observation(seat)}
    out["timeline"] = [
        (actor, text, None if data is None else data.to_json())
        for actor, text, data in state.timeline_entries(seat)
    ]
    if seat is not None and seat in state.to_act():
        legal = set(state.legal_action_ids(seat))
        space = state.actions
        out["legal"] = [
            (space.action(a).text, state.describe_action(seat, a)) for a in sorted(legal)
        ]
        out["notes"] = state.choice_notes(seat)
        sample = range(0, space.size, max(1, space.size // 40))  # the same ids in both worlds
        out["refusals"] = [state.explain_illegal(seat, a) for a in sample if a not in legal]
    return out


def swap_twin(state: State, seat: int, rng: Rng) -> tuple[State, tuple[int, int]] | None:
    """A twin with two unseen cards of different names and the same back swapped, or None."""
    layout, cards = state.spec.layout, state.spec.cards
    slots = [
        (zi, i)
        for zi, zone in enumerate(state.zones)
        if not layout.public[zi]
        for i, card in enumerate(zone)
        if not state.visible(seat, zi, card)
    ]
    for _ in range(20):
        if len(slots) < 2:
            return None
        (za, ia), (zb, ib) = slots[rng.below(len(slots))], slots[rng.below(len(slots))]
        a, b = state.zones[za][ia], state.zones[zb][ib]
        if cards.names[a] == cards.names[b] or cards.backs[a] != cards.backs[b]:
            continue
        twin = state.clone()
        twin.zones[za][ia], twin.zones[zb][ib] = b, a
        twin.seen[a], twin.seen[b] = state.seen[b], state.seen[a]
        twin.tags[a], twin.tags[b] = state.tags[b], state.tags[a]
        if all(twin.legal_action_ids(m) for m in twin.to_act()):
            return twin, (a, b)
    return None


def reorder_twin(state: State, rng: Rng) -> State:
    """A twin with every unordered zone's cards filed in another order."""
    twin = state.clone()
    for zi, unordered in enumerate(twin.spec.layout.unordered):
        if unordered:
            rng.shuffle(twin.zones[zi])
    return twin


def seen_by(state: State, seat: int, cards: tuple[int, ...]) -> bool:
    """Is one of ``cards`` in a public zone or in a zone of ``seat``'s own (plain sight)?"""
    layout = state.spec.layout
    for zi, zone in enumerate(state.zones):
        plain = layout.public[zi] or layout.specs[zi].owner == seat
        if plain and any(c in zone for c in cards):
            return True
    return False


def rule_reveal(game: str, first: dict[str, Any], second: dict[str, Any]) -> str | None:
    """The ruling that makes the difference between two views public, or None."""
    mine, theirs = Counter(first["obs"]["log"]), Counter(second["obs"]["log"])
    new = list((mine - theirs) + (theirs - mine))
    for ruling, allowed in RULE_REVEALS.get(game, []):
        if new and any(allowed(line) for line in new):
            return ruling
    return None


def compare(
    first: State, second: State, seat: int, swapped: tuple[int, ...], rng: Rng, steps: int
) -> str:
    """Play both worlds on with the same actions; raise on a leak. Says how the pair ended."""
    for step in range(steps):
        if seen_by(first, seat, swapped) or seen_by(second, seat, swapped):
            return "seen"
        one, two = view(first, seat), view(second, seat)
        if one != two:
            ruling = rule_reveal(first.GAME, one, two)
            if ruling is None:
                raise AssertionError(
                    f"{first.GAME}: seat {seat} tells twin worlds apart after {step} steps: "
                    f"{_first_difference(one, two)}"
                )
            return ruling
        if first.is_terminal():
            return "end"
        waiting = list(first.to_act())
        mover = waiting[rng.below(len(waiting))]
        ids = first.legal_action_ids(mover)
        action = ids[rng.below(len(ids))]
        if mover not in second.to_act() or action not in second.legal_action_ids(mover):
            return "refused"
        first.apply_unchecked(mover, action)
        second.apply_unchecked(mover, action)
    return "steps"


def _first_difference(one: Any, two: Any, path: str = "") -> str:
    if isinstance(one, dict) and isinstance(two, dict):
        for key in sorted(set(one) | set(two), key=str):
            if one.get(key) != two.get(key):
                return _first_difference(one.get(key), two.get(key), f"{path}.{key}")
    if isinstance(one, list) and isinstance(two, list):
        for i, (a, b) in enumerate(zip(one, two, strict=False)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
        if len(one) != len(two):
            return f"{path}: lengths {len(one)} != {len(two)}"
    return f"{path}: {str(one)[:300]} != {str(two)[:300]}"


def play_twins(
    state: State, rng: Rng, *, every: int = 40, window: int = 20, max_steps: int = 240
) -> dict[str, int]:
    """Along one random game, twins for each seat every ``every`` steps. Returns the endings."""
    endings: dict[str, int] = {}
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if steps % every == 0:
            for seat in range(state.num_players):
                made = swap_twin(state, seat, rng)
                if made is not None:
                    how = compare(state.clone(), made[0], seat, made[1], rng.fork(), window)
                    endings[how] = endings.get(how, 0) + 1
                how = compare(state.clone(), reorder_twin(state, rng), seat, (), rng.fork(), window)
                endings["order " + how] = endings.get("order " + how, 0) + 1
        waiting = list(state.to_act())
        mover = waiting[rng.below(len(waiting))]
        ids = state.legal_action_ids(mover)
        state.apply_unchecked(mover, ids[rng.below(len(ids))])
        steps += 1
    return endings
