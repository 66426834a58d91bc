"""Configurations the adapter tests run over: every registered game, and the toy game.

For each game found in the registry: the default configuration, the fewest and the most
players, and every other value of each choice or on/off option. Nothing here names a game
but the test-only toy.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from savanna.core import BoolOption, ChoiceOption, Game, load_game, registered_games

Config = tuple[str, int | None, dict[str, Any]]


def _configs() -> list[Config]:
    configs: list[Config] = [("toy", None, {}), ("toy", 4, {"length": 4})]
    for name, cls in registered_games().items():
        if name == "toy":
            continue
        spec = cls.spec
        configs += [(name, None, {}), (name, spec.min_players, {}), (name, spec.max_players, {})]
        for opt in spec.options:
            if isinstance(opt, ChoiceOption):
                configs += [(name, None, {opt.name: c}) for c in opt.choices if c != opt.default]
            elif isinstance(opt, BoolOption):
                configs.append((name, None, {opt.name: not opt.default}))
    return configs


CONFIGS = _configs()
IDS = [f"{n}-p{p}-" + ",".join(f"{k}={v}" for k, v in o.items()) for n, p, o in CONFIGS]
GAME_NAMES = sorted({"toy", *registered_games()})
IMPERFECT = [
    "toy",
    *(n for n, c in registered_games().items() if n != "toy" and not c.spec.perfect_information),
]


@pytest.fixture(autouse=True)
def _toy_registered(toy_game_class: type[Game]) -> None:
    """Every interop test may use the toy game."""


@pytest.fixture(autouse=True)
def _quiet_checkers() -> Iterator[None]:
    """The libraries' checkers warn about style choices (dict observations, unbounded Box)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.fixture(params=CONFIGS, ids=IDS)
def config(request: pytest.FixtureRequest) -> Config:
    """One (game name, players, options) configuration."""
    return request.param


@pytest.fixture
def game(config: Config) -> Game:
    """The configured Savanna game of :func:`config`."""
    name, players, options = config
    return load_game(name, players=players, options=options)
