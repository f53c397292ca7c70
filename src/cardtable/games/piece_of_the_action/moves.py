"""Move cards: which single steps are legal, and whether a whole Move can be completed.

A Move n card moves exactly n *different* table cards, one step at a time (POTA-R13). Every step
must leave the table legal: the centre total is not zero (special situation 1, POTA-R8) and every
seat other than the Leader that has a Reverse still has a POTA (special situation 2, POTA-R12). A
Reverse that lands on a seat that has one cancels both (POTA-R11; or is illegal under the option).
A Move card may be played only if some complete sequence exists, and only steps after which the
rest can still be completed are offered — so a seat can never be stuck half-way through a Move.

The search runs on :class:`Table`, a small summary of the table (counts, not card ids), mutated and
restored in place: depth is at most 3 and it runs inside ``legal_actions``, so it must be cheap.
"""

from __future__ import annotations

from typing import Final

from cardtable.games.piece_of_the_action import notation
from cardtable.games.piece_of_the_action.cards import VALUE, VALUE_SLOT, VALUES
from cardtable.games.piece_of_the_action.table import CENTRE, PotaTable, pota_zone, reverse_zone

NONE: Final = 0
UNMOVED: Final = 1
MOVED: Final = 2


class Table:
    """What a Move step can touch: unmoved centre values, POTA counts and Reverses per seat."""

    __slots__ = (
        "cancel",
        "centre",
        "free_potas",
        "leader",
        "n",
        "potas",
        "rev",
        "shortcut",
        "state",
        "total",
    )

    def __init__(self, state: PotaTable, shortcut: bool = True) -> None:
        n = state.num_players
        tags = state.tags
        zones = state.zones
        self.state = state
        #: False only for the tests' reference: search every sequence, no greedy lower bound.
        self.shortcut = shortcut
        self.n = n
        self.leader = state.leader
        self.cancel = state.options.moved_reverse_cancels
        #: Unmoved centre card values (a card moved off the centre is gone, so all are unmoved)
        #: and their total: read only when a search needs the steps (see ``_load_centre``).
        self.centre: list[int] | None = None
        self.total = 0
        self.potas = [len(zones[pota_zone(n, s)]) for s in range(n)]
        self.free_potas = [sum(1 for c in zones[pota_zone(n, s)] if not tags[c]) for s in range(n)]
        self.rev = [NONE] * n
        for s in range(n):
            for c in zones[reverse_zone(n, s)]:
                self.rev[s] = MOVED if tags[c] else UNMOVED

    def _load_centre(self) -> list[int]:
        """The centre's values, read on first use: most questions are settled by
        :meth:`_easy_moves`, which needs only the POTAs and Reverses."""
        if self.centre is None:
            state = self.state
            tags = state.tags
            cards = state.zones[CENTRE]
            self.total = sum(VALUE[c] for c in cards)
            self.centre = [VALUE[c] for c in cards if not tags[c]]
        return self.centre

    def steps(self) -> list[int]:
        """Ids of the single steps that are legal now (ignoring whether the Move can finish)."""
        # Ids in increasing order, so no sort: the centre's values as bits of a word (one id per
        # value), then POTA and Reverse steps by source seat and destination.
        bits = 0
        centre = self._load_centre()  # sets self.total on first use
        total = self.total
        for v in centre:
            if total - v != 0:
                bits |= 1 << VALUE_SLOT[v + 5]
        out: list[int] = []
        for i in range(len(VALUES)):
            if bits >> i & 1:
                out.append(notation.STEP_CENTRE + i)
        n, leader = self.n, self.leader
        for i in range(n):
            if self.free_potas[i] and (i == leader or not self.rev[i] or self.potas[i] > 1):
                for j in range(n):
                    if j != i:
                        out.append(notation.step_pota_id(i, j))
                out.append(notation.step_pota_id(i, notation.DISCARD_DEST))
        for i in range(n):
            if self.rev[i] == UNMOVED:
                for j in range(n):
                    target_ok = j == leader or self.potas[j]
                    if j != i and target_ok and (self.cancel or not self.rev[j]):
                        out.append(notation.step_reverse_id(i, j))
                out.append(notation.step_reverse_id(i, notation.DISCARD_DEST))
        return out

    def can_complete(self, steps_left: int) -> bool:
        """Is there a legal sequence of ``steps_left`` more steps on different cards?"""
        if steps_left == 0 or (self.shortcut and self._easy_moves() >= steps_left):
            return True
        return any(self._try(step, steps_left - 1) for step in self.steps())

    def _easy_moves(self) -> int:
        """A lower bound on the steps available, from one sequence that is always legal.

        Every unmoved Reverse goes to the discard pile first (always legal); then every unmoved
        POTA can go to the discard pile too, except that a non-Leader seat whose Reverse stays
        (one already moved by this Move card) must keep one POTA. Centre cards are not counted.
        """
        count = 0
        leader = self.leader
        for i in range(self.n):
            rev = self.rev[i]
            free = self.free_potas[i]
            if rev == UNMOVED:
                count += 1 + free
            elif rev == MOVED and i != leader:
                count += min(free, self.potas[i] - 1)
            else:
                count += free
        return count

    def completable_steps(self, steps_left: int) -> list[int]:
        """The legal next steps after which the remaining ``steps_left - 1`` can still be made."""
        return [step for step in self.steps() if self._try(step, steps_left - 1)]

    def _try(self, step: int, then: int) -> bool:
        """Make ``step``, test ``can_complete(then)``, and undo it."""
        if step < notation.STEP_POTA:
            v = VALUES[step - notation.STEP_CENTRE]
            centre = self._load_centre()
            centre.remove(v)
            self.total -= v
            ok = self.can_complete(then)
            self.total += v
            centre.append(v)
            return ok
        src, dest = notation.split_step(step)
        if step < notation.STEP_REVERSE:
            self.potas[src] -= 1
            self.free_potas[src] -= 1
            if dest != notation.DISCARD_DEST:
                self.potas[dest] += 1
            ok = self.can_complete(then)
            if dest != notation.DISCARD_DEST:
                self.potas[dest] -= 1
            self.free_potas[src] += 1
            self.potas[src] += 1
            return ok
        old_dest = NONE if dest == notation.DISCARD_DEST else self.rev[dest]
        self.rev[src] = NONE
        if dest != notation.DISCARD_DEST:
            self.rev[dest] = NONE if old_dest else MOVED
        ok = self.can_complete(then)
        if dest != notation.DISCARD_DEST:
            self.rev[dest] = old_dest
        self.rev[src] = UNMOVED
        return ok


def can_play_move(state: PotaTable, count: int) -> bool:
    """May a Move ``count`` card be played now (a complete legal sequence exists)?"""
    return Table(state).can_complete(count)


def legal_steps(state: PotaTable) -> list[int]:
    """The steps offered during a Move: legal and leaving the rest completable."""
    return Table(state).completable_steps(state.move_left)
