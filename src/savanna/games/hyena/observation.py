"""What one Hyena seat sees: everything (perfect information), as typed data and a tensor.

Every observation holds the whole position; a spectator sees the same as a seat.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypedDict, cast

from savanna.core.game import Observation
from savanna.games.hyena.notation import parse_position, position_text
from savanna.games.hyena.phase import PHASE_LETTERS, STAGE_NAMES

if TYPE_CHECKING:
    from savanna.games.hyena.game import HyenaGame
    from savanna.games.hyena.state import HyenaState

__all__ = ["HyenaView", "MotherView", "PieceView", "observation_tensor", "observation_tensor_in_state", "observe", "sample_state", "tensor_size", "view"]


class MotherView(TypedDict):
    """One seat's mother."""

    phase: str
    """Her place's letter: V village, O out, W well, B back, H home, X devoured."""
    hole: int
    tabas: int
    """The seat's banked tabas."""


class PieceView(TypedDict):
    """The hyena, once released."""

    owner: int
    """The seat playing it."""
    phase: str
    """Its place's letter (V, O, W, B, H)."""
    hole: int


class HyenaView(TypedDict):
    """The data of a Hyena observation (``Observation.data``)."""

    position: str
    """The position notation (everything is public)."""
    rules: str
    length: int
    mothers: list[MotherView]
    home: list[int]
    """Seats home, in order of arrival."""
    hyena: PieceView | None
    turn: int
    """The seat whose turn it is."""
    stage: str
    """start, throw, decide, over, or first (the first player is being drawn)."""
    throw: int
    """The throw waiting for a decision (white sides), or -1."""
    steps: int


def view(observation: Observation) -> HyenaView:
    """The typed data of any Hyena observation (``Observation.data`` read as the declared type)."""
    return cast(HyenaView, observation.data)


def observe(state: HyenaState, seat: int | None) -> Observation:
    """What ``seat`` (already checked by the core) sees: the whole position."""
    text = position_text(state)
    data: HyenaView = {
        "position": text,
        "rules": state.game.ruleset.name,
        "length": state.well,
        "mothers": [
            {"phase": PHASE_LETTERS[p], "hole": h, "tabas": b}
            for p, h, b in zip(state.phase, state.pos, state.bank, strict=True)
        ],
        "home": list(state.home),
        "hyena": None
        if state.hyena_owner < 0
        else {"owner": state.hyena_owner, "phase": PHASE_LETTERS[state.hyena_phase], "hole": state.hyena_pos},
        "turn": state.seat,
        "stage": STAGE_NAMES[state.stage],
        "throw": state.pending,
        "steps": state.steps,
    }
    return Observation(state.game.name, seat, data, text)


def tensor_size(game: HyenaGame) -> int:
    """Floats of :func:`observation_tensor`: per seat 6 places, hole, tabas; hyena: owner,
    7 places, hole; turn; 5 stages; the pending throw; the observer (seats and spectator)."""
    n = game.num_players
    return n * 8 + n + 7 + 1 + n + len(STAGE_NAMES) + game.sticks + 1 + n + 1


def observation_tensor(game: HyenaGame, observation: Observation) -> list[float]:
    """Flat floats: one-hot places, holes as a fraction of the length, tabas / 10."""
    data = view(observation)
    n = game.num_players
    out: list[float] = []
    for mother in data["mothers"]:
        phase = [0.0] * 6
        phase[PHASE_LETTERS.index(mother["phase"])] = 1.0
        out += [*phase, mother["hole"] / game.length, mother["tabas"] / 10]
    hyena = data["hyena"]
    owner = [0.0] * n
    hphase = [0.0] * 7
    hole = 0.0
    if hyena is None:
        hphase[0] = 1.0
    else:
        owner[hyena["owner"]] = 1.0
        hphase[1 + PHASE_LETTERS.index(hyena["phase"])] = 1.0
        hole = hyena["hole"] / game.length
    out += [*owner, *hphase, hole]
    turn = [0.0] * n
    turn[data["turn"]] = 1.0
    stage = [0.0] * len(STAGE_NAMES)
    stage[STAGE_NAMES.index(data["stage"])] = 1.0
    pending = [0.0] * (game.sticks + 1)
    if data["throw"] >= 0:
        pending[data["throw"]] = 1.0
    seat = [0.0] * (n + 1)
    seat[n if observation.seat is None else observation.seat] = 1.0
    return out + turn + stage + pending + seat


def observation_tensor_in_state(game: HyenaGame, state: HyenaState, seat: int | None) -> list[float]:
    """:func:`observation_tensor` of ``observe(state, seat)``, read from the state itself
    (the same floats, without the position's text); ``seat`` is already checked."""
    n = game.num_players
    length = game.length
    out: list[float] = []
    for p, h, b in zip(state.phase, state.pos, state.bank, strict=True):
        phase = [0.0] * 6
        phase[p] = 1.0  # the letters are distinct: index p is its letter's
        out += [*phase, h / length, b / 10]
    owner = [0.0] * n
    hphase = [0.0] * 7
    hole = 0.0
    if state.hyena_owner < 0:
        hphase[0] = 1.0
    else:
        owner[state.hyena_owner] = 1.0
        hphase[1 + state.hyena_phase] = 1.0
        hole = state.hyena_pos / length
    out += [*owner, *hphase, hole]
    turn = [0.0] * n
    turn[state.seat] = 1.0
    stage = [0.0] * len(STAGE_NAMES)
    stage[state.stage] = 1.0
    pending = [0.0] * (game.sticks + 1)
    if state.pending >= 0:
        pending[state.pending] = 1.0
    observer = [0.0] * (n + 1)
    observer[n if seat is None else seat] = 1.0
    return out + turn + stage + pending + observer


def sample_state(game: HyenaGame, observation: Observation, rng: random.Random) -> HyenaState:
    """Perfect information: the observation's position is the state (``rng`` unused)."""
    return parse_position(game, view(observation)["position"])
