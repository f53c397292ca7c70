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


# SplitMix64 itself: the games' deals, every seeded game and every saved record depend on this
# stream, so it is pinned output by output, and checked against a reference on C-sized words, at
# seeds whose states cross 2**63 (where a signed machine word and the unsigned state differ).


def reference_splitmix(state: int) -> tuple[int, int]:
    """The next state and output of SplitMix64 as its authors write it, on 64-bit unsigned words."""
    x = ctypes.c_uint64(state + 0x9E3779B97F4A7C15).value
    z = ctypes.c_uint64((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9).value
    z = ctypes.c_uint64((z ^ (z >> 27)) * 0x94D049BB133111EB).value
    return x, z ^ (z >> 31)


SEEDS = [0, 1, 2026, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, -5, 3**50]


@pytest.mark.parametrize("seed", SEEDS)
def test_next_u64_matches_the_reference(seed: int) -> None:
    rng, state = Rng(seed), seed % 2**64
    for _ in range(200):
        state, expected = reference_splitmix(state)
        assert rng.next_u64() == expected
        assert rng.state == state


@pytest.mark.parametrize("seed", SEEDS)
def test_below_and_shuffle_match_multiply_shift_on_the_reference(seed: int) -> None:
    rng, state = Rng(seed), seed % 2**64
    for n in [1, 2, 3, 7, 52, 90, 1000, 2**31 - 1, 2**31, 2**31 + 1, 2**40, 2**63, 2**64 + 3]:
        state, word = reference_splitmix(state)
        assert rng.below(n) == (word * n) >> 64
    items = list(range(60))
    expected = items[:]
    for i in range(len(expected) - 1, 0, -1):
        state, word = reference_splitmix(state)
        j = (word * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    rng.shuffle(items)
    assert items == expected
    assert rng.state == state


def test_splitmix_stream_is_pinned() -> None:
    """Literal outputs, the same in the plain and the compiled engine and over time."""
    outputs = {}
    for seed in (0, 2026, 2**63 - 1, 2**64 - 1, -5):
        rng = Rng(seed)
        outputs[seed] = ([hex(rng.next_u64()) for _ in range(3)], rng.state)
    assert outputs == {
        0: (
            ["0xe220a8397b1dcdaf", "0x6e789e6aa1b965f4", "0x6c45d188009454f"],
            15755400384260043839,
        ),
        2026: (
            ["0xdb9c559891948d23", "0x78bc927ded35455d", "0xaad71e75cde2b88e"],
            15755400384260045865,
        ),
        2**63 - 1: (
            ["0x2a67d7552e039ea7", "0xf20c01408082f947", "0xec159351af424190"],
            6532028347405268030,
        ),
        2**64 - 1: (
            ["0xe4d971771b652c20", "0xe99ff867dbf682c9", "0x382ff84cb27281e9"],
            15755400384260043838,
        ),
        -5: (
            ["0x16b1cba95fc60262", "0x8ebb778c6d801508", "0xe1eb9bb664460c41"],
            15755400384260043834,
        ),
    }


def test_below_random_shuffle_choice_and_fork_are_pinned() -> None:
    rng = Rng(2026)
    bounds = [1, 2, 3, 10, 52, 1000, 2**31, 2**31 + 1, 2**40, 2**63]
    assert [rng.below(n) for n in bounds] == [
        0, 0, 2, 3, 41, 726, 2046573198, 1727750771, 368166662426, 2121965626119693217
    ]  # fmt: skip
    rng = Rng(7)
    assert [rng.random() for _ in range(3)] == [
        0.3898297483912715, 0.01678829452815611, 0.9007606806068834
    ]  # fmt: skip
    rng, items = Rng(31), list(range(20))
    rng.shuffle(items)
    assert items == [11, 15, 18, 0, 6, 10, 1, 13, 2, 12, 8, 3, 7, 5, 4, 19, 17, 9, 14, 16]
    assert rng.state == 13699396756335703470
    rng = Rng(31)
    assert (rng.fork().state, rng.state, rng.copy().state) == (
        15517599431202433770, 11400714819323198516, 11400714819323198516
    )  # fmt: skip
    rng = Rng(12)
    assert [rng.choice(list("abcdefg")) for _ in range(8)] == list("egbgfcaf")


def test_below_refuses_a_bound_below_one() -> None:
    for n in (0, -1):
        with pytest.raises(ValueError, match="positive bound"):
            Rng(1).below(n)
