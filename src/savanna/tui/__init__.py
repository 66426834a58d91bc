"""Playing in the terminal: ``savanna play`` and ``savanna replay FILE --step``.

Written once against the core protocol; every registered game can be played. The entry
points are :class:`PlaySession` (a whole game at one keyboard) and :func:`step_through`
(a record shown one action at a time).
"""

from __future__ import annotations

from savanna.tui.seat import SeatSpec, build_bot, default_seats, parse_seats
from savanna.tui.session import Outcome, PlaySession, default_record_path
from savanna.tui.step import step_through

__all__ = [
    "Outcome",
    "PlaySession",
    "SeatSpec",
    "build_bot",
    "default_record_path",
    "default_seats",
    "parse_seats",
    "step_through",
]
