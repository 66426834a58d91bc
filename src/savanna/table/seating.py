"""The seats of a table: who plays each, whether its person is here, and handing an away
or too slow person's seat to a bot.

Presence is what the interface reports (:class:`~savanna.table.Seat`): connections opened and
closed, and requests made without a connection (a program playing over REST). A person's
seat may be handed to a bot by another player once they have been away for the table's
grace period, or have spent longer than the turn clock on the decision now due; they take
it back when they return, and then nobody may hand it over again before a fresh grace
period. The interface stores each change, then tells the table (:meth:`Seating.replaced`,
:meth:`Seating.reclaimed`), which lists it in the record's ``controls``.

:class:`Seating` is the part of :class:`~savanna.table.Table` that keeps its seats, its
status and its listeners, and does this.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from savanna.core import State
from savanna.core.record import BOT_PREFIX, HUMAN
from savanna.table.errors import TableError
from savanna.table.events import Event, SeatChanged
from savanna.table.seats import BOT, OPEN_SEAT, Seat

__all__ = ["ABANDONED", "FINISHED", "OPEN", "PLAYING", "Listener", "SeatFacts", "Seating"]

OPEN: Final = "open"
"""A table waiting for its players (no action yet)."""
PLAYING: Final = "playing"
"""A game in progress."""
FINISHED: Final = "finished"
"""A game that reached its end."""
ABANDONED: Final = "abandoned"
"""A game closed before its end (nobody played it any more)."""

Listener = Callable[[Event], None]
"""Told every event of a table, in order."""


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """What everyone may know of a seat now (for a lobby, a seat list, a clock).

    Attributes:
        seat: the seat.
        kind: ``human``, ``bot`` or ``open``.
        name: its name.
        bot: a bot seat's spec.
        replaced_by: the bot playing a person's seat while they are away.
        here: a bot, or a person with a connection open.
        away: seconds its person has been away (``None`` while here).
        turn: seconds its person has spent on the decision now due (with a turn clock).
        replaceable: whether another player may hand it to a bot now.
    """

    seat: int
    kind: str
    name: str
    bot: str | None
    replaced_by: str | None
    here: bool
    away: float | None
    turn: float | None
    replaceable: bool


class Seating:
    """A table's seats, status and listeners, presence and replacement (the part of
    :class:`~savanna.table.Table` that does not play)."""

    seats: list[Seat]
    status: str
    grace: float
    turn_seconds: float
    turn_since: float
    controls: list[tuple[int, int, str]]
    clock: Callable[[], float]
    _state: State
    _listeners: list[Listener]

    # -- facts ------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position (read it; change it only through proposals)."""
        return self._state

    @property
    def version(self) -> int:
        """How many actions have been played."""
        return len(self._state.history)

    @property
    def finished(self) -> bool:
        """Whether the game reached its end."""
        return self._state.is_terminal()

    def to_act(self) -> int:
        """Who acts next: a seat, :data:`~savanna.core.CHANCE` or ``TERMINAL``."""
        return self._state.current_player()

    def controller(self, seat: int) -> str | None:
        """The bot spec playing ``seat`` now, or ``None`` for a person."""
        return self.seats[seat].controller

    @property
    def humans(self) -> list[int]:
        """The seats people hold."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Tell ``listener`` every event from now on; returns how to stop."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _emit(self, events: list[Event]) -> list[Event]:
        for event in events:
            for listener in list(self._listeners):
                listener(event)
        return events

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("seat/unknown", seat=str(seat)[:12])
        return seat

    def _check_playing(self) -> None:
        if self.status != PLAYING:
            raise TableError("table/over" if self.status == FINISHED else "table/not_playing")

    def set_seat(self, seat: int, new: Seat, *, same_player: bool) -> list[Event]:
        """Seat ``new`` at ``seat``: a player joining or leaving before the start, or what
        another process stored. With ``same_player`` (the interface knows it is the same
        person, by their credential) their presence carries over; a new person starts away
        until they connect or make a request."""
        old = self.seats[seat]
        if same_player and old.kind == new.kind:
            new.connections, new.away_since, new.seen_at = old.connections, old.away_since, old.seen_at
            new.reclaimed_at = old.reclaimed_at
        elif new.is_human and not new.connections:
            new.away_since, new.seen_at = self.clock(), None
        self.seats[seat] = new
        if old.kind == new.kind and old.name == new.name and old.replaced_by == new.replaced_by:
            return []
        what = "left" if new.kind == OPEN_SEAT else "joined"
        return self._emit([SeatChanged(self.version, seat, what)])

    def connect(self, seat: int) -> list[Event]:
        """A connection of ``seat``'s player opened."""
        state = self.seats[seat]
        state.connections += 1
        state.away_since = None
        return self._emit([SeatChanged(self.version, seat, "here")])

    def disconnect(self, seat: int) -> list[Event]:
        """A connection of ``seat``'s player closed; with none left, their away time starts."""
        state = self.seats[seat]
        state.connections = max(0, state.connections - 1)
        if state.connections:
            return []
        state.away_since = self.clock()
        return self._emit([SeatChanged(self.version, seat, "away")])

    def seen(self, seat: int) -> list[Event]:
        """``seat``'s player made a request (a program playing without a connection):
        they are here now, and their away time starts again from now."""
        state = self.seats[seat]
        was_away = state.away(self.clock())
        state.seen_at = self.clock()
        if was_away is not None and was_away >= 1.0:
            return self._emit([SeatChanged(self.version, seat, "here")])
        return []

    def turn_taken(self) -> tuple[int | None, float]:
        """The person's seat to act now (``None``: chance, a bot or nobody) and how long
        they have been deciding, in seconds."""
        state = self._state
        if self.status != PLAYING or state.is_terminal():
            return None, 0.0
        player = state.current_player()
        if player < 0 or self.controller(player) is not None:
            return None, 0.0
        return player, self.clock() - self.turn_since

    def overdue(self, seat: int) -> bool:
        """Whether ``seat``'s person has gone past the turn clock on this decision."""
        acting, spent = self.turn_taken()
        return bool(self.turn_seconds) and acting == seat and spent >= self.turn_seconds

    def replace_wait(self, seat: int) -> float:
        """Seconds before ``seat`` may be handed to a bot (0: now).

        A person's seat may be handed over once they have been away for the grace period,
        or have spent longer than the turn clock on the decision now due; and never within
        a grace period of taking it back themselves (a fresh grace period after each
        reclaim).
        """
        target = self.seats[seat]
        now = self.clock()
        reclaim = 0.0 if target.reclaimed_at is None else self.grace - (now - target.reclaimed_at)
        away = target.away(now)
        wait = float("inf") if away is None else self.grace - away
        acting, spent = self.turn_taken()
        if self.turn_seconds and acting == seat:
            wait = min(wait, self.turn_seconds - spent)
        return max(0.0, reclaim, wait)

    def check_replace(self, seat: int, by: int) -> None:
        """Whether ``by``'s player may hand ``seat`` to a bot now (the interface then stores
        it and calls :meth:`replaced`).

        Raises:
            TableError: ``table/not_playing``, ``seat/unknown``, ``seat/not_human`` (a bot's
                seat, one a bot already plays, or one's own), ``seat/not_away`` (with the
                seconds left).
        """
        self._check_playing()
        seat = self._check_seat(seat)
        target = self.seats[seat]
        if not target.is_human or target.replaced_by is not None or seat == by:
            raise TableError("seat/not_human")
        wait = self.replace_wait(seat)
        if wait > 0:
            left = wait if wait != float("inf") else self.grace
            raise TableError("seat/not_away", seat=seat + 1, left=max(1, int(left + 0.999)))

    def replaced(self, seat: int, bot: str) -> list[Event]:
        """The bot ``bot`` plays ``seat`` from now on, until its person takes it back."""
        self.seats[seat].replaced_by = bot
        self.controls.append((self.version, seat, BOT_PREFIX + bot))
        return self._emit([SeatChanged(self.version, seat, "replaced")])

    def check_reclaim(self, seat: int) -> None:
        """Whether ``seat``'s person may take it back from the bot playing it.

        Raises:
            TableError: ``seat/not_replaced`` (not playing, or no bot plays it).
        """
        seat = self._check_seat(seat)
        if self.status != PLAYING or self.seats[seat].replaced_by is None:
            raise TableError("seat/not_replaced", seat=seat + 1)

    def reclaimed(self, seat: int) -> list[Event]:
        """``seat``'s person plays it again; nobody may hand it to a bot for a grace period."""
        target = self.seats[seat]
        if target.replaced_by is None:
            return []
        target.replaced_by = None
        target.reclaimed_at = self.turn_since = self.clock()
        self.controls.append((self.version, seat, HUMAN))
        return self._emit([SeatChanged(self.version, seat, "reclaimed")])

    def seat_facts(self) -> list[SeatFacts]:
        """Every seat as everyone may know it now."""
        now = self.clock()
        acting, spent = self.turn_taken()
        out = []
        for i, s in enumerate(self.seats):
            away = s.away(now)
            out.append(
                SeatFacts(
                    seat=i,
                    kind=s.kind,
                    name=s.name,
                    bot=s.bot,
                    replaced_by=s.replaced_by,
                    here=s.kind == BOT or s.connections > 0,
                    away=away,
                    turn=spent if acting == i and self.turn_seconds else None,
                    replaceable=self.status == PLAYING
                    and s.is_human
                    and s.replaced_by is None
                    and self.replace_wait(i) == 0,
                )
            )
        return out

