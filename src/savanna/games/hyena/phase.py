"""The named values of a Hyena position: where a piece is, the stage of a turn, the kinds
of throw.

A position keeps them as plain ints in flat lists (a playout is cheap); the enums say what
the ints mean, and the letters and names are those of the position notation
(``mothers=V0,O12`` ..., ``turn=0:decide:2w``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

__all__ = [
    "IN_PLAY",
    "KIND_CODES",
    "NO_OWNER",
    "NO_THROW",
    "ON_TRACK",
    "PHASE_LETTERS",
    "STAGE_NAMES",
    "Kind",
    "Place",
    "Stage",
]


class Place(IntEnum):
    """Where a mother (or the hyena) is. Values index :data:`PHASE_LETTERS`."""

    NONE = -1
    """The hyena before its release (rule ``home.first``)."""
    VILLAGE = 0
    """In the village, not yet left (rules ``depart.*``)."""
    OUT = 1
    """On the way to the well."""
    WELL = 2
    """At the well, waiting to pay its fee (rules ``well.fee``, ``hyena.well_fee``)."""
    BACK = 3
    """On the way back to the village."""
    HOME = 4
    """Back in the village (rule ``home.reach``)."""
    EATEN = 5
    """Devoured by the hyena (rule ``hyena.devours``)."""


PHASE_LETTERS: Final = "VOWBHX"
"""The notation letter of each :class:`Place` (village, out, well, back, home, eaten)."""
ON_TRACK: Final = (int(Place.OUT), int(Place.WELL), int(Place.BACK))
"""Places on the spiral, where the hyena can reach a mother."""
IN_PLAY: Final = (int(Place.VILLAGE), *ON_TRACK)
"""Places of a mother still in the game."""


class Stage(IntEnum):
    """The stage of a turn."""

    START = 0
    """The seat throws (rulesets without choice: rule ``turn.throw_only``)."""
    THROWING = 1
    """Chance throws the sticks."""
    DECIDE = 2
    """The seat banks, moves or pays (three sticks: rule ``turn.bank_or_move``)."""
    OVER = 3
    """The game is over (rules ``end.game``, ``end.cap``)."""
    FIRST = 4
    """Chance draws the seat that plays first (rule ``setup.first``, option ``first=draw``)."""


STAGE_NAMES: Final = tuple(s.name.lower().replace("throwing", "throw") for s in Stage)
"""Stage names in the position notation: start, throw, decide, over, first."""


class Kind(IntEnum):
    """What a throw is worth (``kind`` in ``data/rulesets.toml``)."""

    NULL = 0
    """Nothing."""
    TABA = 1
    """A taba: banked, or paying a fee; it does not move a piece."""
    DAYS = 2
    """The piece moves that many holes (the hyena ``hyena_speed`` times as many)."""
    POINTS = 3
    """The player chooses: bank that many tabas or move that many holes."""


KIND_CODES: Final = {kind.name.lower(): int(kind) for kind in Kind}
"""The data file's kind names → :class:`Kind` values."""
NO_OWNER: Final = -1
"""``hyena_owner`` before the hyena is released."""
NO_THROW: Final = -1
"""``pending`` when no throw waits for a decision."""
