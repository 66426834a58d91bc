"""Every board the game can lay out leaves every enterable space a way to the finishing line.

Rule ``setup.layout`` (docs/rules/banjooli.md, "Board: no dead ends"). Source:
banjooli-xeet-rules-en.txt, Course of the Game ("until the first 3 ostriches cross the
finishing line") and End of the Game and Score ("When the third ostrich crosses the finishing
line, the game ends"): the race is meant to end with three arrivals, so no tile combination
may wall an ostrich in.

The check is exhaustive: every tile count (4-6), every special tile (none or one of four),
every order of the physical tiles the ``layout`` chance node can draw and every side the
``sides`` chance node can show. On each board, every space an ostrich can enter (by a step, a
jump, the Vortex, Joka, the Lava River or the Crocodiles: any passable space) must have a
sequence of forward steps to the line, other ostriches ignored.

Whether the spaces of a tile have a way out depends only on the tiles after it, and only
through which entry spaces of the next tile have one (five lanes, so at most 32 answers). The
check therefore walks each board from the finishing line back, one tile at a time, and asks
the engine's own :meth:`Board.build` once for each pair (tile face, answer of the rest),
building the face in front of a real rest that gave that answer: the same board tables the
game plays on, without building all 592,896 boards (that would take minutes).

Run ``python -m tests.games.banjooli.test_board_reachability`` to print the counts.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from tests.games.banjooli.helpers import game

from savanna.games.banjooli import board as board_module
from savanna.games.banjooli.board import FINISH, Board
from savanna.games.banjooli.board import faces as tile_faces
from savanna.games.banjooli.components import GameData, load_data
from savanna.lab import SimulationPlan, run_simulation, summarise

TILE_COUNTS = (4, 5, 6)
SPECIALS = ("none", "crocodiles", "ravine", "lava", "vortex")
LAYOUTS_CHECKED = 592_896
"""(layout, sides) pairs over every tile count and special tile (see the rules document)."""
LAVA_CROSSING = 4
"""A move has at most 5 points, and a movement may not end on lava (rule ``lava.back``): from
every lava space a space that is not lava must lie at most 4 forward steps ahead, so that an
ostrich standing before the lava can cross it in one move."""

_LINE = -1
"""Answer of the empty rest: the finishing line itself."""


@dataclass
class Report:
    """What the exhaustive check found."""

    layouts: int = 0
    """(layout, sides) pairs checked."""
    boards_built: int = 0
    """Boards the engine built to answer them."""
    dead: dict[tuple[str, ...], list[str]] = field(default_factory=dict)
    """Each face sequence with a dead end → the dead spaces, as ``face@position:row.lane``."""
    by_config: dict[tuple[int, str], int] = field(default_factory=dict)
    """(tiles, special) → (layout, sides) pairs checked."""


def _boards(tiles: int, special: str) -> Iterator[tuple[str, ...]]:
    """Every board face sequence of the configured game, through its two chance nodes."""
    g = game(tiles=tiles, special=special)
    start = g.new_initial_state()
    for layout, _ in start.chance_outcomes():
        state = start.clone()
        state.apply_unchecked(layout)  # an outcome of the node itself
        assert state.phase_name == "sides"
        for mask, _ in state.chance_outcomes():
            yield tile_faces(state.order, mask)


class _Checker:
    """Answers "which spaces of this face have no way to the line" per (face, rest answer)."""

    def __init__(self, build: Callable[[tuple[str, ...]], Board]) -> None:
        self.build = build
        self.rest: dict[int, tuple[str, ...]] = {_LINE: ()}
        self.memo: dict[tuple[str, int], tuple[int, tuple[tuple[int, int], ...]]] = {}

    def step(self, face: str, rest: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The answer of ``face`` + rest (a 5-bit mask of its entry lanes with a way to the
        line) and the dead spaces of ``face`` (and of the nests) as (row, lane)."""
        key = (face, rest)
        known = self.memo.get(key)
        if known is not None:
            return known
        tiles = (face, *self.rest[rest])
        board = self.build(tiles)
        dead = tuple(
            (board.row[s], board.lane[s])
            for s in range(board.size)
            if board.tile[s] <= 1 and not _has_way(board, s)
        )
        for s in range(board.size):
            if board.tile[s] == 1 and board.kind[s] == "l":
                assert _steps_off_lava(board, s) <= LAVA_CROSSING, (tiles, board.name(s))
        mask = 0
        for s in range(board.size):
            if board.tile[s] == 1 and board.row[s] == 0 and board.passable[s] and _has_way(board, s):
                mask |= 1 << board.lane[s]
        self.memo[key] = (mask, dead)
        self.rest.setdefault(mask, tiles)
        return mask, dead


def _has_way(board: Board, space: int) -> bool:
    """Whether a passable ``space`` has forward steps to the line (impassable: ``True``)."""
    return not board.passable[space] or board.dist[space] < 10 * board.size


def _steps_off_lava(board: Board, space: int) -> int:
    """Fewest forward steps from ``space`` to a passable space that is not lava (or the line)."""
    frontier, steps = {space}, 0
    while frontier:
        steps += 1
        ahead = {board.fwd[3 * s + d] for s in frontier for d in range(3)}
        if FINISH in ahead or any(t >= 0 and board.passable[t] and board.kind[t] != "l" for t in ahead):
            return steps
        frontier = {t for t in ahead if t >= 0 and board.passable[t]}
    return 10 * board.size


def check_every_board(build: Callable[[tuple[str, ...]], Board] = Board.build,
                      configs: tuple[tuple[int, str], ...] | None = None) -> Report:
    """Check every board of every configuration (or of ``configs``)."""
    checker = _Checker(build)
    report = Report()
    for tiles, special in configs or tuple(itertools.product(TILE_COUNTS, SPECIALS)):
        count = 0
        for faces in _boards(tiles, special):
            count += 1
            rest = _LINE
            dead: list[str] = []
            for i in range(len(faces) - 1, -1, -1):
                rest, here = checker.step(faces[i], rest)
                if here:
                    dead.extend(f"{faces[i]}@{i + 1}:{r}.{ln}" for r, ln in here)
            if dead:
                report.dead[faces] = dead
        report.by_config[(tiles, special)] = count
        report.layouts += count
    report.boards_built = len(checker.memo)
    return report


@pytest.fixture
def old_tiles(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Boards built from the tile faces of rules version 2 (before the dead ends were fixed)."""
    data = load_data()
    before = {
        "rocks": ["#....", ".....", "..#.#", "....."],
        "boulders": [".#...", "...#.", "#....", "..#.."],
        "ravine": [".....", "xx=xx", "xx=xx", "xx=xx", "....."],
    }
    tiles = [t.model_copy(update={"rows": before[t.id]}) if t.id in before else t for t in data.tiles]
    old = GameData(tiles=tiles, cards=data.cards, berries=data.berries)
    board_module._segment.cache_clear()
    Board.build.cache_clear()
    monkeypatch.setattr(board_module, "load_data", lambda: old)
    try:
        yield
    finally:
        monkeypatch.undo()
        board_module._segment.cache_clear()
        Board.build.cache_clear()


def test_setup_layout_every_board_leaves_every_enterable_space_a_way_to_the_line() -> None:
    report = check_every_board()
    assert report.layouts == LAYOUTS_CHECKED
    assert report.layouts == sum(
        sum(1 << sum(t in _COMMONS for t in order) for order in g.layouts)
        for g in (game(tiles=t, special=s) for t, s in itertools.product(TILE_COUNTS, SPECIALS))
    )
    assert not report.dead, f"{len(report.dead)} boards with dead ends, e.g. {next(iter(report.dead.items()))}"


_COMMONS = frozenset(t.id for t in load_data().tiles if t.kind in ("straight", "curve"))


@pytest.mark.usefixtures("old_tiles")
def test_setup_layout_check_finds_the_dead_ends_of_the_old_tiles() -> None:
    """The check is not blind: on the tiles of rules version 2 it finds the dead ends seen in
    play (issue: the Ravine's first row, lanes 0 and 4; a curve before Rocky Pass or Boulder
    Field; blue stuck on space 5 of ``bend_left,rocks,plain,quicksand``)."""
    report = check_every_board(configs=((4, "none"), (4, "ravine")))
    assert report.layouts == 4608 + 3456
    assert ("bend_left", "rocks", "plain", "quicksand") in report.dead
    assert report.dead[("bend_left", "rocks", "plain", "quicksand")] == ["bend_left@1:0.0", "bend_left@1:1.0"]
    board = Board.build(("bend_left", "rocks", "plain", "quicksand"))
    assert board.name(5) == "t1.0.0" and not _has_way(board, 5)
    assert "ravine@1:0.0" in report.dead[("ravine", "plain", "quicksand", "rocks")]
    assert "ravine@1:0.4" in report.dead[("ravine", "plain", "quicksand", "rocks")]
    assert any("boulders@" in "".join(dead) or "bend" in "".join(dead) for dead in report.dead.values())
    assert len(report.dead) > 0.3 * report.layouts


def test_setup_layout_no_first_row_of_a_straight_or_special_face_holds_a_rock() -> None:
    """A curve's fenced lanes enter the next tile straight ahead (rule ``move.fence``), so a
    rock anywhere in the first row of a face that can follow a curve walls that lane off."""
    for tile in load_data().tiles:
        if tile.kind in ("straight", "special"):
            assert "#" not in tile.rows[0], tile.id
            assert all(code in board_module.PASSABLE for code in tile.rows[0]), tile.id


def _games_at_the_turn_cap(special: str, games: int) -> dict[str, Any]:
    """The lab's ``turn_cap`` count for ``games`` games of four random bots (seed 7)."""
    plan = SimulationPlan.create("banjooli", bots=["random"] * 4, games=games, seed=7, players=4,
                                 options={"special": special})
    summary = summarise(plan, run_simulation(plan, workers=1))
    return dict(summary["turn_cap"])


@pytest.mark.parametrize("special", ["none", "ravine"])
def test_setup_layout_the_lab_counts_no_random_game_ended_at_the_turn_cap(special: str) -> None:
    """Issue: random games used to end at the turn cap with an ostrich walled in (rule
    ``end.turn_cap`` instead of ``end.third_arrival``); the lab counts such games in
    ``summary.json`` (``turn_cap``) and, on boards without dead ends, finds none."""
    cap = _games_at_the_turn_cap(special, 200)
    assert cap["reported"] is True
    assert cap["games"] == 0 and cap["share"] == 0.0, cap


@pytest.mark.usefixtures("old_tiles")
def test_setup_layout_the_lab_counts_the_turn_cap_games_of_the_old_tiles() -> None:
    """The same count is not blind: on the version 2 tiles random Ravine games stall."""
    cap = _games_at_the_turn_cap("ravine", 200)
    assert cap["games"] > 0 and cap["first_indices"], cap


def main() -> None:
    """Print the counts of the exhaustive check."""
    report = check_every_board()
    for (tiles, special), count in report.by_config.items():
        print(f"tiles={tiles} special={special}: {count} boards")
    print(f"{report.layouts} boards checked ({report.boards_built} built by the engine); "
          f"{len(report.dead)} with a dead end")


if __name__ == "__main__":
    main()
