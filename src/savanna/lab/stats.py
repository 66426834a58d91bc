"""Small statistics for simulation reports: Wilson intervals and distribution summaries.

>>> lo, hi = wilson_interval(40, 100)
>>> round(lo, 3), round(hi, 3)
(0.309, 0.498)
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

__all__ = ["Z95", "bin_numbers", "describe", "holm", "natural_key", "number_key", "wilson_interval"]

Z95 = statistics.NormalDist().inv_cdf(0.975)
"""The two-sided 95% quantile of the standard normal distribution (about 1.96)."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    It stays inside ``[0, 1]`` and behaves well for rates near 0 or 1 and small samples,
    unlike the normal approximation. With no trials the interval is ``(0, 1)``.

    Raises:
        ValueError: for negative counts or more successes than trials.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The bounds are exactly 0 with no success and 1 with no failure (rounding aside).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def number_key(value: float) -> str:
    """A stable text key for a number: integral values without a decimal point.

    >>> number_key(4.0), number_key(2.5)
    ('4', '2.5')
    """
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def describe(values: Sequence[float]) -> dict[str, Any]:
    """Count, mean, standard deviation, min, quartiles, max and a value histogram.

    Floats are rounded to 4 decimals so that reports are stable text; ``histogram`` maps each
    distinct value (as :func:`number_key`) to its count, sorted by value.
    """
    n = len(values)
    if n == 0:
        return {"count": 0}
    ordered = sorted(values)
    mean = statistics.fmean(ordered)
    std = statistics.stdev(ordered, mean) if n > 1 else 0.0
    # "inclusive" interpolates between closest ranks (the common "type 7" definition).
    p25, median, p75 = statistics.quantiles(ordered, n=4, method="inclusive") if n > 1 else [ordered[0]] * 3
    counts = Counter(ordered)
    return {
        "count": n,
        "mean": round(mean, 4),
        "std": round(std, 4),
        "min": _num(ordered[0]),
        "p25": round(p25, 4),
        "median": round(median, 4),
        "p75": round(p75, 4),
        "max": _num(ordered[-1]),
        "histogram": {number_key(v): counts[v] for v in sorted(counts)},
    }


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(float(value), 4)


def natural_key(text: str) -> tuple[Any, ...]:
    """A sort key that orders the numbers inside text by value: ``P2`` before ``P10``.

    >>> sorted(["P10", "P2", "P1"], key=natural_key)
    ['P1', 'P2', 'P10']
    """
    parts = re.split(r"(-?\d+(?:\.\d+)?)", text)
    return tuple(
        (0, float(part), "") if i % 2 else (1, 0.0, part) for i, part in enumerate(parts) if part
    )


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (same order), controlling the chance of
    any false alarm among them.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[i]))
        adjusted[i] = round(running, 12)
    return adjusted


def bin_numbers(values: Sequence[float], max_bins: int = 8) -> tuple[list[float], list[str]]:
    """Equal bins with a round width (1, 2 or 5 times a power of ten) covering ``values``.

    Returns the bins' lower edges and their labels (``20–29`` for whole numbers,
    ``2.5–5`` otherwise); a value ``v`` falls in the last bin whose edge is ``<= v``.

    >>> bin_numbers([12, 17, 25, 31, 48, 55])
    ([10.0, 20.0, 30.0, 40.0, 50.0], ['10–19', '20–29', '30–39', '40–49', '50–59'])
    """
    low, high = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    widths = (m * 10.0**e for e in range(-6, 16) for m in (1, 2, 5))
    width = next(
        w
        for w in widths
        if (w >= 1 or not whole) and math.floor(high / w) - math.floor(low / w) < max_bins
    )
    first = math.floor(low / width) * width
    count = math.floor(high / width) - math.floor(low / width) + 1
    edges = [round(first + k * width, 9) for k in range(count)]

    def label(edge: float) -> str:
        if whole:
            return f"{int(edge)}–{int(edge + width - 1)}" if width > 1 else number_key(edge)
        return f"{number_key(edge)}–{number_key(round(edge + width, 9))}"

    return edges, [label(e) for e in edges]
