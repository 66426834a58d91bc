"""What may be played in a Banjooli position: the legal seat actions and chance outcomes.

Move generation, apart from the phase machine that applies the moves (:mod:`.state`): the
moves a roll of dice allows, each completable in full (rule ``move.full_movement``), the
steps of a moving ostrich and their jumps, spells, berry placements, the spaces a choice
offers (lava, crocodile, Joka), and the chance outcomes of every chance phase. Everything here reads a position and writes nothing but
the feasibility memo (``state.memo``), a cache of the current occupancy that the phase
machine drops whenever paths change (``BanjooliState._paths_changed``).

Legal actions are built as ids from the tables of :mod:`.actions`, without making values.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from savanna.core.draws import randbelow
from savanna.games.banjooli.actions import (
    ARGUMENT,
    D_MAGIC,
    DECIDE_JOKER,
    DECIDE_KIND,
    DECIDE_PART,
    GIVE_IDS,
    JOKER_MOVE_IDS,
    MAGIC_MOVE_IDS,
    PART_MOVE_IDS,
    PASS_ID,
    PLAIN_MOVE_IDS,
    SPACE_IDS,
    SPELL_IDS,
    STEP_IDS,
    SWAP_IDS,
    UNSPELL_IDS,
    WHITE,
)
from savanna.games.banjooli.board import FINISH, NONE, SpaceKind, commons
from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.phase import (
    ARRIVED,
    BERRY,
    DEAL,
    DECIDE,
    FIRST,
    FIX,
    FRENZY,
    GIVE,
    LAYOUT,
    NOT_ROLLED,
    PLACE,
    REROLL,
    ROLL,
    SIDES,
    SPACE,
    STEP,
    SWAP,
    VORTEX,
)
from savanna.games.banjooli.scoring import CARDS

if TYPE_CHECKING:
    from savanna.games.banjooli.state import BanjooliState

__all__ = [
    "BERRY_TOKENS",
    "can_step",
    "chance_pool",
    "counts",
    "counts_now",
    "crocodile_spaces",
    "feasible",
    "joka_spaces",
    "landing",
    "lava_spaces",
    "lion_run",
    "move_ids",
    "move_points",
    "sample_chance",
    "seat_actions",
    "spell_options",
    "step_actions",
]

_LAND: Final = SpaceKind.LAND
_LAVA: Final = SpaceKind.LAVA
BERRY_TOKENS: Final = len(load_data().berries)
"""The berry tokens (ids 0 to ``BERRY_TOKENS - 1``)."""
_ALL_REROLLS: Final = list(range(64))
"""Every Reroll mask (copied, never handed out)."""

# The id tables read at every decision, as this module's own finals: a compiled build keeps
# them in C statics instead of looking the imported names up at every use.
_PLAIN_MOVE_IDS: Final[tuple[int, ...]] = PLAIN_MOVE_IDS
_JOKER_MOVE_IDS: Final[tuple[tuple[int, ...], ...]] = JOKER_MOVE_IDS
_PART_MOVE_IDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = PART_MOVE_IDS
_MAGIC_MOVE_IDS: Final[tuple[int, ...]] = MAGIC_MOVE_IDS
_STEP_IDS: Final[tuple[int, ...]] = STEP_IDS
_SPELL_IDS: Final[tuple[int, ...]] = SPELL_IDS
_UNSPELL_IDS: Final[tuple[int, ...]] = UNSPELL_IDS
_ARGUMENT: Final[tuple[int, ...]] = ARGUMENT
_DECIDE_KIND: Final[tuple[int, ...]] = DECIDE_KIND
_DECIDE_JOKER: Final[tuple[int, ...]] = DECIDE_JOKER
_DECIDE_PART: Final[tuple[int, ...]] = DECIDE_PART


# -- chance ---------------------------------------------------------------------------------
def chance_pool(state: BanjooliState) -> list[int]:
    """The chance outcomes of ``state``, all equiprobable (empty when chance does not act)."""
    phase = state.phase
    if phase in (ROLL, VORTEX):
        return list(range(6))
    if phase == LAYOUT:
        return list(range(len(state.game.layouts)))
    if phase == SIDES:
        return list(range(1 << commons(state.order)))
    if phase == DEAL:
        used = set(state.cards)
        return [c for c in range(len(CARDS)) if c not in used]
    if phase == FIRST:
        return list(range(state.n))  # rule setup.first: each seat equally likely
    if phase in (BERRY, FIX):
        used = {t for t, _ in state.picked}
        used.update(t for t in state.berries.values() if t >= 0)
        return [t for t in range(BERRY_TOKENS) if t not in used]
    return []


def sample_chance(state: BanjooliState, rng: random.Random) -> int:
    """A uniform draw among the chance outcomes (all of them are equiprobable).

    The outcome drawn is ``pool[randbelow(rng, len(pool))]`` of the outcomes of
    :func:`chance_pool`, in order; where that order is ``0, 1, ..., k - 1`` the draw is the
    outcome itself (no list is made).
    """
    phase = state.phase
    if phase in (ROLL, VORTEX):
        return randbelow(rng, 6)
    if phase == SIDES:
        return randbelow(rng, 1 << commons(state.order))
    if phase == LAYOUT:
        return randbelow(rng, len(state.game.layouts))
    outcomes = chance_pool(state)
    return outcomes[randbelow(rng, len(outcomes))]


# -- seat actions ---------------------------------------------------------------------------
def seat_actions(state: BanjooliState) -> list[int]:
    """The legal actions of the seat to act, sorted (the state's ``_legal_actions``)."""
    phase = state.phase
    if phase == REROLL:
        return _ALL_REROLLS[:]  # every Reroll mask, 0 keeping them all (rule reroll.once)
    if phase == DECIDE:
        actions = move_ids(state, counts(state), True)
        actions.extend(spell_options(state))
        actions.sort()
        return actions or [PASS_ID]  # rule turn.pass
    if phase == STEP:
        return step_actions(state)
    if phase == FRENZY:
        actions = move_ids(state, state.frenzy, False)
        actions.sort()
        return actions
    if phase == PLACE:
        return [SPACE_IDS[s] for s in _placeable(state)]
    if phase == SPACE:
        return [SPACE_IDS[s] for s in state.choices]
    if phase == GIVE:
        return [GIVE_IDS[s] for s in range(state.n) if s != state.seat]  # rule berry.give
    if phase == SWAP:
        return [SWAP_IDS[o] for o in range(5) if o != state.mover and state.pos[o] != ARRIVED]
    return []


def counts(state: BanjooliState) -> list[int]:
    """The movement dice (positions 0-4) counted by face."""
    out = [0] * 6
    dice = state.dice
    for i in range(5):
        out[dice[i]] += 1
    return out


def counts_now(state: BanjooliState) -> list[int] | None:
    """The dice counts by face a move would use now (``None`` outside a decision or frenzy)."""
    if state.phase == FRENZY:
        return state.frenzy
    if state.phase == DECIDE and NOT_ROLLED not in state.dice[:5]:
        return counts(state)
    return None


def move_ids(state: BanjooliState, counts: list[int], magic_allowed: bool) -> list[int]:
    """Legal move choices (ids), each completable in full (rule ``move.full_movement``).

    In a normal turn a joker kind joins a move whole (``move.joker_all``); in the Dof
    Nooxoor frenzy (``magic_allowed`` false) any number of its dice may (``frenzy.all_dice``).
    White and the colours of arrived ostriches are jokers (``move.joker_one_kind``); a
    joker kind is 0 for white, ``1 + c`` for colour ``c`` (:func:`~.actions.joker_kind`).
    """
    kinds: list[int] = []
    extras: list[int] = []
    whites = counts[WHITE]
    if whites:
        kinds.append(0)
        extras.append(whites)
    for c in state.arrived:
        extra = counts[c]
        if extra:
            kinds.append(1 + c)
            extras.append(extra)
    # rule move.five_magic: five distinct colours or five whites
    magic = magic_allowed and (
        whites == 5
        or (counts[0] == 1 and counts[1] == 1 and counts[2] == 1 and counts[3] == 1 and counts[4] == 1)
    )
    options: list[int] = []
    pos = state.pos
    scared = state.scared
    memo = _memo(state)
    for o in range(5):
        start = pos[o]
        if start == ARRIVED or scared[o]:  # rules move.arrived, move.scared
            continue
        own = counts[o]
        if own:  # rule move.joker_alone: jokers join the ostrich's own colour
            if feasible(state, start, own, memo):
                options.append(_PLAIN_MOVE_IDS[o])
            for i in range(len(kinds)):
                k = kinds[i]
                extra = extras[i]
                if feasible(state, start, own + extra, memo):
                    options.append(_JOKER_MOVE_IDS[o][k])
                if not magic_allowed:
                    for j in range(1, extra):
                        if feasible(state, start, own + j, memo):
                            options.append(_PART_MOVE_IDS[o][k][j - 1])
        if magic and feasible(state, start, 5, memo):
            options.append(_MAGIC_MOVE_IDS[o])
    return options


def move_points(state: BanjooliState, action: int) -> int:
    """The movement points of the move choice ``action`` (a move or magic five) with the
    current dice: its colour's dice and the jokers it takes, all of their kind outside the
    frenzy (rule ``move.joker_all``)."""
    if _DECIDE_KIND[action] == D_MAGIC:
        return 5  # rule move.five_magic
    o = _ARGUMENT[action]
    part = _DECIDE_PART[action]
    if part:
        return state.frenzy[o] + part
    have = state.frenzy if state.phase == FRENZY else counts(state)
    joker = _DECIDE_JOKER[action]
    return have[o] + (have[joker] if joker >= 0 else 0)


def spell_options(state: BanjooliState) -> list[int]:
    """Spells and unspells the sorcery die allows (rules ``spell.*``, ``unspell.running``)."""
    face = state.dice[5]
    if face < 0:
        return []
    if face == WHITE or face in state.arrived:
        first, last = 0, 5
    else:
        first, last = face, face + 1
    out: list[int] = []
    for o in range(first, last):
        p = state.pos[o]
        if p == ARRIVED:
            continue
        if state.scared[o]:
            out.append(_UNSPELL_IDS[o])
        elif p >= 5:  # rule spell.at_exit: the nests are spaces 0-4
            out.append(_SPELL_IDS[o])
    out.sort()
    return out


def crocodile_spaces(state: BanjooliState, o: int) -> list[int]:
    """Where ostrich ``o``, spelled on a crocodile, may be carried: the free spaces of the
    first row beyond the ditch that has one (rule ``croc.bite``; empty: it stays)."""
    board = state.board
    assert board is not None
    for row in board.croc_rows[state.pos[o]]:
        free = [s for s in row if state.occ[s] < 0 and board.passable[s]]
        if free:
            return free
    return []


def lava_spaces(state: BanjooliState, here: int) -> list[int]:
    """The high ground a movement ended on lava at ``here`` goes back to: the nearest free
    spaces behind it that are not lava (rule ``lava.back``; empty: it stays)."""
    board = state.board
    assert board is not None
    frontier = {here}
    seen = {here}
    while frontier:
        frontier = {p for s in frontier for p in board.back[s] if board.passable[p] and p not in seen}
        seen |= frontier
        free = [p for p in frontier if board.kind[p] != _LAVA and state.occ[p] < 0]
        if free:
            return free
    return []


def joka_spaces(state: BanjooliState, o: int) -> list[int]:
    """Where Joka sends ostrich ``o`` back: the free spaces two steps behind it, else one
    (rule ``joka.back``; empty: it stays)."""
    board = state.board
    assert board is not None
    for steps in (2, 1):
        back = [s for s in board.behind(state.pos[o], steps) if state.occ[s] < 0]
        if back:
            return back
    return []


def lion_run(state: BanjooliState) -> tuple[int, list[int]]:
    """Where the lion runs once the dice are final, and the running ostriches it reaches
    (rule ``lion.run``: one step per white die; past the Exit it goes home to the line)."""
    board = state.board
    assert board is not None
    whites = sum(1 for i in range(5) if state.dice[i] == WHITE)
    if not whites:
        return state.lion, []
    old, new = state.lion, state.lion + whites
    if new >= board.dist[0]:
        new = 0  # the lion reached the Exit and goes home to the finishing line
    reached = []
    for o in range(5):
        p = state.pos[o]
        if p >= 5 and not state.scared[o] and old < board.dist[p] <= max(new, old + whites):
            reached.append(o)
    return new, reached


def _placeable(state: BanjooliState) -> list[int]:
    """Spaces a berry may be placed on (rule ``berry.placement``)."""
    board = state.board
    assert board is not None
    return [
        s for s in range(board.size)
        if board.kind[s] == _LAND and board.from_exit[s] >= 3 and s not in state.berries
        and state.occ[s] < 0
    ]


# -- steps and their feasibility --------------------------------------------------------------
def landing(state: BanjooliState, s: int, d: int) -> int:
    """Where a step in direction ``d`` from ``s`` lands: a space, ``FINISH`` or ``NONE``
    when it cannot (rules ``move.forward``, ``jump.one_point``, ``jump.two_adjacent``)."""
    board = state.board
    assert board is not None
    fwd = board.fwd
    t = fwd[3 * s + d]
    if t < 0:
        return t
    passable = board.passable
    if not passable[t]:
        return NONE
    occ = state.occ
    if occ[t] >= 0:
        b = fwd[3 * t + d]
        if b == FINISH:
            return b
        if b < 0 or not passable[b] or occ[b] >= 0:
            return NONE
        return b
    return t


def _memo(state: BanjooliState) -> dict[int, bool]:
    """The feasibility memo of the current occupancy (see :func:`feasible`)."""
    memo = state.memo
    if memo is None:
        memo = state.memo = {}
    return memo


def feasible(state: BanjooliState, s: int, r: int, memo: dict[int, bool]) -> bool:
    """Whether ``r`` points can all be spent from ``s`` (forced stops count as complete).

    ``memo`` maps ``32 * space + points`` to the answer. Paths only go forward (to higher
    space numbers), so an answer depends only on the ostriches and berries ahead of
    ``s``: the state keeps one memo while no ostrich but the mover moves, and the mover
    only moves forward from behind every space asked about; any other change (end of a
    movement, swap, placement, berry) drops it (``BanjooliState._paths_changed``).
    """
    key = s * 32 + r
    known = memo.get(key)
    if known is not None:
        return known
    board = state.board
    assert board is not None
    fwd = board.fwd
    passable = board.passable
    occ = state.occ
    result = False
    base = 3 * s
    for d in range(3):
        t = fwd[base + d]
        if t == NONE:
            continue
        if t == FINISH:
            result = True
            break
        if not passable[t]:
            continue
        if occ[t] >= 0:
            t = fwd[3 * t + d]
            if t == FINISH:
                result = True
                break
            if t < 0 or not passable[t] or occ[t] >= 0:
                continue
        if r == 1 or board.halts[t] or t in state.berries or feasible(state, t, r - 1, memo):
            result = True
            break
    memo[key] = result
    return result


def step_actions(state: BanjooliState) -> list[int]:
    """The legal steps of the moving ostrich (as :func:`can_step`, in one pass)."""
    board = state.board
    assert board is not None
    s = state.pos[state.mover]
    r = state.points - 1
    memo = _memo(state)
    out: list[int] = []
    for d in range(3):
        t = landing(state, s, d)
        if t == NONE:
            continue
        if t == FINISH or r == 0 or board.halts[t] or t in state.berries or feasible(state, t, r, memo):
            out.append(_STEP_IDS[d])
    return out


def can_step(state: BanjooliState, d: int) -> bool:
    """Whether the mover may step in direction ``d`` (as :func:`step_actions`)."""
    t = landing(state, state.pos[state.mover], d)
    if t == NONE:
        return False
    if t == FINISH or state.points == 1:
        return True
    board = state.board
    assert board is not None
    return board.halts[t] or t in state.berries or feasible(state, t, state.points - 1, _memo(state))
