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
from savanna.games.banjooli.data import load_data
from savanna.games.banjooli.state import (
    A_GIVE,
    A_MOVE,
    A_PASS,
    A_SPACE,
    A_SPELL,
    A_SPLIT,
    A_STEP,
    A_SWAP,
    A_UNSPELL,
    ARRIVED,
    PLACE,
    REROLL,
    WHITE,
    BanjooliState,
)

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame

__all__ = ["choose", "weights"]


def weights(card: int) -> list[float]:
    """How much the holder of ``card`` wants each ostrich to advance (0 without a card)."""
    if card < 0:
        return [0.0] * 5
    first, second, third, last = load_data().cards[card].ostriches
    out = [-0.5] * 5
    out[first], out[second], out[third], out[last] = 3.0, 2.5, 2.0, -2.0
    return out


def _progress(state: BanjooliState, want: list[float]) -> float:
    board = state.board
    assert board is not None
    total = 0.0
    for o in range(5):
        p = state.pos[o]
        dist = 0 if p == ARRIVED else board.dist[p]
        total -= want[o] * dist
    return total


def choose(game: BanjooliGame, observation: Observation, legal: Sequence[int], rng: random.Random) -> int:
    """The heuristic's action among ``legal`` for the observing seat."""
    state = game._decode(str(observation.data["position"]))
    want = weights(int(observation.data["card"]))
    if len(legal) == 1:
        return legal[0]
    scored: list[tuple[float, float, int]] = []
    for action in legal:
        scored.append((_value(state, want, action), rng.random(), action))
    return max(scored)[2]


def _value(state: BanjooliState, want: list[float], action: int) -> float:
    board = state.board
    if action < A_MOVE:
        if state.phase != REROLL:
            return 0.0
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
        wanted_mask = 0b111111 & ~keep
        return 10.0 if action == wanted_mask else -bin(action ^ wanted_mask).count("1")
    if action < A_STEP or action >= A_SPLIT:
        o = (action - A_SPLIT) // 18 if action >= A_SPLIT else (action - A_MOVE) // 8
        return want[o] * state.move_points(action)
    if action < A_SPELL:
        assert board is not None
        t = state._landing(state.pos[state.mover], action - A_STEP)
        w = want[state.mover]
        if t < 0:
            return 100.0 * (1 if w >= 0 else -1)
        penalty = 6 if board.kind[t] == "~" else 0
        return -w * (board.dist[t] + penalty)
    if action < A_UNSPELL:
        o = action - A_SPELL
        assert board is not None
        leader = min((board.dist[p], i) for i, p in enumerate(state.pos) if p != ARRIVED)[1]
        value = -want[o] * 2
        if o == leader and want[o] < 0:
            value += 2
        return value
    if action < A_PASS:
        return want[action - A_UNSPELL] * 1.5
    if action == A_PASS:
        return -0.1
    if action < A_SWAP:
        nxt = (state.seat + state.direction) % state.n
        return 1.0 if action - A_GIVE == nxt else 0.0
    if action < A_SPACE:
        trial = state.clone()
        trial._swap(trial.mover, action - A_SWAP)
        return _progress(trial, want)
    if state.phase == PLACE:
        return 0.0
    trial = state.clone()
    o = trial.mover
    trial.occ[trial.pos[o]] = -1
    trial.pos[o] = action - A_SPACE
    return _progress(trial, want)
