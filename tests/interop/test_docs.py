"""The Python examples of docs/interop.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_guide_has_examples() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_interop_guide_python_block_runs(code: str, toy_game_class: type) -> None:
    namespace: dict[str, object] = {"__name__": "interop_guide"}
    if "ismcts" in code and "game =" not in code:
        # The bot snippet continues the OpenSpiel snippet: it needs its ``game``.
        exec(compile(BLOCKS[0], str(DOC), "exec"), namespace)
    exec(compile(code, str(DOC), "exec"), namespace)


@pytest.mark.parametrize("module", ["common", "openspiel", "pettingzoo", "gymnasium"])
def test_module_docstring_examples_run(module: str) -> None:
    import doctest
    import importlib

    loaded = importlib.import_module(f"savanna.interop.{module}")
    failures, tried = doctest.testmod(loaded, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0
