"""The stratified test behind the lab's fairness questions, and its standard errors.

:func:`stratified_test` is the generalised Cochran–Mantel–Haenszel test of an outcome by
level with each game as a stratum (exact permutation variance inside each game; seeded
random permutations within games when asked); :func:`cluster_se` is the standard error of
each level's effect with the game as the unit; :func:`simultaneous_z` the normal quantile
of Bonferroni-simultaneous intervals. :mod:`savanna.lab.fairness` asks the questions and
words the verdicts; ``docs/balance/method.md`` explains the choices. These estimators need
NumPy and SciPy (the ``lab`` extra); :mod:`savanna.lab.stats` keeps the small ones that
need neither (Wilson intervals, Holm's correction, summaries).
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["cluster_se", "simultaneous_z", "stratified_test"]


def stratified_test(
    levels: np.ndarray, y: np.ndarray, count: int, rng: np.random.Generator | None, draws: int
) -> dict[str, Any]:
    """The generalised CMH test of ``y`` by level, with each game (row) as a stratum.

    Its ``method`` is ``asymptotic`` (chi-square) or ``permutations`` (``draws`` random
    permutations within games), as :func:`savanna.lab.words.method_words` words them."""
    from scipy import stats as sps  # on first use: a plain simulate never loads scipy
    games, seats = y.shape
    onehot = np.zeros((games, seats, count))
    onehot[np.arange(games)[:, None], np.arange(seats)[None, :], levels] = 1.0
    centred = y - y.mean(axis=1, keepdims=True)
    per_game = np.einsum("gs,gsl->gl", centred, onehot)  # observed minus expected, per game
    m = onehot.sum(axis=1)
    spread = (centred**2).sum(axis=1)
    share = m / seats
    variance = seats / (seats - 1) * (np.diag(spread @ share) - (share * spread[:, None]).T @ share)
    total = per_game.sum(axis=0)
    eig = np.linalg.eigvalsh(variance)
    df = int((eig > 1e-9 * max(float(eig.max()), 1e-300)).sum()) if eig.size else 0
    inverse = np.linalg.pinv(variance, hermitian=True, rcond=1e-9)
    statistic = float(total @ inverse @ total) if df else 0.0
    diag = np.diag(variance)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(diag > 0, total / np.sqrt(np.where(diag > 0, diag, 1.0)), 0.0)
    p = float(sps.chi2.sf(statistic, df)) if df else 1.0
    level_p = 2 * sps.norm.sf(np.abs(z))
    method = "asymptotic"
    if rng is not None and df:
        flat = centred.ravel()
        base = (np.arange(games) * count)[:, None]
        exceed = 0
        level_exceed = np.zeros(count)
        for _ in range(draws):
            shuffled = np.take_along_axis(levels, np.argsort(rng.random((games, seats)), axis=1), 1)
            drawn = np.bincount((shuffled + base).ravel(), weights=flat, minlength=games * count)
            d = drawn.reshape(games, count).sum(axis=0)
            exceed += float(d @ inverse @ d) >= statistic - 1e-9
            with np.errstate(divide="ignore", invalid="ignore"):
                dz = np.where(diag > 0, d / np.sqrt(np.where(diag > 0, diag, 1.0)), 0.0)
            level_exceed += np.abs(dz) >= np.abs(z) - 1e-9
        p = (1 + exceed) / (1 + draws)
        level_p = (1 + level_exceed) / (1 + draws)
        method = "permutations"
    return {
        "per_game": per_game,
        "m": m,
        "total": total,
        "variance": variance,
        "statistic": statistic,
        "df": df,
        "p": p,
        "level_p": level_p,
        "method": method,
        "draws": draws if method == "permutations" else 0,
        "observed": np.einsum("gs,gsl->l", y, onehot),
    }


def cluster_se(per_game: np.ndarray, m: np.ndarray, effect: np.ndarray) -> np.ndarray:
    """Standard error of each level's effect (a ratio estimator), the game as the unit."""
    games = per_game.shape[0]
    n = m.sum(axis=0)
    residual = per_game - effect[None, :] * m
    with np.errstate(divide="ignore", invalid="ignore"):
        var = games / max(games - 1, 1) * (residual**2).sum(axis=0) / np.where(n > 0, n, 1.0) ** 2
    return np.sqrt(np.where(n > 0, var, np.nan))


def simultaneous_z(alpha: float, levels: int) -> float:
    """The normal quantile of two-sided simultaneous intervals over ``levels`` (Bonferroni)."""
    from scipy import stats as sps  # on first use: a plain simulate never loads scipy
    return float(sps.norm.isf(alpha / (2 * max(levels, 1))))
