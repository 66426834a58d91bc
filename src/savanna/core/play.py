"""Driving a state: random playouts and sampling, shared by the CLI, lab and tests."""

from __future__ import annotations

import random

from savanna.core.game import Game, State

__all__ = ["random_playout", "sample_action"]


def sample_action(state: State, rng: random.Random) -> int:
    """A chance outcome drawn with its probability, or a uniform legal action."""
    if state.is_chance_node():
        return state.sample_chance(rng)
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def random_playout(game: Game, rng: random.Random, *, checked: bool = False) -> State:
    """Play one full game with uniformly random players; returns the terminal state.

    Args:
        game: the configured game.
        rng: the only source of randomness (chance and players).
        checked: apply through the checked path (slower; used by tests).

    Raises:
        RuntimeError: when the game exceeds ``game.max_game_length`` (a rules-engine bug).
    """
    state = game.new_initial_state()
    limit = game.max_game_length
    apply = state.apply if checked else state.apply_unchecked
    steps = 0
    while not state.is_terminal():
        apply(sample_action(state, rng))
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{game!r} did not end within max_game_length={limit}")
    return state
