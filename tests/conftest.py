"""Suite-wide fixtures."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=25, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# SAVANNA_HYPOTHESIS_PROFILE=thorough runs every property with many more examples.
settings.load_profile(os.environ.get("SAVANNA_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def toy_game_class():
    """The test-only hidden-information toy race, registered under the name ``toy``."""
    from savanna.core.registry import register
    from tests.support.toygame import ToyGame

    register(ToyGame)
    return ToyGame


@pytest.fixture(autouse=True)
def _private_save_key(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Save keys made by tests go to a temporary folder, never the user's data folder."""
    monkeypatch.setenv("SAVANNA_DATA_DIR", str(tmp_path_factory.mktemp("savanna-data")))
