"""The examples in the Banjooli modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["actions", "board", "components", "render", "rules", "scoring"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(f"savanna.games.banjooli.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
