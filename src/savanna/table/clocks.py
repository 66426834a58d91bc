"""Time controls: how long a person may take, counted from what is stored.

A table may choose a *pace* at its creation (:class:`TimeControl`):

- **real-time** (:data:`REALTIME`): each seat has a clock for the whole game, ``base``
  seconds at the start plus ``increment`` seconds after each of its own actions; the clock
  of the seat due to act runs down while it decides.
- **turn-based** (:data:`TURN`): each decision has ``per_move`` seconds (an hour to days).

When the time of the person due to act runs out, the table does what the host chose
(``on_time``): :data:`BOT_MOVE` (a bot plays that one move), :data:`REPLACE` (a bot plays
the seat from then on, until its person takes it back) or :data:`LOSE` (the seat loses by
time: a bot plays it to the end so the others' game goes on, and the result ranks it last).

Nothing here keeps time in memory: :func:`clocks` derives every seat's time left and the
deadline of the decision due from the times the actions were committed (a database's
timestamps), so two processes, or one restarted, compute the same deadline. A clock that
ran out stays at zero: later actions of that seat have only the increment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from savanna.table.errors import TableError

__all__ = [
    "BOT_MOVE", "LOSE", "ON_TIME", "PACES", "REALTIME", "REPLACE", "TURN", "Clocks", "TimeControl", "clocks", "forfeit_ranking",
]

REALTIME: Final = "realtime"
"""A clock per seat for the whole game (base + increment per action)."""
TURN: Final = "turn"
"""A deadline per decision."""
PACES: Final = (REALTIME, TURN)

BOT_MOVE: Final = "bot_move"
"""Time out: a bot plays that one move."""
REPLACE: Final = "replace"
"""Time out: a bot plays the seat until its person takes it back."""
LOSE: Final = "lose"
"""Time out: the seat loses by time (a bot plays it to the end, the result ranks it last)."""
ON_TIME: Final = (BOT_MOVE, REPLACE, LOSE)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A table's pace and what happens when time runs out.

    Attributes:
        pace: :data:`REALTIME` or :data:`TURN`.
        base: real-time: seconds each seat has for the whole game.
        increment: real-time: seconds added to a seat's clock after each of its actions.
        per_move: turn-based: seconds for each decision.
        on_time: :data:`BOT_MOVE`, :data:`REPLACE` or :data:`LOSE`.
    """

    pace: str
    base: float = 0.0
    increment: float = 0.0
    per_move: float = 0.0
    on_time: str = BOT_MOVE

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {"pace": self.pace, "base": self.base, "increment": self.increment,
                "per_move": self.per_move, "on_time": self.on_time}

    @classmethod
    def from_json(cls, data: Any) -> TimeControl | None:
        """Read the stored (or requested) form; ``None`` for no time control.

        Raises:
            TableError: ``time/invalid`` naming what is wrong.
        """
        if data is None:
            return None
        if not isinstance(data, dict):
            raise TableError("time/invalid", words={"why": "time.why.object"})
        pace, on_time = data.get("pace"), data.get("on_time", BOT_MOVE)
        if pace not in PACES:
            raise TableError("time/invalid", words={"why": "time.why.pace"})
        if on_time not in ON_TIME:
            raise TableError("time/invalid", words={"why": "time.why.on_time"})
        numbers = {}
        for name in ("base", "increment", "per_move"):
            value = data.get(name, 0)
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10**7:
                raise TableError("time/invalid", key="time.invalid_number", name=name)
            numbers[name] = float(value)
        if pace == REALTIME and numbers["base"] <= 0:
            raise TableError("time/invalid", words={"why": "time.why.base"})
        if pace == TURN and numbers["per_move"] <= 0:
            raise TableError("time/invalid", words={"why": "time.why.per_move"})
        return cls(pace, on_time=on_time, **numbers)


@dataclass(frozen=True, slots=True)
class Clocks:
    """Every seat's time as of one moment.

    Attributes:
        left: seconds each seat has left (real-time: its clock; turn-based: what remains
            of the decision due for the seat acting, ``per_move`` for the others).
        acting: the person's seat whose time runs now (``None``: chance, a bot, nobody).
        deadline: when the acting seat's time runs out (the stamps' unit), or ``None``.
    """

    left: tuple[float, ...]
    acting: int | None
    deadline: float | None

    @property
    def out(self) -> bool:
        """Whether the acting seat's time has run out."""
        return self.acting is not None and self.left[self.acting] <= 0


def clocks(
    control: TimeControl,
    players: int,
    started: float,
    stamps: Sequence[tuple[int, float]],
    acting: int | None,
    now: float,
    due_since: float | None = None,
) -> Clocks:
    """Every seat's time left at ``now``, and the acting seat's deadline.

    Args:
        control: the table's time control.
        players: how many seats.
        started: when the game began.
        stamps: ``(actor, time)`` of each committed action, in order (chance: a negative
            actor; it costs nobody time).
        acting: the person's seat due to act now, or ``None``.
        now: the time now.
        due_since: when the decision due became the acting person's (by default the time of
            the last action, or ``started``; later when they took their seat back since).

    Each action costs its actor the time since the one before it (or the start); a clock
    never goes below zero, and the increment is added after each of the seat's actions.

    >>> blitz = TimeControl(REALTIME, base=60, increment=2)
    >>> c = clocks(blitz, 2, 0.0, [(0, 10.0), (1, 25.0)], acting=0, now=30.0)
    >>> c.left, c.deadline
    ((47.0, 47.0), 77.0)
    >>> clocks(TimeControl(TURN, per_move=3600), 2, 0.0, [(0, 10.0)], acting=1, now=70.0).left
    (3600.0, 3540.0)
    """
    previous = started
    if control.pace == TURN:
        left = [float(control.per_move)] * players
    else:
        left = [float(control.base)] * players
        for actor, at in stamps:
            if 0 <= actor < players:
                left[actor] = max(0.0, left[actor] - max(0.0, at - previous)) + control.increment
            previous = at
    if stamps:
        previous = stamps[-1][1]
    if acting is None or not 0 <= acting < players:
        return Clocks(tuple(left), None, None)
    since = previous if due_since is None else max(previous, due_since)
    deadline = since + left[acting]
    left[acting] = max(0.0, deadline - now)
    return Clocks(tuple(left), acting, deadline)


def forfeit_ranking(ranking: list[int], lost: Sequence[int]) -> list[int]:
    """The places of a finished game where ``lost`` seats lost by time: those go last (the
    first to run out the very last), the others keep their order (and their ties).

    >>> forfeit_ranking([0, 1, 2], [0])
    [2, 0, 1]
    >>> forfeit_ranking([1, 0, 1, 3], [1])
    [0, 3, 0, 2]
    """
    lost = list(dict.fromkeys(lost))
    others = [i for i in range(len(ranking)) if i not in lost]
    places = [0] * len(ranking)
    for i in others:
        places[i] = sum(1 for j in others if ranking[j] < ranking[i])
    for k, seat in enumerate(reversed(lost)):
        places[seat] = len(others) + k
    return places
