"""What one Banjooli seat sees: the observation's data, its tensor, and determinization.

A seat sees the board, the ostriches, the dice, the arrivals, face-down berries as unknown,
its own Prediction and the berries it peeked at (Jëmbat); never another seat's Prediction
until the end, when every Prediction is revealed (``cards``).
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, Final, NotRequired, TypedDict, cast

from savanna.core.display import EVERYONE, Audience, Label
from savanna.core.game import CHANCE, TERMINAL, Observation
from savanna.games.banjooli.components import COLOURS, load_data
from savanna.games.banjooli.notation import parse_position, position_text
from savanna.games.banjooli.phase import (
    ARRIVED,
    NO_CARD,
    PHASE_NAMES,
    UNKNOWN_CARD,
    UNKNOWN_TOKEN,
    Phase,
)
from savanna.games.banjooli.scoring import OOR

if TYPE_CHECKING:
    from savanna.games.banjooli.game import BanjooliGame
    from savanna.games.banjooli.state import BanjooliState

__all__ = [
    "MAX_LISTED",
    "TENSOR_SIZE",
    "BanjooliView",
    "action_viewers",
    "card_label",
    "determinizations",
    "observation_tensor",
    "observation_tensor_in_state",
    "observe",
    "sample_state",
    "secret",
    "view",
]


class BanjooliView(TypedDict):
    """The data of a Banjooli observation (``Observation.data``)."""

    position: str
    """The position notation as the observer may see it (secrets as ``?``)."""
    seat: int | None
    """The observer (``None``: a spectator)."""
    to_act: int
    """The seat to act, ``CHANCE`` or ``TERMINAL``."""
    phase: str
    """The phase's name (``decide``)."""
    layout: list[str]
    """The tile faces between Exit and Finish (empty before the sides are drawn)."""
    pos: list[int]
    """Each ostrich's space, or ``ARRIVED`` (-2)."""
    dist: list[int]
    """Each ostrich's steps to the line on the empty board (0 once arrived)."""
    scared: list[bool]
    arrived: list[int]
    """Arrived ostriches in order."""
    dice: list[int]
    """Six dice, faces 0-5 or -1 not rolled."""
    card: int
    """The observer's Prediction card (0-9), or -1."""
    mover: int
    points: int
    direction: int
    turn: int
    rerolled: bool
    berries: list[list[int]]
    """``[space, token]`` of each face-down berry; token -1 unless the observer peeked."""
    picked: list[list[int]]
    """``[token, seat]`` of each berry picked (public)."""
    choices: list[int]
    lion: int
    cards: NotRequired[list[int]]
    """Every seat's Prediction, at the end only."""


def view(observation: Observation) -> BanjooliView:
    """The typed data of any Banjooli observation (``Observation.data`` read as the declared type)."""
    return cast(BanjooliView, observation.data)


def action_viewers(state: BanjooliState, action: int) -> Audience:
    """Who may read ``action``: everyone, but for a dealt Prediction (its receiver only, rule
    ``setup.deal``) and the berries identified by Jëmbat (the picker only)."""
    if state.phase == Phase.DEAL:
        return Audience.seats_only(state.cards.index(NO_CARD))
    if state.phase == Phase.FIX:
        return Audience.seats_only(state.seat)
    return EVERYONE


def observe(state: BanjooliState, seat: int | None) -> Observation:
    """What ``seat`` (already checked by the core) may know of ``state``."""
    board = state.board
    text = position_text(state, seat)
    known = state.peeks[seat] if seat is not None else set()
    data: BanjooliView = {
        "position": text,
        "seat": seat,
        "to_act": state.current_player(),
        "phase": PHASE_NAMES[state.phase],
        "layout": list(board.tiles) if board is not None else [],
        "pos": list(state.pos),
        "dist": [0 if p == ARRIVED or board is None else board.dist[p] for p in state.pos],
        "scared": list(state.scared),
        "arrived": list(state.arrived),
        "dice": list(state.dice),
        "card": state.cards[seat] if seat is not None else NO_CARD,
        "mover": state.mover,
        "points": state.points,
        "direction": state.direction,
        "turn": state.turn,
        "rerolled": state.rerolled,
        "berries": [[s, t if s in known else UNKNOWN_TOKEN] for s, t in sorted(state.berries.items())],
        "picked": [[t, s] for t, s in state.picked],
        "choices": list(state.choices),
        "lion": state.lion,
    }
    if state.phase == Phase.OVER:
        data["cards"] = list(state.cards)  # every Prediction is revealed at the end
    return Observation(game="banjooli", seat=seat, data=data, text=text)


TENSOR_SIZE: Final = 25 + 42 + 20 + 6 + len(Phase) + 4 + 12 + 1 + 1
"""Floats of :func:`observation_tensor`: ostriches 5x5, dice 6x7, card 4x5, seat to act 6,
phase one-hot, points/direction/turn/rerolled, berries 12, Oor berries, lion."""


def observation_tensor(game: BanjooliGame, observation: Observation) -> list[float]:
    """A flat encoding of ``observation`` (see :data:`TENSOR_SIZE`)."""
    d = view(observation)
    out: list[float] = []
    for o in range(5):
        p = d["pos"][o]
        arrived = p == ARRIVED
        place = d["arrived"].index(o) + 1 if arrived else 0
        out += [d["dist"][o] / 40.0, float(0 <= p < 5), float(arrived), place / 3.0, float(d["scared"][o])]
    for f in d["dice"]:
        out += [1.0 if f == i else 0.0 for i in range(-1, 6)]
    card = d["card"]
    order = load_data().cards[card].ostriches if card >= 0 else None
    for slot in range(4):
        out += [1.0 if order is not None and order[slot] == o else 0.0 for o in range(5)]
    to_act = d["to_act"]
    out += [1.0 if to_act == s else 0.0 for s in range(5)] + [1.0 if to_act in (CHANCE, TERMINAL) else 0.0]
    out += [1.0 if d["phase"] == name else 0.0 for name in PHASE_NAMES]
    out += [d["points"] / 10.0, float(d["direction"]), d["turn"] / game.max_turns, float(d["rerolled"])]
    berries = d["berries"]
    out.append(len(berries) / 11.0)
    out += [float(sum(1 for _, t in berries if t == i)) for i in range(11)]
    out.append(float(sum(1 for t, s in d["picked"] if t == OOR and s == observation.seat)))
    out.append(d["lion"] / 40.0)
    return out


def observation_tensor_in_state(game: BanjooliGame, state: BanjooliState, seat: int | None) -> list[float]:
    """:func:`observation_tensor` of ``observe(state, seat)``, read from the state itself.

    The same floats in the same order, without the position's text and data; it reads what
    ``seat`` may see (its own card, the berries it peeked at) and nothing else of the
    other seats' secrets. ``seat`` is already checked by the core.
    """
    board = state.board
    pos = state.pos
    arrived = state.arrived
    scared = state.scared
    out: list[float] = []
    for o in range(5):
        p = pos[o]
        if p == ARRIVED:
            out += [0.0, 0.0, 1.0, (arrived.index(o) + 1) / 3.0, float(scared[o])]
        else:
            dist = 0 if board is None else board.dist[p]
            out += [dist / 40.0, float(0 <= p < 5), 0.0, 0.0, float(scared[o])]
    for f in state.dice:
        out += [1.0 if f == i else 0.0 for i in range(-1, 6)]
    card = state.cards[seat] if seat is not None else NO_CARD
    if card >= 0:
        order = load_data().cards[card].ostriches
        for slot in range(4):
            out += [1.0 if order[slot] == o else 0.0 for o in range(5)]
    else:
        out += [0.0] * 20
    to_act = state.current_player()
    out += [1.0 if to_act == s else 0.0 for s in range(5)] + [1.0 if to_act in (CHANCE, TERMINAL) else 0.0]
    phase = PHASE_NAMES[state.phase]
    out += [1.0 if phase == name else 0.0 for name in PHASE_NAMES]
    out += [state.points / 10.0, float(state.direction), state.turn / game.max_turns, float(state.rerolled)]
    berries = state.berries
    out.append(len(berries) / 11.0)
    counts = [0.0] * 11
    if seat is not None:
        known = state.peeks[seat]
        for space, token in berries.items():
            if space in known and 0 <= token < 11:
                counts[token] += 1.0
    out += counts
    out.append(float(sum(1 for t, s in state.picked if t == OOR and s == seat)))
    out.append(state.lion / 40.0)
    return out


def sample_state(game: BanjooliGame, observation: Observation, rng: random.Random) -> BanjooliState:
    """A full state consistent with ``observation``: unseen cards drawn from the rest.

    Face-down berries the observer has not seen stay unknown: their identity is drawn by
    chance when they are picked (or peeked), from the tokens still unseen.
    """
    state = parse_position(game, view(observation)["position"])
    hidden = [s for s, c in enumerate(state.cards) if c == UNKNOWN_CARD]
    free = [c for c in range(10) if c not in state.cards]
    for seat, card in zip(hidden, rng.sample(free, len(hidden)), strict=True):
        state.cards[seat] = card
    return state


MAX_LISTED: Final = 1000
"""The most determinizations :func:`determinizations` lists (4 players: 9·8·7 = 504; with 5
players, 3,024 are sampled instead)."""


def determinizations(game: BanjooliGame, observation: Observation) -> list[BanjooliState] | None:
    """Every full state :func:`sample_state` can draw from ``observation``, each once.

    ``sample_state`` deals the unseen cards as an ordered random sample of the cards not
    visible, so every ordered assignment is equally likely: this lists them all. Face-down
    berries stay unknown (chance draws them when picked) in both. ``None`` above
    :data:`MAX_LISTED` states.
    """
    base = parse_position(game, view(observation)["position"])
    hidden = [s for s, c in enumerate(base.cards) if c == UNKNOWN_CARD]
    free = [c for c in range(10) if c not in base.cards]
    count = 1
    for k in range(len(hidden)):
        count *= len(free) - k
    if count > MAX_LISTED:
        return None
    out = []
    for cards in itertools.permutations(free, len(hidden)):
        state = base.clone()
        for seat, card in zip(hidden, cards, strict=True):
            state.cards[seat] = card
        out.append(state)
    return out


_CARD_LABELS: dict[int, Label] = {}
"""Each card's label, made once (the coach asks for them many thousand times)."""


def card_label(card: int) -> Label:
    """A Prediction card in words, as the score sheets write it (``card 8: B R G Y``)."""
    label = _CARD_LABELS.get(card)
    if label is None:
        order = " ".join(COLOURS[o] for o in load_data().cards[card].ostriches)
        label = _CARD_LABELS[card] = Label("score.card", {"card": card + 1, "order": order})
    return label


def secret(observation: Observation) -> Label | None:
    """The observing seat's Prediction card (``None`` for a spectator or before the deal)."""
    card = view(observation)["card"]
    return None if card < 0 else card_label(card)
