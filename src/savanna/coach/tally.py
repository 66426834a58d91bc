"""From samples to estimates: the value of a number and where its true-state value lies.

The coach plays each determinization it draws :data:`REPEATS` times, with different dice,
so the samples of one action come in *groups* (one per determinization). That split is
what lets an interval state the whole uncertainty of a number:

* the **sampling**: how far the mean of the groups may be from the mean the coach would
  reach with endless rounds (the groups' standard error);
* the **hidden cards**: how far the value *for the true cards* may be from that mean. The
  variance of the group means is the variance of the true-state value over the cards the
  seat considers possible (weighted by its belief, since the groups were drawn from it)
  plus the dice's share, which the differences *within* groups measure; what is left is
  the spread over the cards (``spread``, a standard deviation);
* the **opponent model** enters through the belief the groups are drawn from (a mixture of
  kinds of player, see :mod:`savanna.coach.belief`), so its uncertainty is in the spread.

The interval is ``value ± t·√(spread² + standard error²)``, Student's ``t`` on the number of
groups: where a value drawn like the true cards' would fall, 95% of the time. A chance also
keeps Wilson's interval (on the number of groups when cards are hidden) as a floor for its
sampling part, so a rare answer never seen in the samples is not stated impossible. When every possibility was enumerated exactly, the
sampling part is 0 and the interval is the spread alone; with nothing hidden (one
possible state) and exact samples, the interval has no width.

Example:
    >>> from savanna.core import Answer, Label, OutcomeQuestion
    >>> from savanna.coach.simulation import End
    >>> tally = Tally(())
    >>> for group, score in [(0, 4.0), (0, 6.0), (1, 5.0), (1, 7.0)]:
    ...     tally.add(group, None, ((1.0, End(score, 0.0, ())),))
    >>> e = tally.mean(SCORE, (0.0, 10.0))
    >>> e.value, e.samples
    (5.5, 4)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from savanna.coach.interval import Z, t_quantile, wilson
from savanna.coach.result import Estimate
from savanna.coach.simulation import Sample
from savanna.core import OutcomeQuestion

__all__ = ["REPEATS", "SCORE", "WIN", "Tally", "paired"]

REPEATS: Final = 2
"""Rounds played on each determinization drawn (with different dice)."""
SCORE: Final = ("score",)
WIN: Final = ("win",)

Key = tuple[str | int | float, ...]
"""A number the tally counts: ``SCORE``, ``WIN``, ``("answer", question, answer)`` or
``("dist", score)`` (the chance of ending with that score)."""


class _Group:
    """The samples of one determinization: their count, and per number the sum and the sum
    of squares of its per-sample value."""

    __slots__ = ("det", "n", "sq", "sums")

    def __init__(self, det: int | None) -> None:
        self.det = det
        self.n = 0
        self.sums: dict[Key, float] = {}
        self.sq: dict[Key, float] = {}

    def add(self, values: dict[Key, float]) -> None:
        self.n += 1
        sums, sq = self.sums, self.sq
        for key, x in values.items():
            sums[key] = sums.get(key, 0.0) + x
            sq[key] = sq.get(key, 0.0) + x * x

    def mean(self, key: Key) -> float:
        return self.sums.get(key, 0.0) / self.n


class Tally:
    """Everything sampled for one action (or for the position when the seat is not to act).

    Attributes:
        groups: the samples, one group per determinization, in the order drawn.
        exact_ok: whether the rest of the game after this action was small enough to
            enumerate (``None`` until tried).
        exact_by_det: the exact sample of each listed determinization already enumerated.
        dropped: the racing stopped playing it.
    """

    __slots__ = ("dropped", "exact_by_det", "exact_ok", "groups", "questions", "samples", "scores")

    def __init__(self, questions: Sequence[OutcomeQuestion]) -> None:
        self.questions = tuple(questions)
        self.groups: list[_Group] = []
        self.samples = 0
        self.scores: set[float] = set()
        self.exact_ok: bool | None = None
        self.exact_by_det: dict[int, Sample] = {}
        self.dropped = False

    def add(self, group: int, det: int | None, sample: Sample) -> None:
        """Count ``sample`` in group ``group`` (groups come in order, each drawn on ``det``)."""
        while len(self.groups) <= group:
            self.groups.append(_Group(det))
        values: dict[Key, float] = {}
        for p, end in sample:
            values[SCORE] = values.get(SCORE, 0.0) + p * end.score
            values[WIN] = values.get(WIN, 0.0) + p * end.win
            for q, a in enumerate(end.answers):
                key = ("answer", q, a)
                values[key] = values.get(key, 0.0) + p
            dist = ("dist", end.score)
            values[dist] = values.get(dist, 0.0) + p
            self.scores.add(end.score)
        self.groups[group].add(values)
        self.samples += 1

    def group_means(self, key: Key) -> list[float]:
        """The mean of ``key`` in each group, in order."""
        return [g.mean(key) for g in self.groups]

    def value(self, key: Key) -> float:
        """The mean of ``key`` over the groups."""
        means = self.group_means(key)
        return sum(means) / len(means)

    def _parts(self, key: Key, hidden: bool) -> tuple[float, float, float, int]:
        """``(mean, standard error, spread, groups)`` of ``key`` over the groups."""
        groups = self.groups
        k = len(groups)
        means = [g.mean(key) for g in groups]
        mean = sum(means) / k
        if k < 2:
            return mean, math.inf, 0.0, k
        between = sum((m - mean) ** 2 for m in means) / (k - 1)
        within_sum = within_df = 0.0
        for g in groups:
            if g.n > 1:
                s = g.sums.get(key, 0.0)
                within_sum += max(0.0, g.sq.get(key, 0.0) - s * s / g.n)
                within_df += g.n - 1
        spread_sq = 0.0
        if hidden:
            if within_df > 0:
                inverse = sum(1.0 / g.n for g in groups) / k
                spread_sq = max(0.0, between - within_sum / within_df * inverse)
            else:
                spread_sq = between  # the dice cannot be told apart: count it all as hidden
        return mean, math.sqrt(between / k), math.sqrt(spread_sq), k

    def exact_value(self, key: Key) -> float:
        """The mean of ``key`` over every listed determinization, enumerated exactly."""
        return self._exact_parts(key, False)[0]

    def _exact_parts(self, key: Key, hidden: bool) -> tuple[float, float]:
        """``(mean, spread)`` of ``key`` over every listed determinization, enumerated."""
        values = [_sample_value(s, key) for s in self.exact_by_det.values()]
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values)) if hidden else 0.0
        return mean, spread

    def mean(self, key: Key, bounds: tuple[float, float], *, hidden: bool = True, exact: bool = False) -> Estimate:
        """The estimate of a mean (the score) and its interval, clipped to ``bounds``.

        Args:
            key: the number.
            bounds: the least and greatest value it can take.
            hidden: the seat cannot see everything (else the spread is 0).
            exact: every listed determinization was enumerated exactly.
        """
        low, high = bounds
        if exact:
            mean, spread = self._exact_parts(key, hidden)
            return Estimate(mean, max(low, mean - Z * spread), min(high, mean + Z * spread),
                            len(self.exact_by_det), exact=True, spread=spread)
        mean, se, spread, k = self._parts(key, hidden)
        if k < 2:
            return Estimate(mean, low, high, self.samples)
        half = t_quantile(k - 1) * math.sqrt(spread * spread + se * se)
        return Estimate(mean, max(low, mean - half), min(high, mean + half), self.samples,
                        sampling=se, spread=spread)

    def chance(self, key: Key, *, hidden: bool = True, exact: bool = False) -> Estimate:
        """The estimate of a chance and its interval (Wilson's as a floor for the sampling)."""
        if exact:
            p, spread = self._exact_parts(key, hidden)
            return Estimate(p, max(0.0, p - Z * spread), min(1.0, p + Z * spread),
                            len(self.exact_by_det), exact=True, spread=spread)
        p, se, spread, k = self._parts(key, hidden)
        p = min(1.0, max(0.0, p))
        # Samples on one determinization share its cards: with hidden cards, the groups are
        # the independent draws.
        w_low, w_high = wilson(p, k if hidden else self.samples, Z)
        t = t_quantile(k - 1) if k >= 2 else Z
        below = max(t * se if k >= 2 else 0.0, p - w_low)
        above = max(t * se if k >= 2 else 0.0, w_high - p)
        hid = t * spread
        low = max(0.0, p - math.sqrt(below * below + hid * hid))
        high = min(1.0, p + math.sqrt(above * above + hid * hid))
        return Estimate(p, low, high, self.samples, sampling=se if k >= 2 else math.inf, spread=spread)


def _sample_value(sample: Sample, key: Key) -> float:
    """The value of ``key`` in one exact sample."""
    total = 0.0
    for p, end in sample:
        if key == SCORE:
            total += p * end.score
        elif key == WIN:
            total += p * end.win
        elif key[0] == "answer":
            total += p * (end.answers[int(key[1])] == key[2])
        else:
            total += p * (end.score == key[1])
    return total


def paired(first: Tally, second: Tally, key: Key) -> tuple[float, float, int]:
    """``first − second`` on ``key`` over the groups both played (the same cards and dice).

    Returns:
        ``(mean difference, its standard error, groups)``; the error is infinite with
        fewer than two groups.
    """
    k = min(len(first.groups), len(second.groups))
    diffs = [a.mean(key) - b.mean(key) for a, b in zip(first.groups[:k], second.groups[:k], strict=True)]
    if k == 0:
        return 0.0, math.inf, 0
    mean = sum(diffs) / k
    if k < 2:
        return mean, math.inf, k
    variance = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean, math.sqrt(variance / k), k
