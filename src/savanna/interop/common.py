"""What the adapters share: game lookup, observation arrays and reward normalisation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from savanna.core.errors import OptionError
from savanna.core.game import Game, Observation, State
from savanna.core.messages import load_messages
from savanna.core.registry import load_game

__all__ = [
    "MESSAGES",
    "action_mask",
    "agent_name",
    "configured_game",
    "normalised_rewards",
    "observation_array",
    "seat_of_agent",
    "state_array",
]


MESSAGES = load_messages("savanna.interop")
"""The adapters' words (``savanna/interop/data/messages.<lang>.toml``)."""


def configured_game(
    game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Game:
    """A configured game from a registry name or an already configured :class:`Game`.

    Args:
        game: a registered game name (or alias), or a configured game.
        players: the player count (only with a name; default: the game's default).
        options: game options (only with a name).

    Raises:
        OptionError: unknown game, bad player count or option, or a configured game given
            together with ``players``/``options``.
    """
    if isinstance(game, Game):
        if players is not None or options:
            raise OptionError(MESSAGES.words("error.common.give_players_and_options"))
        return game
    return load_game(game, players=players, options=options)


def normalised_rewards(game: Game, scores: Sequence[float]) -> list[float]:
    """Scores mapped linearly from ``game.score_bounds`` onto ``[-1, 1]``.

    The lowest possible score gives -1, the highest +1; a game whose bounds are equal gives
    0 to every seat.

    >>> class _G:  # a stand-in with score bounds 0..10
    ...     score_bounds = (0.0, 10.0)
    >>> normalised_rewards(_G(), [0, 5, 10])  # type: ignore[arg-type]
    [-1.0, 0.0, 1.0]
    """
    low, high = game.score_bounds
    if high <= low:
        return [0.0 for _ in scores]
    return [2.0 * (float(s) - low) / (high - low) - 1.0 for s in scores]


def observation_array(game: Game, observation: Observation) -> npt.NDArray[np.float32]:
    """The observation tensor of ``observation`` as a float32 array of the game's shape."""
    flat = np.asarray(game.observation_tensor(observation), dtype=np.float32)
    return flat.reshape(game.observation_tensor_shape)


def state_array(game: Game, state: State, seat: int | None) -> npt.NDArray[np.float32]:
    """:func:`observation_array` of ``state.observation(seat)``, read from the state through
    :meth:`savanna.core.Game.observation_tensor_in_state` (the same floats, faster when the
    game reads its tensor directly).

    Raises:
        SeatError: for a seat not at the table.
    """
    flat = np.asarray(game.observation_tensor_in_state(state, seat), dtype=np.float32)
    return flat.reshape(game.observation_tensor_shape)


def action_mask(state: State, seat: int) -> npt.NDArray[np.int8]:
    """0/1 int8 mask of ``seat``'s legal actions (all zeros when another seat or chance acts).

    Raises:
        SeatError: for a seat not at the table.
    """
    state.game.check_seat(seat, spectator=False)
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def agent_name(seat: int) -> str:
    """The PettingZoo-style agent name of ``seat`` (``player_0``, ``player_1``, ...)."""
    return f"player_{seat}"


def seat_of_agent(agent: str) -> int:
    """The seat of an agent name made by :func:`agent_name`.

    Raises:
        OptionError: for a name of another form.
    """
    prefix, _, number = agent.rpartition("_")
    if prefix != "player" or not number.isdigit():
        raise OptionError(MESSAGES.words("error.common.unknown_agent", agent=repr(agent)))
    return int(number)
