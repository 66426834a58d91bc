"""Every registered Savanna game as a PettingZoo AEC environment.

============================  ===============================================================
agents                        ``player_0`` … ``player_{n-1}`` (seat order)
action space                  ``Discrete(game.num_distinct_actions)``
observation space             ``Dict(observation=Box(-inf, inf, observation_tensor_shape,
                              float32), action_mask=Box(0, 1, (num_distinct_actions,), int8))``
observation                   the game's observation tensor of ``State.observation(seat)``
state (``state()``)           the global view for centralised training: every seat's
                              observation tensor, seat by seat, flattened into one float32
                              vector (``state_space``); what some seat knows, nothing more
action mask                   the agent's legal actions; all zeros when it is not its turn
chance                        drawn inside the environment with its own
                              :class:`random.Random`, seeded by ``reset(seed=...)``
rewards                       0 until the end; then each seat's score mapped linearly from
                              ``game.score_bounds`` onto [-1, 1] (lowest score -1, highest +1)
illegal action (``env``)      PettingZoo's ``TerminateIllegalWrapper``: the game ends, the
                              offender gets -1 and the others 0
illegal action (``raw_env``)  :class:`~savanna.core.errors.IllegalActionError` naming the rule
render mode                   ``"ansi"``: the spectator's text drawing
============================  ===============================================================

Environment names are ``savanna_<game>_v<rules version>``. Games never run past
``max_game_length``, so there is no truncation. The Savanna state being played is the
attribute ``game_state`` (``state`` is PettingZoo's method).

Example:
    >>> from savanna.interop.pettingzoo import env
    >>> e = env("hyena")
    >>> e.reset(seed=1)
    >>> e.agent_selection  # who plays first is drawn (the game's option ``first``)
    'player_1'
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from savanna.core.errors import OptionError
from savanna.core.game import Game, State
from savanna.interop.common import (
    MESSAGES,
    action_mask,
    agent_name,
    configured_game,
    normalised_rewards,
    seat_of_agent,
    state_array,
)
from savanna.interop.pettingzoo_parallel import SavannaParallelEnv, parallel_env

__all__ = ["SavannaParallelEnv", "env", "parallel_env", "raw_env"]

ILLEGAL_REWARD = -1.0
"""Reward of an agent whose illegal action ended the game (``env`` only)."""


def env(
    game: str | Game,
    players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """A wrapped AEC environment of ``game``, as PettingZoo's classic environments are.

    The raw environment is wrapped in ``TerminateIllegalWrapper`` (illegal reward -1),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``.

    Args:
        game: a registered game name or a configured game.
        players: the player count (default: the game's).
        render_mode: ``None`` or ``"ansi"``.
        **options: game options.

    Raises:
        OptionError: unknown game, bad player count, option or render mode.
    """
    wrapped: AECEnv = raw_env(game, players=players, render_mode=render_mode, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]
    """The unwrapped AEC environment of one configured game (see the module docstring).

    Args:
        game: a registered game name or a configured game.
        players: the player count (default: the game's).
        render_mode: ``None`` or ``"ansi"``.
        **options: game options.

    Raises:
        OptionError: unknown game, bad player count, option or render mode.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game: Game = configured_game(game, players, options)
        if render_mode not in (None, "ansi"):
            raise OptionError(MESSAGES.words("error.pettingzoo.render_mode_is_not", render_mode=repr(render_mode)))
        self.render_mode = render_mode
        self.metadata = {
            **type(self).metadata,
            "name": f"savanna_{self.game.name}_v{self.game.spec.version}",
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.game.num_players)]
        self.agents = list(self.possible_agents)
        n = self.game.num_distinct_actions
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf,
                    high=np.inf,
                    shape=self.game.observation_tensor_shape,
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        size = self.game.num_players * math.prod(self.game.observation_tensor_shape)
        self.state_space = spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32)
        self._rng = random.Random()
        self.game_state: State = self.game.new_initial_state()
        self._reset_bookkeeping()

    # -- spaces -------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    # -- the AEC loop -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the chance draws (same seed, same game)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.game_state = self.game.new_initial_state()
        self._reset_bookkeeping()
        self._play_chance()
        self._after_action()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees: its observation tensor and its action mask."""
        seat = seat_of_agent(agent)
        return {
            "observation": state_array(self.game, self.game_state, seat),
            "action_mask": action_mask(self.game_state, seat),
        }

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act, then chance until a seat must act.

        Raises:
            IllegalActionError: when ``action`` is not legal here (naming the rule).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionError(MESSAGES.words("error.pettingzoo.must_act_none_is", agent=agent))
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply(int(action))
        self._play_chance()
        self._after_action()

    def state(self) -> npt.NDArray[np.float32]:
        """The global view (PettingZoo's ``state()``): every seat's observation tensor in
        seat order, flattened into one vector of ``state_space``.

        It holds what at least one seat knows (each seat's own secrets included) and
        nothing that no seat knows, such as the cards still face down.
        """
        parts = [
            state_array(self.game, self.game_state, seat).ravel()
            for seat in range(self.game.num_players)
        ]
        return np.concatenate(parts).astype(np.float32, copy=False)

    def render(self) -> str | None:
        """The spectator's text drawing (render mode ``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode; use render_mode='ansi'"
            )
            return None
        return self.game.render_text(self.game_state.observation(None))

    def close(self) -> None:
        """Nothing to release."""

    # -- internals ----------------------------------------------------------------------
    def _reset_bookkeeping(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def _play_chance(self) -> None:
        while self.game_state.is_chance_node():
            self.game_state.apply(self.game_state.sample_chance(self._rng))

    def _after_action(self) -> None:
        if self.game_state.is_terminal():
            rewards = normalised_rewards(self.game, self.game_state.scores())
            self.rewards = {agent: rewards[seat_of_agent(agent)] for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            # Every agent now takes its final (None) step, in seat order.
            self.agent_selection = self.agents[0]
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = agent_name(self.game_state.current_player())
