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
from cardtable.games.piece_of_the_action.cards import (
    DEAL_INDEX,
    VALUE,
    VALUE_AT,
    VALUE_SLOT,
    VALUES,
)
from cardtable.games.piece_of_the_action.table import CENTRE, PotaTable, pota_zone, reverse_zone

NONE: Final = 0
UNMOVED: Final = 1
MOVED: Final = 2
#: The most steps a Move card asks for (Move 1-3, POTA-R13).
MOST_STEPS: Final = 3


def centre_run(cards: list[int], tags: list[int], total: int, cap: int, used: int) -> int:
    """The longest run (at most ``cap``) of the centre's unmoved cards that can go to the discard
    pile one by one, no removal leaving the Deal's total at zero (POTA-R8). ``cards`` are the
    centre's card ids, ``total`` their total and bit ``k`` of ``used`` marks ``cards[k]`` as
    already removed.

    Why a separate search: a centre step's legality depends only on the centre, and a POTA or
    Reverse step's only on the POTAs and Reverses, so a Move of ``k`` steps can be completed
    exactly when the centre allows some ``a`` steps and the rest allow ``k - a``; both are
    closed under prefixes, so the largest ``a`` (up to ``k``) is the one to try. Nothing is
    allocated: the search's hot path asks this in most Deal turns of a hand with a Move card.
    """
    if cap <= 0:
        return 0
    best = 0
    tried = 0  # bit v + 5: a card of value v was tried already (copies are alike)
    for k in range(len(cards)):
        c = cards[k]
        if tags[c] or used >> k & 1:
            continue
        v = VALUE[c]
        if total == v or tried >> (v + 5) & 1:
            continue
        if cap == 1:
            return 1
        tried |= 1 << (v + 5)
        depth = 1 + centre_run(cards, tags, total - v, cap - 1, used | 1 << k)
        if depth >= cap:
            return cap
        if depth > best:
            best = depth
    return best


def centre_total(cards: list[int]) -> int:
    total = 0
    for c in cards:
        total += VALUE[c]
    return total


def easy_moves(state: PotaTable) -> int:
    """:meth:`Table._easy_moves` read straight from the zones (no summary built)."""
    n = state.num_players
    zones, tags = state.zones, state.tags
    leader = state.leader
    count = 0
    for i in range(n):
        potas = zones[pota_zone(n, i)]
        free = 0
        for c in potas:
            if not tags[c]:
                free += 1
        rev = NONE
        for c in zones[reverse_zone(n, i)]:
            rev = MOVED if tags[c] else UNMOVED
        if rev == UNMOVED:
            count += 1 + free
        elif rev == MOVED and i != leader:
            count += min(free, len(potas) - 1)
        else:
            count += free
    return count


def playable_moves(state: PotaTable, wanted: int) -> int:
    """The bits ``k`` of ``wanted`` (Move ``k`` cards held) whose Move can be completed now:
    what ``Table(state).can_complete(k)`` answers, with a summary built only when neither
    the greedy bound nor the centre settles it (POTA-R13)."""
    easy = easy_moves(state)
    out = 0
    depth = -1
    table: Table | None = None
    for count in range(1, MOST_STEPS + 1):
        if not wanted >> count & 1:
            continue
        if easy >= count:
            out |= 1 << count
            continue
        if depth < 0:
            cards = state.zones[CENTRE]
            depth = centre_run(cards, state.tags, centre_total(cards), MOST_STEPS, 0)
        if depth >= count or easy >= count - depth:
            # The centre's run and the greedy bound together: ``_table_can(count - depth)``
            # answers yes on the same bound first, so no summary is built for it.
            out |= 1 << count
            continue
        if table is None:
            table = Table(state)
        if table._table_can(count - depth):
            out |= 1 << count
    return out


class Table:
    """What a Move step can touch: unmoved centre values, POTA counts and Reverses per seat."""

    __slots__ = (
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
        #: False only for the tests' reference: search every sequence, no greedy lower bound
        #: and no splitting of the centre from the rest.
        self.shortcut = shortcut
        self.n = n
        self.leader = state.leader
        #: The reference search's unmoved centre card values (a card moved off the centre is
        #: gone, so all are unmoved), read on first use (``_load_centre``); the total is the
        #: centre's, read here.
        self.centre: list[int] | None = None
        self.total = centre_total(zones[CENTRE])
        potas: list[int] = []
        free: list[int] = []
        rev: list[int] = []
        for s in range(n):
            zone = zones[pota_zone(n, s)]
            potas.append(len(zone))
            unmoved = 0
            for c in zone:
                if not tags[c]:
                    unmoved += 1
            free.append(unmoved)
            mark = NONE
            for c in zones[reverse_zone(n, s)]:
                mark = MOVED if tags[c] else UNMOVED
            rev.append(mark)
        self.potas = potas
        self.free_potas = free
        self.rev = rev

    def _cancels(self) -> bool:
        """POTA-R11's option, read only when a Reverse could land on a Reverse: an option is
        a plain dataclass, whose attributes a compiled module reads through a dictionary."""
        return self.state.options.moved_reverse_cancels

    def _load_centre(self) -> list[int]:
        """The reference search's centre values, read on first use."""
        centre = self.centre
        if centre is None:
            state = self.state
            tags = state.tags
            centre = [VALUE[c] for c in state.zones[CENTRE] if not tags[c]]
            self.centre = centre
        return centre

    def steps(self) -> list[int]:
        """Ids of the single steps that are legal now (ignoring whether the Move can finish)."""
        # Ids in increasing order, so no sort: the centre's values as bits of a word (one id per
        # value), then POTA and Reverse steps by source seat and destination.
        bits = 0
        total = self.total
        if self.shortcut:  # the centre as it stands
            tags = self.state.tags
            for c in self.state.zones[CENTRE]:
                if not tags[c] and total != VALUE[c]:
                    bits |= 1 << DEAL_INDEX[c]
        else:  # the reference search's centre, which it changes as it goes
            for v in self._load_centre():
                if total != v:
                    bits |= 1 << VALUE_SLOT[v + 5]
        out: list[int] = []
        for i in range(len(VALUES)):
            if bits >> i & 1:
                out.append(notation.STEP_CENTRE + i)
        n, leader = self.n, self.leader
        potas, free, rev = self.potas, self.free_potas, self.rev
        for i in range(n):
            if free[i] and (i == leader or not rev[i] or potas[i] > 1):
                for j in range(n):
                    if j != i:
                        out.append(notation.step_pota_id(i, j))
                out.append(notation.step_pota_id(i, notation.DISCARD_DEST))
        for i in range(n):
            if rev[i] == UNMOVED:
                for j in range(n):
                    target_ok = j == leader or potas[j]
                    if j != i and target_ok and (not rev[j] or self._cancels()):
                        out.append(notation.step_reverse_id(i, j))
                out.append(notation.step_reverse_id(i, notation.DISCARD_DEST))
        return out

    def can_complete(self, steps_left: int) -> bool:
        """Is there a legal sequence of ``steps_left`` more steps on different cards?"""
        if steps_left == 0:
            return True
        if not self.shortcut:
            return any(self._try(step, steps_left - 1) for step in self.steps())
        if self._easy_moves() >= steps_left:
            return True
        cards = self.state.zones[CENTRE]
        depth = centre_run(cards, self.state.tags, self.total, steps_left, 0)
        return depth >= steps_left or self._table_can(steps_left - depth)

    def _easy_moves(self) -> int:
        """A lower bound on the steps available, from one sequence that is always legal.

        Every unmoved Reverse goes to the discard pile first (always legal); then every unmoved
        POTA can go to the discard pile too, except that a non-Leader seat whose Reverse stays
        (one already moved by this Move card) must keep one POTA. Centre cards are not counted.
        """
        count = 0
        leader = self.leader
        potas, free_potas, revs = self.potas, self.free_potas, self.rev
        for i in range(self.n):
            rev = revs[i]
            free = free_potas[i]
            if rev == UNMOVED:
                count += 1 + free
            elif rev == MOVED and i != leader:
                count += min(free, potas[i] - 1)
            else:
                count += free
        return count

    def _table_can(self, steps_left: int) -> bool:
        """Can ``steps_left`` POTA and Reverse steps be made, leaving the centre alone?"""
        if steps_left == 0 or self._easy_moves() >= steps_left:
            return True
        n, leader = self.n, self.leader
        potas, free, rev = self.potas, self.free_potas, self.rev
        for i in range(n):
            if free[i] and (i == leader or not rev[i] or potas[i] > 1):
                for j in range(n + 1):  # n: the discard pile
                    if j == i:
                        continue
                    dest = notation.DISCARD_DEST if j == n else j
                    if self._table_step(notation.step_pota_id(i, dest), steps_left - 1, -1):
                        return True
        for i in range(n):
            if rev[i] == UNMOVED:
                for j in range(n + 1):
                    if j == n:
                        dest = notation.DISCARD_DEST
                    else:
                        # the same tests as steps(): a target, and a Reverse cancels or blocks
                        if j == i or not (j == leader or potas[j]):
                            continue
                        if rev[j] and not self._cancels():
                            continue
                        dest = j
                    if self._table_step(notation.step_reverse_id(i, dest), steps_left - 1, -1):
                        return True
        return False

    def _table_step(self, step: int, then: int, depth: int) -> bool:
        """Make the POTA or Reverse ``step``, then test whether ``then`` more steps can follow
        (the centre good for ``depth`` of them; with ``depth`` < 0, table steps only), and undo
        it. Items are written ``a[i] = a[i] - 1``: compiled, ``a[i] -= 1`` is a generic call."""
        src, dest = notation.split_step(step)
        potas, free, rev = self.potas, self.free_potas, self.rev
        need = then - depth if depth > 0 else then  # table steps still needed after this one
        if step < notation.STEP_REVERSE:
            potas[src] = potas[src] - 1
            free[src] = free[src] - 1
            if dest != notation.DISCARD_DEST:
                potas[dest] = potas[dest] + 1
            ok = need <= 0 or self._table_can(need)
            if dest != notation.DISCARD_DEST:
                potas[dest] = potas[dest] - 1
            free[src] = free[src] + 1
            potas[src] = potas[src] + 1
            return ok
        old_dest = NONE if dest == notation.DISCARD_DEST else rev[dest]
        rev[src] = NONE
        if dest != notation.DISCARD_DEST:
            rev[dest] = NONE if old_dest else MOVED
        ok = need <= 0 or self._table_can(need)
        if dest != notation.DISCARD_DEST:
            rev[dest] = old_dest
        rev[src] = UNMOVED
        return ok

    def completable_steps(self, steps_left: int) -> list[int]:
        """The legal next steps after which the remaining ``steps_left - 1`` can still be made."""
        if not self.shortcut:
            return [step for step in self.steps() if self._try(step, steps_left - 1)]
        then = steps_left - 1
        if then <= 0:
            # The Move's last step: nothing has to follow it, so every legal step completes
            # it (the tests below all pass with nothing left); half the Move steps a search
            # asks for are last ones.
            return self.steps()
        cards = self.state.zones[CENTRE]
        tags = self.state.tags
        out: list[int] = []
        depth = -1  # the centre's run, for the POTA and Reverse steps (read on first use)
        for step in self.steps():
            if step < notation.STEP_POTA:
                v = VALUE_AT[step - notation.STEP_CENTRE]
                k = 0  # the first unmoved card of that value leaves (copies are alike)
                while tags[cards[k]] or VALUE[cards[k]] != v:
                    k += 1
                after = centre_run(cards, tags, self.total - v, then, 1 << k)
                ok = after >= then or self._table_can(then - after)
            else:
                if depth < 0:
                    depth = centre_run(cards, tags, self.total, then, 0)
                ok = self._table_step(step, then, depth)
            if ok:
                out.append(step)
        return out

    def _try(self, step: int, then: int) -> bool:
        """Make ``step``, test ``can_complete(then)``, and undo it (the reference search)."""
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
