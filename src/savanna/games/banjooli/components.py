"""Banjooli's components from its data files (tiles, Prediction cards, berry tokens),
validated at load.

Every entry carries a ``source`` citing the seed file and section, or ``design``.

Example:
    >>> from savanna.games.banjooli.components import load_data
    >>> data = load_data()
    >>> len(data.cards), len(data.berries), data.tile("exit").rows
    (10, 11, ['nnnnn'])
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from savanna.core.datafiles import load_data_files
from savanna.core.errors import DataError

__all__ = [
    "COLOURS",
    "SPACE_CODES",
    "BerryData",
    "CardData",
    "DataError",
    "GameData",
    "SpaceKind",
    "TileData",
    "load_data",
]

COLOURS = "BYRGP"
"""Ostrich colour letters in number order: 1 blue, 2 yellow, 3 red, 4 green, 5 purple."""



class SpaceKind:
    """The space codes of ``data/tiles.toml``: one character per kind of space."""

    NEST = "n"
    LAND = "."
    ROCK = "#"
    QUICKSAND = "~"
    WATER = "w"
    CROCODILE = "c"
    BRIDGE = "="
    RAVINE = "x"
    LAVA = "l"
    VORTEX = "v"


SPACE_CODES = "".join(v for k, v in vars(SpaceKind).items() if k.isupper())
"""Every space code: nest, land, rock, quicksand, water, crocodile, bridge, ravine, lava, vortex."""


class TileData(BaseModel):
    """One tile face: straight tiles give ``rows`` (Exit side first), curves give ``lanes``.

    ``back`` names the face on the other side of the same physical tile (common and special
    tiles are double-sided; Exit and Finish have none).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    kind: Literal["exit", "finish", "straight", "curve", "special"]
    name: str
    name_fr: str
    rows: list[str] = []
    lanes: list[str] = []
    back: str = ""
    source: str

    @field_validator("rows", "lanes")
    @classmethod
    def _codes(cls, value: list[str]) -> list[str]:
        for line in value:
            bad = set(line) - set(SPACE_CODES)
            if bad:
                raise ValueError(f"unknown space codes {sorted(bad)}")
        return value

    @model_validator(mode="after")
    def _shape(self) -> TileData:
        if self.kind == "curve":
            if len(self.lanes) != 5 or self.rows or min(len(lane) for lane in self.lanes) < 1:
                raise ValueError(f"curve tile {self.id!r} needs five non-empty lanes and no rows")
        else:
            if self.lanes or any(len(row) != 5 for row in self.rows):
                raise ValueError(f"tile {self.id!r} needs rows of five spaces and no lanes")
            if self.kind != "finish" and not self.rows:
                raise ValueError(f"tile {self.id!r} has no rows")
        return self


class CardData(BaseModel):
    """A Prediction card: ``order`` is 1st, 2nd, 3rd and last (four distinct colours)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: int
    order: list[str]
    source: str

    @field_validator("order")
    @classmethod
    def _order(cls, value: list[str]) -> list[str]:
        if len(value) != 4 or len(set(value)) != 4 or not set(value) <= set(COLOURS):
            raise ValueError(f"a card names four distinct ostriches among {COLOURS}, not {value}")
        return value

    @property
    def ostriches(self) -> tuple[int, int, int, int]:
        """The card as ostrich numbers 0-4 (1st, 2nd, 3rd, last)."""
        a, b, c, d = (COLOURS.index(x) for x in self.order)
        return (a, b, c, d)


class BerryData(BaseModel):
    """A berry token."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name: str
    meaning: str
    meaning_fr: str
    source: str


class GameData(BaseModel):
    """All data files of the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tiles: list[TileData]
    cards: list[CardData]
    berries: list[BerryData]

    @model_validator(mode="after")
    def _backs(self) -> GameData:
        faces = {t.id: t for t in self.tiles}
        for tile in self.tiles:
            if tile.kind in ("exit", "finish"):
                if tile.back:
                    raise ValueError(f"tile {tile.id!r} is not double-sided")
                continue
            back = faces.get(tile.back)
            if back is None or back.back != tile.id or back.id == tile.id:
                raise ValueError(f"tile {tile.id!r} needs a back face that names it as its own back")
            if back.kind != tile.kind:
                raise ValueError(f"tile {tile.id!r} and its back {back.id!r} are not the same kind")
        return self

    def tile(self, tile_id: str) -> TileData:
        """The tile called ``tile_id``.

        Raises:
            KeyError: when there is none.
        """
        for tile in self.tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    def fronts(self, kind: str) -> tuple[str, ...]:
        """The front faces of the double-sided tiles of ``kind``, in file order.

        A physical tile is named by its front face, the one of its two faces listed first.
        """
        order = [t.id for t in self.tiles]
        return tuple(t.id for t in self.tiles if t.kind == kind and t.back and order.index(t.id) < order.index(t.back))

    def berry_index(self, berry_id: str) -> int:
        """The token number of the berry called ``berry_id``."""
        return [b.id for b in self.berries].index(berry_id)


@cache
def load_data() -> GameData:
    """Load and validate the data files (cached).

    Raises:
        DataError: when a file is missing an entry or an entry does not validate.
    """
    data = load_data_files(
        GameData,
        "savanna.games.banjooli",
        tiles=("tiles.toml", "tile"),
        cards=("cards.toml", "card"),
        berries=("berries.toml", "berry"),
    )
    if len(data.cards) != 10 or len(data.berries) != 11:
        raise DataError("Banjooli needs 10 prediction cards and 11 berry tokens")
    return data
