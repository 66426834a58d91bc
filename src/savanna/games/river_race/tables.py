"""The map and the material as the engine reads them at every action: plain tuples and ints,
made once per table size and shared by every game and state of that size.

Example:
    >>> tables = tables_of(4)
    >>> tables.players, tables.places, len(tables.rolls), len(tables.roll_draw)
    (4, 4, 21, 36)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import factorial, lcm

from savanna.games.river_race.actions import rolls
from savanna.games.river_race.board import load_board
from savanna.games.river_race.components import DEFAULT_MATERIAL, load_material

__all__ = ["RiverTables", "draw_table", "roll_table", "tables_of"]


def roll_table(dice: int) -> tuple[tuple[int, Fraction], ...]:
    """The chance outcomes of a roll of ``dice`` dice: each sorted roll's id (its index in
    :func:`~.actions.rolls`) and its exact probability."""
    total = 6**dice
    return tuple((i, Fraction(_arrangements(r), total)) for i, r in enumerate(rolls(dice)))


def _arrangements(faces: tuple[int, ...]) -> int:
    """How many ordered rolls give the sorted roll ``faces``."""
    ways = factorial(len(faces))
    for value in set(faces):
        ways //= factorial(faces.count(value))
    return ways


def draw_table(outcomes: tuple[tuple[int, Fraction], ...]) -> tuple[int, ...]:
    """The outcome the core's draw (:meth:`State.sample_chance`) gives for each number it
    draws: ``r = randrange(d)`` over the probabilities' common denominator ``d``, the
    outcomes taken in order, each owning a block of ``d * p`` numbers."""
    denominator = lcm(*(p.denominator for _, p in outcomes))
    table: list[int] = []
    for action, p in outcomes:
        table += [action] * (p.numerator * (denominator // p.denominator))
    if len(table) != denominator:
        raise ValueError("the chance outcomes' probabilities do not sum to 1")
    return tuple(table)


class RiverTables:
    """The engine's tables for a river race of ``players`` players.

    Attributes:
        players: the number of seats.
        kind, next, fork, spring: the board's tables by space (:class:`~.board.Board`).
        branches: at a fork, the first spaces of its branches (upper courtyard, lower
            courtyard, path around; ``Board.branches_at``), else ``()``.
        camp: the camp's space.
        yard, altar, landing: by sacrifice place, its courtyard, its sacrifice place and the
            landing across.
        place_of_yard, place_of_altar: by space, the sacrifice place it belongs to, or -1.
        places: the number of sacrifice places.
        cards: the number of sacrifice cards.
        prices: ``[card * places + place]``: the price the card asks at that place.
        persecutor_length, rings, max_turns, max_price, rent, stack, huts: numbers of the material.
        rolls: the sorted rolls by chance outcome; roll_chances: their chance outcomes;
            roll_draw: the outcome of each number the core's draw of a roll can draw
            (:func:`draw_table`).
    """

    def __init__(self, players: int, material_name: str = DEFAULT_MATERIAL) -> None:
        board = load_board()
        material = load_material(material_name)
        self.players: int = players
        self.material_name: str = material_name
        self.kind: tuple[int, ...] = tuple(board.kind)
        self.next: tuple[int, ...] = tuple(board.next)
        self.fork: tuple[int, ...] = tuple(board.fork)
        self.spring: tuple[int, ...] = tuple(board.spring)
        self.branches: tuple[tuple[int, ...], ...] = tuple(
            tuple(board.branches_at(s)) if board.fork[s] >= 0 else () for s in range(board.size)
        )
        self.camp: int = board.camp
        self.yard: tuple[int, ...] = tuple(p.yard for p in board.places)
        self.altar: tuple[int, ...] = tuple(p.altar for p in board.places)
        self.landing: tuple[int, ...] = tuple(p.landing for p in board.places)
        self.place_of_yard: tuple[int, ...] = tuple(board.place_of_yard)
        self.place_of_altar: tuple[int, ...] = tuple(board.place_of_altar)
        self.places: int = len(board.places)
        self.cards: int = len(material.cards)
        self.prices: tuple[int, ...] = tuple(card.price(place.upper) for card in material.cards for place in board.places)
        self.persecutor_length: int = board.persecutor_length
        self.rings: int = material.persecutor.rings
        self.max_turns: int = material.limits.max_turns
        self.max_price: int = material.negotiation.max_price
        self.rent: int = material.negotiation.rent
        self.withdraw: bool = material.negotiation.withdraw
        self.stack: tuple[int, ...] = tuple(material.spring.stack)
        self.huts: int = len(material.huts(players))
        self.rolls: tuple[tuple[int, ...], ...] = rolls(material.dice.count)
        self.roll_chances: tuple[tuple[int, Fraction], ...] = roll_table(material.dice.count)
        self.roll_draw: tuple[int, ...] = draw_table(self.roll_chances)

    def __reduce__(self) -> tuple[Callable[[int, str], RiverTables], tuple[int, str]]:
        """Pickled (and deep-copied) as the shared tables of its table size and material."""
        return tables_of, (self.players, self.material_name)


@cache
def tables_of(players: int, material: str = DEFAULT_MATERIAL) -> RiverTables:
    """The :class:`RiverTables` of a river race of ``players`` players on ``material``
    (made once, shared)."""
    return RiverTables(players, material)
