"""The examples in the Banjooli modules' docstrings run and hold."""

from __future__ import annotations

import pytest
from tests.support.doctests import run_docstring_examples

MODULES = ["actions", "board", "components", "render", "rules", "scoring"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = run_docstring_examples(f"savanna.games.banjooli.{name}")
    assert result.attempted > 0 and result.failed == 0
