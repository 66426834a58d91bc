"""The named values of a river race position: the phases of a turn, the endings, and the
values that stand for "nobody", "no card" and "no way".

A position keeps them as plain ints (a playout compares phases at every action); the enum
says what each int means, and the names are those of the position notation
(``phase=council``, ``end=huts``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

__all__ = [
    "ANSWER",
    "CHANCE_PHASES",
    "COIN",
    "COUNCIL",
    "DRAW",
    "ENDINGS",
    "FIRST",
    "MOVE",
    "NOBODY",
    "NO_CARD",
    "NO_COUNTER",
    "NO_WAY",
    "OVER",
    "PHASES",
    "REPLY",
    "ROLL",
    "UNNAMED_BRANCH",
    "Phase",
]


class Phase(IntEnum):
    """What the position waits for (``docs/rules/river-race.md``, A turn). Values are stable:
    the observation tensor and the position notation use them."""

    FIRST = 0
    """Chance draws the first player (option ``first=draw``; once per game)."""
    ROLL = 1
    """Chance rolls the dice."""
    COIN = 2
    """Chance draws a pity coin for a die showing 1 (rules ``pity.coin``, ``pity.bag``)."""
    MOVE = 3
    """The seat moves one pawn the total of the dice, or passes when none can move."""
    DRAW = 4
    """Chance deals a sacrifice card to the pawn that stepped up (rule ``sacrifice.draw``)."""
    COUNCIL = 5
    """Before rolling, the seat steps up, bargains and crosses (rule ``council.when``)."""
    ANSWER = 6
    """The owner of the pawn offered a price accepts, refuses or counters (``answer.reply``)."""
    REPLY = 7
    """The sacrificer accepts or refuses a counter-offer (rule ``answer.counter``)."""
    OVER = 8
    """The game has ended."""


# Plain int copies for the hot paths (a compiled build inlines them); checked below.
FIRST: Final = 0
ROLL: Final = 1
COIN: Final = 2
MOVE: Final = 3
DRAW: Final = 4
COUNCIL: Final = 5
ANSWER: Final = 6
REPLY: Final = 7
OVER: Final = 8
if tuple(Phase) != (FIRST, ROLL, COIN, MOVE, DRAW, COUNCIL, ANSWER, REPLY, OVER):
    raise ImportError("the phase constants must follow Phase")

PHASES: Final[tuple[str, ...]] = tuple(p.name.lower() for p in Phase)
"""Phase names by value, as the position notation and observations write them."""
CHANCE_PHASES: Final = (FIRST, ROLL, COIN, DRAW)
"""The phases where chance acts."""
ENDINGS: Final = ("three", "huts", "persecutor", "cap")
"""How a game ends: a player's three pawns home, every hut taken, the persecutor home, the
turn limit (rules ``end.three``, ``end.huts``, ``end.persecutor``, ``end.cap``)."""

NOBODY: Final = -1
"""No pawn (an empty sacrifice place), no seat (the first player before the draw), no hut."""
NO_CARD: Final = -1
"""A sacrifice place whose sacrificer holds no card (or none yet)."""
NO_COUNTER: Final = -1
"""``counter`` when no counter-offer is on the table."""
NO_WAY: Final = -1
"""Where a move ends when it cannot be made (see :func:`~.walking.walk_end`)."""
UNNAMED_BRANCH: Final = -2
"""Where a move ends when it passes a river's fork and names no branch (rule ``move.fork``)."""
