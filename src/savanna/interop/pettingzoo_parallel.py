"""Every registered Savanna game as a PettingZoo parallel environment.

Savanna games are turn-based: one seat acts at a time, chance in between. The parallel form
asks every live agent for an action at each step and applies the one of the agent whose
turn it is; the others' actions are ignored (they may be left out). This is the usual
form of a turn-based game in PettingZoo's parallel API: every agent's observation and
action mask come back after each step, so a batched policy can read them all at once.

============================  ===============================================================
agents, spaces, observations  as the AEC environment (:mod:`savanna.interop.pettingzoo`):
                              ``player_0`` … ``player_{n-1}``, ``Discrete`` actions,
                              ``Dict(observation, action_mask)``
whose turn                    the one agent whose ``action_mask`` is not all zeros
step                          ``actions[agent]`` of that agent is applied; chance is drawn
                              until a seat must act or the game ends
rewards                       0 until the end; then each seat's score mapped from
                              ``game.score_bounds`` onto [-1, 1]; every agent terminates and
                              ``agents`` becomes empty
illegal action                ``illegal_action="lose"`` (default): the game ends, the
                              offender gets -1, the others 0, and its ``info`` holds the
                              refusal; ``"raise"``: ``IllegalActionError`` naming the rule
seeding                       ``reset(seed=s)`` seeds the chance draws
render mode                   ``"ansi"``: the spectator's text drawing
============================  ===============================================================

Example:
    >>> from savanna.interop.pettingzoo import parallel_env
    >>> env = parallel_env("hyena", players=2)
    >>> observations, infos = env.reset(seed=1)
    >>> sorted(observations)
    ['player_0', 'player_1']
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from savanna.core.errors import IllegalActionError, OptionError
from savanna.core.game import Game, State
from savanna.interop.common import (
    MESSAGES,
    action_mask,
    agent_name,
    configured_game,
    normalised_rewards,
    state_array,
)

__all__ = ["SavannaParallelEnv", "parallel_env"]

ILLEGAL_REWARD = -1.0
"""Reward of an agent whose illegal action ended the game (``illegal_action="lose"``)."""


def parallel_env(
    game: str | Game,
    players: int | None = None,
    render_mode: str | None = None,
    *,
    illegal_action: Literal["lose", "raise"] = "lose",
    **options: Any,
) -> SavannaParallelEnv:
    """A parallel environment of ``game`` (see the module description).

    Raises:
        OptionError: unknown game, bad player count, option, render mode or illegal-action
            policy.
    """
    return SavannaParallelEnv(
        configured_game(game, players, options),
        render_mode=render_mode,
        illegal_action=illegal_action,
    )


class SavannaParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A configured game in PettingZoo's parallel API (build it with :func:`parallel_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        *,
        render_mode: str | None = None,
        illegal_action: Literal["lose", "raise"] = "lose",
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise OptionError(MESSAGES.words("error.parallel.render_mode_is_not", render_mode=repr(render_mode)))
        if illegal_action not in ("lose", "raise"):
            raise OptionError(MESSAGES.words("error.parallel.illegal_action_must_be", illegal_action=repr(illegal_action)))
        self.game = game
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.metadata = {
            **type(self).metadata,
            "name": f"savanna_{game.name}_v{game.spec.version}",
        }
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self.agents = list(self.possible_agents)
        n = game.num_distinct_actions
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=game.observation_tensor_shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        action_space = spaces.Discrete(n)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._rng = random.Random()
        self.state: State = game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        """Start a new game and draw chance until a seat acts; ``seed`` seeds chance."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self._play_chance()
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the acting agent's action; the other agents' actions are ignored.

        Raises:
            OptionError: the game is over (call :meth:`reset`) or the acting agent has no
                action in ``actions``.
            IllegalActionError: an illegal action under ``illegal_action="raise"``.
        """
        if not self.agents:
            raise OptionError(MESSAGES.words("error.parallel.the_game_is_over"))
        agent = agent_name(self.state.current_player())
        if actions.get(agent) is None:
            raise OptionError(MESSAGES.words("error.parallel.is_to_act_give", agent=agent))
        agents = list(self.agents)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        try:
            self.state.apply(int(actions[agent]))
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            rewards = {a: (ILLEGAL_REWARD if a == agent else 0.0) for a in agents}
            infos[agent]["illegal_action"] = {"rule": exc.rule.key, "message": str(exc)}
            return self._finish(agents, rewards, infos)
        self._play_chance()
        if self.state.is_terminal():
            scores = normalised_rewards(self.game, self.state.scores())
            rewards = {a: scores[seat] for seat, a in enumerate(agents)}
            return self._finish(agents, rewards, infos)
        return (
            self._observations(),
            dict.fromkeys(agents, 0.0),
            dict.fromkeys(agents, False),
            dict.fromkeys(agents, False),
            infos,
        )

    def render(self) -> str | None:
        """The spectator's text drawing (render mode ``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode; use render_mode='ansi'"
            )
            return None
        return self.game.render_text(self.state.observation(None))

    def close(self) -> None:
        """Nothing to release."""

    # -- internals ----------------------------------------------------------------------
    def _play_chance(self) -> None:
        state = self.state
        while state.is_chance_node():
            state.apply_unchecked(state.sample_chance(self._rng))

    def _observations(self) -> dict[str, dict[str, Any]]:
        game, state = self.game, self.state
        return {
            agent_name(seat): {
                "observation": state_array(game, state, seat),
                "action_mask": action_mask(state, seat),
            }
            for seat in range(game.num_players)
        }

    def _finish(
        self, agents: list[str], rewards: dict[str, float], infos: dict[str, dict[str, Any]]
    ) -> tuple[
        dict[str, dict[str, Any]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        observations = self._observations()
        for entry in observations.values():
            entry["action_mask"][:] = 0  # the game is over: nobody may act
        self.agents = []
        return (
            observations,
            rewards,
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            infos,
        )
