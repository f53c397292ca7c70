"""Statistics a designer can trust: proportions with Wilson intervals and tests against parity.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> round(binomial_p_value(60, 100, 0.5), 4)
0.0569
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_p_value(successes: float, trials: int, p0: float) -> float:
    """Two-sided p-value of ``successes`` in ``trials`` against a true rate ``p0``.

    Exact binomial for small samples, the normal approximation with continuity correction for
    large ones (where the two agree to many places). Ties count as half a win, so ``successes``
    may be fractional; it is rounded to the nearest whole number of wins here.
    """
    k = round(successes)
    if trials <= 0:
        return 1.0
    if trials <= 2000:
        pk = _pmf(k, trials, p0)
        return min(
            1.0,
            sum(
                _pmf(i, trials, p0)
                for i in range(trials + 1)
                if _pmf(i, trials, p0) <= pk * (1 + 1e-9)
            ),
        )
    mean, sd = trials * p0, math.sqrt(trials * p0 * (1 - p0))
    z = (abs(k - mean) - 0.5) / sd if sd > 0 else 0.0
    return min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))


def _pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 1.0 if k == 0 else 0.0
    if p >= 1.0:
        return 1.0 if k == n else 0.0
    log = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
    return math.exp(log + k * math.log(p) + (n - k) * math.log(1 - p))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with a normal-approximation interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def mean_interval(mean: float, sd: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean with a normal-approximation interval from the mean, sample SD and count (what a
    database aggregate gives: ``avg``, ``stddev_samp``, ``count``)."""
    if n <= 1:
        return mean, mean, mean
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def ratio_interval(
    sy: float, sx: float, syy: float, sxy: float, sxx: float, n: int, z: float = Z95
) -> tuple[float, float, float]:
    """A ratio of sums ``R = Σy / Σx`` over ``n`` independent games, with its delta-method
    interval: a bot's win share over the seats it held, where ``y`` is what the bot won in a
    game and ``x`` how many seats it held. Seats of one game are not independent of each other;
    games are, so the variance is taken over games (sums of y, x, y², xy, x² given)."""
    if n <= 1 or sx <= 0:
        r = sy / sx if sx > 0 else 0.0
        return r, r, r
    r = sy / sx
    residual = max(0.0, syy - 2 * r * sxy + r * r * sxx) / (n - 1)
    half = z * math.sqrt(residual / n) / (sx / n)
    return r, r - half, r + half


def chi_square_p(statistic: float, df: int) -> float:
    """Upper tail of the chi-square distribution with ``df`` (a positive integer) degrees of
    freedom, in closed form (no SciPy needed).

    >>> round(chi_square_p(3.841, 1), 3), round(chi_square_p(5.991, 2), 3)
    (0.05, 0.05)
    >>> round(chi_square_p(7.815, 3), 3), round(chi_square_p(11.345, 3), 3)
    (0.05, 0.01)
    """
    if df < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    x = max(statistic, 0.0)
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= (x / 2) / i
            total += term
        return min(1.0, math.exp(-x / 2) * total)
    root = math.sqrt(x)
    tail = math.erfc(root / math.sqrt(2))
    term, total = root, 0.0
    for r in range(1, (df - 1) // 2 + 1):
        total += term
        term *= x / (2 * r + 1)
    density = math.exp(-x / 2) / math.sqrt(2 * math.pi)
    return min(1.0, tail + 2 * density * total)


def chi_square_even(counts: list[float]) -> tuple[float, float]:
    """Chi-square statistic and p-value of ``counts`` against an even split (df = len - 1)."""
    total = sum(counts)
    if len(counts) < 2 or total <= 0:
        return 0.0, 1.0
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return statistic, chi_square_p(statistic, len(counts) - 1)
