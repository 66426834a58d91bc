"""Playing a position to its end under the model: one random end, or every end exactly.

From a full (determinized) state the coach needs how the game ends for one seat: its
score, whether it wins, and the answer to each of the game's outcome questions. Two ways:

* :func:`rollout` plays one end: chance drawn with its exact probabilities from a seeded
  generator, every seat playing the :class:`~savanna.coach.policy.Policy`;
* :func:`enumerate_ends` lists *every* end with its exact probability — every chance
  outcome is branched, every decision follows the policy — when the tree has at most
  ``budget`` positions; otherwise it gives up (``None``) and the coach simulates.

Both follow the same policy on the same path keys, so they estimate the same quantity.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Final

from savanna.coach.policy import Policy, path_key
from savanna.coach.words import MESSAGES
from savanna.core import CHANCE, TERMINAL, Game, SavannaError, State

__all__ = ["CoachError", "End", "EndReader", "Sample", "enumerate_ends", "rollout"]


class CoachError(SavannaError, RuntimeError):
    """The coach cannot analyse this (a spectator's view, a game that breaks its hooks)."""

    code = "coach/unable"


@dataclass(frozen=True, slots=True)
class End:
    """How one game ended, as the coach counts it for the analysed seat.

    Attributes:
        score: the seat's final score.
        win: 1.0 when the seat finished first (a shared first place counts), else 0.0.
        answers: for each outcome question (in the game's order), the index of its answer.
    """

    score: float
    win: float
    answers: tuple[int, ...]


Sample = tuple[tuple[float, End], ...]
"""The ends of one simulated sample with their probabilities (summing to 1): a single end
with probability 1 for a rollout, every end for an exact enumeration."""


class EndReader:
    """Reads :class:`End` values of one seat from finished states of one game.

    Raises:
        CoachError: when the game answers an outcome question with an answer it did not
            declare (a broken ``outcomes`` hook).
    """

    __slots__ = ("_index", "game", "questions", "seat")

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.questions = game.outcome_questions()
        self._index = [{a.key: i for i, a in enumerate(q.answers)} for q in self.questions]

    def read(self, state: State) -> End:
        """The end of the finished ``state`` for the seat.

        A state still in play (a rollout cut by its horizon) is read through the game's
        evaluation: the seat's estimated final score, a win when no other seat's estimate
        is higher, and no answers to the outcome questions.
        """
        if not state.is_terminal():
            scores = self.game.evaluate(state)
            if scores is None:
                raise CoachError(MESSAGES.words("error.no_evaluation", game=self.game.name))
            mine = float(scores[self.seat])
            return End(mine, 1.0 if mine >= max(scores) else 0.0, ())
        outcomes = self.game.outcomes(state)
        answers = []
        for question, index in zip(self.questions, self._index, strict=True):
            answer = outcomes.get(question.key)
            if answer not in index:
                raise CoachError(
                    MESSAGES.words(
                        "error.outcome", game=self.game.name, question=repr(question.key), answer=repr(answer),
                        answers=sorted(index),
                    )
                )
            answers.append(index[answer])
        win = 1.0 if state.ranking()[self.seat] == 0 else 0.0
        return End(float(state.returns()[self.seat]), win, tuple(answers))


def _too_long(game: Game) -> CoachError:
    return CoachError(MESSAGES.words("error.too_long", game=game.name, limit=game.max_game_length))


_MIX: Final = 0x9E3779B97F4A7C15
_MASK: Final = (1 << 64) - 1


def rollout(state: State, policy: Policy, seed: int, key: int, horizon: int | None = None) -> tuple[State, int]:
    """Play ``state`` to its end, in place; return it and the number of chance draws made.

    Args:
        state: a full state (a determinization); it is changed.
        policy: how every seat plays.
        seed: the seed of the chance draws.
        key: the path key of ``state``.
        horizon: stop when this many turns have been played, before the next one starts
            (``None``: play to the end); :meth:`EndReader.read` then asks the game's
            evaluation how the game is likely to end.

    Chance draws are keyed by *turn*: the draws of the ``t``-th turn after ``state`` (a
    turn begins whenever the seat to act changes) come from a generator seeded by
    ``(seed, t)``. Every draw is still independent and drawn with its exact probabilities,
    but two rollouts from different moves with the same seed throw the same dice on the same
    turn, even when one of them threw more dice before (a reroll of four dice against one
    of two): common random numbers survive the moves compared.

    The number of chance draws tells the coach whether enumerating every end could be
    worth trying: each draw at least doubles the tree.

    Raises:
        CoachError: when the game runs past ``max_game_length`` actions.
    """
    choose = policy.choose
    apply = state.apply_unchecked
    limit = state.game.max_game_length
    base = (seed * _MIX) & _MASK
    rng = random.Random(base)
    steps = draws = turn = 0
    last = state.current_player()
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state, draws
        steps += 1
        if steps > limit:
            raise _too_long(state.game)
        if player == CHANCE:
            action = state.sample_chance(rng)
            draws += 1
        else:
            if player != last:
                if turn == horizon:
                    return state, draws
                turn += 1
                rng.seed(((base + turn) * _MIX) & _MASK)
                last = player
            action = choose(state, state.legal_actions(), key)
        apply(action)
        key = path_key(key, action)


DEFAULT_NODES: Final = 400
"""Positions an exact enumeration may visit before the coach simulates instead."""


def enumerate_ends(
    state: State, policy: Policy, key: int, reader: EndReader, budget: int = DEFAULT_NODES
) -> Sample | None:
    """Every end of ``state`` with its exact probability, or ``None`` past ``budget`` positions.

    Chance nodes branch on every outcome (``chance_outcomes()``, probabilities multiplied
    along the path); decisions follow ``policy``. The tree is walked breadth first, one
    chance layer after another, so a tree too large is found out after a few layers of
    cheap chance branches rather than after a long walk down its first branch. ``state``
    is not changed.

    Args:
        state: a full state.
        policy: how every seat plays.
        key: the path key of ``state``.
        reader: reads each end for the analysed seat.
        budget: the most positions visited (actions applied) before giving up.
    """
    queue: deque[tuple[State, float, int]] = deque([(state.clone(), 1.0, key)])
    ends: dict[End, float] = {}
    nodes = 0
    choose = policy.choose
    while queue:
        current, probability, path = queue.popleft()
        while True:  # follow the decisions up to the next chance node or the end
            player = current.current_player()
            if player == TERMINAL:
                end = reader.read(current)
                ends[end] = ends.get(end, 0.0) + probability
                break
            if player == CHANCE:
                outcomes = current.chance_outcomes()
                nodes += len(outcomes)
                if nodes > budget:
                    return None
                for action, chance in outcomes[1:]:
                    child = current.clone()
                    child.apply_unchecked(action)
                    queue.append((child, probability * float(chance), path_key(path, action)))
                action, chance = outcomes[0]
                current.apply_unchecked(action)
                queue.append((current, probability * float(chance), path_key(path, action)))
                break
            nodes += 1
            if nodes > budget:
                return None
            action = choose(current, current.legal_actions(), path)
            current.apply_unchecked(action)
            path = path_key(path, action)
    return tuple((p, end) for end, p in ends.items())
