"""Banjooli's seat actions: typed values and their one codec to ids and notation.

Every seat action is a small frozen value; ``to_id()`` gives its stable id,
:func:`from_id` the value of an id, and ``str()`` its notation out of context (the
position decides two words: a step that jumps is written ``jump``, and a space chosen
while placing berries ``berry``; see :mod:`savanna.games.banjooli.notation`). No other
module computes an id: the engine's hot paths read the id tables below.

==========  ================================================  =========================
ids          action                                            notation
==========  ================================================  =========================
0-63         :class:`Reroll` of the dice in the bit mask        ``keep``, ``reroll 136``
             (bit 5 = sorcery; 0 keeps them all)
64-103       :class:`Move` 64 + 8*ostrich + kind (0 own          ``move Y``, ``move Y+W``,
             colour only, 1 + joker kind, 7 :class:`MagicFive`)  ``move Y+R``, ``move Y*5``
104-106      :class:`Step` of the moving ostrich: L, F, R        ``step F``, ``jump L``
107-111      :class:`Spell` an ostrich                            ``spell Y``
112-116      :class:`Unspell` an ostrich                          ``unspell Y``
117          :class:`Pass`                                        ``pass``
118-122      :class:`Give` Naangateku to a seat                   ``give 2``
123-127      :class:`Swap` with an ostrich (the Vortex)           ``swap R``
128-383      :class:`ChooseSpace` (berry placement, lava,         ``berry 17``, ``to 17``
             crocodile, Joka)
384-473      :class:`Move` with part of a joker kind (Dof        ``move Y+2W``, ``move Y+1R``
             Nooxoor only): 384 + 18*ostrich + 3*kind + part-1
==========  ================================================  =========================

A joker kind is 0 for white, ``1 + c`` for the colour ``c`` of an arrived ostrich.

Example:
    >>> Move(3, joker=WHITE).to_id(), str(from_id(89)), str(from_id(77))
    (89, 'move G+W', 'move Y+G')
    >>> from_id(Move(1, joker=WHITE, part=2).to_id())
    Move(ostrich=1, joker=5, part=2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeAlias

from savanna.games.banjooli.board import DIRECTIONS
from savanna.games.banjooli.components import COLOURS

__all__ = [
    "ACTIONS",
    "ARGUMENT",
    "DECIDE_JOKER",
    "DECIDE_KIND",
    "DECIDE_PART",
    "D_MAGIC",
    "D_MOVE",
    "D_OTHER",
    "D_PASS",
    "D_SPELL",
    "D_UNSPELL",
    "FACES",
    "GIVE_IDS",
    "JOKER_MOVE_IDS",
    "KEEP_ID",
    "MAGIC_MOVE_IDS",
    "MAX_SPACES",
    "NUM_ACTIONS",
    "PART_MOVE_IDS",
    "PASS_ID",
    "PLAIN_MOVE_IDS",
    "REROLL_DICE",
    "SPACE_IDS",
    "SPELL_IDS",
    "STEP_IDS",
    "SWAP_IDS",
    "UNSPELL_IDS",
    "WHITE",
    "Action",
    "ChooseSpace",
    "Give",
    "MagicFive",
    "Move",
    "Pass",
    "Reroll",
    "Spell",
    "Step",
    "Swap",
    "Unspell",
    "from_id",
    "joker_face",
    "joker_kind",
]

FACES: Final = COLOURS + "W"
"""Die faces by number: the five ostrich colours (0-4), then the white joker (5)."""
WHITE: Final = 5
"""The white joker face."""
DICE: Final = 6
"""Five movement dice (positions 0-4) and the sorcery die (position 5)."""
MAX_SPACES: Final = 256
"""Spaces a :class:`ChooseSpace` id can name (more than the longest track has)."""
MAX_PART: Final = 3
"""The most jokers of one kind a frenzy move uses in part (a kind has at most four dice
when the ostrich's own colour shows once)."""
JOKER_KINDS: Final = 6
"""White, and the five colours an arrived ostrich lends."""

_REROLL: Final = 0
_MOVE: Final = _REROLL + (1 << DICE)
_MAGIC_KIND: Final = 7
_STEP: Final = _MOVE + 8 * 5
_SPELL: Final = _STEP + len(DIRECTIONS)
_UNSPELL: Final = _SPELL + 5
_PASS: Final = _UNSPELL + 5
_GIVE: Final = _PASS + 1
_SWAP: Final = _GIVE + 5
_SPACE: Final = _SWAP + 5
_PART: Final = _SPACE + MAX_SPACES
NUM_ACTIONS: Final = _PART + 5 * JOKER_KINDS * MAX_PART
"""``num_distinct_actions`` of Banjooli (474)."""


def joker_kind(face: int) -> int:
    """The joker kind of die face ``face``: 0 for white, ``1 + c`` for colour ``c``."""
    return 0 if face == WHITE else 1 + face


def joker_face(kind: int) -> int:
    """The die face of joker kind ``kind`` (the inverse of :func:`joker_kind`)."""
    return WHITE if kind == 0 else kind - 1


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll the dice of ``mask`` (bit ``i`` = die ``i + 1``; 0 keeps every die)."""

    mask: int

    def to_id(self) -> int:
        return _REROLL + self.mask

    def __str__(self) -> str:
        if not self.mask:
            return "keep"
        return "reroll " + "".join(str(i + 1) for i in range(DICE) if self.mask >> i & 1)

    @property
    def dice(self) -> list[int]:
        """The die positions (0-5) rerolled."""
        return [i for i in range(DICE) if self.mask >> i & 1]


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``ostrich`` by its own colour's dice, with the jokers of one kind.

    Attributes:
        ostrich: the ostrich (0-4).
        joker: the die face used as joker (white, or an arrived ostrich's colour), if any.
        part: how many dice of that joker kind, when only some (Dof Nooxoor, 1-3); 0 = all.
    """

    ostrich: int
    joker: int | None = None
    part: int = 0

    def to_id(self) -> int:
        if self.joker is None:
            return _MOVE + 8 * self.ostrich
        kind = joker_kind(self.joker)
        if self.part:
            return _PART + 18 * self.ostrich + MAX_PART * kind + self.part - 1
        return _MOVE + 8 * self.ostrich + 1 + kind

    def __str__(self) -> str:
        text = f"move {COLOURS[self.ostrich]}"
        if self.joker is not None:
            text += f"+{self.part or ''}{FACES[self.joker]}"
        return text


@dataclass(frozen=True, slots=True)
class MagicFive:
    """Move any running ``ostrich`` five spaces (five colours or five whites)."""

    ostrich: int

    def to_id(self) -> int:
        return _MOVE + 8 * self.ostrich + _MAGIC_KIND

    def __str__(self) -> str:
        return f"move {COLOURS[self.ostrich]}*5"


@dataclass(frozen=True, slots=True)
class Step:
    """The next step of the moving ostrich: 0 left, 1 forward, 2 right (``DIRECTIONS``)."""

    direction: int

    def to_id(self) -> int:
        return _STEP + self.direction

    def __str__(self) -> str:
        return self.text(jump=False)

    def text(self, *, jump: bool) -> str:
        """``step F``, or ``jump F`` when the step jumps an ostrich."""
        return f"{'jump' if jump else 'step'} {DIRECTIONS[self.direction]}"


@dataclass(frozen=True, slots=True)
class Spell:
    """Spell (scare) ``ostrich``."""

    ostrich: int

    def to_id(self) -> int:
        return _SPELL + self.ostrich

    def __str__(self) -> str:
        return f"spell {COLOURS[self.ostrich]}"


@dataclass(frozen=True, slots=True)
class Unspell:
    """Unspell the scared ``ostrich``."""

    ostrich: int

    def to_id(self) -> int:
        return _UNSPELL + self.ostrich

    def __str__(self) -> str:
        return f"unspell {COLOURS[self.ostrich]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (only when nothing else is legal, rule ``turn.pass``)."""

    def to_id(self) -> int:
        return _PASS

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Give:
    """Give Naangateku to ``seat`` (0-based)."""

    seat: int

    def to_id(self) -> int:
        return _GIVE + self.seat

    def __str__(self) -> str:
        return f"give {self.seat}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the moving ostrich with ``ostrich`` (the Vortex, on a joker)."""

    ostrich: int

    def to_id(self) -> int:
        return _SWAP + self.ostrich

    def __str__(self) -> str:
        return f"swap {COLOURS[self.ostrich]}"


@dataclass(frozen=True, slots=True)
class ChooseSpace:
    """Choose ``space``: a berry's place, or where lava, a crocodile or Joka sends the mover."""

    space: int

    def to_id(self) -> int:
        return _SPACE + self.space

    def __str__(self) -> str:
        return self.text(berry=False)

    def text(self, *, berry: bool) -> str:
        """``to 17``, or ``berry 17`` when placing a berry."""
        return f"{'berry' if berry else 'to'} {self.space}"


Action: TypeAlias = Reroll | Move | MagicFive | Step | Spell | Unspell | Pass | Give | Swap | ChooseSpace
"""A Banjooli seat action."""


def _decode(action_id: int) -> Action:
    if action_id < _MOVE:
        return Reroll(action_id - _REROLL)
    if action_id < _STEP:
        o, kind = divmod(action_id - _MOVE, 8)
        if kind == 0:
            return Move(o)
        if kind == _MAGIC_KIND:
            return MagicFive(o)
        return Move(o, joker_face(kind - 1))
    if action_id < _SPELL:
        return Step(action_id - _STEP)
    if action_id < _UNSPELL:
        return Spell(action_id - _SPELL)
    if action_id < _PASS:
        return Unspell(action_id - _UNSPELL)
    if action_id == _PASS:
        return Pass()
    if action_id < _SWAP:
        return Give(action_id - _GIVE)
    if action_id < _SPACE:
        return Swap(action_id - _SWAP)
    if action_id < _PART:
        return ChooseSpace(action_id - _SPACE)
    o, rest = divmod(action_id - _PART, 18)
    kind, part = divmod(rest, MAX_PART)
    return Move(o, joker_face(kind), part + 1)


ACTIONS: Final[tuple[Action, ...]] = tuple(_decode(i) for i in range(NUM_ACTIONS))
"""Every seat action, by id."""


def from_id(action_id: int) -> Action:
    """The seat action of id ``action_id``.

    Raises:
        ValueError: for an id outside ``range(NUM_ACTIONS)`` (a chance outcome is no seat action).
    """
    if not 0 <= action_id < NUM_ACTIONS:
        raise ValueError(f"no banjooli seat action has id {action_id!r}")
    return ACTIONS[action_id]


# Id tables for the engine's hot paths (legal actions are built as ids, never as values).
KEEP_ID: Final = Reroll(0).to_id()
PASS_ID: Final = Pass().to_id()
PLAIN_MOVE_IDS: Final = tuple(Move(o).to_id() for o in range(5))
"""``[ostrich]``: the move with the ostrich's own colour only."""
JOKER_MOVE_IDS: Final = tuple(tuple(Move(o, joker_face(k)).to_id() for k in range(JOKER_KINDS)) for o in range(5))
"""``[ostrich][joker kind]``: the move with every joker of that kind."""
PART_MOVE_IDS: Final = tuple(
    tuple(tuple(Move(o, joker_face(k), j).to_id() for j in range(1, MAX_PART + 1)) for k in range(JOKER_KINDS))
    for o in range(5)
)
"""``[ostrich][joker kind][part - 1]``: the frenzy move with part of a joker kind."""
MAGIC_MOVE_IDS: Final = tuple(MagicFive(o).to_id() for o in range(5))
STEP_IDS: Final = tuple(Step(d).to_id() for d in range(len(DIRECTIONS)))
SPELL_IDS: Final = tuple(Spell(o).to_id() for o in range(5))
UNSPELL_IDS: Final = tuple(Unspell(o).to_id() for o in range(5))
GIVE_IDS: Final = tuple(Give(s).to_id() for s in range(5))
SWAP_IDS: Final = tuple(Swap(o).to_id() for o in range(5))
SPACE_IDS: Final = tuple(ChooseSpace(s).to_id() for s in range(MAX_SPACES))

REROLL_DICE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(a.dice) if isinstance(a, Reroll) else () for a in ACTIONS
)
"""``[action id]``: the die positions a :class:`Reroll` rerolls (its ``dice``; empty for
keeping them all and for the other actions)."""

# A seat action read as plain ints (the engine applies actions without building a value):
# a decision's kind, the joker face a move uses (-1: none) and its part, and the number
# every action names.
D_MOVE: Final = 0
D_MAGIC: Final = 1
D_SPELL: Final = 2
D_UNSPELL: Final = 3
D_PASS: Final = 4
D_OTHER: Final = 5


def _decision(action: Action) -> tuple[int, int, int]:
    if isinstance(action, Move):
        return D_MOVE, -1 if action.joker is None else action.joker, action.part
    if isinstance(action, MagicFive):
        return D_MAGIC, -1, 0
    if isinstance(action, Spell):
        return D_SPELL, -1, 0
    if isinstance(action, Unspell):
        return D_UNSPELL, -1, 0
    if isinstance(action, Pass):
        return D_PASS, -1, 0
    return D_OTHER, -1, 0


def _argument(action: Action) -> int:
    if isinstance(action, Reroll):
        return action.mask
    if isinstance(action, Move | MagicFive | Spell | Unspell | Swap):
        return action.ostrich
    if isinstance(action, Step):
        return action.direction
    if isinstance(action, Give):
        return action.seat
    if isinstance(action, ChooseSpace):
        return action.space
    return -1


_DECISIONS: Final = tuple(_decision(a) for a in ACTIONS)
DECIDE_KIND: Final[tuple[int, ...]] = tuple(d[0] for d in _DECISIONS)
"""``[action id]``: ``D_MOVE`` (:class:`Move`), ``D_MAGIC``, ``D_SPELL``, ``D_UNSPELL``,
``D_PASS`` or ``D_OTHER`` (not a decision of a move or spell)."""
DECIDE_JOKER: Final[tuple[int, ...]] = tuple(d[1] for d in _DECISIONS)
"""``[action id]``: the joker face of a :class:`Move` (-1: no joker)."""
DECIDE_PART: Final[tuple[int, ...]] = tuple(d[2] for d in _DECISIONS)
"""``[action id]``: the ``part`` of a :class:`Move` (0: all the jokers of the kind)."""
ARGUMENT: Final[tuple[int, ...]] = tuple(_argument(a) for a in ACTIONS)
"""``[action id]``: the number an action names, read without building a value: the ostrich
of a move, magic five, spell, unspell or swap, the direction of a step, the seat of a
give, the space of a choice, the mask of a reroll (-1 for a pass)."""
