"""The examples in the docstrings of the core, the table and every game run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import savanna.core
import savanna.games
import savanna.table

MODULES = sorted(
    info.name
    for package in (savanna.core, savanna.games, savanna.table)
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}.")
)


def test_the_core_and_each_game_have_examples() -> None:
    def owner(name: str) -> str:
        return name.split(".")[2] if name.startswith("savanna.games.") else name.split(".")[1]

    tried = {owner(name): 0 for name in MODULES}
    for name in MODULES:
        key = owner(name)
        tried[key] += doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).attempted
    assert all(count > 0 for count in tried.values()), tried


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
