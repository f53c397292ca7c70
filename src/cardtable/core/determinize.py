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
from typing import TYPE_CHECKING, Final

from cardtable.core.actions import NO_COMMIT
from cardtable.core.rng import Rng, StagedShuffle

if TYPE_CHECKING:
    from cardtable.core.state import State

#: Deals a sampler tries before it gives up on meeting the public facts (see :func:`make_sampler`).
SAMPLE_TRIES: Final = 100
#: A run of at least this many slots that keep their marks is dealt with one slice assignment
#: (a stock): compiled, a card-by-card store unboxes and reboxes each card (≈ 75 instructions),
#: where a slice costs a few hundred instructions once and a few per card.
SLICE_RUN: Final = 12


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


def make_sampler(state: State, seat: int, shortcut: bool = True) -> Callable[[Rng], State]:
    """``State.determinize(seat, ·)`` prepared once for many calls: the same state for the same rng.

    Search samples one information set thousands of times; finding the unseen cards, their
    places and their canonical order is done here once, so each sample is a clone, one
    shuffle per card back and the re-chosen commitments. The state must not change while
    the sampler is in use. ``shortcut=False`` builds every deal before judging it and writes
    every mark: the tests' reference for the early rejection by :meth:`State.cards_never_in`
    and the skipped stores of unchanged marks (the same samples).
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
    # Cards the game's public facts never leave in a slot's zone (State.cards_never_in), as
    # (first, end, barred-by-card) ranges of each group's dealt order: a deal that puts one
    # there is rejected before the state is built. Only where nothing between the shuffles and
    # the facts' check draws from the rng (no commitments to re-choose, no fit_public_facts),
    # so the rng is consumed exactly as when the built state is rejected: the same samples.
    checks: list[list[tuple[int, int, list[bool]]]] = []
    from cardtable.core import state as core_state  # here: core.state imports this module

    fits = type(state).fit_public_facts is not core_state.State.fit_public_facts
    if shortcut and not others and not fits:
        barred_by_zone: dict[int, list[bool]] = {}
        for runs, _canonical in groups:
            ranges: list[tuple[int, int, list[bool]]] = []
            k = 0
            for zi, start, end, _mark, _tag in runs:
                if zi not in barred_by_zone:
                    never = state.cards_never_in(zi)
                    barred_by_zone[zi] = [c in never for c in range(len(seen))] if never else []
                barred = barred_by_zone[zi]
                if barred:
                    ranges.append((k, k + end - start, barred))
                k += end - start
            checks.append(ranges)
    early = any(checks)
    # A group whose runs all keep one (seen mark, tag) pair: each of its cards already carries
    # that pair (a run is cut where a card's pair changes), so dealing them anywhere in the
    # group leaves seen and tags as they are, and only the zones are written. In Piece of the
    # Action every unseen card is unmarked: two of every three list stores of a deal saved.
    uniform = [shortcut and len({(r[3], r[4]) for r in runs}) == 1 for runs, _ in groups]
    # Samples are cloned from a copy without history and log, so a long game's history is
    # not copied only to be dropped, thousands of times per search.
    template = state.clone()
    template.history = []
    template.events = None

    # Where a group's checks begin in its dealt order: Fisher–Yates deals from the end, so
    # the shuffle need only reach there before the checks can run (StagedShuffle).
    check_from = [min((first for first, _end, _barred in ranges), default=0) for ranges in checks]

    def deal(rng: Rng, precheck: bool) -> tuple[State | None, bool]:
        seeded = rng.fork()  # the sample's own generator: Rng(rng.next_u64())
        dealt: list[list[int]] = []
        if not shortcut:
            for _runs, canonical in groups:
                cards = canonical[:]
                rng.shuffle_batched(cards)
                dealt.append(cards)
        else:
            # Every group's two draws are taken before any check (as the reference above takes
            # them), so a deal rejected early leaves the rng where a built one would.
            shuffles: list[StagedShuffle[int]] = []
            for _runs, canonical in groups:
                shuffles.append(StagedShuffle(rng, canonical[:]))
            for g in range(len(groups)):
                shuffle = shuffles[g]
                if precheck:
                    shuffle.down_to(check_from[g])
                    cards = shuffle.items
                    for first, end, barred in checks[g]:
                        for k in range(first, end):
                            if barred[cards[k]]:
                                return None, False
                shuffle.down_to(0)
                dealt.append(shuffle.items)
        new = template.clone()
        new.rng = seeded
        zones, new_seen, new_tags = new.zones, new.seen, new.tags
        for g in range(len(groups)):
            runs = groups[g][0]
            cards = dealt[g]
            k = 0
            if uniform[g]:
                for zi, start, end, _mark, _tag in runs:
                    zone = zones[zi]
                    if end - start >= SLICE_RUN:
                        zone[start:end] = cards[k : k + end - start]
                        k += end - start
                        continue
                    for i in range(start, end):
                        zone[i] = cards[k]
                        k += 1
                continue
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
        new: State | None = None
        for attempt in range(SAMPLE_TRIES):
            # The last attempt is always built: it is returned even if impossible.
            new, possible = deal(rng, early and attempt < SAMPLE_TRIES - 1)
            if possible and new is not None:
                return new
        assert new is not None  # the last attempt is built
        return new  # a world this unlikely is left to the caller (search copes with it)

    return sample
