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

from types import FunctionType
from typing import Final, Generic, TypeVar

from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
_TWO32: Final = 1 << 32
_TWO31: Final = 1 << 31
_TWO63: Final = 1 << 63
_TWO64: Final = 1 << 64
_LOW53: Final = (1 << 53) - 1
#: The largest seed kept as it is without arbitrary-precision arithmetic (mypyc's machine
#: integers hold values below 2**62; a seed from 0 to this is its own state in both builds).
_SHORT_MAX: Final = (1 << 62) - 1
_INV53: Final = 1.0 / (1 << 53)


def _signed(value: int) -> i64:
    """The signed 64-bit word with the bits of the unsigned 64-bit ``value``."""
    return value - _TWO64 if value >= _TWO63 else value


#: SplitMix64's constants as signed 64-bit words (the same bits), for the machine-word path
#: below. Computed, not written as literals: mypyc keeps a literal beyond 2**62 as a Python int
#: and converts it on every use, where a computed Final word is a C variable.
_GOLDEN_W: Final[i64] = _signed(_GOLDEN)
_MIX1_W: Final[i64] = _signed(0xBF58476D1CE4E5B9)
_MIX2_W: Final[i64] = _signed(0x94D049BB133111EB)
#: A batch's product of bounds stays below this, so an output times it stays below 2**62.
_BATCH_PRODUCT_LIMIT: Final = 1 << 30
#: Longer lists (never a card game's) fall back to :meth:`Rng.shuffle`; the batch table below
#: has an entry per position up to this.
_BATCHED_MAX_ITEMS: Final = 1 << 12


def _mix(x: i64) -> i64:
    """SplitMix64's output for the state ``x``, on a signed 64-bit word holding its bits.

    Compiled, the products wrap modulo 2**64 as the algorithm needs (machine arithmetic; the
    build passes ``-fwrapv``) and ``(x >> k) & mask`` is the unsigned shift. As plain Python the
    products would not wrap, so plain Python never calls this (see ``_WORDS``).
    """
    z = (x ^ ((x >> 30) & 0x3FFFFFFFF)) * _MIX1_W
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_W
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _high_word(z: i64, n: i64) -> i64:
    """``(u * n) >> 64`` for the unsigned word ``u`` whose bits ``z`` holds, and 0 < n <= 2**31.

    Split into 32-bit halves, every partial product stays below 2**63: Lemire's multiply-shift
    on machine words, the same value as the arbitrary-precision product.
    """
    return (((z >> 32) & 0xFFFFFFFF) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32


def _words() -> bool:
    """Does this build run the generator on machine words? Compiled (mypyc) it does.

    Plain Python keeps arbitrary-precision integers, which are exact there, and where machine
    words would not wrap. A compiled build whose arithmetic does not wrap would give other
    streams than every seeded game and record expects: it is refused at import.
    """
    if isinstance(_mix, FunctionType):
        return False
    if int(_mix(_GOLDEN_W)) & _MASK != 0xE220A8397B1DCDAF:  # SplitMix64's first output at seed 0
        raise ImportError("cardtable.core.rng was compiled without wrapping integer arithmetic")
    return True


_WORDS: Final = _words()


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


#: Declared ``Final`` one by one: compiled, a module constant that is not ``Final`` is looked up
#: in the module's dictionary on every use, and the shuffle reads these once per batch (4% of a
#: Piece of the Action search, docs/performance.md "Eighth sitting").
_BATCH_LAST: Final[tuple[int, ...]] = _batch_table()[0]
_BATCH_PRODUCT: Final[tuple[int, ...]] = _batch_table()[1]

T = TypeVar("T")


class Rng:
    """SplitMix64. :attr:`state` is the whole state; copy it to fork the stream.

    Compiled, the state is kept as a signed 64-bit word holding the state's bits, and every
    draw runs on machine words (``_mix``, ``_high_word``); as plain Python it is the unsigned
    integer itself. Both give the same streams (tests/core/test_rng.py pins them, and checks
    them against a reference on C-sized words); :attr:`state` is the unsigned value in both.
    """

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        if 0 <= seed <= _SHORT_MAX:
            # Most seeds (and every copy's and fork's placeholder 0): no 64-bit mask, which
            # compiled is arbitrary-precision arithmetic, for the same state.
            self._s: i64 = seed
            return
        s = seed & _MASK
        if _WORDS and s >= _TWO63:
            s -= _TWO64
        self._s = s

    @property
    def state(self) -> int:
        """The whole state as an unsigned 64-bit integer (what clones and records store)."""
        if _WORDS:
            return int(self._s) & _MASK
        return int(self._s)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        if _WORDS:
            w = self._s + _GOLDEN_W
            self._s = w
            return int(_mix(w)) & _MASK
        x = (int(self._s) + _GOLDEN) & _MASK
        self._s = x
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ (x >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (Lemire's multiply-shift; bias below 2**-50 here)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if _WORDS and n <= _TWO31:
            w = self._s + _GOLDEN_W
            self._s = w
            return _high_word(_mix(w), n)
        return (self.next_u64() * n) >> 64

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        if _WORDS:
            w = self._s + _GOLDEN_W
            self._s = w
            return float((_mix(w) >> 11) & _LOW53) * _INV53
        return (self.next_u64() >> 11) * _INV53

    def choice(self, items: list[T]) -> T:
        """A uniformly chosen element of a non-empty list."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates shuffle in place; the same stream as calling ``below(i + 1)`` for each i.

        The generator step is inlined: shuffles are the hot path of dealing and determinisation.
        """
        if _WORDS and len(items) <= _TWO31:
            w = self._s
            i: i64 = len(items) - 1
            while i > 0:
                w += _GOLDEN_W
                j = _high_word(_mix(w), i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1
            self._s = w
            return
        x = int(self._s)
        for k in range(len(items) - 1, 0, -1):
            x = (x + _GOLDEN) & _MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (k + 1)) >> 64
            items[k], items[j] = items[j], items[k]
        self._s = x

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
        StagedShuffle(self, items).down_to(0)

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one step):
        ``Rng(self.next_u64())``, on machine words when compiled (no 64-bit Python int)."""
        if _WORDS:
            w = self._s + _GOLDEN_W
            self._s = w
            new = Rng(0)
            new._s = _mix(w)
            return new
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        """A generator that will produce exactly the same stream as this one.

        The state word is copied as it is (every clone copies a generator): no conversion to
        the unsigned value and back."""
        new = Rng(0)
        new._s = self._s
        return new


class StagedShuffle(Generic[T]):
    """:meth:`Rng.shuffle_batched` in stages, for a sampler that may reject a deal early.

    Fisher–Yates deals from the last position down, and a position's item is final once it is
    dealt: after :meth:`down_to` ``(stop)`` every position from ``stop`` on holds the item the
    whole shuffle would leave there. The search's sampler checks those first (Piece of the
    Action's hands, dealt last in slot order, must hold no X card: POTA-R3) and drops a wrong
    deal without shuffling the rest. Both draws from the generator are taken here, at the
    start, as :meth:`Rng.shuffle_batched` takes them, so the generator is left the same
    whether or not the shuffle is finished; finished, the items are ``shuffle_batched``'s.
    """

    __slots__ = ("_i", "_s0", "_s1", "_s2", "_s3", "items")

    def __init__(self, rng: Rng, items: list[T]) -> None:
        self.items = items
        n = len(items)
        self._i: i64 = n - 1
        self._s0: i64 = 0
        self._s1: i64 = 0
        self._s2: i64 = 0
        self._s3: i64 = 0
        if n >= _BATCHED_MAX_ITEMS:  # never a card game's: the plain shuffle, all at once
            rng.shuffle(items)
            self._i = 0
            return
        # xoshiro128**'s four 32-bit words from two outputs of the generator. Compiled, the
        # outputs stay machine words (no 64-bit Python int); the same bits in both builds.
        if _WORDS:
            w = rng._s + _GOLDEN_W
            a = _mix(w)
            w += _GOLDEN_W
            b = _mix(w)
            rng._s = w
            self._s0 = a & _M32
            self._s1 = (a >> 32) & _M32
            self._s2 = b & _M32
            self._s3 = (b >> 32) & _M32
        else:
            x = rng.next_u64()
            y = rng.next_u64()
            self._s0 = x & _M32
            self._s1 = x >> 32
            self._s2 = y & _M32
            self._s3 = y >> 32
        if not (self._s0 | self._s1 | self._s2 | self._s3):
            self._s0 = 1  # xoshiro's one forbidden state

    def down_to(self, stop: int) -> None:
        """Shuffle on until every position from ``stop`` on holds its final item (whole
        batches, so a few positions below ``stop`` may be final too); ``0`` finishes it.

        Fisher–Yates whose indices come from xoshiro128** (Blackman and Vigna), several per
        output by batched multiply-shift with rejection (Brackett-Rozinsky and Lemire,
        "Batched ranged random integer generation", 2024): an output times the product of a
        batch of bounds, read in mixed radix, gives one index per bound, exactly uniform once
        the rare biased outputs are rejected. Every value stays below 2**62, so no product
        wraps: machine integers compiled, the same numbers in plain Python.
        """
        items = self.items
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        i = self._i
        while i > 0 and i >= stop:
            # This batch deals positions i down to `last`, whose bounds multiply to `product`.
            last: i64 = _BATCH_LAST[i]
            product: i64 = _BATCH_PRODUCT[i]
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
            k = i
            while k >= last:
                word *= k + 1
                j = word >> 32
                word &= _M32
                items[k], items[j] = items[j], items[k]
                k -= 1
            i = last - 1
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3
        self._i = i
