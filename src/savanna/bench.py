"""Random-playout throughput, measured against a reference engine in the same run.

The reference is OpenSpiel's C++ ``backgammon`` (when ``open_spiel`` is installed), driven
from Python by the same loop as our games: sample a chance outcome with its probability or
a uniform legal action, apply, repeat. The two engines run in alternating slices of the
measuring time, so that drift in a shared, noisy machine hits both alike; results are kept
as ratios.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from savanna.core import Game

__all__ = ["BenchResult", "compare_with_reference", "measure_game", "measure_reference"]

SLICES = 4


@dataclass(frozen=True)
class BenchResult:
    """Throughput of one game, and of the reference when available."""

    steps_per_sec: float
    games_per_sec: float
    reference_steps_per_sec: float | None
    reference_games_per_sec: float | None
    seconds: float

    @property
    def ratio(self) -> float | None:
        """Our actions per second divided by the reference's."""
        if not self.reference_steps_per_sec:
            return None
        return self.steps_per_sec / self.reference_steps_per_sec

    def as_json(self) -> dict[str, Any]:
        """The fields printed by ``savanna bench --json``."""
        return {
            "steps_per_sec": round(self.steps_per_sec, 1),
            "games_per_sec": round(self.games_per_sec, 3),
            "reference_steps_per_sec": None
            if self.reference_steps_per_sec is None
            else round(self.reference_steps_per_sec, 1),
            "reference_games_per_sec": None
            if self.reference_games_per_sec is None
            else round(self.reference_games_per_sec, 3),
            "ratio": None if self.ratio is None else round(self.ratio, 3),
            "seconds": self.seconds,
        }


@dataclass
class _Tally:
    steps: int = 0
    games: int = 0
    elapsed: float = 0.0


def _timed(play_one: Callable[[], int], seconds: float, tally: _Tally | None) -> _Tally:
    """Call ``play_one`` (one whole game, returning its action count) for about ``seconds``."""
    tally = tally or _Tally()
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    steps = 0
    games = 0
    while True:
        steps += play_one()
        games += 1
        if clock() >= deadline:
            break
    tally.steps += steps
    tally.games += games
    tally.elapsed += clock() - start
    return tally


def measure_game(game: Game, seconds: float, rng: random.Random, tally: _Tally | None = None) -> _Tally:
    """Play random games of ``game`` for about ``seconds``; count actions and whole games."""

    def play_one() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_unchecked(action)
            steps += 1
        return steps

    return _timed(play_one, seconds, tally)


def _load_backgammon() -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("backgammon")


def measure_reference(game: Any, seconds: float, rng: random.Random, tally: _Tally | None = None) -> _Tally:
    """The same loop over an OpenSpiel game (chance sampled from its outcome list)."""

    def play_one() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r = rng.random()
                action = outcomes[-1][0]
                for outcome, prob in outcomes:
                    r -= prob
                    if r < 0:
                        action = outcome
                        break
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        return steps

    return _timed(play_one, seconds, tally)


def compare_with_reference(game: Game, *, seconds: float, seed: int = 0) -> BenchResult:
    """Measure ``game`` and the reference in alternating slices of ``seconds / SLICES``."""
    reference = _load_backgammon()
    ours, theirs = _Tally(), _Tally()
    rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
    part = seconds / SLICES
    for _ in range(SLICES):
        measure_game(game, part, rng_ours, ours)
        if reference is not None:
            measure_reference(reference, part, rng_theirs, theirs)
    return BenchResult(
        steps_per_sec=ours.steps / ours.elapsed,
        games_per_sec=ours.games / ours.elapsed,
        reference_steps_per_sec=None if reference is None else theirs.steps / theirs.elapsed,
        reference_games_per_sec=None if reference is None else theirs.games / theirs.elapsed,
        seconds=seconds,
    )
