"""What the table knows a Nacho Loco hand lacks (NL-R16), kept with
:mod:`cardtable.core.handfacts`.

A seat may draw instead of placing only when no card of its hand fits the Playfield (NL-R16,
NL-R17), so a draw turn shows everyone that the hand then held no card of a type that fitted.
The public field ``lacks`` (see :mod:`.table`) keeps each as ``[seat, most, type, ...]``: the
seat holds at most ``most`` cards of those types together. ``most`` starts at 0 (a drawn card
that fits is counted once it is kept), rises by one per card the seat gains later and falls by
one per listed card it lays; losing other cards keeps a fact true, so the facts outlive the
Playfield they were learned on.
"""

from __future__ import annotations

from cardtable.core import Rng, handfacts
from cardtable.games.nacho_loco.table import HAND0, TAG_DRAWN, NachoTable


def fitting_types(st: NachoTable) -> list[int]:
    """The card types that fit the Playfield now."""
    fits = st.cfg.fits
    types: set[int] = set()
    for key in st.frontier.values():
        types.update(fits.by_type(key))
    return sorted(types)


def drew(st: NachoTable, seat: int, types: list[int], fits: bool) -> None:
    """``seat`` took a draw turn when ``types`` fitted: its hand held none of them. A drawn card
    that fits is marked (tag) and left out of the count until it is kept (:func:`kept`)."""
    if types:
        st.lacks.append([seat, 0, *types])


def kept(st: NachoTable, seat: int) -> None:
    """The drawn card that fitted joins the hand unmarked: one more card may be listed."""
    gained(st, seat)


def gained(st: NachoTable, seat: int) -> None:
    """``seat`` took one card."""
    if st.lacks:
        st.lacks = handfacts.gain(st.lacks, seat, st.cfg.type_of)


def placed(st: NachoTable, seat: int, card_type: int) -> None:
    """``seat`` laid a card of ``card_type`` from its hand, face up."""
    if st.lacks:
        handfacts.lose(st.lacks, seat, card_type)


def _hands(st: NachoTable) -> list[int]:
    return [HAND0 + s for s in range(st.num_players)]


def _kinds(st: NachoTable) -> list[int]:
    """Each card's type, -1 for a drawn card awaiting its decision (counted when kept)."""
    kinds = list(st.cfg.type_of)
    tags = st.tags
    for seat in range(st.num_players):
        for card in st.zones[HAND0 + seat]:
            if tags[card] == TAG_DRAWN:
                kinds[card] = -1
    return kinds


def facts_hold(st: NachoTable) -> bool:
    return handfacts.hold(st, st.lacks, _hands(st), _kinds(st))


def fit(st: NachoTable, viewer: int, rng: Rng) -> None:
    if st.lacks:
        handfacts.fit(st, viewer, rng, st.lacks, _hands(st), _kinds(st))
