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
from functools import lru_cache

from savanna.games.banjooli.data import load_data

__all__ = ["DIRECTIONS", "FINISH", "NONE", "PASSABLE", "Board", "SpaceKind"]

NONE = -1
"""No space in that direction."""
FINISH = -2
"""The finishing line (beyond the last row)."""
DIRECTIONS = "LFR"
"""Forward directions: L = diagonal to the lower lane, F = straight, R = diagonal to the higher lane."""
PASSABLE = frozenset("n.~cl=v")
"""Space codes an ostrich may enter (not rock ``#``, water ``w`` or ravine ``x``)."""


class SpaceKind:
    """Space codes (see ``data/tiles.toml``)."""

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
    @lru_cache(maxsize=1024)
    def build(tiles: tuple[str, ...]) -> Board:
        """The board for the middle tile faces ``tiles`` (the last 1024 layouts are cached).

        Raises:
            KeyError: for an unknown tile id.
        """
        data = load_data()
        kind: list[str] = []
        lane: list[int] = []
        tile_of: list[int] = []
        row_of: list[int] = []
        fenced: list[bool] = []
        edges: list[list[int]] = []
        croc_rows: dict[int, tuple[tuple[int, ...], ...]] = {}

        def new(code: str, ln: int, t: int, r: int, fence: bool) -> int:
            kind.append(code)
            lane.append(ln)
            tile_of.append(t)
            row_of.append(r)
            fenced.append(fence)
            edges.append([NONE, NONE, NONE])
            return len(kind) - 1

        def link(src: int, targets: list[int]) -> None:
            """Forward edges from ``src`` into the next row (targets indexed by lane)."""
            for d in (-1, 0, 1):
                if fenced[src] and d != 0:
                    continue
                ln = lane[src] + d
                if 0 <= ln < 5:
                    edges[src][d + 1] = targets[ln]

        prev = [new("n", ln, 0, 0, False) for ln in range(5)]
        for t_index, tile_id in enumerate(tiles, start=1):
            tile = data.tile(tile_id)
            if tile.kind in ("exit", "finish"):
                raise KeyError(tile_id)
            if tile.kind == "curve":
                chains = []
                for ln, codes in enumerate(tile.lanes):
                    chain = [new(code, ln, t_index, r, True) for r, code in enumerate(codes)]
                    chains.append(chain)
                firsts = [chain[0] for chain in chains]
                for src in prev:
                    link(src, firsts)
                for chain in chains:
                    for a, b in itertools.pairwise(chain):
                        edges[a][1] = b
                prev = [chain[-1] for chain in chains]
            else:
                tile_rows = []
                for r, codes in enumerate(tile.rows):
                    row = [new(code, ln, t_index, r, False) for ln, code in enumerate(codes)]
                    for src in prev:
                        link(src, row)
                    prev = row
                    tile_rows.append(row)
                ditch = [i for i, codes in enumerate(tile.rows) if "w" in codes]
                if ditch:
                    beyond = tuple(tuple(r) for r in tile_rows[ditch[-1] + 1 :])
                    for r in ditch:
                        for s in tile_rows[r]:
                            if kind[s] == "c":
                                croc_rows[s] = beyond
        for src in prev:
            link(src, [FINISH] * 5)

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
            fwd=tuple(x for e in edges for x in e),
            passable=passable,
            dist=tuple(dist),
            from_exit=tuple(from_exit),
            back=tuple(tuple(b) for b in back),
            croc_rows=croc_rows,
            halts=tuple(code in "~v" for code in kind),
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
