"""The examples in the docstrings of the core and of every game run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import savanna.core
import savanna.games

MODULES = sorted(
    info.name
    for package in (savanna.core, savanna.games)
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")
)


def test_the_core_and_each_game_have_examples() -> None:
    tried = {name.split(".")[2] if name.startswith("savanna.games.") else "core": 0 for name in MODULES}
    for name in MODULES:
        key = name.split(".")[2] if name.startswith("savanna.games.") else "core"
        tried[key] += doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).attempted
    assert all(count > 0 for count in tried.values()), tried


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
