"""A small seeded random number generator whose whole state is one integer.

Why not ``random.Random``: its state is 625 words, so cloning a game state for search would copy
it every time, and its shuffle algorithm is not promised to stay the same across Python versions.
This is SplitMix64 (Steele, Lea and Flood, 2014): fast, statistically sound for games, trivially
cloned and serialised as a single int, and identical on every platform.

>>> rng = Rng(7)
>>> deck = list(range(10))
>>> rng.shuffle(deck)
>>> sorted(deck) == list(range(10))
True
>>> Rng(7).below(100) == Rng(7).below(100)
True
"""

from __future__ import annotations

from typing import Final, TypeVar

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
_TWO32: Final = 1 << 32
#: A batch's product of bounds stays below this, so an output times it stays below 2**62.
_BATCH_PRODUCT_LIMIT: Final = 1 << 30
#: Longer lists (never a card game's) fall back to :meth:`Rng.shuffle`; the batch table below
#: has an entry per position up to this.
_BATCHED_MAX_ITEMS: Final = 1 << 12


def _batch_table() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each position i, where a batch that starts there ends and its product of bounds.

    A batch deals positions i, i - 1, ..., last (bounds i + 1, i, ..., last + 1) while the
    product stays below the limit.
    """
    lasts = [0, 1]
    products = [1, 2]
    for i in range(2, _BATCHED_MAX_ITEMS):
        product = i + 1
        last = i
        while last > 1 and product * last < _BATCH_PRODUCT_LIMIT:
            product *= last
            last -= 1
        lasts.append(last)
        products.append(product)
    return tuple(lasts), tuple(products)


_BATCH_LAST, _BATCH_PRODUCT = _batch_table()

T = TypeVar("T")


class Rng:
    """SplitMix64. ``state`` is the whole state; copy it to fork the stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = x = (self.state + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ (x >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (Lemire's multiply-shift; bias below 2**-50 here)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return (self.next_u64() * n) >> 64

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: list[T]) -> T:
        """A uniformly chosen element of a non-empty list."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates shuffle in place; the same stream as calling ``below(i + 1)`` for each i.

        The generator step is inlined: shuffles are the hot path of dealing and determinisation.
        """
        x = self.state
        for i in range(len(items) - 1, 0, -1):
            x = (x + _GOLDEN) & _MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = x

    def shuffle_batched(self, items: list[T]) -> None:
        """A uniform shuffle for the samples of a search, faster than :meth:`shuffle`.

        Fisher–Yates whose indices come from a 32-bit xoshiro128** generator (Blackman and
        Vigna) seeded from two outputs of this one, several indices per output by batched
        multiply-shift with rejection (Brackett-Rozinsky and Lemire, "Batched ranged random
        integer generation", 2024): an output times the product of a batch of bounds, read in
        mixed radix, gives one index per bound, exactly uniform once the rare biased outputs
        are rejected. Every intermediate value stays below 2**62, so compiled (mypyc) it runs
        on machine integers, where SplitMix64's 64-bit products need arbitrary-precision ones.
        The stream is not :meth:`shuffle`'s: a game's own shuffles use that one, which seeded
        games and records depend on; nothing replays a search's samples.

        >>> cards = list(range(52))
        >>> Rng(3).shuffle_batched(cards)
        >>> sorted(cards) == list(range(52)), cards != list(range(52))
        (True, True)
        """
        n = len(items)
        if n >= _BATCHED_MAX_ITEMS:
            self.shuffle(items)
            return
        a = self.next_u64()
        b = self.next_u64()
        s0, s1, s2, s3 = a & _M32, a >> 32, b & _M32, b >> 32
        if not (s0 | s1 | s2 | s3):
            s0 = 1  # xoshiro's one forbidden state
        i = n - 1
        while i > 0:
            # This batch deals positions i down to `last`, whose bounds multiply to `product`.
            last = _BATCH_LAST[i]
            product = _BATCH_PRODUCT[i]
            while True:
                x = (s1 * 5) & _M32
                word = ((((x << 7) | (x >> 25)) & _M32) * 9) & _M32
                t = (s1 << 9) & _M32
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = ((s3 << 11) | (s3 >> 21)) & _M32
                low = (word * product) & _M32
                if low >= product or low >= (_TWO32 - product) % product:
                    break
            for k in range(i, last - 1, -1):
                word *= k + 1
                j = word >> 32
                word &= _M32
                items[k], items[j] = items[j], items[k]
            i = last - 1

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        """A generator that will produce exactly the same stream as this one."""
        return Rng(self.state)
