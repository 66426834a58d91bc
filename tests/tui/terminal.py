"""``savanna`` in a real pseudo-terminal, seen as a person sees it.

The program runs under pexpect in an 80x24 pseudo-terminal that says it is an xterm (so
the screen is really cleared); everything it writes is fed to a VT100 emulator (pyte),
whose screen is what a person would be looking at. :meth:`Terminal.screenshot` returns
those 24 lines as text; the tests compare them with the text screenshots kept in
``tests/tui/screenshots/`` (regenerate with ``SAVANNA_UPDATE_SNAPSHOTS=1``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).parent / "screenshots"
UPDATE = os.environ.get("SAVANNA_UPDATE_SNAPSHOTS") == "1"


class Terminal:
    """One run of ``savanna ARGS`` (the test toy game registered) in a pseudo-terminal.

    Args:
        args: the command line after ``savanna``.
        cwd: the working directory (records are written there by default).
        cols: the window's width.
        rows: the window's height.
        lang: the locale's language (``LANG``).
    """

    def __init__(
        self, *args: str, cwd: Path, cols: int = 80, rows: int = 24, lang: str = "C.UTF-8"
    ) -> None:
        env = {
            **os.environ,
            "COLUMNS": str(cols),
            "LINES": str(rows),
            "NO_COLOR": "1",
            "TERM": "xterm-256color",
            "LANG": lang,
            "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
        }
        for name in ("LC_ALL", "LC_MESSAGES", "FORCE_COLOR"):
            env.pop(name, None)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "tests.tui.launcher", *args],
            cwd=str(cwd),
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(rows, cols),
        )
        self.log: list[str] = []

    def _feed(self) -> None:
        seen = (self.child.before or "") + (
            self.child.after if isinstance(self.child.after, str) else ""
        )
        self.log.append(seen)
        self.stream.feed(seen)

    def expect(self, pattern: str, timeout: float = 30) -> str:
        """Wait until ``pattern`` (a regular expression) is written; return what came before."""
        self.child.expect(pattern, timeout=timeout)
        self._feed()
        return str(self.child.before)

    def send(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.child.sendline(line)

    def finish(self, timeout: float = 60) -> int:
        """Wait for the program to end; its exit status."""
        self.child.expect(pexpect.EOF, timeout=timeout)
        self._feed()
        self.child.close()
        return int(self.child.exitstatus or 0)

    def screenshot(self) -> str:
        """The window as a person sees it now: one line per row, right spaces removed."""
        return "\n".join(line.rstrip() for line in self.screen.display) + "\n"

    def cursor_row(self) -> int:
        """The row the cursor is on (the prompt's row)."""
        return int(self.screen.cursor.y)

    def output(self) -> str:
        """Everything written so far."""
        return "".join(self.log)


def check_screenshot(name: str, text: str) -> None:
    """Compare ``text`` with the stored screenshot ``name`` (or store it when updating)."""
    path = SCREENSHOTS / f"{name}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no screenshot {path.name}: run with SAVANNA_UPDATE_SNAPSHOTS=1"
    assert text == path.read_text(encoding="utf-8"), f"screen differs from {path.name}"
