"""Wilson intervals and distribution summaries."""

from __future__ import annotations

import pytest

from savanna.lab.stats import describe, number_key, wilson_interval


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (40, 100, 0.3094, 0.4980),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),
    ],
)
def test_wilson_interval_matches_published_values(
    wins: int, n: int, low: float, high: float
) -> None:
    lo, hi = wilson_interval(wins, n)
    assert lo == pytest.approx(low, abs=1e-4)
    assert hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_without_trials_is_uninformative() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("wins", "n"), [(-1, 5), (6, 5), (0, -1)])
def test_wilson_interval_refuses_impossible_counts(wins: int, n: int) -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(wins, n)


def test_describe_gives_quartiles_and_histogram() -> None:
    d = describe([4, 1, 3, 2, 2.5])
    assert d["count"] == 5
    assert d["mean"] == 2.5
    assert (d["min"], d["p25"], d["median"], d["p75"], d["max"]) == (1, 2.0, 2.5, 3.0, 4)
    assert d["histogram"] == {"1": 1, "2": 1, "2.5": 1, "3": 1, "4": 1}
    assert describe([]) == {"count": 0}
    assert number_key(3.0) == "3"


def test_describe_standard_deviation_is_the_sample_one() -> None:
    d = describe([2, 4, 4, 4, 5, 5, 7, 9])
    # Sum of squared deviations 32 over n - 1 = 7.
    assert d["std"] == pytest.approx((32 / 7) ** 0.5, abs=1e-4)
    assert describe([3])["std"] == 0.0 and describe([3])["median"] == 3


def test_z95_is_the_normal_quantile() -> None:
    from savanna.lab.stats import Z95

    assert round(Z95, 6) == 1.959964


@pytest.mark.parametrize("n", [1, 7, 40, 1000])
def test_wilson_bounds_are_exact_at_zero_and_all_successes(n: int) -> None:
    assert wilson_interval(n, n)[1] == 1.0
    assert wilson_interval(0, n)[0] == 0.0
