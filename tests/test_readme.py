"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.docblocks import Example, examples, run

README = Path(__file__).resolve().parent.parent / "README.md"
EXAMPLES = examples(README)


def test_readme_starts_with_exactly_two_setup_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert first is not None
    commands = [line.split("#")[0].strip() for line in first.group(1).splitlines() if line.strip()]
    assert commands == ["make play", "make test"]
    assert text.index("```sh") < text.index("Savanna is")


def test_the_readme_has_an_example_that_shows_its_output() -> None:
    assert EXAMPLES and any(example.output for example in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"line{e.line}" for e in EXAMPLES])
def test_readme_python_block_prints_what_the_readme_shows(example: Example) -> None:
    assert run(example, README, {"__name__": "readme"}) == example.output
