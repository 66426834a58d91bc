"""The Gymnasium vector environment: the same games as Gymnasium's SyncVectorEnv, batched.

Gymnasium has no checker for a custom vector environment; its own reference is
``SyncVectorEnv`` over single environments (each passing ``check_env``, see
``test_gymnasium.py``). Every configuration is stepped side by side with that reference:
observations, rewards, terminations, truncations, action masks and end-of-game facts must
be equal, in both autoreset modes, across several finished games per slot.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.spaces import Discrete
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from savanna.core import IllegalActionError, OptionError
from savanna.interop.gymnasium import SavannaVectorEnv, env_id, make, make_vec, register_envs
from tests.interop.conftest import Config

SLOTS = 3


def game_shape(env: SavannaVectorEnv) -> tuple[int, ...]:
    shape = env.single_observation_space.shape
    assert shape is not None
    return shape


def _pair(config: Config, mode: AutoresetMode, **kwargs: Any) -> tuple[SavannaVectorEnv, SyncVectorEnv]:
    name, players, options = config
    kwargs = {"opponents": "random", "players": players, **kwargs, **options}
    ours = make_vec(name, SLOTS, autoreset_mode=mode, **kwargs)
    reference = SyncVectorEnv([lambda: make(name, **kwargs) for _ in range(SLOTS)], autoreset_mode=mode)
    return ours, reference


def _same_infos(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    for key in ("action_mask", "game_over", "place"):
        assert (key in ours) == (key in theirs), key
        if key in ours:
            assert (ours[f"_{key}"] == theirs[f"_{key}"]).all(), key
            present = ours[f"_{key}"]
            assert (ours[key][present] == theirs[key][present]).all(), key


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP], ids=["next", "same"])
def test_vector_env_steps_the_same_games_as_sync_vector_env(config: Config, mode: AutoresetMode) -> None:
    ours, reference = _pair(config, mode)
    obs_a, info_a = ours.reset(seed=11)
    obs_b, info_b = reference.reset(seed=11)
    assert obs_a.dtype == np.float32 and obs_a.shape == (SLOTS, *game_shape(ours))
    assert (obs_a == obs_b).all()
    _same_infos(info_a, info_b)
    rng = np.random.default_rng(5)
    finished = np.zeros(SLOTS, dtype=np.int64)
    for _ in range(20_000):
        masks = info_a["action_mask"]
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
        obs_a, rew_a, term_a, trunc_a, info_a = ours.step(actions)
        obs_b, rew_b, term_b, trunc_b, info_b = reference.step(actions)
        assert obs_a in ours.observation_space
        assert (obs_a == obs_b).all()
        assert (rew_a == rew_b).all() and (term_a == term_b).all() and (trunc_a == trunc_b).all()
        _same_infos(info_a, info_b)
        if mode == AutoresetMode.SAME_STEP and term_a.any():
            assert (info_a["_final_obs"] == term_a).all()
            for i in np.flatnonzero(term_a):
                assert (info_a["final_obs"][i] == info_b["final_obs"][i]).all()
                assert info_a["final_info"]["place"][i] == info_b["final_info"]["place"][i]
        finished += term_a
        if (finished >= 2).all():
            break
    else:
        pytest.fail("the games did not end")


def test_gymnasium_make_vec_builds_the_savanna_vector_env() -> None:
    identifier = env_id("hyena")
    assert identifier in register_envs()
    env = gymnasium.make_vec(identifier, num_envs=4, opponents="random", players=2)
    assert isinstance(env, SavannaVectorEnv) and env.num_envs == 4
    observations, infos = env.reset(seed=0)
    assert observations.shape == (4, *game_shape(env))
    assert isinstance(env.single_action_space, Discrete)
    assert infos["action_mask"].shape == (4, env.single_action_space.n)


def test_partial_reset_restarts_only_the_masked_games() -> None:
    env = make_vec("toy", 3, opponents="random")
    observations, _ = env.reset(seed=1)
    actions = [int(np.flatnonzero(m)[0]) for m in env.reset(seed=1)[1]["action_mask"]]
    moved, _, _, _, _ = env.step(actions)
    mask = np.array([False, True, False])
    again, infos = env.reset(seed=1, options={"reset_mask": mask})
    assert (again[1] == observations[1]).all()
    assert (again[0] == moved[0]).all() and (again[2] == moved[2]).all()
    assert list(infos["_action_mask"]) == [False, True, False]


def test_disabled_autoreset_refuses_to_step_a_finished_game() -> None:
    env = make_vec("toy", 2, opponents="random", autoreset_mode="disabled", length=3)
    _, infos = env.reset(seed=3)
    with pytest.raises(OptionError, match="is over"):
        for _ in range(1000):
            actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in infos["action_mask"]]
            _, _, _, _, infos = env.step(actions)


def test_an_illegal_action_ends_that_game_with_the_lowest_reward() -> None:
    env = make_vec("toy", 2, opponents="random")
    _, infos = env.reset(seed=2)
    illegal = env.game.num_distinct_actions  # no action has this id
    legal = int(np.flatnonzero(infos["action_mask"][1])[0])
    _, rewards, terminated, _, infos = env.step([illegal, legal])
    assert rewards[0] == -1.0 and terminated[0] and not terminated[1]
    assert list(infos["_illegal_action"]) == [True, False]
    assert infos["illegal_action"]["rule"][0]
    raising = make_vec("toy", 2, opponents="random", illegal_action="raise")
    raising.reset(seed=2)
    with pytest.raises(IllegalActionError):
        raising.step([illegal, legal])


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"num_envs": 2, "autoreset_mode": "sometimes"}, "autoreset_mode"),
        ({"num_envs": 2, "seat": 9}, "seat 9"),
    ],
)
def test_bad_vector_settings_are_refused_in_one_line(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        make_vec("toy", opponents="random", **kwargs)


def test_seed_lists_and_action_counts_must_match_the_games() -> None:
    env = make_vec("toy", 2, opponents="random")
    with pytest.raises(OptionError, match="one seed per game"):
        env.reset(seed=[1, 2, 3])
    env.reset(seed=[4, None])
    with pytest.raises(OptionError, match="one action per game"):
        env.step([0])
