"""The vector-env training example runs (a tiny version), is deterministic and learns."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from savanna.core import registered_games

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_vector.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_vector", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_vector"] = module
    spec.loader.exec_module(module)
    return module


def test_tiny_run_reports_win_rates_with_intervals(example: ModuleType) -> None:
    result = example.run("toy", players=2, options={}, envs=4, episodes=8, eval_episodes=8, seed=3)
    for key in ("trained", "random"):
        low, high = result[f"{key}_ci"]
        assert 0.0 <= low <= result[f"{key}_win_rate"] <= high <= 1.0
    low, high = result["difference_ci"]
    assert low <= result["difference"] <= high
    assert result["beats_random"] == (low > 0)


def test_training_is_deterministic_for_a_seed(example: ModuleType) -> None:
    env = example.environment("toy", 2, {}, 4)
    first, rewards_first = example.train(env, 20, seed=1, batch=4)
    second, rewards_second = example.train(env, 20, seed=1, batch=4)
    assert rewards_first == rewards_second
    assert (first == second).all() and first.any()  # training moved the policy


def test_sampling_never_picks_a_masked_action(example: ModuleType) -> None:
    weights = np.array([[5.0, 0.0], [0.0, 0.0], [-5.0, 0.0]])
    masks = np.array([[0, 1, 1], [1, 0, 0], [0, 0, 0]], dtype=np.int8)
    p = example.probabilities(weights, np.ones((3, 2)), masks)
    assert p[0, 0] == 0.0 and p[0, 1] > p[0, 2] and np.allclose(p.sum(axis=1), 1.0)
    assert p[1].tolist() == [1.0, 0.0, 0.0] and p[2].tolist() == [1.0, 0.0, 0.0]
    drawn = example.sample(np.repeat(p[:1], 500, axis=0), np.random.default_rng(0))
    assert set(drawn.tolist()) == {1, 2}


def test_evaluation_plays_the_same_number_of_games_in_every_slot(example: ModuleType) -> None:
    env = example.environment("toy", 2, {}, 3)
    results = example.evaluate(env, None, 7, seed=2)
    assert len(results) == 9 and set(results) <= {0, 1}


@pytest.mark.slow
def test_trained_policy_beats_random_on_hyena(example: ModuleType) -> None:
    if "hyena" not in registered_games():
        pytest.skip("the Hyena game is not registered")
    result = example.run("hyena", players=2, envs=16, episodes=400, eval_episodes=400, seed=0)
    assert result["beats_random"], result
