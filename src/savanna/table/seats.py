"""Who sits at a table: a person, a bot, or nobody yet; and whether a person is here.

A seat is ``open`` (waiting for someone, before the start), ``human`` (a person, or a
program acting for one through an interface: the table cannot tell them apart and need
not), or ``bot`` (a bot spec such as ``ismcts:sims=200``, whose moves the table computes
from the seat's observation). A person's seat may be handed to a bot while they are away
(``replaced_by``) and taken back when they return.

Presence is kept per seat from what the interface reports: connections opened and closed
(a websocket, a terminal), and requests made with the seat's credential (a program playing
over REST has no connection: each request says it is there). A person is away when no
connection is open and nothing was heard from them since; see :class:`Seat.away`.

Records name a seat ``human`` or ``bot:<spec>`` (:attr:`Seat.record_form`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from savanna.core.record import BOT_PREFIX, HUMAN

__all__ = ["BOT", "HUMAN", "OPEN_SEAT", "Seat"]

BOT: Final = "bot"
"""A seat played by a bot."""
OPEN_SEAT: Final = "open"
"""A seat nobody has taken yet (before the start)."""


@dataclass
class Seat:
    """One seat of a table.

    Attributes:
        kind: :data:`HUMAN`, :data:`BOT` or :data:`OPEN_SEAT`.
        name: the name people read (the player's own name at a server; may be empty).
        bot: the bot spec of a bot seat (``None`` for the others).
        replaced_by: the bot spec playing a person's seat while they are away, or ``None``.
        connections: connections of the seat's player open now.
        away_since: when the player's last connection closed (or they sat down), in the
            table's clock; ``None`` while a connection is open.
        seen_at: when the player last made a request without a connection (REST).
        reclaimed_at: when the player last took the seat back from a bot.
    """

    kind: str
    name: str = ""
    bot: str | None = None
    replaced_by: str | None = None
    connections: int = 0
    away_since: float | None = None
    seen_at: float | None = None
    reclaimed_at: float | None = None

    @classmethod
    def human(cls, name: str = "") -> Seat:
        """A person's seat."""
        return cls(HUMAN, name)

    @classmethod
    def of_bot(cls, spec: str, name: str = "") -> Seat:
        """A bot's seat (``spec`` such as ``heuristic`` or ``ismcts:sims=200``)."""
        return cls(BOT, name, spec)

    @classmethod
    def of_record(cls, form: str) -> Seat:
        """The seat a record names ``human`` or ``bot:<spec>`` (anything else: a person)."""
        if form.startswith(BOT_PREFIX):
            return cls.of_bot(form[len(BOT_PREFIX) :])
        return cls.human()

    @property
    def is_human(self) -> bool:
        """Whether a person (or a program acting for one) holds this seat."""
        return self.kind == HUMAN

    @property
    def controller(self) -> str | None:
        """The bot spec playing this seat now, or ``None`` when a person plays it."""
        return self.bot if self.kind == BOT else self.replaced_by

    @property
    def record_form(self) -> str:
        """``human`` or ``bot:<spec>``, as records name the seat's own player."""
        return f"{BOT_PREFIX}{self.bot}" if self.kind == BOT else HUMAN

    @property
    def playing_form(self) -> str:
        """``human`` or ``bot:<spec>`` for whoever plays the seat now (a replacement included)."""
        spec = self.controller
        return HUMAN if spec is None else f"{BOT_PREFIX}{spec}"

    def away(self, now: float) -> float | None:
        """Seconds the seat's person has been away at ``now``; ``None`` when they are here
        (a connection is open) or the seat is not a person's."""
        if self.kind != HUMAN or self.connections:
            return None
        heard = max((t for t in (self.away_since, self.seen_at) if t is not None), default=now)
        return max(0.0, now - heard)
