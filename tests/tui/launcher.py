"""Runs the ``savanna`` command line with the test-only toy game registered.

Used by the pseudo-terminal tests: ``python -m tests.tui.launcher play toy ...``.
"""

from __future__ import annotations

from savanna.cli import app
from savanna.core.registry import register
from tests.support.toygame import ToyGame

if __name__ == "__main__":
    register(ToyGame)
    app(prog_name="savanna")
