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
    """The card types that fit the Playfield now, in increasing order (from the open cells'
    type masks, kept by ``rules.lay``)."""
    mask = 0
    for found in st.open.values():
        mask |= found.mask
    types: list[int] = []
    t = 0
    while mask:
        if mask & 1:
            types.append(t)
        mask >>= 1
        t += 1
    return types


def drew(st: NachoTable, seat: int, types: list[int], fits: bool) -> None:
    """``seat`` took a draw turn when ``types`` fitted, and the card it drew (now in its hand)
    ``fits`` or not. Called before any other card can reach the hand."""
    if not types:
        return
    handfacts.widen(st.lacks, seat, types)
    if fits:
        st.lacks.append([seat, 1, *types])
        st.holds.append([seat, 1, *types])
    else:
        st.lacks.append([seat, 0, *types])


def gained(st: NachoTable, seat: int) -> None:
    """``seat`` took one card."""
    if st.lacks:
        cfg = st.cfg
        st.lacks = handfacts.gain(st.lacks, seat, cfg.type_of, cfg.type_counts)


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
