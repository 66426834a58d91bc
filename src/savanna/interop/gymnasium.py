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
``info["place"]``         once the game is over: the agent's place, 0 = first (a shared
                          first place is 0 for every seat sharing it)
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
    >>> "savanna/hyena-v2" in register_envs()
    True
    >>> gymnasium.make("savanna/hyena-v2", opponents="random").unwrapped.game.name
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
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from savanna.bots import Bot, BotError, Turn, parse_bot_spec
from savanna.core.errors import IllegalActionError, OptionError
from savanna.core.game import CHANCE, TERMINAL, Game, State
from savanna.core.registry import game_class, registered_games
from savanna.core.rng import derive_seed
from savanna.interop.common import (
    MESSAGES,
    action_mask,
    configured_game,
    normalised_rewards,
    state_array,
)

__all__ = ["SavannaEnv", "SavannaVectorEnv", "env_id", "make", "make_vec", "register_envs"]

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

    ``gymnasium.make("savanna/hyena-v2", opponents="random", players=3)`` then builds the
    same environment as :func:`make` (wrapped by Gymnasium's usual checkers), and
    ``gymnasium.make_vec("savanna/hyena-v2", num_envs=64, opponents="random")`` the
    vector environment of :func:`make_vec`.
    """
    ids = []
    for name in registered_games():
        identifier = env_id(name)
        if identifier not in gymnasium.registry:
            gymnasium.register(
                id=identifier,
                entry_point="savanna.interop.gymnasium:make",
                vector_entry_point="savanna.interop.gymnasium:make_vec",
                kwargs={"game": name},
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
            raise OptionError(MESSAGES.words("error.gymnasium.illegal_action_must_be", illegal_action=repr(illegal_action)))
        if render_mode not in (None, "ansi"):
            raise OptionError(MESSAGES.words("error.gymnasium.render_mode_is_not", render_mode=repr(render_mode)))
        others = [s for s in range(game.num_players) if s != seat]
        texts = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(texts) != len(others):
            raise OptionError(MESSAGES.words("error.gymnasium.opponent_seats_need_bot", n_others=len(others), n_texts=len(texts)))
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
            raise OptionError(MESSAGES.words("error.gymnasium.the_episode_is_over"))
        reward, illegal = self._play(action)
        info = self._info()
        if illegal is not None:
            info["illegal_action"] = illegal
        return self._observe(), reward, self._over, False, info

    def render(self) -> str | None:
        """The agent's own view as text (render mode ``"ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode; use render_mode='ansi'"
            )
            return None
        return self.game.render_text(self.state.observation(self.seat))

    # -- internals ----------------------------------------------------------------------
    def _play(self, action: np.int64 | int) -> tuple[float, dict[str, str] | None]:
        """Play the agent's ``action`` and the others' turns: (reward, illegal-action info)."""
        if self.state.is_terminal():
            # The other seats finished the game before the agent's first turn: this step only
            # reports the result (``info["game_over"]`` said so at reset).
            self._over = True
            return normalised_rewards(self.game, self.state.scores())[self.seat], None
        try:
            self.state.apply(int(action))
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            self._over = True
            return ILLEGAL_REWARD, {"rule": exc.rule.key, "message": str(exc)}
        self._advance()
        if self.state.is_terminal():
            self._over = True
            return normalised_rewards(self.game, self.state.scores())[self.seat], None
        return 0.0, None

    def _fill(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> None:
        """Write the agent's observation tensor and action mask into the given rows."""
        game = self.game
        state = self.state
        observation.reshape(-1)[:] = game.observation_tensor_in_state(state, self.seat)
        mask[:] = 0
        if state.current_player() == self.seat:
            mask[state.legal_actions()] = 1

    def _advance(self) -> None:
        """Chance and the bots play until the agent's turn or the end.

        Chance outcomes are drawn from the state's own distribution and a bot's answer is
        checked against the legal actions (as the lab's driver does), so both take the
        unchecked fast path.
        """
        state = self.state
        seat = self.seat
        chance = self._chance
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_unchecked(state.sample_chance(chance))
            elif player in (seat, TERMINAL):
                return
            else:
                legal = state.legal_actions()
                bot = self._bots[player]
                action = bot.decide(Turn(state, player, legal))
                if action not in legal:
                    raise BotError(MESSAGES.words("error.gymnasium.chose_which_is_not", bot=repr(bot), action=repr(state.action_to_text_safe(action))))
                state.apply_unchecked(action)

    def _observe(self) -> npt.NDArray[np.float32]:
        return state_array(self.game, self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        mask = action_mask(self.state, self.seat)
        info: dict[str, Any] = {
            "action_mask": mask,
            "legal_actions": [int(a) for a in np.flatnonzero(mask)],
            "game_over": self.state.is_terminal(),
        }
        if info["game_over"]:
            info["place"] = self.state.ranking()[self.seat]
        return info


def make_vec(
    game: str | Game,
    num_envs: int = 1,
    opponents: str | Sequence[str] = "heuristic",
    seat: int = 0,
    players: int | None = None,
    *,
    illegal_action: IllegalPolicy = "lose",
    autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    **options: Any,
) -> SavannaVectorEnv:
    """``num_envs`` games of ``game`` stepped together, the agent playing ``seat`` in each.

    Each sub-environment behaves exactly as :func:`make` with the same arguments; see
    :class:`SavannaVectorEnv` for the batched arrays.

    Raises:
        OptionError: as :func:`make`, or a bad ``num_envs`` or autoreset mode.
    """
    return SavannaVectorEnv(
        configured_game(game, players, options),
        num_envs,
        opponents=opponents,
        seat=seat,
        illegal_action=illegal_action,
        autoreset_mode=autoreset_mode,
    )


class SavannaVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` single-agent games stepped in one call, with stacked arrays.

    ========================  ==============================================================
    observations              float32 array ``(num_envs, *observation_tensor_shape)``
    actions                   one action id per game (``MultiDiscrete``)
    rewards, terminations     arrays ``(num_envs,)``, as :class:`SavannaEnv` per game
    ``infos["action_mask"]``  int8 array ``(num_envs, num_distinct_actions)``
    ``infos["game_over"]``    bool array ``(num_envs,)``
    ``infos["place"]``        the agent's place (0 = first) in each game just over, where
                              ``infos["_place"]`` is true
    ``infos["illegal_action"]``  present when a game ended on an illegal action
    autoreset                 ``next_step`` (Gymnasium's default: the step after a game ends
                              resets it, ignoring its action) or ``same_step`` (a finished
                              game is reset at once; its last observation and info are in
                              ``infos["final_obs"]`` and ``infos["final_info"]``)
    seeding                   ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (a list gives
                              one seed per game); later resets continue the generators
    ========================  ==============================================================

    Game ``i`` is the same game, step for step, as Gymnasium's ``SyncVectorEnv`` over
    :func:`make` environments gives (the tests check it); this class only skips the
    per-game info dictionaries and copies. ``infos`` carries no ``legal_actions`` list:
    ``np.flatnonzero(infos["action_mask"][i])`` gives them.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": [],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        game: Game,
        num_envs: int,
        *,
        opponents: str | Sequence[str] = "heuristic",
        seat: int = 0,
        illegal_action: IllegalPolicy = "lose",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError(MESSAGES.words("error.gymnasium.num_envs_must_be", num_envs=repr(num_envs)))
        mode = _autoreset_mode(autoreset_mode)
        self.envs = [
            SavannaEnv(game, opponents=opponents, seat=seat, illegal_action=illegal_action)
            for _ in range(num_envs)
        ]
        self.game = game
        self.seat = seat
        self.num_envs = num_envs
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        self.render_mode = None
        self.single_observation_space = self.envs[0].observation_space
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        shape = game.observation_tensor_shape
        self._observations = np.zeros((num_envs, *shape), dtype=np.float32)
        self._masks = np.zeros((num_envs, game.num_distinct_actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._game_over = np.zeros(num_envs, dtype=np.bool_)
        self._place = np.zeros(num_envs, dtype=np.int64)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start every game (or those of ``options["reset_mask"]``) and play to the agent's turn.

        Raises:
            OptionError: a seed list of the wrong length or a malformed ``reset_mask``.
        """
        seeds: list[int | None]
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise OptionError(MESSAGES.words("error.gymnasium.give_one_seed_per", num_envs=self.num_envs, n_seeds=len(seeds)))
        selected = np.ones(self.num_envs, dtype=np.bool_)
        if options is not None and "reset_mask" in options:
            selected = np.asarray(options["reset_mask"])
            if selected.shape != (self.num_envs,) or selected.dtype != np.bool_ or not selected.any():
                raise OptionError(MESSAGES.words("error.gymnasium.options_reset_mask_must", num_envs=self.num_envs))
        for i in map(int, np.flatnonzero(selected)):
            env = self.envs[i]
            env.reset(seed=seeds[i])
            self._terminations[i] = self._truncations[i] = self._autoreset[i] = False
            self._rewards[i] = 0.0
            self._fill(i)
        return self._observations.copy(), self._infos(selected, {})

    def step(
        self, actions: npt.NDArray[np.int64] | Sequence[int]
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play one action in every game (a game waiting to be reset ignores its action).

        Raises:
            IllegalActionError: under ``illegal_action="raise"``.
            OptionError: with ``autoreset_mode="disabled"``, for a game already over.
        """
        if len(actions) != self.num_envs:
            raise OptionError(MESSAGES.words("error.gymnasium.give_one_action_per", num_envs=self.num_envs, n_actions=len(actions)))
        extra: dict[str, Any] = {}
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        for i, env in enumerate(self.envs):
            if self._autoreset[i] and self.autoreset_mode == AutoresetMode.NEXT_STEP:
                env.reset()
                self._rewards[i] = 0.0
                self._terminations[i] = False
                self._fill(i)
                continue
            if env._over:
                raise OptionError(MESSAGES.words("error.gymnasium.game_is_over_reset", i=i))
            reward, illegal = env._play(actions[i])
            self._rewards[i] = reward
            self._terminations[i] = env._over
            self._fill(i)
            if illegal is not None:
                extra = self._add_info(extra, {"illegal_action": illegal}, i)
            if same_step and env._over:
                final: dict[str, Any] = {
                    "action_mask": self._masks[i].copy(),
                    "game_over": bool(self._game_over[i]),
                    "place": int(self._place[i]),
                }
                if illegal is not None:
                    final["illegal_action"] = illegal
                extra = self._add_info(
                    extra, {"final_obs": self._observations[i].copy(), "final_info": final}, i
                )
                env.reset()
                self._fill(i)
        self._autoreset = self._terminations | self._truncations
        return (
            self._observations.copy(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            self._infos(np.ones(self.num_envs, dtype=np.bool_), extra),
        )

    def _fill(self, i: int) -> None:
        env = self.envs[i]
        env._fill(self._observations[i], self._masks[i])
        over = self._game_over[i] = env.state.is_terminal()
        self._place[i] = env.state.ranking()[self.seat] if over else 0

    def _infos(self, present: npt.NDArray[np.bool_], extra: dict[str, Any]) -> dict[str, Any]:
        infos: dict[str, Any] = {
            "action_mask": np.where(present[:, None], self._masks, 0).astype(np.int8),
            "_action_mask": present.copy(),
            "game_over": np.where(present, self._game_over, False),
            "_game_over": present.copy(),
        }
        finished = present & self._game_over
        if finished.any():
            infos["place"] = np.where(finished, self._place, 0)
            infos["_place"] = finished
        infos.update(extra)
        return infos


def _autoreset_mode(mode: AutoresetMode | str) -> AutoresetMode:
    if isinstance(mode, AutoresetMode):
        return mode
    names = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP,
             "disabled": AutoresetMode.DISABLED}
    key = str(mode).lower().replace("-", "_")
    for m in AutoresetMode:
        names[m.value.lower()] = m
    if key not in names:
        raise OptionError(MESSAGES.words("error.gymnasium.autoreset_mode_must_be", mode=repr(mode)))
    return names[key]
