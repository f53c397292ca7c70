"""Rng.shuffle_batched: the search's sample shuffle is uniform and the same in both builds.

The search deals every determinised sample with it, so a biased or broken shuffle would make the
bots imagine the hidden cards wrongly without any game test noticing. These tests check it against
a reference written differently (xoshiro128** in C-sized words, each batch's indices read off as
the mixed-radix digits of one multiply-shift), pin one stream so the plain and the compiled
engine cannot drift apart, and check uniformity with chi-square tests at fixed seeds.
"""

from __future__ import annotations

import ctypes
import itertools
from collections import Counter

import pytest

from cardtable.core import Rng
from cardtable.core import rng as rng_module


class ReferenceXoshiro128:
    """xoshiro128** as its authors write it in C, on 32-bit unsigned words."""

    def __init__(self, words: tuple[int, int, int, int]) -> None:
        self.s = [ctypes.c_uint32(w) for w in words]

    @staticmethod
    def rotl(x: int, k: int) -> int:
        return ctypes.c_uint32((x << k) | (x >> (32 - k))).value

    def next(self) -> int:
        s = [w.value for w in self.s]
        result = ctypes.c_uint32(self.rotl(ctypes.c_uint32(s[1] * 5).value, 7) * 9).value
        t = ctypes.c_uint32(s[1] << 9).value
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = self.rotl(s[3], 11)
        self.s = [ctypes.c_uint32(w) for w in s]
        return result


def reference_shuffle(seed: int, items: list[int]) -> list[int]:
    """Fisher–Yates by batches of positions: one exactly uniform draw below each batch's product."""
    outer = Rng(seed)
    a, b = outer.next_u64(), outer.next_u64()
    gen = ReferenceXoshiro128((a % 2**32, a >> 32, b % 2**32, b >> 32))
    out = items[:]
    i = len(out) - 1
    while i > 0:
        bounds = [i + 1]
        while i - len(bounds) >= 1 and (prod(bounds) * (i - len(bounds) + 1)) < 2**30:
            bounds.append(i - len(bounds) + 1)
        p = prod(bounds)
        while True:
            word = gen.next()
            if (word * p) % 2**32 >= 2**32 % p:  # Lemire: reject the few biased outputs
                break
        quotient = (word * p) >> 32  # uniform in [0, p)
        digits = []
        for bound in reversed(bounds):  # the last position's index is the lowest digit
            quotient, digit = divmod(quotient, bound)
            digits.append(digit)
        for k, j in zip(range(i, i - len(bounds), -1), reversed(digits), strict=True):
            out[k], out[j] = out[j], out[k]
        i -= len(bounds)
    return out


def prod(values: list[int]) -> int:
    result = 1
    for v in values:
        result *= v
    return result


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 13, 52, 90, 104, 300])
def test_shuffle_batched_matches_the_reference(n: int) -> None:
    for seed in range(5):
        items = list(range(n))
        Rng(seed).shuffle_batched(items)
        assert items == reference_shuffle(seed, list(range(n)))


def test_shuffle_batched_advances_the_generator_by_two_steps() -> None:
    rng, twice = Rng(11), Rng(11)
    rng.shuffle_batched(list(range(40)))
    twice.next_u64()
    twice.next_u64()
    assert rng.state == twice.state


def test_shuffle_batched_stream_is_pinned() -> None:
    """The same in the plain and the compiled engine (the suite runs in both) and over time."""
    items = list(range(12))
    Rng(2026).shuffle_batched(items)
    assert items == PINNED


PINNED = [10, 1, 5, 6, 4, 3, 8, 0, 11, 7, 9, 2]


def test_batch_table_is_maximal_and_below_the_limit() -> None:
    """Each batch's product of bounds fits (so output × product stays a machine integer compiled)
    and no batch could take one more position without exceeding it."""
    lasts, products = rng_module._BATCH_LAST, rng_module._BATCH_PRODUCT
    for i in range(1, len(lasts)):
        last, product = lasts[i], products[i]
        assert 1 <= last <= i
        assert product == prod(list(range(last + 1, i + 2)))
        assert product < rng_module._BATCH_PRODUCT_LIMIT or last == i
        assert last == 1 or product * last >= rng_module._BATCH_PRODUCT_LIMIT
        assert (2**32 - 1) * product < 2**62


def test_long_lists_fall_back_to_the_plain_shuffle() -> None:
    n = rng_module._BATCHED_MAX_ITEMS
    batched, plain = list(range(n)), list(range(n))
    Rng(5).shuffle_batched(batched)
    Rng(5).shuffle(plain)
    assert batched == plain


def test_every_permutation_is_equally_likely() -> None:
    """Chi-square over the 24 orders of 4 items (23 degrees of freedom; 60 is p < 1e-5)."""
    rng = Rng(99)
    counts: Counter[tuple[int, ...]] = Counter()
    draws = 48_000
    for _ in range(draws):
        items = [0, 1, 2, 3]
        rng.shuffle_batched(items)
        counts[tuple(items)] += 1
    expected = draws / 24
    assert set(counts) == set(itertools.permutations(range(4)))
    chi2 = sum((counts[p] - expected) ** 2 / expected for p in counts)
    assert chi2 < 60, chi2


def test_every_card_reaches_every_position_evenly() -> None:
    """A 90-card pool (Nacho Loco's size): chi-square per card over its 90 positions."""
    rng = Rng(7)
    n, draws = 90, 9_000
    where = [[0] * n for _ in range(n)]
    for _ in range(draws):
        items = list(range(n))
        rng.shuffle_batched(items)
        for position, card in enumerate(items):
            where[card][position] += 1
    expected = draws / n
    # 89 degrees of freedom: the 1e-4 critical value is about 148; allow the worst of 90 cards.
    worst = max(sum((c - expected) ** 2 / expected for c in row) for row in where)
    assert worst < 160, worst
