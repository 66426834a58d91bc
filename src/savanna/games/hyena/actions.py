"""The Hyena game's seat actions: typed values and their one codec to ids and notation.

==  =========  ================================================================
id  notation   action
==  =========  ================================================================
0   ``throw``  :class:`Throw` the sticks (rulesets without choice: the only one)
1   ``bank``   :class:`Bank` the throw's value as tabas (three sticks)
2   ``move``   :class:`Move` the piece by the throw (three sticks)
3   ``pay``    :class:`Pay` the holes missing to the well and move there (three sticks)
==  =========  ================================================================

Chance outcomes are not seat actions: the number of white (flat) sides up, written ``2w``.

Example:
    >>> from_id(2), Move().to_id(), str(Pay())
    (Move(), 2, 'pay')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, TypeAlias

__all__ = [
    "ACTIONS",
    "BANK",
    "MOVE",
    "NUM_ACTIONS",
    "PAY",
    "THROW",
    "Action",
    "Bank",
    "Move",
    "Pay",
    "Throw",
    "from_id",
    "from_text",
    "throw_text",
]


@dataclass(frozen=True, slots=True)
class _Decision:
    """A seat action of the Hyena game: a word with a fixed id (the subclasses say which)."""

    id: ClassVar[int]
    word: ClassVar[str]

    def to_id(self) -> int:
        return self.id

    def __str__(self) -> str:
        return self.word


class Throw(_Decision):
    """Throw the sticks (rulesets where a player throws until the turn-ending throw)."""

    __slots__ = ()
    id = 0
    word = "throw"


class Bank(_Decision):
    """Bank the pending throw's value as tabas (rule ``turn.bank_or_move``)."""

    __slots__ = ()
    id = 1
    word = "bank"


class Move(_Decision):
    """Move the piece by the pending throw, paying a due fee first (rule ``turn.bank_or_move``)."""

    __slots__ = ()
    id = 2
    word = "move"


class Pay(_Decision):
    """Move and pay one banked taba per hole missing to the well (rule ``well.pay_missing``)."""

    __slots__ = ()
    id = 3
    word = "pay"


Action: TypeAlias = Throw | Bank | Move | Pay
"""A seat action of the Hyena game."""

ACTIONS: Final[tuple[Action, ...]] = (Throw(), Bank(), Move(), Pay())
"""Every seat action, by id."""
NUM_ACTIONS: Final = len(ACTIONS)
THROW: Final = Throw.id
BANK: Final = Bank.id
MOVE: Final = Move.id
PAY: Final = Pay.id
_BY_TEXT: Final = {str(a): a for a in ACTIONS}


def from_id(action_id: int) -> Action:
    """The seat action of id ``action_id``.

    Raises:
        ValueError: for an id outside ``range(NUM_ACTIONS)``.
    """
    if not 0 <= action_id < NUM_ACTIONS:
        raise ValueError(f"no hyena seat action has id {action_id!r}")
    return ACTIONS[action_id]


def from_text(word: str) -> Action | None:
    """The seat action written ``word`` (already lower case), or ``None``."""
    return _BY_TEXT.get(word)


def throw_text(white: int) -> str:
    """The notation of the chance outcome of ``white`` white sides up (``2w``)."""
    return f"{white}w"
