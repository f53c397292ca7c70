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
