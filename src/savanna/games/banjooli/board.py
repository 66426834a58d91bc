"""The race track built from tiles, with precomputed move tables.

Geometry (rules document, "Board"): five lanes numbered 0 to 4 from left to right. The Exit
tile is one row of five nests (spaces 0-4). A straight tile is rows of five spaces; a curve
tile is five fenced lanes of different lengths (the inner lane is the shortest). Forward from
a space means the next space of the same lane or, outside fences, of a neighbouring lane
(diagonal). Forward from the last spaces of the track crosses the finishing line.

Spaces are numbered in build order, so every forward edge goes to a higher number; the tables
(``fwd``, ``dist``, ``back``) are plain lists for fast look-up.

Example:
    >>> board = Board.build(("plain", "bend_left", "rocks", "dry_river"))
    >>> board.fwd[0 * 3 + 1]  # straight forward from the first nest
    5
    >>> board.dist[0] > board.dist[5]
    True
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from savanna.games.banjooli.components import SpaceKind, load_data

__all__ = [
    "BACKS",
    "DIRECTIONS",
    "FINISH",
    "HALTING",
    "LANE_LETTERS",
    "NONE",
    "PASSABLE",
    "Board",
    "SpaceKind",
    "commons",
    "faces",
]

NONE: Final = -1
"""No space in that direction."""
FINISH: Final = -2
"""The finishing line (beyond the last row)."""
DIRECTIONS = "LFR"
"""Forward directions: L = diagonal to the lower lane, F = straight, R = diagonal to the higher lane."""
PASSABLE = frozenset(
    (SpaceKind.NEST, SpaceKind.LAND, SpaceKind.QUICKSAND, SpaceKind.CROCODILE, SpaceKind.LAVA, SpaceKind.BRIDGE,
     SpaceKind.VORTEX)
)
"""Space codes an ostrich may enter (not rock, water or ravine: rules ``move.rock``,
``croc.water``, ``ravine.bridge``)."""
LANE_LETTERS = "abcde"
"""The lanes as people name them on the drawn board, from the ostriches' left."""
HALTING = frozenset((SpaceKind.QUICKSAND, SpaceKind.VORTEX))
"""Space codes that stop a movement (rules ``quicksand.scare``, ``vortex.swap``)."""
BACKS: Final = {t.id: t.back for t in load_data().tiles if t.kind in ("straight", "curve")}
"""Front face id of each common (double-sided) tile → its back face id."""


def commons(order: tuple[str, ...]) -> int:
    """How many common (double-sided, flipped by chance: rule ``setup.layout``) tiles the
    physical tile order ``order`` holds."""
    return sum(1 for t in order if t in BACKS)


def faces(order: tuple[str, ...], mask: int) -> tuple[str, ...]:
    """The tile faces of the physical tile order ``order`` when common tile ``i`` (in order)
    shows its back exactly when bit ``i`` of ``mask`` is set (the special tile keeps the
    option's face)."""
    out = []
    i = 0
    for t in order:
        if t in BACKS:
            out.append(BACKS[t] if mask >> i & 1 else t)
            i += 1
        else:
            out.append(t)
    return tuple(out)


BOARD_CACHE: Final = 8192
"""Boards kept by :meth:`Board.build` (least recently used out first). It holds every board
of the default game (288 tile orders x 16 sides = 4,608 boards, about 14 KB each: about
65 MB), so a long simulation builds each of them once; games with five or six tiles have
more layouts than that, and cycle through the cache (at most about 110 MB)."""


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """A laid-out track (immutable; shared by every state with this layout).

    Attributes:
        tiles: the middle tiles, Exit side first (Exit and Finish are implied).
        kind: space code of each space.
        lane, tile, row: where each space is drawn (``tile`` 0 is the Exit; ``row`` counts
            along the lane within the tile).
        fenced: whether the space is inside a curve's fences (straight forward only).
        fwd: ``fwd[3 * space + d]`` for d = 0 (L), 1 (F), 2 (R): a space, NONE or FINISH.
        passable: whether an ostrich may enter each space.
        dist: forward steps still needed to cross the line on the empty board.
        from_exit: forward steps from the nests on the empty board.
        back: the spaces with a forward edge into each space.
        croc_rows: for each Crocodiles space, the rows beyond the ditch (nearest first).
        halts: whether entering each space stops a movement (quicksand, vortex).
    """

    tiles: tuple[str, ...]
    kind: tuple[str, ...]
    lane: tuple[int, ...]
    tile: tuple[int, ...]
    row: tuple[int, ...]
    fenced: tuple[bool, ...]
    fwd: tuple[int, ...]
    passable: tuple[bool, ...]
    dist: tuple[int, ...]
    from_exit: tuple[int, ...]
    back: tuple[tuple[int, ...], ...]
    croc_rows: dict[int, tuple[tuple[int, ...], ...]]
    halts: tuple[bool, ...]

    @property
    def size(self) -> int:
        """Number of spaces."""
        return len(self.kind)

    @staticmethod
    @lru_cache(maxsize=BOARD_CACHE)
    def build(tiles: tuple[str, ...]) -> Board:
        """The board for the middle tile faces ``tiles`` (cached: see :data:`BOARD_CACHE`).

        Raises:
            KeyError: for an unknown tile id.
        """
        kind: list[str] = [SpaceKind.NEST] * 5
        lane: list[int] = [0, 1, 2, 3, 4]
        tile_of: list[int] = [0] * 5
        row_of: list[int] = [0] * 5
        fenced: list[bool] = [False] * 5
        fwd: list[int] = [NONE] * 15
        croc_rows: dict[int, tuple[tuple[int, ...], ...]] = {}
        prev = [0, 1, 2, 3, 4]
        for t_index, tile_id in enumerate(tiles, start=1):
            seg = _segment(tile_id)
            off = len(kind)
            kind.extend(seg.kind)
            lane.extend(seg.lane)
            tile_of.extend([t_index] * len(seg.kind))
            row_of.extend(seg.row)
            fenced.extend([seg.fenced] * len(seg.kind))
            fwd.extend([x + off if x >= 0 else x for x in seg.fwd])
            _link(prev, [e + off for e in seg.entries], lane, fenced, fwd)
            prev = [e + off for e in seg.exits]
            for s, beyond in seg.croc:
                croc_rows[s + off] = tuple(tuple(x + off for x in r) for r in beyond)
        _link(prev, [FINISH] * 5, lane, fenced, fwd)
        edges = [fwd[3 * s : 3 * s + 3] for s in range(len(kind))]

        n = len(kind)
        passable = tuple(code in PASSABLE for code in kind)
        big = 10 * n
        dist = [big] * n
        for s in range(n - 1, -1, -1):
            if not passable[s]:
                continue
            best = big
            for t in edges[s]:
                if t == FINISH:
                    best = 0
                elif t >= 0 and passable[t]:
                    best = min(best, dist[t])
            dist[s] = best + 1 if best < big else big
        back: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            for t in edges[s]:
                if t >= 0:
                    back[t].append(s)
        from_exit = [big] * n
        queue = deque(range(5))
        for s in range(5):
            from_exit[s] = 0
        while queue:
            s = queue.popleft()
            for t in edges[s]:
                if t >= 0 and passable[t] and from_exit[t] == big:
                    from_exit[t] = from_exit[s] + 1
                    queue.append(t)
        return Board(
            tiles=tuple(tiles),
            kind=tuple(kind),
            lane=tuple(lane),
            tile=tuple(tile_of),
            row=tuple(row_of),
            fenced=tuple(fenced),
            fwd=tuple(fwd),
            passable=passable,
            dist=tuple(dist),
            from_exit=tuple(from_exit),
            back=tuple(tuple(b) for b in back),
            croc_rows=croc_rows,
            halts=tuple(code in HALTING for code in kind),
        )

    def behind(self, space: int, steps: int) -> list[int]:
        """Spaces exactly ``steps`` backward steps behind ``space`` (passable ones only)."""
        frontier = {space}
        for _ in range(steps):
            frontier = {p for s in frontier for p in self.back[s] if self.passable[p]}
        return sorted(frontier)

    def name(self, space: int) -> str:
        """A readable name: ``t<tile>.<row>.<lane>`` (``exit.<lane>`` for a nest)."""
        if self.tile[space] == 0:
            return f"exit.{self.lane[space]}"
        return f"t{self.tile[space]}.{self.row[space]}.{self.lane[space]}"

    def column(self, space: int) -> int:
        """The space's column on the drawn track: 0 for the nests, then 1, 2 ... toward the
        line (a curve's lanes share its columns; the inner lane stops early)."""
        return _columns(self.tiles)[space]

    @property
    def columns(self) -> int:
        """How many columns the drawn track has, the nests' column included."""
        return max(_columns(self.tiles)) + 1

    def label(self, space: int) -> str:
        """What people call the space on the drawn board: its lane letter (``a`` is the
        ostriches' left) and its column, ``c12``.

        >>> Board.build(("plain", "bend_left", "rocks", "dry_river")).label(5)
        'a1'
        """
        return LANE_LETTERS[self.lane[space]] + str(self.column(space))


@cache
def _columns(tiles: tuple[str, ...]) -> tuple[int, ...]:
    """Each space's column on the drawn track (see :meth:`Board.column`)."""
    board = Board.build(tiles)
    heights = [1] + [0] * len(tiles)
    for space in range(board.size):
        tile = board.tile[space]
        heights[tile] = max(heights[tile], board.row[space] + 1)
    offsets = list(itertools.accumulate([0, *heights]))
    return tuple(offsets[board.tile[s]] + board.row[s] for s in range(board.size))


@dataclass(frozen=True, slots=True)
class _Segment:
    """One tile face laid out alone: spaces numbered from 0 in build order, forward edges
    inside the tile (``fwd``, three per space), the spaces entered from the previous tile
    (``entries``, by lane) and those leading out of it (``exits``, by lane)."""

    kind: tuple[str, ...]
    lane: tuple[int, ...]
    row: tuple[int, ...]
    fenced: bool
    fwd: tuple[int, ...]
    entries: tuple[int, ...]
    exits: tuple[int, ...]
    croc: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]


def _link(sources: list[int], targets: list[int], lane: list[int], fenced: list[bool], fwd: list[int]) -> None:
    """Forward edges from each of ``sources`` into the next row (``targets`` by lane)."""
    for src in sources:
        ln = lane[src]
        if fenced[src]:
            fwd[3 * src + 1] = targets[ln]
            continue
        for d in (-1, 0, 1):
            if 0 <= ln + d < 5:
                fwd[3 * src + d + 1] = targets[ln + d]


@cache
def _segment(tile_id: str) -> _Segment:
    """The tile face ``tile_id`` as a segment (cached).

    Raises:
        KeyError: for an unknown tile id, the Exit or the Finish.
    """
    tile = load_data().tile(tile_id)
    if tile.kind in ("exit", "finish"):
        raise KeyError(tile_id)
    kind: list[str] = []
    lane: list[int] = []
    row: list[int] = []
    croc: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    if tile.kind == "curve":
        chains = []
        for ln, codes in enumerate(tile.lanes):
            chains.append(list(range(len(kind), len(kind) + len(codes))))
            kind.extend(codes)
            lane.extend([ln] * len(codes))
            row.extend(range(len(codes)))
        fwd = [NONE] * (3 * len(kind))
        for chain in chains:
            for a, b in itertools.pairwise(chain):
                fwd[3 * a + 1] = b
        entries = [chain[0] for chain in chains]
        exits = [chain[-1] for chain in chains]
    else:
        rows = []
        for r, codes in enumerate(tile.rows):
            rows.append(list(range(len(kind), len(kind) + 5)))
            kind.extend(codes)
            lane.extend(range(5))
            row.extend([r] * 5)
        fwd = [NONE] * (3 * len(kind))
        flat = [False] * len(kind)
        for here, ahead in itertools.pairwise(rows):
            _link(here, ahead, lane, flat, fwd)
        entries, exits = rows[0], rows[-1]
        ditch = [i for i, codes in enumerate(tile.rows) if SpaceKind.WATER in codes]
        if ditch:
            beyond = tuple(tuple(r) for r in rows[ditch[-1] + 1 :])
            croc = [(s, beyond) for r in ditch for s in rows[r] if kind[s] == SpaceKind.CROCODILE]
    return _Segment(
        kind=tuple(kind), lane=tuple(lane), row=tuple(row), fenced=tile.kind == "curve", fwd=tuple(fwd),
        entries=tuple(entries), exits=tuple(exits), croc=tuple(croc),
    )
