"""Determinisation: a full state consistent with what one seat knows, for search and hints.

:meth:`State.determinize` and :meth:`State.sampler` are the engine surface; the dealing is here.
The cards the seat cannot see are pooled (per card back) and dealt back at random into the same
places, each place keeping its own knowledge marks and tag; other seats' face-down commitments are
re-chosen among their legal choices; the game's RNG is re-seeded. A deal that contradicts a public
fact — a seat that must act with nothing to do, or a fact the game keeps
(:meth:`State.agrees_with_public_facts`, which :meth:`State.fit_public_facts` may first repair by
swapping unseen cards) — is dealt again. ``docs/architecture.md`` states the
guarantee and how it is tested.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.core.actions import NO_COMMIT
from cardtable.core.rng import Rng

if TYPE_CHECKING:
    from cardtable.core.state import State

#: Deals a sampler tries before it gives up on meeting the public facts (see :func:`make_sampler`).
SAMPLE_TRIES = 100


def _runs_of(
    members: list[tuple[tuple[int, int], int]], seen: list[int], tags: list[int]
) -> list[tuple[int, int, int, int, int]]:
    """The slots of unseen cards as runs ``(zone, start, end, seen mark, tag)``: neighbouring
    slots of one zone with the same marks (a whole stock, a whole hand) are dealt into with one
    slice assignment."""
    runs: list[tuple[int, int, int, int, int]] = []
    for (zi, i), card in members:
        mark, tag = seen[card], tags[card]
        if runs:
            zj, start, end, last_mark, last_tag = runs[-1]
            if zj == zi and end == i and last_mark == mark and last_tag == tag:
                runs[-1] = (zi, start, i + 1, mark, tag)
                continue
        runs.append((zi, i, i + 1, mark, tag))
    return runs


def make_sampler(state: State, seat: int) -> Callable[[Rng], State]:
    """``State.determinize(seat, ·)`` prepared once for many calls: the same state for the same rng.

    Search samples one information set thousands of times; finding the unseen cards, their
    places and their canonical order is done here once, so each sample is a clone, one
    shuffle per card back and the re-chosen commitments. The state must not change while
    the sampler is in use.
    """
    layout = state.spec.layout
    slots: list[tuple[int, int]] = []
    pool: list[int] = []
    seen = state.seen
    bit = 1 << seat
    for zi, cards in enumerate(state.zones):
        if layout.public[zi]:
            continue
        mask = layout.owner_bit[zi]
        for i, card in enumerate(cards):
            if not (mask | seen[card]) & bit:
                slots.append((zi, i))
                pool.append(card)
    # Groups of slot runs (zone, start, end, seen mark, tag) with the group's cards in canonical
    # order: each slot keeps its own knowledge marks, the cards are dealt into the slots.
    groups: list[tuple[list[tuple[int, int, int, int, int]], list[int]]] = []
    if pool:
        backs = state.spec.cards.backs
        kinds = [None] if state.spec.cards.single_back else sorted({backs[c] for c in pool})
        for back in kinds:
            members = [
                (sl, c)
                for sl, c in zip(slots, pool, strict=True)
                if back is None or backs[c] == back
            ]
            groups.append((_runs_of(members, seen, state.tags), sorted(c for _, c in members)))
    others = [s for s in range(state.num_players) if s != seat and state.pending[s] != NO_COMMIT]
    # Samples are cloned from a copy without history and log, so a long game's history is
    # not copied only to be dropped, thousands of times per search.
    template = state.clone()
    template.history = []
    template.events = None

    def deal(rng: Rng) -> tuple[State, bool]:
        new = template.clone()
        new.rng = Rng(rng.next_u64())
        zones, new_seen, new_tags = new.zones, new.seen, new.tags
        for runs, canonical in groups:
            cards = canonical[:]
            rng.shuffle_batched(cards)
            k = 0
            for zi, start, end, mark, tag in runs:
                # Card by card, not by slices: compiled, these are machine-word list stores,
                # where a slice assignment allocates the chunk and a slice object per run.
                zone = zones[zi]
                for i in range(start, end):
                    card = cards[k]
                    k += 1
                    zone[i] = card
                    new_seen[card] = mark
                    new_tags[card] = tag
        new.fit_public_facts(seat, rng)
        if others:
            for other in others:
                new.pending[other] = NO_COMMIT
            for other in others:
                choices = new.legal_action_ids(other)
                if not choices:
                    return new, False
                new.pending[other] = choices[rng.below(len(choices))]
        for mover in new.to_act():
            if mover != seat and not new.legal_action_ids(mover):
                return new, False
        return new, new.agrees_with_public_facts()

    def sample(rng: Rng) -> State:
        # Every seat that must act now has a legal action in the true state (the game would
        # have moved on otherwise: a Score! seat with no matching Single is busted at once),
        # and everyone sees who must act. A deal that contradicts this, or another public
        # fact the game keeps (agrees_with_public_facts), is impossible, so it is dealt
        # again: the samples are conditioned on those facts.
        for _ in range(SAMPLE_TRIES):
            new, possible = deal(rng)
            if possible:
                return new
        return new  # a world this unlikely is left to the caller (search copes with it)

    return sample
