"""Whole playouts in one call: a game played on to its end (or for some actions) in one loop.

The loops that drive random games — the lab's random bots, ``savanna bench``, the rollouts
of the ISMCTS search — each ask a state four questions per action from Python (is it over,
is it chance, what is legal, apply). These functions run that loop in one call (compiled
with the engines by ``make compile``), drawing exactly what the step-by-step loops draw, in
the same order, from the same generators: the same games for the same seeds
(``tests/core/test_playout.py`` compares them action for action and generator state for
generator state, on every registered game; ``tests/native`` traces them in both builds).

- :func:`playout`: chance by the state's ``sample_chance(rng)``, each decision
  ``legal[rng.randrange(len(legal))]`` (the ``random`` bot's draw), from one generator or
  from one generator per seat (the lab's random bots, each with its own);
- :func:`rollout`: the ISMCTS search's rollout: one generator, each decision
  ``legal[int(rng.random() * len(legal))]``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from savanna.core.draws import randbelow
from savanna.core.game import State

__all__ = ["playout", "rollout"]


def playout(
    state: State,
    rng: random.Random,
    *,
    limit: int = -1,
    seats: Sequence[random.Random] | None = None,
    deciders: list[int] | None = None,
    notation: list[str] | None = None,
) -> int:
    """Play ``state`` on in place with uniformly random legal actions; the decisions played.

    Stops at the end of the game, or after ``limit`` actions (chance outcomes included)
    when ``limit`` is not negative.

    Args:
        rng: draws every chance outcome, and every decision unless ``seats`` is given.
        seats: one generator per seat, drawing that seat's decisions (the ``random`` bots
            of :func:`savanna.bots.play_game`, seeded as :func:`savanna.bots.make_bots`).
        deciders: if given, the seat of each decision is appended to it.
        notation: if given, the notation of each action (in the position it was played
            from) is appended to it.
    """
    decisions = 0
    left = limit
    while left != 0 and not state.is_terminal():
        left -= 1
        if state.is_chance_node():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            if seats is None:
                action = legal[randbelow(rng, len(legal))]
            else:
                seat = state.current_player()
                action = legal[randbelow(seats[seat], len(legal))]
                if deciders is not None:
                    deciders.append(seat)
            decisions += 1
        if notation is not None:
            notation.append(state.action_to_text(action))
        state.apply_unchecked(action)
    return decisions


def rollout(state: State, rng: random.Random, limit: int = -1) -> int:
    """The search's random rollout from ``state`` (in place); the actions left of ``limit``.

    Plays to the end of the game, or ``limit`` actions (chance outcomes included) when
    ``limit`` is not negative: a result of 0 with the game not over means the limit was
    reached. Chance by ``sample_chance(rng)``, decisions ``legal[int(rng.random() * n)]``.
    """
    draw = rng.random
    left = limit
    while left != 0 and not state.is_terminal():
        left -= 1
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(draw() * len(legal))])
    return left
