"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_starts_with_exactly_two_setup_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert first is not None
    commands = [line.split("#")[0].strip() for line in first.group(1).splitlines() if line.strip()]
    assert commands == ["make play", "make test"]
    assert text.index("```sh") < text.index("Savanna is")


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_python_block_runs(code: str) -> None:
    exec(compile(code, str(README), "exec"), {"__name__": "readme"})
