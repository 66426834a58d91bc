"""The named values of a Banjooli position: the phases of a turn, why a space is chosen,
and the values that stand for "nothing" or "unknown".

The engine keeps a position in plain ints and lists (cheap to copy); these names say what
the ints mean. A position stores a phase as the plain int of its :class:`Phase` member (the
hot paths compare phases at every action) and a reason as its :class:`Reason` member, which
is the letter the position notation writes (``V=c:...``).
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Final

from savanna.core.game import CHANCE, TERMINAL

__all__ = [
    "ARRIVED",
    "BERRY",
    "CHANCE_ACTS",
    "CHANCE_PHASES",
    "DEAL",
    "DECIDE",
    "EMPTY",
    "FIRST",
    "FIX",
    "FRENZY",
    "GIVE",
    "LAYOUT",
    "NOT_ROLLED",
    "NO_CARD",
    "NO_MOVER",
    "OVER",
    "PHASE_NAMES",
    "PLACE",
    "REROLL",
    "ROLL",
    "SIDES",
    "SPACE",
    "STEP",
    "SWAP",
    "UNKNOWN_CARD",
    "UNKNOWN_TOKEN",
    "VORTEX",
    "WHO_ACTS",
    "Phase",
    "Reason",
]


class Phase(IntEnum):
    """What the position waits for. Values are stable: the observation tensor uses them."""

    LAYOUT = 0
    """Chance draws the order of the physical tiles (rule ``setup.layout``)."""
    DEAL = 1
    """Chance deals the next Prediction card (rule ``setup.deal``)."""
    PLACE = 2
    """A seat places a face-down berry (rule ``berry.placement``)."""
    ROLL = 3
    """Chance rolls the next die of ``to_roll``."""
    REROLL = 4
    """The seat keeps its dice or rerolls some (rule ``reroll.once``)."""
    DECIDE = 5
    """The seat moves an ostrich, spells, unspells or passes."""
    STEP = 6
    """The moving ostrich takes its next step (rule ``move.full_movement``)."""
    BERRY = 7
    """Chance turns over the face-down berry just picked."""
    FIX = 8
    """Chance identifies a face-down berry the picker of Jëmbat sees."""
    GIVE = 9
    """The picker of Naangateku gives it to another seat (rule ``berry.give``)."""
    VORTEX = 10
    """Chance rolls the sorcery die for the Vortex (rule ``vortex.swap``)."""
    SWAP = 11
    """The seat chooses the ostrich the Vortex swaps with (a joker was rolled)."""
    SPACE = 12
    """The seat chooses a space (lava, crocodile, Joka: :class:`Reason`)."""
    FRENZY = 13
    """Dof Nooxoor: the seat moves with the rerolled dice until all are used."""
    OVER = 14
    """The game is over (rules ``end.third_arrival``, ``end.turn_cap``)."""
    SIDES = 15
    """Chance draws which side each common tile shows (rule ``setup.layout``)."""
    FIRST = 16
    """Chance draws the seat that plays first (rule ``setup.first``, option ``first=draw``)."""


# The phases as plain int constants (a position stores ``int(Phase.X)``): the hot paths
# compare them at every action; plain ints compare twice as fast as enum members, and a
# compiled build (``make compile``) inlines these literals. Checked against Phase below.
LAYOUT: Final = 0
DEAL: Final = 1
PLACE: Final = 2
ROLL: Final = 3
REROLL: Final = 4
DECIDE: Final = 5
STEP: Final = 6
BERRY: Final = 7
FIX: Final = 8
GIVE: Final = 9
VORTEX: Final = 10
SWAP: Final = 11
SPACE: Final = 12
FRENZY: Final = 13
OVER: Final = 14
SIDES: Final = 15
FIRST: Final = 16
if tuple(int(p) for p in Phase) != (
    LAYOUT, DEAL, PLACE, ROLL, REROLL, DECIDE, STEP, BERRY, FIX, GIVE, VORTEX, SWAP, SPACE, FRENZY, OVER, SIDES,
    FIRST,
):
    raise ImportError("the phase constants of banjooli.phase must follow its Phase")

PHASE_NAMES: Final[tuple[str, ...]] = tuple(p.name.lower() for p in Phase)
"""Phase names by value, as the position notation and observations write them."""

CHANCE_PHASES: Final = frozenset(
    (Phase.LAYOUT, Phase.SIDES, Phase.DEAL, Phase.FIRST, Phase.ROLL, Phase.BERRY, Phase.FIX, Phase.VORTEX)
)
"""The phases where chance acts."""
WHO_ACTS: Final = tuple(TERMINAL if p == OVER else CHANCE if p in CHANCE_PHASES else None for p in Phase)
"""Who acts in each phase: ``TERMINAL``, ``CHANCE`` or ``None`` (the seat)."""
CHANCE_ACTS: Final[tuple[bool, ...]] = tuple(who == CHANCE for who in WHO_ACTS)
"""Whether chance acts in each phase (a tuple of bools: no object comparison per action)."""


class Reason(StrEnum):
    """Why the seat chooses a space (the ``V=`` field of the position notation)."""

    NONE = "-"
    """No space to choose."""
    CROCODILE = "c"
    """A spelled ostrich is carried beyond the ditch (rule ``croc.bite``)."""
    LAVA = "l"
    """A movement ended on lava goes back to high ground (rule ``lava.back``)."""
    JOKA = "j"
    """Joka sends the ostrich back two spaces (rule ``joka.back``)."""


ARRIVED: Final = -2
"""The space of an ostrich that has crossed the finishing line."""
EMPTY: Final = -1
"""An unoccupied space in the occupancy list ``occ``."""
NO_MOVER: Final = -1
"""``mover`` when no ostrich is moving."""
NOT_ROLLED: Final = -1
"""A die not rolled yet this turn."""
NO_CARD: Final = -1
"""A seat not dealt its Prediction yet."""
UNKNOWN_CARD: Final = -3
"""A Prediction the observer may not see (``?`` in the position notation)."""
UNKNOWN_TOKEN: Final = -1
"""A face-down berry the observer has not seen (``?`` in the position notation)."""
