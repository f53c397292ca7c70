"""The deck lists (NL-R2) as data: every card is three segments in clockwise order, face up.

The physical card list is not known; these decks are *assumptions* (see
``docs/rules/nacho_loco.md``). They are kept as plain data so that a real list can replace them
without touching the rules: a deck is a tuple of ``(segments, count)`` entries, and a card and its
rotations are the same card.

Segments are small ints: colours ``0..5``, then :data:`X`, the three actions and the Closer's.

>>> [len(cards_of(deck)) for deck in DECKS]
[94, 94]
>>> segment_text(RED), segment_text(X), segment_text(GO)
('R', 'X', 'GO')
"""

from __future__ import annotations

from typing import Final

RED: Final = 0
YELLOW: Final = 1
GREEN: Final = 2
BLUE: Final = 3
ORANGE: Final = 4
PURPLE: Final = 5
X: Final = 8
GO: Final = 9  # Go Again
SKIP: Final = 10  # Skip Next
D3: Final = 11  # Opponent Draws 3
CLOSER: Final = 12

ACTIONS = (GO, SKIP, D3)
COLOURS = (RED, YELLOW, GREEN, BLUE, ORANGE, PURPLE)

_TEXT = {
    RED: "R",
    YELLOW: "Y",
    GREEN: "G",
    BLUE: "B",
    ORANGE: "O",
    PURPLE: "P",
    X: "X",
    GO: "GO",
    SKIP: "SKIP",
    D3: "D3",
    CLOSER: "CLOSER",
}
_BY_TEXT = {v: k for k, v in _TEXT.items()}

_WORDS = {
    RED: "red",
    YELLOW: "yellow",
    GREEN: "green",
    BLUE: "blue",
    ORANGE: "orange",
    PURPLE: "purple",
    X: "black X",
    GO: "Go Again",
    SKIP: "Skip Next",
    D3: "Opponent Draws 3",
    CLOSER: "Closer",
}

Segments = tuple[int, int, int]
Deck = tuple[tuple[Segments, int], ...]

R, Y, G, B = RED, YELLOW, GREEN, BLUE

#: The default deck (chosen by simulation under NL-R21): four colours, 36 X.
CARDTABLE_4: Deck = (
    ((R, Y, G), 10),
    ((R, G, Y), 2),
    ((R, Y, B), 11),
    ((R, B, Y), 2),
    ((R, G, B), 11),
    ((R, B, G), 2),
    ((Y, G, B), 10),
    ((Y, B, G), 2),
    ((R, R, X), 2),
    ((Y, Y, X), 2),
    ((G, G, X), 1),
    ((B, B, X), 1),
    ((R, X, X), 1),
    ((Y, X, X), 1),
    ((G, X, X), 2),
    ((B, X, X), 2),
    ((R, Y, GO), 2),
    ((R, Y, SKIP), 1),
    ((R, Y, D3), 1),
    ((Y, G, GO), 1),
    ((Y, G, SKIP), 1),
    ((Y, G, D3), 1),
    ((R, GO, B), 1),
    ((R, SKIP, B), 1),
    ((R, D3, B), 1),
    ((G, B, GO), 1),
    ((G, B, SKIP), 1),
    ((G, B, D3), 1),
    ((R, X, GO), 2),
    ((R, X, SKIP), 1),
    ((R, X, D3), 2),
    ((Y, X, GO), 2),
    ((Y, X, SKIP), 1),
    ((Y, X, D3), 2),
    ((G, X, GO), 1),
    ((G, X, SKIP), 2),
    ((G, X, D3), 1),
    ((B, X, GO), 1),
    ((B, X, SKIP), 2),
    ((B, X, D3), 1),
    ((CLOSER, CLOSER, CLOSER), 1),
)


def _cardtable_6() -> Deck:
    """The first model, kept for comparison: six colours, 66 X (``cardtable-6``)."""
    colours = (RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE)
    cards: list[Segments] = []
    for i, a in enumerate(colours):
        for j in range(i + 1, len(colours)):
            for k in range(j + 1, len(colours)):
                cards.append((a, colours[j], colours[k]))
    cards += [(a, b, X) for a in colours for b in colours if a != b]
    cards += [(a, a, X) for a in colours]
    cards += [(a, X, X) for a in colours]
    cards += [(act, c, X) for act in ACTIONS for c in colours]
    ro, oy, yg, gb, bp, pr = (
        (RED, ORANGE),
        (ORANGE, YELLOW),
        (YELLOW, GREEN),
        (GREEN, BLUE),
        (BLUE, PURPLE),
        (PURPLE, RED),
    )
    cards += [(GO, *pair) for pair in (ro, oy, yg, gb, bp)]
    cards += [(SKIP, *pair) for pair in (pr, ro, oy, yg)]
    cards += [(D3, *pair) for pair in (gb, bp, pr, ro)]
    cards.append((CLOSER, CLOSER, CLOSER))
    return tuple((c, 1) for c in cards)


CARDTABLE_6: Deck = _cardtable_6()

DECKS: dict[str, Deck] = {"cardtable-4": CARDTABLE_4, "cardtable-6": CARDTABLE_6}


def cards_of(name: str) -> list[Segments]:
    """One entry per physical card, in deck-list order."""
    return [segs for segs, count in DECKS[name] for _ in range(count)]


def types_of(name: str) -> list[Segments]:
    """The distinct cards of a deck (rotations are the same card), in deck-list order."""
    out: list[Segments] = []
    for segs, _count in DECKS[name]:
        if not any(same_card(segs, t) for t in out):
            out.append(segs)
    return out


def rotate(segs: Segments, k: int) -> Segments:
    """The segments starting from the k-th (what rotation k shows on the edges, in order)."""
    return (segs[k % 3], segs[(k + 1) % 3], segs[(k + 2) % 3])


def same_card(a: Segments, b: Segments) -> bool:
    return any(rotate(a, k) == b for k in range(3))


def segment_text(seg: int) -> str:
    return _TEXT[seg]


def segment_word(seg: int) -> str:
    """The segment in words, for descriptions."""
    return _WORDS[seg]


def segment_from_text(text: str) -> int | None:
    return _BY_TEXT.get(text.upper())


def card_name(segs: Segments) -> str:
    """``R-Y-G``; the Closer is ``Closer``."""
    if segs[0] == CLOSER:
        return "Closer"
    return "-".join(_TEXT[s] for s in segs)


def matches(a: int, b: int) -> bool:
    """Do two faces across an edge match (NL-R4)? Same colour or same action; X never; the
    Closer's faces are handled by the Closer's own rule (NL-R5)."""
    return a == b and a != X and a != CLOSER
