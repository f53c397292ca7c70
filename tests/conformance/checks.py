"""Generic checks that every registered game must pass (the conformance suite's library).

Like Gymnasium's ``check_env`` and OpenSpiel's ``games_sim_test``: written once against the
protocol, run for every game and player count. Each ``check_*`` raises AssertionError with a
message naming the game, seat and step.
"""

from __future__ import annotations

import json
from typing import Any

from cardtable.core import (
    NO_COMMIT,
    ActionData,
    GameRecord,
    IllegalAction,
    Rng,
    State,
    load_state,
    new_state,
)


def card_ids_in_zones(state: State) -> list[int]:
    return sorted(c for zone in state.zones for c in zone)


def check_conservation(state: State) -> None:
    """Every card is in exactly one zone, none lost, none invented."""
    ids = card_ids_in_zones(state)
    assert ids == list(range(len(state.spec.cards))), (
        f"{state.GAME}: cards not conserved ({len(ids)} in zones of {len(state.spec.cards)})"
    )


def check_turn(state: State) -> None:
    """Until the end some seat must act and every seat that must act has a legal action."""
    waiting = list(state.to_act())
    if state.is_terminal():
        assert waiting == [], f"{state.GAME}: terminal state still waits for {waiting}"
        for seat in range(state.num_players):
            assert state.legal_action_ids(seat) == []
        return
    assert waiting, f"{state.GAME}: nobody to act in a live state"
    for seat in range(state.num_players):
        ids = state.legal_action_ids(seat)
        if seat in waiting:
            assert ids, f"{state.GAME}: seat {seat} must act but has no legal action"
            assert ids == sorted(set(ids)), f"{state.GAME}: legal ids not sorted/unique: {ids}"
            assert ids[0] >= 0 and ids[-1] < state.actions.size
        else:
            assert ids == [], f"{state.GAME}: seat {seat} is not to act but has actions {ids}"


def check_action_texts(state: State) -> None:
    """Every legal action's text parses back to the same id."""
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            assert state.actions.parse(action.text).id == action.id, action
            assert state.actions.parse(action.text.upper()).id == action.id, action


def check_action_data(state: State) -> None:
    """Every legal action round-trips id -> data -> id, and data -> JSON text -> data."""
    space = state.actions
    assert space.structured, f"{state.GAME}: its actions have no structured form"
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            data = action.data
            assert data == state.action_data(action.id), action
            assert space.from_data(data).id == action.id, (action, data)
            assert state.to_action(data) == action, (action, data)
            plain = data.to_json()
            assert data.kind and next(iter(plain)) == "kind", (action, plain)
            assert all(type(v) in (int, str) for v in plain.values()), (action, plain)
            again = json.loads(json.dumps(plain))
            assert ActionData.from_json(again) == data, (action, again)
            assert space.from_data(again).id == action.id, (action, again)


def check_round_trips(state: State) -> None:
    """clone, to_json/from_json (through real JSON text) reproduce the state exactly."""
    data = state.to_json()
    text = json.dumps(data)
    again = load_state(json.loads(text))
    assert again.to_json() == data, f"{state.GAME}: JSON round trip changed the state"
    clone = state.clone()
    assert clone.to_json() == data, f"{state.GAME}: clone differs"
    assert again.to_act() == state.to_act() or list(again.to_act()) == list(state.to_act())
    for seat in again.to_act():
        assert again.legal_action_ids(seat) == state.legal_action_ids(seat)


def check_clone_independent(state: State, rng: Rng) -> None:
    """Playing on a clone leaves the original untouched."""
    if state.is_terminal():
        return
    before = state.to_json()
    clone = state.clone()
    seat = clone.to_act()[0]
    ids = clone.legal_action_ids(seat)
    clone.apply_unchecked(seat, ids[rng.below(len(ids))])
    assert state.to_json() == before, f"{state.GAME}: applying to a clone changed the original"


def check_rejects_illegal(state: State, rng: Rng) -> None:
    """Illegal ids, wrong seats, and junk are rejected with a reason; the state is unchanged."""
    before = state.to_json()
    size = state.actions.size
    for seat in range(state.num_players):
        legal = set(state.legal_action_ids(seat))
        illegal = [a for a in range(size) if a not in legal]
        for aid in [illegal[rng.below(len(illegal))] for _ in range(3)] if illegal else []:
            try:
                state.apply(seat, aid)
            except IllegalAction as exc:
                assert str(exc), "IllegalAction without a reason"
            else:
                raise AssertionError(f"{state.GAME}: illegal action {aid} accepted for {seat}")
            assert state.to_json() == before, f"{state.GAME}: a rejected action changed the state"
    for junk in (-1, size, "no such action", 1.5, None, True):
        try:
            state.apply(0, junk)  # type: ignore[arg-type]
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{state.GAME}: junk action {junk!r} accepted")
    assert state.to_json() == before


def observation_core(obs: dict[str, Any]) -> dict[str, Any]:
    """An observation without history and log (which determinisation drops)."""
    return {k: v for k, v in obs.items() if k not in ("history", "history_data", "log")}


def check_observations(state: State, known: list[set[int]]) -> None:
    """No seat's observation names a card it has not legitimately seen (card identity).

    ``known[seat]`` is maintained by the caller independently of the engine's visibility
    bookkeeping: every card that has been in a public zone or in the seat's own hand so far. A card
    shown to the seat must be in that set and must be the card really lying in that place.
    """
    names = state.spec.cards.names
    for seat in [*range(state.num_players), None]:
        obs = state.observation(seat)
        json.dumps(obs)
        for zi, cards in enumerate(state.zones):
            shown = obs["zones"][state.spec.layout.specs[zi].name]
            assert len(shown) == len(cards)
            if state.spec.layout.unordered[zi]:
                check_canonical_zone(state, seat, zi, shown, known)
                continue
            for card, name in zip(cards, shown, strict=True):
                if name is None:
                    continue
                assert name == names[card], f"{state.GAME}: observation shows the wrong card"
                if state.spec.layout.public[zi]:
                    continue
                assert seat is not None, f"{state.GAME}: spectator sees a hidden card {name}"
                assert card in known[seat], (
                    f"{state.GAME}: seat {seat} is shown {name} in "
                    f"{state.spec.layout.specs[zi].name} but never saw it"
                )
        for other in range(state.num_players):
            if other != seat and state.pending[other] != NO_COMMIT:
                assert (
                    obs["my_commit"] is None or seat is None or (state.pending[seat] != NO_COMMIT)
                )
        if seat is not None and state.pending[seat] == NO_COMMIT:
            assert obs["my_commit"] is None


def check_canonical_zone(
    state: State, seat: int | None, zi: int, shown: list[str | None], known: list[set[int]]
) -> None:
    """An unordered zone (a hand) is shown as the names the seat may know, sorted by the card
    set's rank, then one ``None`` per other card: its filing order must not show through."""
    named = [name for name in shown if name is not None]
    assert shown == [*named, *([None] * (len(shown) - len(named)))], (
        f"{state.GAME}: unknown cards of an unordered zone are not listed last: {shown}"
    )
    rank = state.spec.cards.rank
    ids = [state.spec.cards.ids_named(name)[0] for name in named]
    assert [rank[c] for c in ids] == sorted(rank[c] for c in ids), (
        f"{state.GAME}: an unordered zone is not shown in canonical order: {shown}"
    )
    owner_bit = state.spec.layout.owner_bit[zi]
    left = [
        state.spec.cards.names[c]
        for c in state.zones[zi]
        if seat is not None and (c in known[seat] or owner_bit >> seat & 1)
    ]
    for name in named:
        assert seat is not None, f"{state.GAME}: spectator sees a hidden card {name}"
        assert name in left, f"{state.GAME}: seat {seat} is shown {name} but never saw it there"
        left.remove(name)


def update_known(state: State, known: list[set[int]]) -> None:
    """Add what each seat can legitimately see now: public zones and its own zones."""
    layout = state.spec.layout
    for zi, cards in enumerate(state.zones):
        spec = layout.specs[zi]
        if layout.public[zi]:
            for seat_known in known:
                seat_known.update(cards)
        elif spec.owner >= 0:
            known[spec.owner].update(cards)
            # A card the rules made a public fact where it lies (a card named in a Portfolio
            # offer, PF-R10) is marked seen by every seat.
            for card in cards:
                if state.seen[card] & layout.all_mask == layout.all_mask:
                    for seat_known in known:
                        seat_known.add(card)


def check_commit_secrecy(state: State) -> None:
    """At a simultaneous decision, no other seat's view may depend on a seat's face-down choice.

    For each waiting seat, apply its first and its last legal choice to two copies; while the
    choice stays pending, every other seat's (and a spectator's) observation must be identical.
    """
    waiting = list(state.to_act())
    if len(waiting) < 2:
        return
    for seat in waiting:
        choices = state.legal_action_ids(seat)
        if len(choices) < 2:
            continue
        first, second = state.clone(), state.clone()
        first.events = second.events = None
        first.apply_unchecked(seat, choices[0])
        second.apply_unchecked(seat, choices[-1])
        assert first.pending[seat] != NO_COMMIT, (
            f"{state.GAME}: a choice at a simultaneous decision resolved before all committed"
        )
        for other in [*range(state.num_players), None]:
            if other == seat:
                continue
            assert first.observation(other) == second.observation(other), (
                f"{state.GAME}: seat {other}'s observation reveals seat {seat}'s face-down choice"
            )


def check_determinize(state: State, rng: Rng) -> None:
    """A determinised state agrees with the observation it came from and is playable."""
    for seat in range(state.num_players):
        det = state.determinize(seat, rng.fork())
        check_conservation(det)
        assert observation_core(det.observation(seat)) == observation_core(
            state.observation(seat)
        ), f"{state.GAME}: determinisation for seat {seat} disagrees with its observation"
        check_turn(det)
        for other in det.to_act():
            assert det.legal_action_ids(other)


def random_step(state: State, rng: Rng) -> None:
    """One random legal action by a random seat among those to act."""
    waiting = list(state.to_act())
    seat = waiting[rng.below(len(waiting))]
    ids = state.legal_action_ids(seat)
    state.apply_unchecked(seat, ids[rng.below(len(ids))])


def play_checked(
    game: str,
    num_players: int,
    seed: int,
    *,
    options: dict[str, object] | None = None,
    deep_every: int = 25,
    max_actions: int = 50_000,
) -> State:
    """A whole random game with cheap checks after every action and deep ones now and then."""
    state = new_state(game, num_players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    known: list[set[int]] = [set() for _ in range(num_players)]
    update_known(state, known)
    steps = 0
    while True:
        check_conservation(state)
        check_turn(state)
        update_known(state, known)
        check_commit_secrecy(state)
        if steps % deep_every == 0 or state.is_terminal():
            check_action_texts(state)
            check_action_data(state)
            check_observations(state, known)
            check_round_trips(state)
            check_clone_independent(state, rng)
            check_rejects_illegal(state, rng)
            if not state.is_terminal():
                check_determinize(state, rng)
        if state.is_terminal():
            break
        assert steps < max_actions, f"{game}: no end after {max_actions} actions (seed {seed})"
        random_step(state, rng)
        steps += 1
    record = GameRecord.of(state, seed)
    replayed = GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.to_json() == state.to_json(), f"{game}: replaying the record differs"
    assert replayed.scores() == state.scores() and replayed.returns() == state.returns()
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9 or sum(returns) == 0.0, returns
    return state
