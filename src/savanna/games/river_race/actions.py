"""Typed actions of the river race and their one codec: ids, notation, parsing.

A seat's action is one of the frozen dataclasses below; ``to_id()`` gives its stable
integer, :func:`from_id` reads it back, ``str()`` is its notation and
:func:`parse_action_text` reads notation back (case and spaces ignored). Chance outcomes
(the dice, a pity coin, a sacrifice card, the first player) have their own classes and
ids, meaningful at the chance node that draws them.

Pawns are written with their seat number (from 1) and letter: ``2b`` is the second pawn of
seat 2. A seat moves its own pawns, named by letter only (``move b``).

================================  ================================================
notation                          meaning
================================  ================================================
``move a``                        move pawn a the total of the dice
``move a upper|lower|around``     ... taking that branch at the river's fork
``pass``                          no pawn can move
``offer 2b 3``                    the sacrificer asks 3 gold to take pawn 2b across
``accept`` / ``refuse``           answer an offer (its owner) or a counter (the sacrificer)
``counter 2``                     the owner of the pawn offers 2 gold instead
``step a``                        pawn a, waiting in a courtyard, steps onto the free
                                  sacrifice place and draws a card
``cross a``                       pawn a crosses from its sacrifice place, with its party
``roll``                          end the bargaining and roll the dice (a card is kept)
``withdraw a``                    pawn a gives its card back (revealed) and steps down
                                  into the courtyard; then the dice are rolled
``3+5``                           chance: the dice
``coin 4``                        chance: a pity coin worth 4 gold
``card 7``                        chance: sacrifice card 7 drawn (secret)
``first 2``                       chance: seat 2 plays first
================================  ================================================

Example:
    >>> Offer(target=4, price=3).to_id() == from_id(Offer(4, 3).to_id()).to_id()
    True
    >>> str(Offer(target=4, price=3)), str(Move(pawn=0, branch=AROUND))
    ('offer 2b 3', 'move a around')
    >>> parse_action_text("  Move  A  Upper ")
    Move(pawn=0, branch=1)
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from savanna.core.messages import load_messages
from savanna.games.river_race.components import load_material

__all__ = [
    "ACCEPT_ID",
    "ACTION_ARG",
    "ACTION_KIND",
    "ACTION_VALUE",
    "AROUND",
    "BRANCHES",
    "COUNTER_IDS",
    "CROSS_IDS",
    "K_ACCEPT",
    "K_COUNTER",
    "K_CROSS",
    "K_DONE",
    "K_MOVE",
    "K_OFFER",
    "K_PASS",
    "K_REFUSE",
    "K_STEP",
    "K_WITHDRAW",
    "LETTERS",
    "LOWER",
    "MAX_SEATS",
    "MOVE_IDS",
    "NO_BRANCH",
    "NUM_ACTIONS",
    "OFFER_IDS",
    "PASS_ID",
    "REFUSE_ID",
    "ROLL_ID",
    "STEP_IDS",
    "UPPER",
    "WITHDRAW_IDS",
    "Accept",
    "Action",
    "Card",
    "Coin",
    "Counter",
    "Cross",
    "Done",
    "First",
    "Move",
    "Offer",
    "Pass",
    "Refuse",
    "Roll",
    "Step",
    "Withdraw",
    "from_id",
    "parse_action_text",
    "parse_chance_text",
    "parse_pawn_name",
    "pawn_name",
    "rolls",
]

MAX_SEATS: Final = 5
"""Seats of the largest table (pawn ids run up to ``3 * MAX_SEATS``)."""
LETTERS: Final = "abc"
"""Pawn letters, in pawn order."""
NO_BRANCH: Final = 0
UPPER: Final = 1
LOWER: Final = 2
AROUND: Final = 3
BRANCHES: Final = ("", "upper", "lower", "around")
_MESSAGES: Final = load_messages("savanna.games.river_race")
"""The game's catalogue (:data:`.rules.MESSAGES`), for the notation's errors."""
MAX_PRICE: Final = load_material().negotiation.max_price
PRICES: Final = MAX_PRICE + 1

_MOVE_BASE: Final = 0
PASS_ID: Final = 12
ROLL_ID: Final = 13
ACCEPT_ID: Final = 14
REFUSE_ID: Final = 15
_CROSS_BASE: Final = 16
_STEP_BASE: Final = 19
_COUNTER_BASE: Final = 22
_OFFER_BASE: Final = _COUNTER_BASE + PRICES
_WITHDRAW_BASE: Final = _OFFER_BASE + 3 * MAX_SEATS * PRICES
NUM_ACTIONS: Final = _WITHDRAW_BASE + 3
"""Seat actions are ids in ``range(NUM_ACTIONS)``."""


def pawn_name(pawn: int) -> str:
    """``2b`` for pawn id 4 (seat 2, letter b)."""
    return f"{pawn // 3 + 1}{LETTERS[pawn % 3]}"


def parse_pawn_name(text: str) -> int:
    """The pawn id of a name such as ``2b``.

    Raises:
        NotationError: the text is not a pawn name.
    """
    match = re.fullmatch(r"([1-9])([abc])", text.strip().lower())
    if not match or int(match[1]) > MAX_SEATS:
        raise _MESSAGES.notation_error(text, "expect.pawn")
    return 3 * (int(match[1]) - 1) + LETTERS.index(match[2])


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """Move one's own pawn ``pawn`` (0-2) the total of the dice, taking ``branch`` at a fork."""

    pawn: int
    branch: int = NO_BRANCH

    def to_id(self) -> int:
        return _MOVE_BASE + 4 * self.pawn + self.branch

    def __str__(self) -> str:
        word = BRANCHES[self.branch]
        return f"move {LETTERS[self.pawn]}" + (f" {word}" if word else "")


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """No pawn of the seat can move."""

    def to_id(self) -> int:
        return PASS_ID

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, order=True)
class Done:
    """End the bargaining at the start of the turn and roll the dice (a card is kept)."""

    def to_id(self) -> int:
        return ROLL_ID

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True, order=True)
class Step:
    """One's pawn ``pawn`` (0-2), waiting in a courtyard, steps onto the free sacrifice place."""

    pawn: int

    def to_id(self) -> int:
        return _STEP_BASE + self.pawn

    def __str__(self) -> str:
        return f"step {LETTERS[self.pawn]}"


@dataclass(frozen=True, slots=True, order=True)
class Accept:
    """Accept the price on the table (an offer, or a counter-offer)."""

    def to_id(self) -> int:
        return ACCEPT_ID

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True, order=True)
class Refuse:
    """Refuse the price on the table."""

    def to_id(self) -> int:
        return REFUSE_ID

    def __str__(self) -> str:
        return "refuse"


@dataclass(frozen=True, slots=True, order=True)
class Cross:
    """One's pawn ``pawn`` (0-2), on a sacrifice place, crosses with its party."""

    pawn: int

    def to_id(self) -> int:
        return _CROSS_BASE + self.pawn

    def __str__(self) -> str:
        return f"cross {LETTERS[self.pawn]}"


@dataclass(frozen=True, slots=True, order=True)
class Counter:
    """The owner of the pawn offered a price proposes ``price`` instead."""

    price: int

    def to_id(self) -> int:
        return _COUNTER_BASE + self.price

    def __str__(self) -> str:
        return f"counter {self.price}"


@dataclass(frozen=True, slots=True, order=True)
class Offer:
    """The sacrificer asks ``price`` gold to take pawn ``target`` (any seat's) across."""

    target: int
    price: int

    def to_id(self) -> int:
        return _OFFER_BASE + self.target * PRICES + self.price

    def __str__(self) -> str:
        return f"offer {pawn_name(self.target)} {self.price}"


@dataclass(frozen=True, slots=True, order=True)
class Withdraw:
    """One's pawn ``pawn`` (0-2), on a sacrifice place, gives its card back and steps down
    into the courtyard (rule ``sacrifice.withdraw``); the dice are rolled next."""

    pawn: int

    def to_id(self) -> int:
        return _WITHDRAW_BASE + self.pawn

    def __str__(self) -> str:
        return f"withdraw {LETTERS[self.pawn]}"


Action = Move | Pass | Done | Accept | Refuse | Cross | Step | Counter | Offer | Withdraw


def from_id(action: int) -> Action:
    """The seat action of id ``action``.

    Raises:
        ValueError: for an id outside ``range(NUM_ACTIONS)``.
    """
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"no river race action {action!r}")
    if action < PASS_ID:
        return Move(action // 4, action % 4)
    if action == PASS_ID:
        return Pass()
    if action == ROLL_ID:
        return Done()
    if action == ACCEPT_ID:
        return Accept()
    if action == REFUSE_ID:
        return Refuse()
    if action < _STEP_BASE:
        return Cross(action - _CROSS_BASE)
    if action < _COUNTER_BASE:
        return Step(action - _STEP_BASE)
    if action < _OFFER_BASE:
        return Counter(action - _COUNTER_BASE)
    if action >= _WITHDRAW_BASE:
        return Withdraw(action - _WITHDRAW_BASE)
    target, price = divmod(action - _OFFER_BASE, PRICES)
    return Offer(target, price)


# Id tables for the engine's hot paths: legal actions are built as ids and applied from
# ids, without building the values above (each table is made from the values' own codec).
K_MOVE: Final = 0
K_PASS: Final = 1
K_DONE: Final = 2
K_ACCEPT: Final = 3
K_REFUSE: Final = 4
K_CROSS: Final = 5
K_STEP: Final = 6
K_COUNTER: Final = 7
K_OFFER: Final = 8
K_WITHDRAW: Final = 9
_KINDS: Final = (Move, Pass, Done, Accept, Refuse, Cross, Step, Counter, Offer, Withdraw)


def _arg(action: Action) -> int:
    if isinstance(action, Move | Cross | Step | Withdraw):
        return action.pawn
    if isinstance(action, Offer):
        return action.target
    if isinstance(action, Counter):
        return action.price
    return -1


ACTION_KIND: Final[tuple[int, ...]] = tuple(_KINDS.index(type(from_id(a))) for a in range(NUM_ACTIONS))
"""``[action id]``: the kind of the action (``K_MOVE`` ... ``K_OFFER``, the order of :data:`Action`)."""
ACTION_ARG: Final[tuple[int, ...]] = tuple(_arg(from_id(a)) for a in range(NUM_ACTIONS))
"""``[action id]``: the pawn letter of a move, crossing or step, the pawn an offer targets,
a counter's price (-1 for the others)."""
ACTION_VALUE: Final[tuple[int, ...]] = tuple(
    a.price if isinstance(a, Offer) else a.branch if isinstance(a, Move) else -1
    for a in map(from_id, range(NUM_ACTIONS))
)
"""``[action id]``: an offer's price, a move's branch (-1 for the others)."""
MOVE_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(Move(i, b).to_id() for b in range(AROUND + 1)) for i in range(len(LETTERS))
)
"""``[pawn letter][branch]``: the move's id."""
STEP_IDS: Final[tuple[int, ...]] = tuple(Step(i).to_id() for i in range(len(LETTERS)))
CROSS_IDS: Final[tuple[int, ...]] = tuple(Cross(i).to_id() for i in range(len(LETTERS)))
WITHDRAW_IDS: Final[tuple[int, ...]] = tuple(Withdraw(i).to_id() for i in range(len(LETTERS)))
COUNTER_IDS: Final[tuple[int, ...]] = tuple(Counter(k).to_id() for k in range(PRICES))
OFFER_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(Offer(t, k).to_id() for k in range(PRICES)) for t in range(3 * MAX_SEATS)
)
"""``[target pawn][price]``: the offer's id."""

_WORDS: Final[dict[str, Action]] = {"pass": Pass(), "roll": Done(), "accept": Accept(), "refuse": Refuse()}
_PRICE: Final = r"(\d{1,3})"


def parse_action_text(text: str) -> Action:
    """Read a seat action's notation (context-free: legality is the state's business).

    Raises:
        NotationError: the text is no seat action of the river race.
    """
    words = " ".join(str(text).strip().lower().split())
    if words in _WORDS:
        return _WORDS[words]
    match = re.fullmatch(r"move ([abc])(?: (upper|lower|around))?", words)
    if match:
        return Move(LETTERS.index(match[1]), BRANCHES.index(match[2]) if match[2] else NO_BRANCH)
    match = re.fullmatch(r"(cross|step|withdraw) ([abc])", words)
    if match:
        pawn = LETTERS.index(match[2])
        return Cross(pawn) if match[1] == "cross" else Step(pawn) if match[1] == "step" else Withdraw(pawn)
    match = re.fullmatch(rf"counter {_PRICE}", words)
    if match:
        return Counter(_price(text, match[1]))
    match = re.fullmatch(rf"offer (\S+) {_PRICE}", words)
    if match:
        return Offer(parse_pawn_name(match[1]), _price(text, match[2]))
    raise _MESSAGES.notation_error(text, "expect.action")


def _price(text: str, digits: str) -> int:
    price = int(digits)
    if price > MAX_PRICE:
        raise _MESSAGES.notation_error(text, "expect.price", {"top": MAX_PRICE})
    return price


# -- chance outcomes -----------------------------------------------------------------------


@cache
def rolls(dice: int) -> tuple[tuple[int, ...], ...]:
    """Every roll of ``dice`` six-sided dice as a sorted tuple, in id order."""
    return tuple(itertools.combinations_with_replacement(range(1, 7), dice))


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """The dice of a turn, sorted (``3+5``)."""

    faces: tuple[int, ...]

    def to_id(self) -> int:
        return rolls(len(self.faces)).index(self.faces)

    def __str__(self) -> str:
        return "+".join(str(f) for f in self.faces)


@dataclass(frozen=True, slots=True, order=True)
class Coin:
    """A pity coin worth ``value`` (1-6) drawn from the bag."""

    value: int

    def to_id(self) -> int:
        return self.value - 1

    def __str__(self) -> str:
        return f"coin {self.value}"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """Sacrifice card ``number`` (from 1) drawn by the sacrificer."""

    number: int

    def to_id(self) -> int:
        return self.number - 1

    def __str__(self) -> str:
        return f"card {self.number}"


@dataclass(frozen=True, slots=True, order=True)
class First:
    """Seat ``seat`` (0-based) plays first."""

    seat: int

    def to_id(self) -> int:
        return self.seat

    def __str__(self) -> str:
        return f"first {self.seat + 1}"


def parse_chance_text(text: str, dice: int) -> Roll | Coin | Card | First:
    """Read a chance outcome's notation (``3+5``, ``coin 4``, ``card 7``, ``first 2``).

    Raises:
        NotationError: the text is no chance outcome.
    """
    words = " ".join(str(text).strip().lower().split())
    if re.fullmatch(r"[1-6](?: ?\+ ?[1-6])*", words):
        faces = tuple(sorted(int(ch) for ch in words if ch.isdigit()))
        if len(faces) != dice:
            raise _MESSAGES.notation_error(text, "expect.roll", {"dice": dice})
        return Roll(faces)
    match = re.fullmatch(r"coin ([1-6])", words)
    if match:
        return Coin(int(match[1]))
    match = re.fullmatch(r"card (\d{1,3})", words)
    if match:
        return Card(int(match[1]))
    match = re.fullmatch(r"first (\d)", words)
    if match and int(match[1]) >= 1:
        return First(int(match[1]) - 1)
    raise _MESSAGES.notation_error(text, "expect.chance")
