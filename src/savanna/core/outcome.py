"""What a game's end can look like, as questions with answers (for odds, for the coach).

A game declares the questions people ask about how a game will end — "where will the blue
ostrich finish?", "who comes home first?" — each with its possible answers
(:meth:`Game.outcome_questions <savanna.core.game.Game.outcome_questions>`), and answers
them on a finished game (:meth:`Game.outcomes <savanna.core.game.Game.outcomes>`). Tools
that simulate many ends of a game (the coach's odds) count the answers; the words come from
the game's catalogue through the :class:`~savanna.core.display.Label` of each question and
answer.

Every game has them: the default questions are each seat's final place.

Example:
    >>> q = OutcomeQuestion("seat.0", Label("outcome.seat", {"seat": 1}),
    ...                     (Answer("place.0", Label("outcome.place", {"place": 1})),))
    >>> q.answer_keys()
    ('place.0',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from savanna.core.display import Label

__all__ = ["Answer", "OutcomeQuestion"]


@dataclass(frozen=True, slots=True)
class Answer:
    """One possible answer to an :class:`OutcomeQuestion`.

    Attributes:
        key: a stable key, unique within its question (``"place.0"``, ``"last"``).
        label: its words, from the game's catalogue (``"1st"``).
    """

    key: str
    label: Label

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "label": {...}}``."""
        return {"key": self.key, "label": self.label.to_json()}


@dataclass(frozen=True, slots=True)
class OutcomeQuestion:
    """A question about how a game ends, with every answer it can have.

    Attributes:
        key: a stable key, unique within the game (``"ostrich.B"``, ``"seat.2"``).
        label: the subject of the question in words (``"blue ostrich"``).
        answers: every possible answer, in the order people read them (1st before 2nd).
            A finished game gives exactly one of them (:meth:`Game.outcomes`).
    """

    key: str
    label: Label
    answers: tuple[Answer, ...]

    def answer_keys(self) -> tuple[str, ...]:
        """The keys of the answers, in order."""
        return tuple(a.key for a in self.answers)

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the question and its answers."""
        return {
            "key": self.key,
            "label": self.label.to_json(),
            "answers": [a.to_json() for a in self.answers],
        }
