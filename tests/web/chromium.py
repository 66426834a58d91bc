"""Debian's Chromium as the browser tests launch it, and where their screenshots go."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run",
]
# The pictures go to docs/screenshots/ when SAVANNA_SCREENSHOTS=docs (how the committed ones
# are made), else to a temporary folder, so that a test run leaves the work tree unchanged.
SHOTS = (
    Path(__file__).resolve().parents[2] / "docs" / "screenshots"
    if os.environ.get("SAVANNA_SCREENSHOTS") == "docs"
    else Path(tempfile.gettempdir()) / "savanna-screenshots"
)


def require_chromium() -> None:
    """Fail (never skip) when Debian's chromium is missing: CI installs it."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is needed (apt-get install -y chromium); .ci/run installs it")


@contextmanager
def launched_chromium() -> Iterator[Any]:
    """Debian's Chromium launched headless with :data:`ARGS` (closed on leaving)."""
    require_chromium()
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()
