"""What the coach answers: the result types of an analysis, and nothing that computes them.

:func:`savanna.coach.analyse` returns an :class:`Analysis`: the odds of each outcome
question (:class:`QuestionOdds`), the seat's score and chance to win (:class:`Estimate`),
its score distribution (:class:`ScoreChance`) and, when the seat is to act, the value of
each legal action (:class:`ActionValue`). Every number is an :class:`Estimate`: a value and
a 95% interval that says where the *true-state* value likely lies — the number the coach
would give if it could see every hidden card — counting the three things that stand
between them: the sampling, the cards the seat cannot see, and how the others play.

Example:
    >>> e = Estimate(7.5, 6.0, 9.0, 200, sampling=0.3, spread=0.6)
    >>> e.half_width, e.exact
    (1.5, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from savanna.core import Answer, OutcomeQuestion

__all__ = ["ActionValue", "Analysis", "AnswerOdds", "Estimate", "QuestionOdds", "ScoreChance"]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number the coach computed, with the 95% interval of its true-state value.

    Attributes:
        value: the estimate (a mean score, or a chance from 0 to 1): the average over what
            the seat cannot see, weighted by what it believes.
        low, high: the 95% interval where the value the coach would give knowing every
            hidden card likely lies (equal to ``value`` when nothing is uncertain).
        samples: the samples behind it.
        exact: computed by enumerating every possibility (no sampling error; the interval
            is then the spread over the hidden cards alone).
        sampling: the standard error of ``value`` from the sampling alone.
        spread: the standard deviation of the true-state value over the hidden cards the
            seat considers possible, weighted by its belief.
    """

    value: float
    low: float
    high: float
    samples: int
    exact: bool = False
    sampling: float = 0.0
    spread: float = 0.0

    @property
    def half_width(self) -> float:
        """Half the width of the interval (0 when nothing is uncertain)."""
        return (self.high - self.low) / 2

    @property
    def certain(self) -> bool:
        """The interval has no width: exact, and the same whatever is hidden."""
        return self.high - self.low <= 1e-12

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (floats rounded to 6 decimals)."""
        return {
            "value": round(self.value, 6),
            "low": round(self.low, 6),
            "high": round(self.high, 6),
            "samples": self.samples,
            "exact": self.exact,
            "sampling": round(self.sampling, 6),
            "spread": round(self.spread, 6),
        }


@dataclass(frozen=True, slots=True)
class AnswerOdds:
    """The chance of one answer to an outcome question."""

    answer: Answer
    chance: Estimate

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"answer": self.answer.key, "chance": self.chance.to_json()}


@dataclass(frozen=True, slots=True)
class QuestionOdds:
    """The odds of every answer to one outcome question (they sum to 1)."""

    question: OutcomeQuestion
    answers: tuple[AnswerOdds, ...]

    def chance(self, answer_key: str) -> Estimate:
        """The estimate of the answer ``answer_key``.

        Raises:
            KeyError: for an answer the question does not have.
        """
        for odds in self.answers:
            if odds.answer.key == answer_key:
                return odds.chance
        raise KeyError(answer_key)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"question": self.question.key, "answers": [a.to_json() for a in self.answers]}


@dataclass(frozen=True, slots=True)
class ScoreChance:
    """The chance that the seat ends with exactly ``score``."""

    score: float
    chance: Estimate

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"score": self.score, "chance": self.chance.to_json()}


@dataclass(frozen=True, slots=True)
class ActionValue:
    """What one legal action is worth to the seat.

    Attributes:
        action: the action id.
        notation: its notation (``state.action_to_text``).
        words: its description for people, by language (``"en"``, ``"fr"``).
        score: the expected final score after it.
        win: the chance to finish first after it (a shared first place counts).
        best: the best action of the analysis (highest expected score, or chance to win
            with ``objective="win"``).
        dropped: the racing stopped playing it (clearly behind the leader).
        gap: how far it is behind the best action on the objective, compared on the same
            hidden cards and dice (a 95% interval of the mean difference: the sampling
            alone, since the best action is the one best on average); ``None`` for the best.
        behind: that difference is significant (the interval is above 0).
    """

    action: int
    notation: str
    words: Mapping[str, str] = field(hash=False)
    score: Estimate
    win: Estimate
    best: bool = False
    dropped: bool = False
    gap: Estimate | None = None
    behind: bool = False

    def text(self, lang: str = "en") -> str:
        """The action in words in ``lang`` (English for another language)."""
        return self.words.get(lang) or self.words.get("en") or self.notation

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "action": self.action,
            "notation": self.notation,
            "words": dict(self.words),
            "score": self.score.to_json(),
            "win": self.win.to_json(),
            "best": self.best,
            "dropped": self.dropped,
            "gap": None if self.gap is None else self.gap.to_json(),
            "behind": self.behind,
        }


@dataclass(frozen=True)
class Analysis:
    """The coach's answer for one seat in one position (see :func:`savanna.coach.analyse`).

    Attributes:
        game: the game name.
        seat: the analysed seat.
        to_act: the seat is to act and its moves were valued (then ``actions`` lists the
            valued actions in legal order, the best marked).
        actions: each valued action (every legal action unless fewer were asked).
        odds: each outcome question's odds (after the best action when the seat is to act).
        score: the seat's expected final score (after the best action).
        win: the seat's chance to finish first (after the best action).
        scores: the chance of each final score of the seat, lowest score first.
        exact: every number is exact (nothing was sampled).
        rounds: rounds played (one determinization and one chance seed each).
        rollouts: simulated ends played; ``enumerated``: samples computed exactly.
        determinizations: ``"listed"`` (every possibility) or ``"sampled"``.
        decisions: the other seats' decisions the belief over the hidden cards rests on
            (0 without a belief: every possibility equally likely).
        seconds: the time the analysis took.
        seed: the seed (with ``samples=rounds`` it reproduces the analysis exactly).
        policy: the model of play (``heuristic`` or ``random``).
        objective: what ``best`` maximises (``score`` or ``win``).
        hidden: the seat could not see everything (other seats' cards): the intervals then
            count the spread over what it could not see.
        horizon: the actions were compared this many turns ahead and valued there by the
            game's evaluation (``None``: every simulation to the end). In a hint
            (:func:`~savanna.coach.advice.advise`) the odds, ``score`` and ``win`` are still
            those of simulations to the end after the best action.
    """

    game: str
    seat: int
    to_act: bool
    actions: tuple[ActionValue, ...]
    odds: tuple[QuestionOdds, ...]
    score: Estimate
    win: Estimate
    scores: tuple[ScoreChance, ...]
    exact: bool
    rounds: int
    rollouts: int
    enumerated: int
    determinizations: str
    seconds: float
    seed: int
    policy: str
    objective: str
    decisions: int = 0
    hidden: bool = False
    horizon: int | None = None

    @property
    def best(self) -> ActionValue | None:
        """The best action (``None`` when the seat is not to act)."""
        for value in self.actions:
            if value.best:
                return value
        return None

    @property
    def clear(self) -> bool:
        """The best action is significantly ahead of every other valued action."""
        others = [a for a in self.actions if not a.best]
        return bool(others) and all(a.behind for a in others)

    def action(self, action: int) -> ActionValue:
        """The value of ``action``.

        Raises:
            KeyError: when it is not one of the analysed actions.
        """
        for value in self.actions:
            if value.action == action:
                return value
        raise KeyError(action)

    def loss(self, action: int) -> float:
        """Expected score lost by playing ``action`` instead of the best one (0 or more)."""
        best = self.best
        if best is None:
            return 0.0
        return max(0.0, best.score.value - self.action(action).score.value)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the whole analysis."""
        return {
            "game": self.game,
            "seat": self.seat,
            "to_act": self.to_act,
            "actions": [a.to_json() for a in self.actions],
            "odds": [q.to_json() for q in self.odds],
            "score": self.score.to_json(),
            "win": self.win.to_json(),
            "scores": [s.to_json() for s in self.scores],
            "exact": self.exact,
            "rounds": self.rounds,
            "rollouts": self.rollouts,
            "enumerated": self.enumerated,
            "determinizations": self.determinizations,
            "decisions": self.decisions,
            "hidden": self.hidden,
            "horizon": self.horizon,
            "seed": self.seed,
            "policy": self.policy,
            "objective": self.objective,
        }
