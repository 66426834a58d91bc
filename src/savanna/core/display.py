"""What interfaces show people, declared by the games: labels, score sheets, audiences.

Interfaces (terminal, web, coach) never guess at a game's data. They ask the game:

* :class:`Label` — a message of the game's catalogue with the fields of its template;
  ``game.label_text(label, lang)`` words it.
* :class:`ScoreSheet` — one seat's final score worked out line by line
  (``Game.score_sheets(observation)``).
* :class:`Audience` — who may read an action (``State.action_viewers(action)``): everyone,
  or some seats only.

All of them are small frozen values with a ``to_json()`` for wire protocols.

Example:
    >>> EVERYONE.includes(None), Audience.seats_only(2).includes(None)
    (True, False)
    >>> Audience.seats_only(0, 2).includes(2)
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["EVERYONE", "NOBODY", "Audience", "Label", "ScoreLine", "ScoreSheet"]

FieldValue = str | int
"""What fills a template field: a word or a whole number."""


@dataclass(frozen=True, slots=True)
class Label:
    """A message key of a game's catalogue and the values of its template's fields.

    Attributes:
        key: the message key (``"score.misplaced"``).
        fields: the template's fields (``{"count": 2}``).
    """

    key: str
    fields: Mapping[str, FieldValue] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "fields": {...}}``."""
        return {"key": self.key, "fields": dict(self.fields)}


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a score sheet.

    Attributes:
        label: what the line counts, worded by the game's catalogue.
        points: the points the line adds to the total, or ``None`` for a line that only
            informs (the revealed prediction card the other lines score).
    """

    label: Label
    points: int | float | None

    def to_json(self) -> dict[str, Any]:
        """``{"label": {...}, "points": ...}``."""
        return {"label": self.label.to_json(), "points": self.points}


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """One seat's final score, worked out line by line.

    Attributes:
        seat: the seat (0-based).
        lines: the scoring lines, in the order the rules count them.
        total: the final score (equal to ``state.scores()[seat]``).
        place: the final place, 0 = first; tied seats share a place.
        tiebreak: how a tie on ``total`` with another seat was broken (or that it was not),
            ``None`` when no other seat has the same total.
    """

    seat: int
    lines: tuple[ScoreLine, ...]
    total: int | float
    place: int
    tiebreak: Label | None = None

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict of the sheet."""
        return {
            "seat": self.seat,
            "lines": [line.to_json() for line in self.lines],
            "total": self.total,
            "place": self.place,
            "tiebreak": None if self.tiebreak is None else self.tiebreak.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may read an action: everyone (spectators included) or some seats only.

    Attributes:
        everyone: the action is public.
        seats: the seats that may read it when it is not public.
    """

    everyone: bool = False
    seats: frozenset[int] = frozenset()

    @classmethod
    def seats_only(cls, *seats: int) -> Audience:
        """Only ``seats`` may read the action (none at all when empty)."""
        return cls(False, frozenset(seats))

    def includes(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) may read the action."""
        return self.everyone or (viewer is not None and viewer in self.seats)

    def with_seat(self, seat: int) -> Audience:
        """This audience and ``seat`` (a seat always knows what it did itself)."""
        if self.everyone or seat in self.seats:
            return self
        return Audience(False, self.seats | {seat})

    def to_json(self) -> str | list[int]:
        """``"everyone"``, or the sorted list of seats."""
        return "everyone" if self.everyone else sorted(self.seats)


EVERYONE: Final = Audience(everyone=True)
"""The audience of a public action."""
NOBODY: Final = Audience()
"""The audience of an action nobody may read (a card dealt face down to the deck)."""
