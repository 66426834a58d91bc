"""Python examples in Markdown documents, run as written and checked against their output.

A ```` ```python ```` block may be followed directly by a ```` ```text ```` block: what the
example prints. The example must print exactly that; an example without one must print
nothing (so an example cannot print something nobody checks).
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Example", "examples", "run"]

_BLOCK = re.compile(r"```python\n(.*?)```(?:\n+```text\n(.*?)```)?", re.S)


@dataclass(frozen=True)
class Example:
    """One Python example of a document and the output it shows (``""`` when none)."""

    code: str
    output: str
    line: int


def examples(path: Path) -> list[Example]:
    """The Python examples of the Markdown document at ``path``, in order."""
    text = path.read_text(encoding="utf-8")
    return [
        Example(m.group(1), m.group(2) or "", text.count("\n", 0, m.start()) + 1) for m in _BLOCK.finditer(text)
    ]


def run(example: Example, path: Path, namespace: dict[str, object]) -> str:
    """Run ``example`` in ``namespace``; what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile("\n" * (example.line) + example.code, str(path), "exec"), namespace)
    return out.getvalue()
