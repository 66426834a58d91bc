"""What a table tells its interfaces: one event per change, in the order they happen.

Every method of :class:`~savanna.table.Table` that changes something returns the events
it made and hands them to the table's listeners (:meth:`~savanna.table.Table.subscribe`).
An interface redraws, broadcasts or stores from them; none holds a secret (an action's
words stay in its log entry, read through :meth:`~savanna.table.Log.lines` by each reader;
a reseed says where, never the seed).
"""

from __future__ import annotations

from dataclasses import dataclass

from savanna.table.log import Entry

__all__ = ["Event", "Finished", "Played", "Reseeded", "SeatChanged", "Started", "TookBack"]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that changed at a table."""

    version: int
    """The table's version (actions played) after the change."""


@dataclass(frozen=True, slots=True)
class Started(Event):
    """The game began: every seat is taken."""


@dataclass(frozen=True, slots=True)
class Played(Event):
    """Actions were played: ``entries`` (the seat's or bot's own, then chance drawn after)."""

    entries: tuple[Entry, ...]
    seat: int | None
    """The seat whose request or bot played them (``None``: chance alone, or a catch-up)."""


@dataclass(frozen=True, slots=True)
class Finished(Event):
    """The game is over: every entry of the log is now revealed."""

    scores: tuple[float, ...]
    ranking: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TookBack(Event):
    """An action was taken back (undo): the log lost ``entry``."""

    entry: Entry


@dataclass(frozen=True, slots=True)
class SeatChanged(Event):
    """Who plays a seat, or whether its person is here, changed.

    ``what`` is ``joined``, ``left`` (before the start), ``replaced`` (a bot took it),
    ``reclaimed`` (its person took it back), ``here`` (a connection opened or a request
    came) or ``away`` (its last connection closed).
    """

    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Reseeded(Event):
    """Chance and bots draw from a fresh seed from action ``version`` on (after a save)."""
