"""A good human's play of Banjooli Xeet, from one seat's observation only.

The seat reads its own Prediction (1st, 2nd, 3rd, last) and wants each ostrich pushed in
proportion to how early the card wants it: weight 3 for the 1st, 2.5 for the 2nd, 2 for the
3rd, -2 for the last and -0.5 for the ostrich the card does not name. Then:

* Reroll: keep movement dice showing a wanted ostrich or white; keep the sorcery die when it
  is a joker, names the card's last ostrich, or names a wanted ostrich that is scared;
  reroll the rest.
* Decide: score each choice: a move is worth weight x points; unspelling a wanted ostrich
  and spelling an unwanted one that leads (or the card's last one) are worth a few points;
  the best choice wins (ties broken by the seat's random generator).
* Steps: a wanted ostrich takes the step that leaves the fewest steps to the line (so it
  jumps when it can) and avoids quicksand; an unwanted one does the opposite.
* Choices of a space (lava, crocodile, Joka), Vortex swaps: the option that best serves the
  weighted progress of all ostriches. Berries are placed at random; Naangateku is given to
  the next seat in turn order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from savanna.core.game import Observation
from savanna.games.banjooli.actions import (
    KEEP_ID,
    WHITE,
    ChooseSpace,
    Give,
    MagicFive,
    Move,
    Pass,
    Reroll,
    Spell,
    Step,
    Swap,
    Unspell,
    from_id,
)
from savanna.games.banjooli.board import Board, SpaceKind
from savanna.games.banjooli.components import load_data
from savanna.games.banjooli.moves import landing, move_points
from savanna.games.banjooli.notation import parse_position
from savanna.games.banjooli.observation import view
from savanna.games.banjooli.phase import ARRIVED, Phase

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame
    from savanna.games.banjooli.state import BanjooliState

__all__ = ["choose", "choose_in_state", "weights"]

QUICKSAND_PENALTY = 6
"""Steps a step into quicksand counts extra (it scares the ostrich, rule ``quicksand.scare``)."""
FINISH_VALUE = 100.0
"""Value of crossing the line with a wanted ostrich (minus it for an unwanted one)."""


def weights(card: int) -> list[float]:
    """How much the holder of ``card`` wants each ostrich to advance (0 without a card)."""
    if card < 0:
        return [0.0] * 5
    first, second, third, last = load_data().cards[card].ostriches
    out = [-0.5] * 5
    out[first], out[second], out[third], out[last] = 3.0, 2.5, 2.0, -2.0
    return out


def _progress(board: Board, pos: list[int], want: list[float]) -> float:
    """The weighted progress of the ostriches at ``pos`` (higher is better for the seat)."""
    total = 0.0
    for o in range(5):
        p = pos[o]
        dist = 0 if p == ARRIVED else board.dist[p]
        total -= want[o] * dist
    return total


def choose(game: BanjooliGame, observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic's action among ``legal`` for the observing seat."""
    data = view(observation)
    state = parse_position(game, data["position"])
    want = weights(data["card"])
    if len(legal) == 1:
        return legal[0]
    scored: list[tuple[float, float, int]] = []
    for action in legal:
        scored.append((_value(state, want, action), rng.random(), action))
    return max(scored)[2]


def choose_in_state(state: BanjooliState, legal: Sequence[int], rng: random.Random) -> int:
    """:func:`choose` for the seat to act in a full state: the same choice and the same draws.

    It reads only what that seat sees (its own card, the board, the dice), skipping the
    observation that :func:`choose` parses, and values a reroll choice without rebuilding
    the set of dice to reroll for each of the 64 (the coach's rollouts ask it thousands of
    times per second).
    """
    if len(legal) == 1:
        return legal[0]
    want = weights(state.cards[state.current_player()])
    if state.phase == Phase.REROLL:
        wanted = _wanted_reroll(state, want)
        best = (-1e9, 0.0, -1)
        for action in legal:
            mask = action - KEEP_ID
            scored = (10.0 if mask == wanted else float(-(mask ^ wanted).bit_count()), rng.random(), action)
            if scored > best:
                best = scored
        return best[2]
    return max([(_value(state, want, action), rng.random(), action) for action in legal])[2]


def likeliest_first(state: BanjooliState, legal: Sequence[int]) -> list[int]:
    """``legal`` ranked by the heuristic's value for the seat to act (its own card), best
    first; ties keep their order. What a menu lists first (``State.menu_order``)."""
    if len(legal) < 2 or state.is_chance_node():
        return list(legal)
    want = weights(state.cards[state.current_player()])
    values = {action: _value(state, want, action) for action in legal}
    return sorted(legal, key=lambda action: -values[action])


def _wanted_reroll(state: BanjooliState, want: list[float]) -> int:
    """The mask of the dice that serve no wanted ostrich."""
    keep = 0
    for i in range(5):
        face = state.dice[i]
        if face == WHITE or (face < 5 and want[face] > 0):
            keep |= 1 << i
    face = state.dice[5]
    if face == WHITE or face in state.arrived or (
        face < 5 and (want[face] < -1 or (want[face] > 0 and state.scared[face]))
    ):
        keep |= 1 << 5
    return 0b111111 & ~keep


def _reroll_value(state: BanjooliState, want: list[float], mask: int) -> float:
    """Reroll the dice that serve no wanted ostrich (10 for exactly that set)."""
    if state.phase != Phase.REROLL:
        return 0.0
    wanted_mask = _wanted_reroll(state, want)
    return 10.0 if mask == wanted_mask else -bin(mask ^ wanted_mask).count("1")


def _value(state: BanjooliState, want: list[float], action: int) -> float:
    board = state.board
    value = from_id(action)
    if isinstance(value, Reroll):
        return _reroll_value(state, want, value.mask)
    if isinstance(value, Move | MagicFive):
        return want[value.ostrich] * move_points(state, action)
    assert board is not None  # every other decision is taken on a laid-out board
    if isinstance(value, Step):
        t = landing(state, state.pos[state.mover], value.direction)
        w = want[state.mover]
        if t < 0:
            return FINISH_VALUE * (1 if w >= 0 else -1)
        penalty = QUICKSAND_PENALTY if board.kind[t] == SpaceKind.QUICKSAND else 0
        return -w * (board.dist[t] + penalty)
    if isinstance(value, Spell):
        o = value.ostrich
        leader = min((board.dist[p], i) for i, p in enumerate(state.pos) if p != ARRIVED)[1]
        worth = -want[o] * 2
        if o == leader and want[o] < 0:
            worth += 2
        return worth
    if isinstance(value, Unspell):
        return want[value.ostrich] * 1.5
    if isinstance(value, Pass):
        return -0.1
    if isinstance(value, Give):
        nxt = (state.seat + state.direction) % state.n
        return 1.0 if value.seat == nxt else 0.0
    pos = list(state.pos)
    if isinstance(value, Swap):
        pos[state.mover], pos[value.ostrich] = pos[value.ostrich], pos[state.mover]
        return _progress(board, pos, want)
    assert isinstance(value, ChooseSpace)
    if state.phase == Phase.PLACE:
        return 0.0
    pos[state.mover] = value.space
    return _progress(board, pos, want)
