"""An estimate of each seat's final Banjooli score from a full state, for search rollouts.

ISMCTS cuts its rollouts short and asks :meth:`BanjooliGame.evaluate` how the race is
likely to end. The ostriches already arrived keep their order. Each running ostrich needs
its steps to the line on the empty board, a scared one :data:`SCARED_PENALTY` steps more
(it needs an unspell first); the race is uncertain, so the evaluation averages the real
scoring (rule ``score.prediction``) over :data:`EVAL_SAMPLES` fixed perturbations of those
needs (each need ``d`` becomes ``d + EVAL_NOISE * sqrt(d) * z`` for a fixed standard normal
``z``; ties keep the ostrich number order). In each, the running ostriches finish by
perturbed need and the last is the one furthest behind. Each card is scored with the real
scoring function, plus the Oor berries already picked. At a terminal state this is the real
score. The perturbations are a fixed table, so the evaluation is deterministic.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Final

from savanna.games.banjooli.phase import ARRIVED
from savanna.games.banjooli.scoring import CARDS, OOR, OOR_POINTS, score_card

if TYPE_CHECKING:
    from savanna.games.banjooli.state import BanjooliState

__all__ = ["EVAL_NOISE", "EVAL_SAMPLES", "SCARED_PENALTY", "estimate_scores"]

SCARED_PENALTY: Final = 4
"""Steps a scared ostrich counts extra (it needs an unspell first)."""
EVAL_SAMPLES: Final = 16
"""Perturbed race ends averaged."""
EVAL_NOISE: Final = 1.0
"""Spread of a running ostrich's projected need, per square root of its steps to the line."""
_NOISE: Final = tuple(
    tuple(rng.gauss(0.0, 1.0) for _ in range(5)) for rng in [random.Random(2013)] for _ in range(EVAL_SAMPLES)
)
"""The fixed standard normal perturbations of the five ostriches, one row per sample."""
_SCORE_CACHE: dict[tuple[int, tuple[int, ...], int], float] = {}
"""Points of (card, top three, last) already computed."""


def estimate_scores(state: BanjooliState) -> list[float]:
    """Each seat's expected score over likely ends of the race (fast, for search)."""
    if state.is_terminal():
        return state.scores()
    board = state.board
    if board is None:
        return [0.0] * state.n
    dist = board.dist
    pos = state.pos
    scared = state.scared
    arrived = state.arrived
    running = [(o, dist[p] + (SCARED_PENALTY if scared[o] else 0)) for o, p in enumerate(pos) if p != ARRIVED]
    cards = [(seat, card) for seat, card in enumerate(state.cards) if card >= 0]
    out = [0.0] * state.n
    if cards:
        spread = [(o, need, EVAL_NOISE * math.sqrt(need)) for o, need in running]
        wanted = 3 - len(arrived)
        ends: dict[tuple[tuple[int, ...], int], int] = {}
        for noise in _NOISE:
            projected = sorted([(need + s * noise[o], o) for o, need, s in spread])
            end = (tuple([o for _, o in projected[:wanted]]), projected[-1][1])
            ends[end] = ends.get(end, 0) + 1
        cache = _SCORE_CACHE
        head = tuple(arrived)
        for (ahead, last), count in ends.items():
            top = head + ahead
            for seat, card in cards:
                key = (card, top, last)
                points = cache.get(key)
                if points is None:
                    points = cache[key] = float(score_card(CARDS[card], list(top), last)[0])
                out[seat] += points * count
        for seat, _ in cards:
            out[seat] /= EVAL_SAMPLES
    for token, seat in state.picked:
        if token == OOR:
            out[seat] += OOR_POINTS
    return out
