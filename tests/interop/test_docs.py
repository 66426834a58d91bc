"""The Python examples of docs/interop.md run as written and print what the guide shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.docblocks import Example, examples, run

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
EXAMPLES = examples(DOC)


def test_the_guide_has_examples_that_show_their_output() -> None:
    assert len(EXAMPLES) >= 4 and sum(1 for e in EXAMPLES if e.output) >= 4


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"line{e.line}" for e in EXAMPLES])
def test_interop_guide_python_block_prints_what_the_guide_shows(example: Example) -> None:
    namespace: dict[str, object] = {"__name__": "interop_guide"}
    if "ismcts" in example.code and "game =" not in example.code:
        # The bot snippet continues the OpenSpiel snippet: it needs its ``game``.
        run(EXAMPLES[0], DOC, namespace)
    assert run(example, DOC, namespace) == example.output


@pytest.mark.parametrize("module", ["common", "openspiel", "pettingzoo", "gymnasium"])
def test_module_docstring_examples_run(module: str) -> None:
    import doctest
    import importlib

    loaded = importlib.import_module(f"savanna.interop.{module}")
    failures, tried = doctest.testmod(loaded, optionflags=doctest.ELLIPSIS)
    assert failures == 0 and tried > 0
