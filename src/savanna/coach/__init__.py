"""The coach: odds and expected scores from your seat, computed from your view only.

Other platforms leave the arithmetic to the players (Camel Up players write their own
calculators). Savanna's engine can do it for any registered game, from what one seat may
know and nothing more:

* :func:`analyse` — from a seat's observation: the odds of how the game ends (each
  ostrich's chance to finish 1st, 2nd, 3rd or last in Banjooli; each seat's place by
  default), the seat's score distribution, expected score and chance to win, and for each
  legal action (reroll choices included) the expected score and chance to win after it,
  the best one marked. Exact where the rest of the game is small enough to enumerate,
  otherwise simulated from determinizations drawn from the observation, with 95%
  intervals, a time budget and the same result for the same seed;
* :func:`beliefs` — what each other seat probably holds (a Prediction card), inferred from
  the moves they made, with its uncertainty;
* :func:`review` — after a game, each decision of a seat with the expected score it lost
  against the best move, and the total (``savanna analyse RECORD --seat N``).

The coach reaches games through :mod:`savanna.core` and the registry only, like every
interface; the hooks it asks of a game (outcome questions, a fast heuristic, listed
determinizations, a seat's secret) all have safe defaults in the core.

Example:
    >>> from savanna.core import load_game
    >>> from savanna.coach import analyse
    >>> game = load_game("hyena", 2, {"rules": "three-sticks", "length": 30})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply(state.legal_actions()[0])
    >>> seat = state.current_player()
    >>> result = analyse(game, state.observation(seat), seed=1, samples=8, seconds=None)
    >>> result.best is not None and 0.0 <= result.win.value <= 1.0
    True
"""

from __future__ import annotations

from savanna.coach.advice import advise
from savanna.coach.analysis import DEFAULT_SECONDS, Analyser, analyse
from savanna.coach.belief import Belief, BeliefTracker, Decision, Posterior, beliefs, posterior
from savanna.coach.policy import POLICIES, Policy
from savanna.coach.result import (
    ActionValue,
    Analysis,
    AnswerOdds,
    Estimate,
    QuestionOdds,
    ScoreChance,
)
from savanna.coach.simulation import CoachError

__all__ = [
    "DEFAULT_SECONDS",
    "POLICIES",
    "ActionValue",
    "Analyser",
    "Analysis",
    "AnswerOdds",
    "Belief",
    "BeliefTracker",
    "CoachError",
    "Decision",
    "Estimate",
    "Policy",
    "Posterior",
    "QuestionOdds",
    "ScoreChance",
    "advise",
    "analyse",
    "beliefs",
    "posterior",
]
