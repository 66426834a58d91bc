"""The coach's hint: which move, compared where it shows, then how the game may end after it.

A hint answers two questions that want different simulations:

* **which move is best?** — the moves are compared on the same hidden cards and dice
  (common random numbers) over the next :data:`ROUNDS_AHEAD` round of the table, every
  player playing the model, and the game's evaluation values the position reached. Cut
  there, a simulation costs a fraction of a whole game and the dice of the far future no
  longer blur the comparison: the river race's long games get hundreds of comparisons a
  second instead of a handful, Banjooli's 64 reroll choices dozens of rounds each;
* **and then?** — the chance to win, the expected final score and the odds after the best
  move come from simulations to the end, like ``odds``.

:data:`SHARE` of the budget goes to the first question, the rest to the second. A game
without an evaluation, the ``win`` objective (an evaluation estimates scores, not who
wins) and a seat not to act get :func:`~savanna.coach.analyse` as it is.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from savanna.coach.analysis import Objective, analyse
from savanna.coach.belief import Posterior
from savanna.coach.result import Analysis
from savanna.core import Game, Observation, derive_seed

__all__ = ["ROUNDS_AHEAD", "SHARE", "advise"]

ROUNDS_AHEAD: Final = 1
"""Rounds of the table (every seat one turn) over which a hint compares the moves."""
SHARE: Final = 0.6
"""The share of a hint's time budget spent comparing the moves."""


def advise(
    game: Game,
    observation: Observation,
    *,
    belief: Posterior | None = None,
    legal_actions: Sequence[int] | None = None,
    seed: int = 0,
    seconds: float | None = None,
    samples: int | None = None,
    policy: str = "heuristic",
    objective: Objective = "score",
    clock: Callable[[], float] = time.perf_counter,
) -> Analysis:
    """The seat's moves compared a round ahead, with the odds after the best one.

    The arguments are :func:`~savanna.coach.analyse`'s; ``seconds`` is the whole budget
    (both parts), ``samples`` the rounds of each part. The result's ``actions`` carry the
    comparison (``horizon`` says how far ahead it looked); its ``score``, ``win``, ``odds``
    and ``scores`` are the simulations to the end after the best action.

    Raises:
        CoachError, OptionError: as :func:`~savanna.coach.analyse`.
    """
    started = clock()
    run = partial(analyse, game, observation, belief=belief, legal_actions=legal_actions, policy=policy, clock=clock)
    has_evaluation = type(game).evaluate is not Game.evaluate
    if objective != "score" or not has_evaluation:
        return run(seed=seed, seconds=seconds, samples=samples, objective=objective)
    budget = seconds if seconds is not None or samples is not None else 1.0
    first = None if budget is None else budget * SHARE
    moves = run(seed=seed, seconds=first, samples=samples, horizon=game.num_players * ROUNDS_AHEAD)
    best = moves.best
    if best is None:  # not to act: the odds alone
        return run(seed=seed, seconds=budget, samples=samples, moves=False)
    left = None if budget is None else max(budget - (clock() - started), budget * (1 - SHARE) / 2)
    after = run(
        seed=derive_seed(seed, "advice", "after"),
        seconds=left,
        samples=samples,
        actions=[best.action],
        with_model=False,
    )
    return dataclasses.replace(
        moves,
        odds=after.odds,
        score=after.score,
        win=after.win,
        scores=after.scores,
        exact=False,
        rounds=moves.rounds + after.rounds,
        rollouts=moves.rollouts + after.rollouts,
        enumerated=moves.enumerated + after.enumerated,
        seconds=clock() - started,
    )
