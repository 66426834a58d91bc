"""Fixtures for the lab tests."""

from __future__ import annotations

import pytest

from savanna.core import register


@pytest.fixture(scope="session")
def toystats(toy_game_class: type) -> type:
    """The toy race with a statistics hook, registered as ``toystats``."""
    from tests.lab.statsgame import ToyStatsGame

    register(ToyStatsGame)
    return ToyStatsGame
