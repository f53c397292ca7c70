"""The sampler's shortcuts in the generator: a staged shuffle, a fork and a seed on machine words.

The search's sampler (core/determinize.py) shuffles a deal in stages so that it can drop a deal
whose last positions break a public fact before shuffling the rest, forks each sample's generator
without a 64-bit Python int, and seeds generators without the 64-bit mask when it is not needed.
Each must give exactly what the plain calls give: the same items, the same generator states, in
both builds (the suite runs these tests plain and compiled).
"""

from __future__ import annotations

import pytest

from cardtable.core.rng import Rng, StagedShuffle

SIZES = (0, 1, 2, 3, 12, 60, 95, 108, 200)


@pytest.mark.parametrize("n", SIZES)
def test_a_finished_staged_shuffle_is_shuffle_batched(n: int) -> None:
    for seed in (0, 5, 2**63 + 7, 2**64 - 1):
        plain, staged = Rng(seed), Rng(seed)
        expected = list(range(n))
        plain.shuffle_batched(expected)
        shuffle = StagedShuffle(staged, list(range(n)))
        assert staged.state == plain.state  # both draws taken at the start
        shuffle.down_to(0)
        assert shuffle.items == expected
        assert staged.state == plain.state


@pytest.mark.parametrize("n", SIZES)
def test_positions_from_the_stop_on_are_final(n: int) -> None:
    """After ``down_to(stop)`` the positions from ``stop`` on hold their final items; going on
    from there, in any number of stages, ends where the one-go shuffle ends."""
    for seed in range(4):
        expected = list(range(n))
        Rng(seed).shuffle_batched(expected)
        for stop in range(n + 1):
            shuffle = StagedShuffle(Rng(seed), list(range(n)))
            shuffle.down_to(stop)
            assert shuffle.items[stop:] == expected[stop:], (n, seed, stop)
            shuffle.down_to(stop // 2)
            assert shuffle.items[stop // 2 :] == expected[stop // 2 :]
            shuffle.down_to(0)
            assert shuffle.items == expected


def test_long_lists_fall_back_to_the_plain_shuffle() -> None:
    n = 5000  # beyond the batch table: Rng.shuffle, all at once, as shuffle_batched does
    expected = list(range(n))
    Rng(3).shuffle(expected)
    rng = Rng(3)
    shuffle = StagedShuffle(rng, list(range(n)))
    assert shuffle.items == expected
    shuffle.down_to(0)
    assert shuffle.items == expected
    plain = Rng(3)
    plain.shuffle(list(range(n)))
    assert rng.state == plain.state


def test_fork_is_a_generator_seeded_with_the_next_output() -> None:
    for seed in (0, 1, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 12345678901234567):
        forking, drawing = Rng(seed), Rng(seed)
        child = forking.fork()
        expected = Rng(drawing.next_u64())
        assert child.state == expected.state
        assert forking.state == drawing.state
        assert [child.next_u64() for _ in range(3)] == [expected.next_u64() for _ in range(3)]


@pytest.mark.parametrize(
    "seed", [0, 1, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**70 + 3, -1, -(2**63)]
)
def test_a_seed_is_its_value_modulo_two_to_the_64(seed: int) -> None:
    """Seeds below 2**62 skip the mask; every seed still gives the state ``seed mod 2**64``."""
    rng = Rng(seed)
    assert rng.state == seed % 2**64
    x = (seed % 2**64 + 0x9E3779B97F4A7C15) % 2**64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) % 2**64
    assert rng.next_u64() == x ^ (x >> 31)
