"""Where a pawn goes: walking the map with the dice (rules ``move.*``), read from a position.

A move takes one pawn the whole total of the dice (``move.one_pawn``, ``move.all_points``),
jumping occupied path spaces without counting them (``move.skip``), naming its branch when
it passes a river's fork (``move.fork``), and stopping in a courtyard or the village with
points left over (``move.stop``). The functions only read the position; the phase machine
(:mod:`.state`) applies the move.

Example:
    >>> from savanna.games.river_race.game import RiverRaceGame
    >>> state = RiverRaceGame(players=2, options={"first": "seat1"}).new_initial_state()
    >>> _ = state.apply_text("2+5")
    >>> walk(state, 0, 7, 0), [str(m) for m in legal_moves(state)]
    ((7, []), ['move a'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from savanna.games.river_race.actions import (
    ACTION_ARG,
    ACTION_VALUE,
    AROUND,
    MOVE_IDS,
    NO_BRANCH,
    Move,
)
from savanna.games.river_race.board import ALTAR, PATH, VILLAGE, YARD
from savanna.games.river_race.phase import NO_WAY, UNNAMED_BRANCH

if TYPE_CHECKING:
    from savanna.games.river_race.state import RiverRaceState

__all__ = ["camp_blocked", "legal_moves", "move_ids", "move_refusal", "on_paths", "walk", "walk_end", "walk_path"]

_ACTION_ARG: Final[tuple[int, ...]] = ACTION_ARG
_ACTION_VALUE: Final[tuple[int, ...]] = ACTION_VALUE
_MOVE_IDS: Final[tuple[tuple[int, ...], ...]] = MOVE_IDS


def on_paths(state: RiverRaceState) -> list[int]:
    """The spaces of the pawns standing on path spaces (one entry per pawn)."""
    kind = state.tables.kind
    return [space for space in state.pos if kind[space] == PATH]


def _jumped(space: int, start: int, standing: list[int]) -> bool:
    """Whether a pawn walking from ``start`` jumps over the path space ``space``: another
    pawn stands there (rule ``move.skip``; ``standing`` from :func:`on_paths`)."""
    others = -1 if space == start else 0  # the walking pawn itself is not jumped
    for here in standing:
        if here == space:
            others += 1
    return others > 0


def walk_end(
    state: RiverRaceState, pawn: int, total: int, branch: int, standing: list[int], springs: list[int] | None = None,
    passed: list[int] | None = None,
) -> int:
    """Where ``pawn`` ends moving ``total`` taking ``branch`` at a fork, appending to
    ``springs`` (when given) the springs it passes and to ``passed`` (when given) every space
    it enters, jumped ones included; ``standing`` from :func:`on_paths`.

    The end is :data:`~.phase.NO_WAY` when the move is impossible (a pawn waiting in a
    courtyard, on a sacrifice place or home; a branch named away from any fork) and
    :data:`~.phase.UNNAMED_BRANCH` when the move passes a fork and no branch is named.
    """
    tables = state.tables
    kind = tables.kind
    space = state.pos[pawn]
    start_kind = kind[space]
    if start_kind in (ALTAR, VILLAGE, YARD) or total <= 0:
        return NO_WAY  # rules move.altar, move.village, move.wait
    start = space
    left = total
    passed_fork = False
    nxt = tables.next
    fork = tables.fork
    spring = tables.spring
    while left > 0:
        if fork[space] >= 0:
            if branch == NO_BRANCH:
                return UNNAMED_BRANCH
            passed_fork = True
            space = tables.branches[space][branch - 1]
        else:
            space = nxt[space]
        if springs is not None and spring[space] >= 0:
            springs.append(spring[space])
        if passed is not None:
            passed.append(space)
        k = kind[space]
        if k == PATH and _jumped(space, start, standing):
            continue  # rule move.skip: another pawn there is jumped over, not counted
        left -= 1
        if k in (YARD, VILLAGE):
            break  # rule move.stop
    if branch != NO_BRANCH and not passed_fork:
        return NO_WAY  # rule move.branch_only_at_fork
    return space


def walk(state: RiverRaceState, pawn: int, total: int, branch: int) -> tuple[int, list[int]]:
    """Where ``pawn`` ends moving ``total`` with ``branch`` (as :func:`walk_end`), and the
    springs it passes (none when the move is impossible)."""
    springs: list[int] = []
    end = walk_end(state, pawn, total, branch, on_paths(state), springs)
    return end, springs if end >= 0 else []


def walk_path(state: RiverRaceState, pawn: int, total: int, branch: int) -> list[int]:
    """Every space ``pawn`` passes moving ``total`` with ``branch`` (as :func:`walk_end`),
    from where it stands to where it stops, in order; ``[]`` when the move is impossible.

    Two branches of a fork may stop on the same space (across or around a river): the
    spaces between tell them apart."""
    passed: list[int] = [state.pos[pawn]]
    end = walk_end(state, pawn, total, branch, on_paths(state), passed=passed)
    return passed if end >= 0 else []


def camp_blocked(state: RiverRaceState, pawn: int) -> bool:
    """Whether a pawn of the same seat earlier in letter order is still in the camp (rule
    ``move.camp_order``)."""
    camp = state.tables.camp
    pos = state.pos
    return any(pos[p] == camp for p in range(3 * (pawn // 3), pawn))


def move_ids(state: RiverRaceState) -> list[int]:
    """The ids of the seat's legal moves for this turn's dice (phase ``move``), ascending."""
    out: list[int] = []
    seat = state.turn
    total = state.roll_total()
    pos = state.pos
    camp = state.tables.camp
    standing = on_paths(state)
    for i in range(3):
        pawn = 3 * seat + i
        if pos[pawn] == camp and camp_blocked(state, pawn):
            continue  # rule move.camp_order
        end = walk_end(state, pawn, total, NO_BRANCH, standing)
        if end == UNNAMED_BRANCH:
            for b in range(1, AROUND + 1):
                if walk_end(state, pawn, total, b, standing) >= 0:
                    out.append(_MOVE_IDS[i][b])
        elif end >= 0:
            out.append(_MOVE_IDS[i][NO_BRANCH])
    return out


def legal_moves(state: RiverRaceState) -> list[Move]:
    """The seat's legal moves for this turn's dice (phase ``move``)."""
    return [Move(_ACTION_ARG[a], _ACTION_VALUE[a]) for a in move_ids(state)]


def move_refusal(state: RiverRaceState, move: Move) -> str:
    """The clause refusing ``move`` now, or ``""`` when it is legal."""
    pawn = 3 * state.turn + move.pawn
    tables = state.tables
    kind = tables.kind[state.pos[pawn]]
    if kind == VILLAGE:
        return "move.village"
    if kind == ALTAR:
        return "move.altar"
    if kind == YARD:
        return "move.wait"
    if state.pos[pawn] == tables.camp and camp_blocked(state, pawn):
        return "move.camp_order"
    end = walk_end(state, pawn, state.roll_total(), move.branch, on_paths(state))
    if end == UNNAMED_BRANCH:
        return "move.fork"
    if end < 0:
        return "move.branch_only_at_fork"
    return ""
