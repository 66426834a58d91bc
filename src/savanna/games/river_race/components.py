"""The river race's components besides the map: dice, gold, pity bag, springs, persecutor,
huts, negotiation limits (``data/material.toml``) and the sacrifice cards
(``data/cards.toml``), validated at load.

Example:
    >>> material = load_material()
    >>> material.dice.count, material.spring.stack, len(material.cards)
    (2, [2, 4, 6, 4, 2], 12)
    >>> material.huts(4), load_material("first").huts(4)
    ([44, 33, 26, 20, 15, 11, 8, 5], [20, 16, 13, 10, 8, 6, 4, 3])
"""

from __future__ import annotations

from functools import cache
from typing import Final

from pydantic import Field, field_validator, model_validator

from savanna.core.datafiles import DataModel, load_data_files

__all__ = ["CardData", "Material", "load_material"]


class DiceData(DataModel):
    count: int
    faces: int
    source: str

    @model_validator(mode="after")
    def _sizes(self) -> DiceData:
        if not 1 <= self.count <= 3 or self.faces != 6:
            raise ValueError("the race uses one to three six-sided dice (a 1 must be possible)")
        return self


class PawnsData(DataModel):
    per_player: int
    source: str


class GoldData(DataModel):
    start: dict[int, list[int]]
    """Per table size, gold at the start by place in the turn order (first player first)."""
    source: str


class BagData(DataModel):
    coins: list[int]
    """How many coins of value 1, 2, ... 6 the pity bag holds at the start."""
    source: str

    @field_validator("coins")
    @classmethod
    def _six(cls, value: list[int]) -> list[int]:
        if len(value) != 6 or min(value) < 0:
            raise ValueError("the bag lists how many coins of each value 1-6 it holds")
        return value


class SpringData(DataModel):
    stack: list[int]
    source: str


class PersecutorData(DataModel):
    rings: int
    start: dict[int, int]
    """Per table size, the space the persecutor starts on."""
    source: str


class VillageData(DataModel):
    values: list[int]
    huts_per_player: int
    source: str

    @field_validator("values")
    @classmethod
    def _best_first(cls, value: list[int]) -> list[int]:
        if value != sorted(value, reverse=True) or min(value) < 0:
            raise ValueError("hut values are listed best first")
        return value


class NegotiationData(DataModel):
    max_price: int
    rent: int = Field(ge=0)
    withdraw: bool = False
    source: str


class LimitsData(DataModel):
    max_turns: int
    source: str


class CardData(DataModel):
    """A sacrifice card: the prices of the upper and of the lower passage."""

    number: int
    upper: int
    lower: int
    source: str

    def price(self, upper: bool) -> int:
        """The price of the upper passage (``upper``) or of the lower one."""
        return self.upper if upper else self.lower


class Material(DataModel):
    """Everything in ``material.toml`` plus the cards."""

    dice: DiceData
    pawns: PawnsData
    gold: GoldData
    bag: BagData
    spring: SpringData
    persecutor: PersecutorData
    village: VillageData
    negotiation: NegotiationData
    limits: LimitsData
    cards: list[CardData]

    @model_validator(mode="after")
    def _fits(self) -> Material:
        if [c.number for c in self.cards] != list(range(1, len(self.cards) + 1)):
            raise ValueError("cards are numbered 1, 2, ... in order")
        if len(self.cards) < 5:
            raise ValueError("the deck needs more cards than there are sacrifice places")
        top = max(max(c.upper, c.lower) for c in self.cards)
        if min(min(c.upper, c.lower) for c in self.cards) < 0 or top > self.negotiation.max_price:
            raise ValueError("card prices lie between 0 and the highest price that may be offered")
        if self.pawns.per_player != 3:
            raise ValueError("each player has three pawns (FIN DE LA PARTIE)")
        for players in range(2, 6):
            if len(self.gold.start.get(players, [])) != players or players not in self.persecutor.start:
                raise ValueError(f"start gold for each of the {players} players and a persecutor start, for 2 to 5 players")
        return self

    def huts(self, players: int) -> list[int]:
        """The values of the huts in play with ``players`` players, best first."""
        return list(self.village.values[: self.village.huts_per_player * players])

    def start_gold(self, players: int, order: int) -> int:
        """Gold of the player who is ``order``-th in the turn order (0 = first)."""
        return self.gold.start[players][order]


MATERIALS: Final = ("first", "second")
"""The materials of option ``material``: the first release's, and the default game's."""
DEFAULT_MATERIAL: Final = "second"
"""The default game's material (designer note 13); ``first`` is the first release's."""


@cache
def load_material(name: str = DEFAULT_MATERIAL) -> Material:
    """``material.toml`` and ``cards.toml`` (``material.second.toml`` and
    ``cards.second.toml`` for the second material), validated once (cached).

    Raises:
        DataError: a file is missing an entry or an entry does not validate.
        ValueError: no material of that name.
    """
    if name not in MATERIALS:
        raise ValueError(f"no river race material {name!r} (materials: {', '.join(MATERIALS)})")
    suffix = "" if name == "first" else f".{name}"
    return load_data_files(
        Material, "savanna.games.river_race", f"material{suffix}.toml", cards=(f"cards{suffix}.toml", "card")
    )
