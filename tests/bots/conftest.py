"""Fixtures for the bot tests: the games to run against (the toy plus every registered game)."""

from __future__ import annotations

import pytest

from savanna.core import registered_games


def game_names() -> list[str]:
    """``toy`` first, then every game that loads from the ``savanna.games`` entry points."""
    return ["toy", *(name for name in registered_games() if name != "toy")]


@pytest.fixture(params=game_names())
def game_name(request: pytest.FixtureRequest, toy_game_class: type) -> str:
    """Each game in turn (the toy game is registered by the session fixture)."""
    return str(request.param)
