"""What a table's stored rows say to the table: times, seats and who played each seat.

The database keeps a table's seats and events as rows (:mod:`savanna.web.db`); a
:class:`~savanna.table.Table` speaks of :class:`~savanna.table.Seat` and of the record's
``controls``. These functions read the one into the other, the same way on every load.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from savanna.table import HUMAN, OPEN_SEAT, Seat
from savanna.table.seats import BOT
from savanna.web.db import SeatRow

__all__ = ["controls_of", "epoch", "seat_of_row"]


def epoch(moment: datetime) -> float:
    """Seconds since the epoch of a stored time (SQLite gives it back without its zone: UTC)."""
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).timestamp()



def seat_of_row(row: SeatRow) -> Seat:
    """The table's seat for a stored seat."""
    if row.kind == "bot":
        return Seat(BOT, row.name, row.bot)
    if row.kind == "human":
        return Seat(HUMAN, row.name, replaced_by=row.replaced_by)
    return Seat(OPEN_SEAT)


def controls_of(seats: Sequence[Seat], events: Sequence[dict[str, Any]]) -> list[tuple[int, int, str]]:
    """Who played a seat from which action on, from the stored events (the record's
    ``controls``): a replacement, a reclaim, a move a fallback bot played."""
    playing = [seat.record_form for seat in seats]
    controls: list[tuple[int, int, str]] = []
    for event in events:
        at, seat, kind = event["at"], event["seat"], event["kind"]
        if seat is None or not 0 <= seat < len(playing):
            continue
        if kind == "replaced":
            playing[seat] = f"bot:{event['detail']}"
            controls.append((at, seat, playing[seat]))
        elif kind == "reclaimed":
            playing[seat] = HUMAN
            controls.append((at, seat, HUMAN))
        elif kind in ("replace_time", "lost_time"):  # a timeout: a bot plays the seat from then on
            playing[seat] = f"bot:{event['detail']}"
            controls.append((at, seat, playing[seat]))
        elif kind in ("fallback", "bot_time"):  # a bot played that one move
            controls += [(at, seat, f"bot:{event['detail']}"), (at + 1, seat, playing[seat])]
    return controls
