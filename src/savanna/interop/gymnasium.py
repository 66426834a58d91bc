"""Every registered Savanna game as a single-agent Gymnasium environment.

The agent plays one seat; the other seats are played by Savanna bots
(:mod:`savanna.bots`, specs such as ``random``, ``heuristic`` or ``ismcts:sims=200``), each
seeing only its own observation. Chance is drawn inside the environment.

========================  ==================================================================
observation space         ``Box(-inf, inf, observation_tensor_shape, float32)``: the game's
                          observation tensor of the agent's seat
action space              ``Discrete(game.num_distinct_actions)``
``info["action_mask"]``   int8 0/1 mask of the legal actions (all zeros once over)
``info["legal_actions"]`` the legal action ids
reward                    0 until the end; then the agent's score mapped linearly from
                          ``game.score_bounds`` onto [-1, 1]
illegal action            ``illegal_action="lose"`` (default): the episode ends with reward
                          -1 and ``info["illegal_action"]`` holds the refusal (rule id and
                          English message); ``"raise"``: ``IllegalActionError`` is raised
                          and the state is unchanged
game over early           when the other seats end the game before the agent's first turn,
                          ``reset`` says so in ``info["game_over"]`` and the next step,
                          whatever its action, only reports the final reward
seeding                   ``reset(seed=s)`` seeds chance and every bot (same seed, same
                          episode for the same actions)
render mode               ``"ansi"``: the agent's own view as text
========================  ==================================================================

Games end within ``max_game_length`` actions, so episodes are never truncated.

Example:
    >>> from savanna.interop.gymnasium import make
    >>> env = make("hyena", opponents="random")
    >>> observation, info = env.reset(seed=3)
    >>> observation.shape == env.observation_space.shape
    True
    >>> import gymnasium
    >>> "savanna/hyena-v1" in register_envs()
    True
    >>> gymnasium.make("savanna/hyena-v1", opponents="random").unwrapped.game.name
    'hyena'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from savanna.bots import Bot, parse_bot_spec
from savanna.core.errors import IllegalActionError, OptionError
from savanna.core.game import Game, State
from savanna.core.registry import game_class, registered_games
from savanna.core.rng import derive_seed
from savanna.interop.common import (
    action_mask,
    configured_game,
    normalised_rewards,
    observation_array,
)

__all__ = ["SavannaEnv", "env_id", "make", "register_envs"]

ILLEGAL_REWARD = -1.0
"""Reward of an illegal action under ``illegal_action="lose"`` (the lowest reward)."""

IllegalPolicy = Literal["lose", "raise"]


def make(
    game: str | Game,
    opponents: str | Sequence[str] = "heuristic",
    seat: int = 0,
    players: int | None = None,
    *,
    illegal_action: IllegalPolicy = "lose",
    render_mode: str | None = None,
    **options: Any,
) -> SavannaEnv:
    """A single-agent environment of ``game`` in which the agent plays ``seat``.

    Args:
        game: a registered game name or a configured game.
        opponents: one bot spec for every other seat, or one spec per other seat in seat
            order (``["random", "ismcts:sims=100"]``).
        seat: the agent's seat.
        players: the player count (default: the game's).
        illegal_action: ``"lose"`` or ``"raise"`` (see the module docstring).
        render_mode: ``None`` or ``"ansi"``.
        **options: game options.

    Raises:
        OptionError: unknown game, bad player count, option, seat, bot spec, illegal-action
            policy or render mode.
    """
    return SavannaEnv(
        configured_game(game, players, options),
        opponents=opponents,
        seat=seat,
        illegal_action=illegal_action,
        render_mode=render_mode,
    )


def env_id(name: str) -> str:
    """The Gymnasium id of the Savanna game ``name``: ``savanna/<name>-v<rules version>``.

    Raises:
        OptionError: for an unknown game.
    """
    spec = game_class(name).spec
    return f"savanna/{spec.name}-v{spec.version}"


def register_envs() -> list[str]:
    """Register every game of the Savanna registry with ``gymnasium.make``; returns the ids.

    ``gymnasium.make("savanna/hyena-v1", opponents="random", players=3)`` then builds the
    same environment as :func:`make` (wrapped by Gymnasium's usual checkers).
    """
    ids = []
    for name in registered_games():
        identifier = env_id(name)
        if identifier not in gymnasium.registry:
            gymnasium.register(
                id=identifier, entry_point="savanna.interop.gymnasium:make", kwargs={"game": name}
            )
        ids.append(identifier)
    return ids


class SavannaEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """A configured game seen from one seat, the others played by bots (see :func:`make`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        *,
        opponents: str | Sequence[str] = "heuristic",
        seat: int = 0,
        illegal_action: IllegalPolicy = "lose",
        render_mode: str | None = None,
    ) -> None:
        game.check_seat(seat, spectator=False)
        if illegal_action not in ("lose", "raise"):
            raise OptionError(
                f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}",
                f"illegal_action vaut 'lose' ou 'raise', pas {illegal_action!r}",
            )
        if render_mode not in (None, "ansi"):
            raise OptionError(
                f"render mode {render_mode!r} is not supported (use 'ansi')",
                f"le mode d'affichage {render_mode!r} n'est pas pris en charge (utilisez 'ansi')",
            )
        others = [s for s in range(game.num_players) if s != seat]
        texts = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(texts) != len(others):
            raise OptionError(
                f"{len(others)} opponent seats need {len(others)} bot specs, not {len(texts)}",
                f"{len(others)} places adverses demandent {len(others)} robots, pas {len(texts)}",
            )
        self.game = game
        self.seat = seat
        self.illegal_action: IllegalPolicy = illegal_action
        self.render_mode = render_mode
        self.opponent_specs = {
            s: parse_bot_spec(text) for s, text in zip(others, texts, strict=True)
        }
        self.observation_space = spaces.Box(
            low=-np.inf, high=np.inf, shape=game.observation_tensor_shape, dtype=np.float32
        )
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self.state: State = game.new_initial_state()
        self._chance = random.Random()
        self._bots: dict[int, Bot] = {}
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game and play until the agent's first turn (or the end).

        ``seed`` seeds chance and the bots; without it the previous generators go on.
        """
        super().reset(seed=seed)
        if seed is not None or not self._bots:
            base = seed if seed is not None else int(self.np_random.integers(1 << 62))
            self._chance = random.Random(derive_seed(base, "chance"))
            self._bots = {
                s: spec.build(self.game, s, random.Random(derive_seed(base, "bot", s)))
                for s, spec in self.opponent_specs.items()
            }
        self.state = self.game.new_initial_state()
        self._over = False
        self._advance()
        return self._observe(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action``, then chance and the bots until its next turn or the end.

        Raises:
            IllegalActionError: for an illegal action under ``illegal_action="raise"``.
            OptionError: when the episode is over (call :meth:`reset`).
        """
        if self._over:
            raise OptionError(
                "the episode is over: call reset() before step()",
                "l'épisode est terminé : appelez reset() avant step()",
            )
        if self.state.is_terminal():
            # The other seats finished the game before the agent's first turn: this step only
            # reports the result (``info["game_over"]`` said so at reset).
            self._over = True
            reward = normalised_rewards(self.game, self.state.scores())[self.seat]
            return self._observe(), reward, True, False, self._info()
        try:
            self.state.apply(int(action))
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            self._over = True
            info = self._info()
            info["illegal_action"] = {"rule": exc.rule.key, "message": str(exc)}
            return self._observe(), ILLEGAL_REWARD, True, False, info
        self._advance()
        reward = 0.0
        if self.state.is_terminal():
            self._over = True
            reward = normalised_rewards(self.game, self.state.scores())[self.seat]
        return self._observe(), reward, self._over, False, self._info()

    def render(self) -> str | None:
        """The agent's own view as text (render mode ``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode; use render_mode='ansi'"
            )
            return None
        return self.game.render_text(self.state.observation(self.seat))

    # -- internals ----------------------------------------------------------------------
    def _advance(self) -> None:
        state = self.state
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():
                state.apply(state.sample_chance(self._chance))
            elif player == self.seat:
                return
            else:
                legal = state.legal_actions()
                state.apply(self._bots[player].act(state.observation(player), legal))

    def _observe(self) -> npt.NDArray[np.float32]:
        return observation_array(self.game, self.state.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        mask = action_mask(self.state, self.seat)
        return {
            "action_mask": mask,
            "legal_actions": [int(a) for a in np.flatnonzero(mask)],
            "game_over": self.state.is_terminal(),
        }
