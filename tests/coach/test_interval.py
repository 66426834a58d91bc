"""The coach's intervals: Student's t, Wilson, and means clipped to the score bounds."""

from __future__ import annotations

import random

import pytest

from savanna.coach.interval import mean_interval, t_quantile, wilson


def test_t_quantile_matches_the_tables_and_joins_the_normal_smoothly() -> None:
    assert t_quantile(1) == pytest.approx(12.706)
    assert t_quantile(30) == pytest.approx(2.042)
    assert t_quantile(31) == pytest.approx(2.040, abs=0.002)
    assert t_quantile(120) == pytest.approx(1.980, abs=0.002)
    assert t_quantile(10_000) == pytest.approx(1.96, abs=0.001)
    with pytest.raises(ValueError):
        t_quantile(0)


def test_wilson_is_closed_at_the_extremes_and_shrinks_with_samples() -> None:
    assert wilson(0.0, 10)[0] == 0.0
    assert wilson(1.0, 10)[1] == 1.0
    assert wilson(0.5, 0) == (0.0, 1.0)
    wide = wilson(0.3, 20)
    narrow = wilson(0.3, 2000)
    assert wide[0] < narrow[0] < 0.3 < narrow[1] < wide[1]


def test_mean_interval_of_one_value_is_the_whole_score_range() -> None:
    assert mean_interval(1, 7.0, 49.0, 0.0, 26.0) == (7.0, 0.0, 26.0)


def test_mean_interval_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = random.Random(5)
    covered = 0
    trials = 2000
    for _ in range(trials):
        values = [rng.choice([0, 0, 3, 10]) for _ in range(25)]
        _, low, high = mean_interval(len(values), sum(values), sum(v * v for v in values), 0, 26)
        covered += low <= 3.25 <= high
    assert 0.93 <= covered / trials <= 0.97
