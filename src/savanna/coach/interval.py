"""Confidence intervals of the coach's estimates (standard library only).

Every simulated number the coach shows carries a 95% interval:

* a mean score: Student's t interval on the per-sample values (``mean ± t·s/√n``),
  clipped to the game's score bounds; with one sample, the whole score range;
* a chance (an odds entry, a win probability): the Wilson score interval, which keeps
  its coverage near 0 and 1 where the normal one collapses. A sample may itself be an
  exact probability (the rest of the game enumerated for that determinization); its
  variance is then smaller than a coin's, so Wilson's interval is conservative there.

Example:
    >>> low, high = wilson(0.5, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> round(t_quantile(10), 3)
    2.228
"""

from __future__ import annotations

import math
from typing import Final

__all__ = ["LEVEL", "Z", "mean_interval", "t_quantile", "wilson"]

LEVEL: Final = 0.95
"""The confidence level of every interval the coach reports."""
Z: Final = 1.959963984540054
"""The standard normal quantile of 0.975 (two-sided 95%)."""

_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)
"""Student's t quantile of 0.975 for 1 to 30 degrees of freedom (standard tables)."""


def t_quantile(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom (``df >= 1``).

    Tabulated up to 30; beyond, the Cornish-Fisher expansion around the normal quantile
    (within 0.001 of the exact value there).
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def mean_interval(n: int, total: float, total_sq: float, low: float, high: float) -> tuple[float, float, float]:
    """The mean of ``n`` values and its 95% t interval, clipped to ``[low, high]``.

    Args:
        n: the number of values (at least 1).
        total: their sum; ``total_sq``: the sum of their squares.
        low, high: the bounds every value lies in (the game's score bounds).

    Returns:
        ``(mean, lower, upper)``; with one value the interval is ``[low, high]``.
    """
    mean = total / n
    if n < 2:
        return mean, low, high
    variance = max(0.0, (total_sq - total * total / n) / (n - 1))
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return mean, max(low, mean - half), min(high, mean + half)


def wilson(p: float, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` observed over ``n`` samples.

    Exactly 0 and 1 at the extremes' own side (``p == 0`` gives a lower bound of 0).
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, p))
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return low, high
