"""The river race map, read from ``data/map.toml`` and validated, as a graph of spaces.

Spaces are small integers. Space 0 is the camp where every pawn starts; then come the
spaces of each track in file order, then each river's courtyards and sacrifice places,
and last the village. A *track* is a directed list of spaces holding one pawn each (the
first space of a bank track is its river's landing, which holds any number of pawns). A
track that runs into a river ends on the river's *fork*: a pawn moving on from there takes
the upper courtyard, the lower courtyard or the path around the river, as its player
chose. A courtyard leads to its sacrifice place; a sacrifice place leads nowhere: its pawn
leaves only by crossing the river to the landing.

Every space has a short name used in position notation: ``camp``, ``village``, a track's
code and index (``a0``, ``o8``), a courtyard ``y`` or a sacrifice place ``s`` followed by
the river number and ``u`` (upper) or ``l`` (lower): ``y1u``, ``s2l``.

Example:
    >>> board = load_board()
    >>> board.name(board.camp), board.name(board.next[board.camp])
    ('camp', 'a0')
    >>> [board.name(s) for s in board.branches_at(board.index("a10"))]
    ['y1u', 'y1l', 'o0']
    >>> board.places[0].name, board.name(board.places[0].altar), board.name(board.places[0].landing)
    ('1u', 's1u', 'u0')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, Literal

from pydantic import ValidationError, field_validator, model_validator

from savanna.core.datafiles import DataModel, load_data_files
from savanna.core.errors import DataError

__all__ = [
    "ALTAR",
    "CAMP",
    "KIND_NAMES",
    "LANDING",
    "PATH",
    "VILLAGE",
    "YARD",
    "Board",
    "MapData",
    "Place",
    "load_board",
]

CAMP: Final = 0
"""Where pawns start (any number of pawns)."""
PATH: Final = 1
"""A space of a road, of a path around a river or of a bank (one pawn)."""
YARD: Final = 2
"""A sacrifice courtyard where pawns wait (any number of pawns)."""
ALTAR: Final = 3
"""A sacrifice place (one pawn, the sacrificer)."""
LANDING: Final = 4
"""The first space across a river, where crossing pawns land (any number of pawns)."""
VILLAGE: Final = 5
"""The village (its huts hold one pawn each)."""
KIND_NAMES: Final = ("camp", "path", "yard", "altar", "landing", "village")

Cell = tuple[int, int]


class TrackData(DataModel):
    """One track: its spaces' cells in the direction of travel and what follows it."""

    id: str
    code: str
    kind: Literal["road", "around", "bank"]
    spaces: list[Cell]
    then: str
    spring: int | None = None
    """Index of the space that passes over the river's spring (around tracks only)."""
    source: str

    @field_validator("code")
    @classmethod
    def _code(cls, value: str) -> str:
        if len(value) != 1 or not value.islower() or value in "ysh":
            raise ValueError(f"a track code is one lower-case letter other than y, s, h, not {value!r}")
        return value

    @model_validator(mode="after")
    def _shape(self) -> TrackData:
        if not self.spaces:
            raise ValueError(f"track {self.id!r} has no space")
        if (self.kind == "around") != (self.spring is not None):
            raise ValueError(f"track {self.id!r}: exactly the paths around a river pass a spring")
        if self.spring is not None and not 0 <= self.spring < len(self.spaces):
            raise ValueError(f"track {self.id!r}: its spring index is off the track")
        return self


class PassageData(DataModel):
    """One passage of a river: its courtyard, sacrifice place, bank track and landing cells."""

    yard: list[Cell]
    altar: Cell
    bank: str
    landing: list[Cell]


class RiverData(DataModel):
    """A river: its water and spring (drawing), its path around and its two passages."""

    id: str
    number: int
    water: list[Cell]
    spring_cell: Cell
    around: str
    upper: PassageData
    lower: PassageData
    source: str


class CampData(DataModel):
    label: Cell
    source: str


class VillageData(DataModel):
    cells: list[Cell]
    label: Cell
    source: str


class PersecutorData(DataModel):
    spaces: list[Cell]
    source: str


class MapData(DataModel):
    """The whole map file."""

    width: int
    height: int
    source: str
    camp: CampData
    village: VillageData
    persecutor: PersecutorData
    track: list[TrackData]
    river: list[RiverData]

    @model_validator(mode="after")
    def _links(self) -> MapData:
        tracks = {t.id: t for t in self.track}
        rivers = {r.id: r for r in self.river}
        if len(tracks) != len(self.track) or len({t.code for t in self.track}) != len(self.track):
            raise ValueError("track ids and codes must be unique")
        if [r.number for r in self.river] != list(range(1, len(self.river) + 1)):
            raise ValueError("rivers are numbered 1, 2, ... in the order pawns meet them")
        for t in self.track:
            if t.then != "village" and t.then not in tracks and t.then not in rivers:
                raise ValueError(f"track {t.id!r} leads to unknown {t.then!r}")
        for r in self.river:
            if tracks.get(r.around) is None or tracks[r.around].kind != "around":
                raise ValueError(f"river {r.id!r}: {r.around!r} is not a path around a river")
            for p in (r.upper, r.lower):
                if tracks.get(p.bank) is None or tracks[p.bank].kind != "bank":
                    raise ValueError(f"river {r.id!r}: {p.bank!r} is not a bank track")
                if not p.landing or p.landing[0] != tracks[p.bank].spaces[0]:
                    raise ValueError(f"river {r.id!r}: the landing is drawn first on its bank's first space")
            if sum(1 for t in self.track if t.then == r.id) != 1:
                raise ValueError(f"river {r.id!r} needs exactly one track running into it")
        if self.track[0].kind != "road":
            raise ValueError("the first track leaves the camp: it is a road")
        cells: list[Cell] = [c for t in self.track for c in t.spaces]
        for r in self.river:
            cells += [*r.water, r.spring_cell]
            for p in (r.upper, r.lower):
                cells += [*p.yard, p.altar, *p.landing[1:]]
        cells += [*self.village.cells, *self.persecutor.spaces]
        if len(set(cells)) != len(cells):
            raise ValueError("two things are drawn on one cell")
        if any(not (0 <= x < self.width and 0 <= y < self.height) for x, y in cells):
            raise ValueError("a cell lies outside the map")
        return self

    def track_by_id(self, wanted: str) -> TrackData:
        """The track called ``wanted`` (``KeyError`` when there is none)."""
        for t in self.track:
            if t.id == wanted:
                return t
        raise KeyError(wanted)

    def river_by_id(self, wanted: str) -> RiverData:
        """The river called ``wanted`` (``KeyError`` when there is none)."""
        for r in self.river:
            if r.id == wanted:
                return r
        raise KeyError(wanted)


@dataclass(frozen=True, slots=True)
class Place:
    """A sacrifice place with its courtyard, its river and the landing across.

    Attributes:
        index: 0-based, two per river: ``2 * (river - 1)`` upper, ``+ 1`` lower.
        name: ``1u``, ``1l``, ``2u``...
        river: the river number (1-based).
        upper: whether this is the upper passage.
        yard: the courtyard's space.
        altar: the sacrifice place's space.
        landing: the landing's space across the river.
    """

    index: int
    name: str
    river: int
    upper: bool
    yard: int
    altar: int
    landing: int


class Board:
    """The map as a graph: kinds, successors, forks, places, springs and drawing cells.

    Build it with :func:`load_board`; all attributes are read-only tuples.
    """

    def __init__(self, data: MapData) -> None:
        self.data = data
        names: list[str] = ["camp"]
        kinds: list[int] = [CAMP]
        cells: list[tuple[Cell, ...]] = [()]
        track_first: dict[str, int] = {}
        track_last: dict[str, int] = {}
        spring_space: dict[int, int] = {}
        for t in data.track:
            track_first[t.id] = len(names)
            for i, cell in enumerate(t.spaces):
                names.append(f"{t.code}{i}")
                kinds.append(PATH)
                cells.append((cell,))
            track_last[t.id] = len(names) - 1
        bank_landing = {}
        for r in data.river:
            for p in (r.upper, r.lower):
                landing = track_first[p.bank]
                kinds[landing] = LANDING
                cells[landing] = tuple(p.landing)
                bank_landing[p.bank] = landing
        places: list[Place] = []
        for r in data.river:
            for upper, p in ((True, r.upper), (False, r.lower)):
                tag = f"{r.number}{'u' if upper else 'l'}"
                yard = len(names)
                names.append(f"y{tag}")
                kinds.append(YARD)
                cells.append(tuple(p.yard))
                altar = len(names)
                names.append(f"s{tag}")
                kinds.append(ALTAR)
                cells.append((p.altar,))
                places.append(Place(len(places), tag, r.number, upper, yard, altar, bank_landing[p.bank]))
            spring_space[track_first[r.around] + (data.track_by_id(r.around).spring or 0)] = r.number - 1
        village = len(names)
        names.append("village")
        kinds.append(VILLAGE)
        cells.append(tuple(data.village.cells))
        size = len(names)
        nxt = [-1] * size
        fork = [-1] * size
        nxt[0] = track_first[data.track[0].id]
        for t in data.track:
            first, last = track_first[t.id], track_last[t.id]
            for s in range(first, last):
                nxt[s] = s + 1
            if t.then == "village":
                nxt[last] = village
            elif t.then in track_first:
                nxt[last] = track_first[t.then]
            else:
                fork[last] = data.river_by_id(t.then).number - 1
        for place in places:
            nxt[place.yard] = place.altar
        self.names: tuple[str, ...] = tuple(names)
        self.kind: tuple[int, ...] = tuple(kinds)
        self.cells: tuple[tuple[Cell, ...], ...] = tuple(cells)
        self.next: tuple[int, ...] = tuple(nxt)
        self.fork: tuple[int, ...] = tuple(fork)
        """River index (0-based) of the fork at this space, or -1."""
        self.places: tuple[Place, ...] = tuple(places)
        self.camp: int = 0
        self.village: int = village
        self.size: int = size
        self.rivers: int = len(data.river)
        self.around_first: tuple[int, ...] = tuple(track_first[r.around] for r in data.river)
        self.around_exit: tuple[int, ...] = tuple(nxt[track_last[r.around]] for r in data.river)
        """The space a pawn reaches after each river's path around."""
        self.spring: tuple[int, ...] = tuple(spring_space.get(s, -1) for s in range(size))
        """Spring index (0-based, one per river) that a pawn entering this space passes, or -1."""
        self.spring_cells: tuple[Cell, ...] = tuple(r.spring_cell for r in data.river)
        self.persecutor_cells: tuple[Cell, ...] = tuple(data.persecutor.spaces)
        self.persecutor_length: int = len(data.persecutor.spaces)
        self.water: tuple[tuple[Cell, ...], ...] = tuple(tuple(r.water) for r in data.river)
        self.place_of_yard: tuple[int, ...] = tuple(
            next((p.index for p in places if p.yard == s), -1) for s in range(size)
        )
        self.place_of_altar: tuple[int, ...] = tuple(
            next((p.index for p in places if p.altar == s), -1) for s in range(size)
        )
        self.track_kind: tuple[str, ...] = tuple(self._track_kind(s) for s in range(size))
        river_of_track = {r.around: r.number for r in data.river}
        river_of_track.update({p.bank: r.number for r in data.river for p in (r.upper, r.lower)})
        river_of = [0] * size
        for t in data.track:
            for s in range(track_first[t.id], track_last[t.id] + 1):
                river_of[s] = river_of_track.get(t.id, 0)
        for place in places:
            river_of[place.yard] = river_of[place.altar] = place.river
        self.river_of: tuple[int, ...] = tuple(river_of)
        """The river (from 1) a space belongs to: its path around, bank, courtyard or place; 0
        for roads, the camp and the village."""
        self._index = {n: i for i, n in enumerate(names)}
        self._check_reaches_village()
        self.dist: tuple[int, ...] = self._distances(around=False)
        """Fewest steps to the village, a crossing counting none (waits not counted)."""
        self.dist_around: tuple[int, ...] = self._distances(around=True)
        """Steps to the village going around every river still ahead."""

    def _distances(self, *, around: bool) -> tuple[int, ...]:
        memo: dict[int, int] = {self.village: 0}

        def steps(space: int) -> int:
            if space in memo:
                return memo[space]
            if self.kind[space] == ALTAR:
                value = steps(self.places[self.place_of_altar[space]].landing)
            elif self.fork[space] >= 0:
                upper, lower, round_ = self.branches_at(space)
                value = 1 + (steps(round_) if around else min(steps(upper), steps(lower)))
            else:
                value = 1 + steps(self.next[space])
            memo[space] = value
            return value

        return tuple(steps(s) for s in range(self.size))

    def _track_kind(self, space: int) -> str:
        kind = self.kind[space]
        if kind != PATH and kind != LANDING:
            return KIND_NAMES[kind]
        first = 1
        for t in self.data.track:
            if space < first + len(t.spaces):
                return t.kind
            first += len(t.spaces)
        return "road"  # pragma: no cover - every path space belongs to a track

    def _check_reaches_village(self) -> None:
        """Every space leads to the village and no way loops (a depth-first colouring)."""
        state = [0] * self.size  # 0 new, 1 on the current way, 2 done
        for start in range(self.size):
            if state[start]:
                continue
            stack = [(start, iter(self.successors(start)))]
            state[start] = 1
            while stack:
                space, children = stack[-1]
                child = next(children, None)
                if child is None:
                    if space != self.village and not self.successors(space):
                        raise DataError(f"river_race data/map.toml: no way leads from space {self.names[space]!r} to the village")
                    state[space] = 2
                    stack.pop()
                elif state[child] == 1:
                    raise DataError(f"river_race data/map.toml: the map has a loop through space {self.names[child]!r}")
                elif state[child] == 0:
                    state[child] = 1
                    stack.append((child, iter(self.successors(child))))

    def successors(self, space: int) -> list[int]:
        """Every space a pawn may go to next from ``space`` (crossing included)."""
        if self.fork[space] >= 0:
            return list(self.branches_at(space))
        if self.kind[space] == ALTAR:
            return [self.places[self.place_of_altar[space]].landing]
        return [] if self.next[space] < 0 else [self.next[space]]

    def branches_at(self, space: int) -> tuple[int, int, int]:
        """The upper courtyard, lower courtyard and first space around, from fork ``space``."""
        river = self.fork[space]
        return (self.places[2 * river].yard, self.places[2 * river + 1].yard, self.around_first[river])

    def name(self, space: int) -> str:
        """The short name of ``space`` (``a3``, ``y1u``, ``camp``)."""
        return self.names[space]

    def index(self, name: str) -> int:
        """The space called ``name``.

        Raises:
            KeyError: when no space has that name.
        """
        return self._index[name]

    def has_space(self, name: str) -> bool:
        """Whether some space is called ``name``."""
        return name in self._index


def parse_map(raw: Mapping[str, Any]) -> Board:
    """Validate a map read from TOML (a test's variant of ``data/map.toml``) and build its board.

    Raises:
        DataError: the map does not validate (the message says why).
    """
    try:
        data = MapData.model_validate(raw)
    except (ValidationError, KeyError) as exc:
        raise DataError(f"river_race map is invalid: {exc}") from exc
    return Board(data)


@cache
def load_board() -> Board:
    """The map of ``data/map.toml`` (validated once, cached).

    Raises:
        DataError: the file does not validate.
    """
    return Board(load_data_files(MapData, "savanna.games.river_race", "map.toml"))
