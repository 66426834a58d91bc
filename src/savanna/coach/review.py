"""After a game: each decision of one seat, with the expected score it lost.

:func:`review` replays a record through the rules and, at every decision of the seat that
had a choice (two legal actions or more), asks :func:`~savanna.coach.analysis.analyse`
about the seat's observation at that moment (never the true state: the other seats'
cards are sampled as they were unknown then). The move played is kept in the race to the
end, so its value is measured as well as the best one's. The *loss* of a decision is the
best move's expected score minus the played move's (0 when the played move is the best,
or not clearly behind it).

Each decision is analysed with its own seed (``derive_seed(seed, index)``) and the same
budget, so a review is reproducible with ``samples`` (the default) and depends on the
machine only when a time budget is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from savanna.coach.analysis import ActionValue, Analysis, analyse
from savanna.core import Observation, Record, State, derive_seed, replay_states

__all__ = ["MISTAKE", "REVIEW_SAMPLES", "Review", "ReviewedDecision", "review"]

REVIEW_SAMPLES: Final = 200
"""Rounds per decision of a review by default (machine-independent)."""
MISTAKE: Final = 1.0
"""A decision losing more than this expected score counts as a mistake in the summary."""


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One decision of the reviewed seat.

    Attributes:
        index: the action's index in the record (0-based).
        played: the value of the move played.
        best: the value of the best move.
        loss: expected score lost against the best move (0 or more).
        analysis: the whole analysis of the position.
    """

    index: int
    played: ActionValue
    best: ActionValue
    loss: float
    analysis: Analysis

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict (without the whole analysis)."""
        return {
            "index": self.index,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "loss": round(self.loss, 6),
            "win": self.analysis.win.to_json(),
        }


@dataclass(frozen=True)
class Review:
    """The review of one seat's decisions in one recorded game.

    Attributes:
        game: the game name.
        seat: the reviewed seat (0-based).
        decisions: every decision with a choice, in order.
        forced: decisions without a choice (one legal action).
        score: the seat's final score (``None`` when the record stops before the end).
        place: its final place, 0 = first (``None`` likewise).
    """

    game: str
    seat: int
    decisions: tuple[ReviewedDecision, ...]
    forced: int
    score: float | None
    place: int | None

    @property
    def total_loss(self) -> float:
        """Expected score lost over all the decisions."""
        return sum(d.loss for d in self.decisions)

    def mistakes(self, threshold: float = MISTAKE) -> int:
        """Decisions that lost more than ``threshold``."""
        return sum(1 for d in self.decisions if d.loss > threshold)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {
            "game": self.game,
            "seat": self.seat,
            "decisions": [d.to_json() for d in self.decisions],
            "forced": self.forced,
            "total_loss": round(self.total_loss, 6),
            "score": self.score,
            "place": self.place,
        }


def review(
    record: Record,
    seat: int,
    *,
    seed: int = 0,
    samples: int | None = REVIEW_SAMPLES,
    seconds: float | None = None,
    policy: str = "heuristic",
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Analyse every decision of ``seat`` (0-based) in ``record``.

    Args:
        record: a game record (replayed and checked through the rules).
        seat: the reviewed seat, 0-based.
        seed: the seed; decision at index ``i`` is analysed with ``derive_seed(seed, i)``.
        samples, seconds: the budget of each decision (see :func:`analyse`).
        policy: the model of play.
        progress: called with ``(decisions done, decisions in all)`` after each one.

    Raises:
        RecordError: a record that does not replay.
        SeatError: a seat the game does not have.
        CoachError, OptionError: as :func:`analyse`.
    """
    decisions, final = _decisions(record)
    game = final.game
    game.check_seat(seat, spectator=False)
    mine = [d for d in decisions if d.actor == seat]
    choices = [d for d in mine if len(d.legal) > 1]
    reviewed = []
    for done, decision in enumerate(choices, 1):
        index, action = decision.index, decision.action
        result = analyse(
            game,
            decision.observation,
            legal_actions=decision.legal,
            seed=derive_seed(seed, "review", index),
            samples=samples,
            seconds=seconds,
            policy=policy,
            keep=(action,),
        )
        best = result.best
        assert best is not None
        played = result.action(action)
        reviewed.append(ReviewedDecision(index, played, best, result.loss(action), result))
        if progress is not None:
            progress(done, len(choices))
    finished = final.is_terminal()
    return Review(
        game=game.name,
        seat=seat,
        decisions=tuple(reviewed),
        forced=len(mine) - len(choices),
        score=float(final.scores()[seat]) if finished else None,
        place=final.ranking()[seat] if finished else None,
    )


@dataclass(frozen=True, slots=True)
class _Decision:
    index: int
    actor: int
    observation: Observation
    legal: list[int]
    action: int


def _decisions(record: Record) -> tuple[list[_Decision], State]:
    """Every seat decision of ``record`` (the actor's observation before it, the legal
    actions, the action) and the final state."""
    replaying = replay_states(record)
    _, _, state = next(replaying)
    out = []
    for index, text in enumerate(record.actions):
        actor = state.current_player()
        if actor >= 0:
            action = state.parse_action(text)
            out.append(_Decision(index, actor, state.observation(actor), state.legal_actions(), action))
        _, _, state = next(replaying)
    for _ in replaying:  # the replay checks the recorded result at its end
        pass
    return out, state
