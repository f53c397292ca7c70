"""Determinisations must agree with the public history, not only with the present view.

A determinisation of a seat's view re-deals the cards the seat has not seen. It is a possible
world only if the game, played from a start holding those cards, could have produced everything
the seat was told on the way. The check is a replay by card identity:

1. ``world`` is a determinisation of ``real`` for ``seat``. Card ids are interchangeable labels,
   so the re-deal is a relabelling ``pi``: the card lying in a place in ``real`` is replaced by
   the card lying in that place in ``world``.
2. The same relabelling is applied to ``base``, a past state of the real game (its start, or
   the state just after the latest step that drew on the game's RNG: a reshuffle orders its
   cards by name first, so a relabelled replay through it would deal another order).
3. The real actions since ``base`` are replayed, checked, from the relabelled base; after every
   step the seat's observation (zones, log, history, public fields, who acts) must be the one
   the real game gave. The replay ends in ``real``'s present, where the determinisation must
   show the seat what ``real`` shows it.

A world that contradicts a public fact fails: a card named in an offer but dealt elsewhere makes
the replayed offer illegal; a card a trade proved absent, dealt back into that hand, turns the
void trade of the log into a done one; a card the seat watched go somewhere changes its view.
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Rng, State


def _core(obs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obs.items() if k not in ("history", "log")}


def relabelling(real: State, world: State) -> list[int] | None:
    """The card ``world`` holds where ``real`` holds each card; None if the world is not a
    re-deal of ``real`` (a zone of another size, a card twice)."""
    ncards = len(real.spec.cards)
    pi = list(range(ncards))
    for zi, zone in enumerate(real.zones):
        other = world.zones[zi]
        if len(other) != len(zone):
            return None
        for card, dealt in zip(zone, other, strict=True):
            pi[card] = dealt
    return pi if sorted(pi) == list(range(ncards)) else None


def relabel(base: State, pi: list[int]) -> State:
    """``base`` with every card ``c`` replaced by ``pi[c]`` (marks and tags go with the place)."""
    start = base.clone()
    start.zones = [[pi[c] for c in zone] for zone in base.zones]
    for card in range(len(pi)):
        start.seen[pi[card]] = base.seen[card]
        start.tags[pi[card]] = base.tags[card]
    return start


def _adopt(state: State, other: State) -> None:
    """Make ``state`` the position ``other`` holds (the replay keeps its identity)."""
    state.zones, state.seen, state.tags = other.zones, other.seen, other.tags
    state.pending, state.history, state.events, state.rng = (
        other.pending,
        other.history,
        other.events,
        other.rng,
    )
    for name in type(state).SCALARS:
        setattr(state, name, getattr(other, name))


def _same_places(replay: State, truth: State, pi: list[int]) -> bool:
    """Does every zone of ``replay`` hold the relabelled cards of ``truth``'s (by name, in any
    order: which of two identical copies a rule picks is the engine's affair)?"""
    names = truth.spec.cards.names
    return all(
        sorted(names[c] for c in mine) == sorted(names[pi[c]] for c in theirs)
        for mine, theirs in zip(replay.zones, truth.zones, strict=True)
    )


def _replay_step(
    replay: State, truth: State, pi: list[int], seat: int, actor: int, action: int
) -> bool:
    """Play in ``replay`` what ``actor`` did in ``truth``; False if the replay cannot.

    An action the seat sees is replayed as it is. One hidden from the seat (a face-down pass)
    may have named a card the relabelling renamed, so the replay takes the actor's hidden action
    that moves the same physical cards (or, failing that, any hidden one): the seat only knows
    that a hidden action was taken.
    """
    if actor not in replay.to_act():
        return False
    legal = replay.legal_action_ids(actor)
    if replay.action_audience(actor, action) >> seat & 1:
        if action not in legal:
            return False
        replay.apply_unchecked(actor, action)
        return True
    fallback = None
    for other in legal:
        if replay.action_audience(actor, other) >> seat & 1:
            continue
        trial = replay.clone()
        trial.apply_unchecked(actor, other)
        if _same_places(trial, truth, pi):
            fallback = trial
            break
        if fallback is None:
            fallback = trial
    if fallback is None:
        return False
    _adopt(replay, fallback)
    return True


def inconsistency(
    base: State, real: State, actions: list[tuple[int, int]], seat: int, world: State
) -> str | None:
    """Why ``world`` (a determinisation of ``real`` for ``seat``) contradicts what ``seat``
    was told since ``base``, or None. ``actions`` lead from ``base`` to ``real``."""
    if _core(world.observation(seat)) != _core(real.observation(seat)):
        return "the world shows the seat another present"
    pi = relabelling(real, world)
    if pi is None:
        return "the world is not a re-deal of the real cards"
    replay = relabel(base, pi)
    truth = base.clone()
    for step, (actor, action) in enumerate(actions):
        if truth.observation(seat) != replay.observation(seat):
            return f"the seat's view differs {step} actions after the base"
        truth.apply_unchecked(actor, action)
        if not _replay_step(replay, truth, pi, seat, actor, action):
            text = real.actions.action(action).text
            return f"seat {actor} could not have played {text!r} ({step} actions after the base)"
    if truth.observation(seat) != replay.observation(seat):
        return "the seat's present view differs after the replay"
    return None


def known_cards(state: State, seat: int) -> set[int]:
    """The cards ``seat`` can see where they lie now."""
    return {
        card
        for zi, zone in enumerate(state.zones)
        for card in zone
        if state.visible(seat, zi, card)
    }


def check_game(
    state: State, rng: Rng, *, every: int = 7, samples: int = 6, max_steps: int = 400
) -> dict[str, int]:
    """Play one random game; at every ``every``-th step sample determinisations for every seat
    and require each to agree with what the seat was told since its base. Raises
    AssertionError naming the first impossible world; returns counts of what was checked.

    A seat's base moves to the present after a step that drew on the game's RNG (see the
    module docstring) or after which the seat can no longer see a card it saw before (a card
    played face down from a hand it knew, a shuffle): the engine keeps no either-or knowledge
    ("the card I passed is in that hand or in the lead's"), so the world may legitimately
    place such a card anywhere unseen, and the replay starts after the forgetting.
    """
    counts = {"points": 0, "worlds": 0, "actions replayed": 0}
    seats = range(state.num_players)
    bases = [state.clone() for _ in seats]
    actions: list[list[tuple[int, int]]] = [[] for _ in seats]
    known = [known_cards(state, seat) for seat in seats]
    for step in range(max_steps):
        if state.is_terminal():
            break
        if step % every == 0:
            counts["points"] += 1
            for seat in seats:
                sample = state.sampler(seat)
                for _ in range(samples):
                    world = sample(rng)
                    why = inconsistency(bases[seat], state, actions[seat], seat, world)
                    if why is not None:
                        raise AssertionError(
                            f"{state.GAME}: a determinisation for seat {seat} after "
                            f"{len(state.history)} actions is impossible: {why}"
                        )
                    counts["worlds"] += 1
                    counts["actions replayed"] += len(actions[seat])
        waiting = list(state.to_act())
        mover = waiting[rng.below(len(waiting))]
        ids = state.legal_action_ids(mover)
        before = state.rng.state
        state.apply_unchecked(mover, ids[rng.below(len(ids))])
        for seat in seats:
            now = known_cards(state, seat)
            if state.rng.state != before or known[seat] - now:
                bases[seat], actions[seat] = state.clone(), []
            else:
                actions[seat].append(state.history[-1])
            known[seat] = now
    return counts
