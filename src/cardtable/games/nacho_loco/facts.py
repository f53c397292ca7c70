"""What a Nacho Loco draw turn shows about the drawer's hand (NL-R16, NL-R15), kept with
:mod:`cardtable.core.handfacts`.

A seat may draw only when no card of its hand fits the Playfield (NL-R16, NL-R17), and everyone
then learns whether the drawn card fits (NL-R15: a keep-or-place choice, or a no-play turn). Let
``T`` be the card types that fitted. Right after the draw, before anything else can reach the
hand (an everyone-drew close deals its gift inside the same turn), the table knows:

* the drawn card does not fit (or none was drawn): the hand holds no card of ``T`` — lacks fact
  ``[seat, 0, *T]``;
* the drawn card fits: the hand holds exactly one card of ``T`` — lacks ``[seat, 1, *T]`` and
  holds ``[seat, 1, *T]`` — and it is the drawn card (the marked one, while the seat decides).

The public fields ``lacks`` and ``holds`` (see :mod:`.table`) keep them: a card gained face down
raises every lacks bound of its seat, a card laid from hand lowers the bounds of the facts
listing its type, and a new round forgets them all. The counts never say which card is which:
which card of a hand came when is not public.
"""

from __future__ import annotations

from cardtable.core import Rng, handfacts
from cardtable.games.nacho_loco.table import DRAWN, HAND0, TAG_DRAWN, NachoTable


def fitting_types(st: NachoTable) -> list[int]:
    """The card types that fit the Playfield now, in increasing order (from the frontier cells'
    type masks, kept by ``rules.lay``)."""
    mask = 0
    for found in st.frontier.values():
        mask |= found.mask
    return types_of_mask(mask)


def types_of_mask(mask: int) -> list[int]:
    """The card types whose bits are set in ``mask``, in increasing order."""
    types: list[int] = []
    t = 0
    while mask:
        if mask & 1:
            types.append(t)
        mask >>= 1
        t += 1
    return types


def drew(st: NachoTable, seat: int, types: list[int], fits: bool) -> None:
    """``seat`` took a draw turn when ``types`` (increasing) fitted, and the card it drew (now in
    its hand) ``fits`` or not. Called before any other card can reach the hand."""
    if not types:
        return
    widen(st.lacks, seat, types)
    if fits:
        st.lacks.append([seat, 1, *types])
        st.holds.append([seat, 1, *types])
    else:
        st.lacks.append([seat, 0, *types])


def gained(st: NachoTable, seat: int) -> None:
    """``seat`` took one card: :func:`cardtable.core.handfacts.gain` with the deck's counts of
    each type, without its set per fact (the hot path of every draw: 3% of a compiled playout).
    Each of the seat's lacks facts allows one card more, and one that can no longer fail (its
    bound reaches the number of cards of its types in the deck) is dropped."""
    lacks = st.lacks
    if not lacks:
        return
    counts = st.cfg.type_counts
    dropped = False
    for fact in lacks:
        if fact[0] == seat:
            bound = fact[1] + 1
            fact[1] = bound
            if bound >= listed_total(fact, counts):
                dropped = True
    if dropped:
        st.lacks = [
            fact for fact in lacks if fact[0] != seat or fact[1] < listed_total(fact, counts)
        ]


def listed_total(fact: list[int], counts: tuple[int, ...]) -> int:
    """How many cards of the deck are of the types ``fact`` lists (each type once).

    The rules write each fact's types in increasing order (:func:`drew`, :func:`widen`), so
    the sum runs over them directly; a fact from a hand-written position may list a type twice,
    and is then counted through a set, as ``handfacts.gain`` does."""
    total = 0
    last = -1
    for i in range(2, len(fact)):
        t = fact[i]
        if t <= last:
            return sum(counts[k] for k in set(fact[2:]))
        total += counts[t]
        last = t
    return total


def widen(lacks: list[list[int]], seat: int, kinds: list[int]) -> None:
    """:func:`cardtable.core.handfacts.widen` for types in increasing order: each earlier lacks
    fact of the seat lists ``kinds`` as well, its types kept sorted. Two increasing lists are
    merged (a fact already listing them all is left as it is) instead of a set built and sorted
    per fact; a fact whose types are not increasing (a hand-written position) goes through
    ``handfacts.widen``'s own formula."""
    for k in range(len(lacks)):
        fact = lacks[k]
        if fact[0] == seat:
            merged = _merged(fact, kinds)
            if merged is not None:
                lacks[k] = merged
            elif not _increasing(fact):
                lacks[k] = [seat, fact[1], *sorted({*fact[2:], *kinds})]


def _increasing(fact: list[int]) -> bool:
    return all(fact[i] > fact[i - 1] for i in range(3, len(fact)))


def _merged(fact: list[int], kinds: list[int]) -> list[int] | None:
    """``fact`` with the increasing ``kinds`` merged into its types, or None when nothing is to
    be added (or the fact's types are not increasing: the caller checks which)."""
    out = [fact[0], fact[1]]
    i, n = 2, len(fact)
    added = False
    last = -1
    for t in kinds:
        while i < n and fact[i] < t:
            if fact[i] <= last:
                return None
            last = fact[i]
            out.append(last)
            i += 1
        if i < n and fact[i] == t:
            if t <= last:
                return None
            out.append(t)
            last = t
            i += 1
        else:
            out.append(t)
            last = t
            added = True
    while i < n:
        if fact[i] <= last:
            return None
        last = fact[i]
        out.append(last)
        i += 1
    return out if added else None


def placed(st: NachoTable, seat: int, card_type: int) -> None:
    """``seat`` laid a card of ``card_type`` from its hand, face up."""
    if st.lacks:
        handfacts.lose(st.lacks, seat, card_type)
    if st.holds:
        st.holds = handfacts.give_up(st.holds, seat, card_type)


def _hands(st: NachoTable) -> list[int]:
    return [HAND0 + s for s in range(st.num_players)]


def drawn_fits(st: NachoTable) -> bool:
    """While a seat decides on a drawn card (phase ``drawn``), that card fits (NL-R15)."""
    if st.phase != DRAWN:
        return True
    type_of, tags = st.cfg.type_of, st.tags
    fitting = set(fitting_types(st))
    return all(type_of[c] in fitting for c in st.zones[HAND0 + st.active] if tags[c] == TAG_DRAWN)


def facts_hold(st: NachoTable) -> bool:
    if not (st.lacks or st.holds):
        return drawn_fits(st)
    return handfacts.hold(st, st.lacks, _hands(st), st.cfg.type_of, st.holds) and drawn_fits(st)


def fit(st: NachoTable, viewer: int, rng: Rng) -> None:
    """Repair a dealt world: the hands keep to the facts, and the drawn card being decided on is
    the hand's card that fits (swapped within the hand, the mark staying with its place)."""
    if st.lacks or st.holds:
        handfacts.fit(st, viewer, rng, st.lacks, _hands(st), st.cfg.type_of, st.holds)
    if st.phase == DRAWN and not drawn_fits(st):
        _mark_a_fitting_card(st, viewer)


def _mark_a_fitting_card(st: NachoTable, viewer: int) -> None:
    hand = HAND0 + st.active
    cards = st.zones[hand]
    fitting = set(fitting_types(st))
    type_of, tags = st.cfg.type_of, st.tags
    marked = next((i for i, c in enumerate(cards) if tags[c] == TAG_DRAWN), -1)
    if marked < 0 or st.visible(viewer, hand, cards[marked]):
        return
    for i, card in enumerate(cards):
        if type_of[card] in fitting and not st.visible(viewer, hand, card):
            handfacts.swap(st, hand, marked, hand, i)
            return
