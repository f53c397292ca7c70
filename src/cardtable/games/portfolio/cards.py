"""The cards of Portfolio as data: two or three standard decks (docs/rules/portfolio.md).

Card ids run deck by deck; copies from different decks share a name (``7H``) and are
interchangeable. Ranks: Ace = 1 (low) .. King = 13; no wrap-around.

>>> NAME_OF[(12, 2)], value(7), value(13), colour_suits(2)
('QH', 3, 4, (1, 2))
"""

from __future__ import annotations

from typing import Final

SUITS: Final = ("C", "D", "H", "S")
SUIT_WORDS: Final = ("clubs", "diamonds", "hearts", "spades")
RED: Final = (False, True, True, False)  # clubs and spades black, diamonds and hearts red
RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE: Final = 1
KING: Final = 13


def value(rank: int) -> int:
    """A card's worth in a portfolio: A-6 $2, 7-10 $3, J-K $4."""
    return 2 if rank <= 6 else 3 if rank <= 10 else 4


def colour_suits(suit: int) -> tuple[int, int]:
    """The two suits of ``suit``'s colour, in suit order."""
    return (1, 2) if RED[suit] else (0, 3)


NAME_OF: Final[dict[tuple[int, int], str]] = {
    (rank, suit): f"{RANK_NAMES[rank]}{SUITS[suit]}" for rank in range(1, 14) for suit in range(4)
}
#: Index of a card name 0..51 (rank-major), used by actions that name a card.
FACE_INDEX: Final[dict[str, int]] = {
    NAME_OF[(rank, suit)]: (rank - 1) * 4 + suit for rank in range(1, 14) for suit in range(4)
}
FACE_NAMES: Final[tuple[str, ...]] = tuple(
    NAME_OF[(rank, suit)] for rank in range(1, 14) for suit in range(4)
)


def decks_for(num_players: int) -> int:
    """Two decks for 2-3 players, three for 4-5 (PF components)."""
    return 2 if num_players <= 3 else 3


def card_tables(decks: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    """Per card id: rank, suit and name, for ``decks`` full decks."""
    ranks, suits, names = [], [], []
    for _ in range(decks):
        for suit in range(4):
            for rank in range(1, 14):
                ranks.append(rank)
                suits.append(suit)
                names.append(NAME_OF[(rank, suit)])
    return tuple(ranks), tuple(suits), tuple(names)


#: Per card id, for up to three decks: rank, suit and face index. Card ids run deck by deck, so
#: the two-deck tables are a prefix of these and every table size can share them.
_TABLES3 = card_tables(3)
RANK_OF: Final[tuple[int, ...]] = _TABLES3[0]
SUIT_OF: Final[tuple[int, ...]] = _TABLES3[1]
_NAMES3 = _TABLES3[2]
FACE_OF: Final[tuple[int, ...]] = tuple(FACE_INDEX[name] for name in _NAMES3)


def draw_cost(n: int) -> int:
    """Total cost of drawing ``n`` cards: the first free, then $2, $3, $4 … each."""
    return n * (n + 1) // 2 - 1 if n >= 1 else 0
