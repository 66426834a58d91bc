"""The training example runs (a tiny version) and its statistics are right."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from savanna.core import registered_games

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_linear.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_linear", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_linear"] = module
    spec.loader.exec_module(module)
    return module


def _game() -> str:
    return "hyena" if "hyena" in registered_games() else "toy"


def test_tiny_training_run_reports_win_rates_with_intervals(example: ModuleType) -> None:
    result = example.run(_game(), players=2, episodes=6, eval_episodes=8, seed=3)
    for key in ("trained", "random"):
        low, high = result[f"{key}_ci"]
        assert 0.0 <= low <= result[f"{key}_win_rate"] <= high <= 1.0
    low, high = result["difference_ci"]
    assert low <= result["difference"] <= high
    assert result["beats_random"] == (low > 0)


def test_training_is_deterministic_for_a_seed(example: ModuleType) -> None:
    env = example.environment("toy", 2, {})
    first, rewards_first = example.train(env, 5, seed=1)
    second, rewards_second = example.train(env, 5, seed=1)
    assert rewards_first == rewards_second
    assert (first.weights == second.weights).all()
    assert first.weights.any()  # training moved the policy


def test_policy_never_picks_a_masked_action(example: ModuleType) -> None:
    import numpy as np

    policy = example.LinearPolicy(np.array([[5.0, 0.0], [0.0, 0.0], [-5.0, 0.0]]))
    p = policy.probabilities(np.array([1.0], dtype=np.float32), np.array([0, 1, 1], dtype=np.int8))
    assert p[0] == 0.0 and math.isclose(p.sum(), 1.0) and p[1] > p[2]


def test_wilson_interval_matches_a_worked_value(example: ModuleType) -> None:
    low, high = example.wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert example.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.slow
def test_trained_policy_beats_random_on_hyena(example: ModuleType) -> None:
    assert "hyena" in registered_games(), "the example trains on the Hyena game"
    result = example.run("hyena", players=2, episodes=200, eval_episodes=300, seed=0)
    assert result["beats_random"], result


def test_adapter_speed_example_measures_every_adapter() -> None:
    spec = importlib.util.spec_from_file_location(
        "adapter_speed", EXAMPLE.parent / "adapter_speed.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.main(["--games", "1", "toy"])
    assert list(results) == ["toy"]
    assert all(speed > 0 for speed in results["toy"])
