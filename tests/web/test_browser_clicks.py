"""Banjooli by direct manipulation, counted: a browser walk over a whole game.

Seat 1 is a person in Debian's Chromium (the other seat a bot). The walk plays by pointing
only, as the page offers: toggle dice and press *Reroll* (one turn in four), else click an
ostrich (keeping the dice) and then the square where it stops — the page plays the move and
every step of the path; a forced step plays itself and the page says so. Each click is
counted against the turn it belongs to (a turn: the seat's run of actions between other
seats' actions, read from the page's log). ``docs/web.md`` publishes the figures this test
prints::

    SAVANNA_CLICKS=1 python -m pytest -p no:xdist -s tests/web/test_browser_clicks.py
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.chromium import launched_chromium
from tests.web.conftest import ServerProcess
from tests.web.test_table_page import new_table

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

READY = """() => {
  const S = window.savannaTable;
  if (!S || !S.view) return false;
  if (S.view.status === "finished") return true;
  return S.view.legal.length > 0 && document.body.dataset.auto !== "1";
}"""

STATE = """() => {
  const S = window.savannaTable;
  return { version: S.view.version, status: S.view.status, legal: S.view.legal, log: S.log.length,
           via: S.via, auto: document.getElementById("auto").textContent };
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium() as launched:
        yield launched


class Walk:
    """Seat 1's page, its clicks (each with the log length it was made at) and what it saw."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.clicks: list[int] = []
        self.said: set[str] = set()
        self.typed = 0

    def click(self, selector: str) -> None:
        self.clicks.append(int(self.page.evaluate("window.savannaTable.log.length")))
        self.page.locator(selector).first.click(timeout=15000)

    def board(self, key: str) -> None:
        self.click(f'#board [data-target="{key}"]')

    def moved(self, version: int) -> bool:
        """Whether the last click played (a new view came) rather than chose (a selection)."""
        # A click that plays sets the selection, then sends: only a selection with nothing sent
        # (``sent``) is a choice that waits for another click.
        self.page.wait_for_function("v => { const S = window.savannaTable; return S.view.version !== v"
                                    " || (S.sent === null && (S.via !== null || S.selection.size > 0)); }",
                                    arg=version, timeout=15000)
        return bool(self.page.evaluate("v => window.savannaTable.view.version !== v", version))

    def wait_moved(self, version: int) -> None:
        self.page.wait_for_function("v => window.savannaTable.view.version !== v", arg=version, timeout=15000)

    def decide(self, rng: random.Random) -> None:
        """One decision of the seat, by pointing (or, once in a while, typed)."""
        s = self.page.evaluate(STATE)
        legal = s["legal"]
        version = s["version"]
        routes = [(m, r) for m in legal for r in m.get("paths", [])]
        dice = [m for m in legal if len(m["targets"]) > 1]
        if dice and rng.random() < 0.25:
            # Toggle a few dice (one to three), then press the quick bar's Reroll.
            chosen = rng.choice([m for m in dice if len(m["targets"]) <= 3] or dice)
            for key in chosen["targets"]:
                self.board(key)
            if not self.moved(version):
                self.click(f'#quick button[data-quick="{chosen["text"]}"]')
        elif routes:
            move, route = rng.choice(routes)
            self.board(route["via"])
            if not self.moved(version):
                shown = self.page.evaluate("[window.savannaTable.via, [...document.querySelectorAll('#board .end')]"
                                           ".map((n) => n.getAttribute('data-target'))]")
                assert shown[0] == route["via"] and route["end"] in shown[1], (move["text"], route, shown)
                self.board(route["end"])
        elif rng.random() < 0.1:
            # Typed notation stays: no click.
            self.typed += 1
            self.page.fill("#typed-move", legal[0]["text"])
            self.page.press("#typed-move", "Enter")
        else:
            pointed = [m for m in legal if len(m["targets"]) == 1]
            if pointed:
                key = rng.choice(pointed)["targets"][0]
                self.board(key)
                if not self.moved(version):
                    self.click("#moves button")
            else:
                self.click("#moves button")
        self.wait_moved(version)

    def watch(self) -> None:
        said = self.page.locator("#auto").inner_text().strip()
        if said:
            self.said.add(said)


def turns_of(log: list[dict[str, Any]], seat: int, clicks: list[int]) -> list[int]:
    """Clicks per turn of ``seat``: a turn is a run of its actions (chance between them
    counts in) up to another seat's; a click counts for the first of its actions after it."""
    runs: list[list[int]] = []  # each run: the log indices of the seat's actions
    current: list[int] | None = None
    for i, entry in enumerate(log):
        if entry["actor"] == seat:
            if current is None:
                current = []
                runs.append(current)
            current.append(i)
        elif entry["actor"] >= 0:
            current = None
    counts = [0] * len(runs)
    for at in clicks:
        for k, run in enumerate(runs):
            if run[-1] >= at:
                counts[k] += 1
                break
    return counts


# The server deals the same games on every run (``--table-seeds``), and the walk's choices
# come from its own seeded generator: the figures below are the same on every machine, and
# move only when the page's cost of a turn changes.
GAME_SEEDS = "2026"
GAMES = 2


def walk_a_game(browser: Any, server: ServerProcess, rng: random.Random) -> tuple[list[int], Walk]:
    """Seat 1 plays a whole two-player game against a random bot by pointing; its clicks per turn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    errors: list[str] = []
    try:
        table, token = new_table(server, "banjooli", players=2, bot="bot:random")
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url + "/static/style.css")
        page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
        page.goto(f"{server.url}/t/{table}")
        walk = Walk(page)
        deadline = time.monotonic() + 240
        while True:
            assert time.monotonic() < deadline, "the walk did not finish the game"
            page.wait_for_function(READY, timeout=30000)
            walk.watch()
            if page.evaluate("window.savannaTable.view.status") == "finished":
                break
            walk.decide(rng)
        assert not errors, errors
        return turns_of(page.evaluate("window.savannaTable.log"), 0, walk.clicks), walk
    finally:
        context.close()


def test_a_whole_banjooli_game_by_pointing_takes_a_median_of_two_clicks_a_turn(browser, tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'clicks.sqlite3'}", workers=0,
                           flags=(*ServerProcess("").flags, "--table-seeds",
                                  os.environ.get("SAVANNA_CLICKS_GAMES", GAME_SEEDS))).start()
    try:
        rng = random.Random(int(os.environ.get("SAVANNA_CLICKS_SEED", "7")))
        games = [walk_a_game(browser, server, rng) for _ in range(GAMES)]
    finally:
        server.stop()
    counts = [n for game, _ in games for n in game]
    median, mean, most = statistics.median(counts), statistics.mean(counts), max(counts)
    figure = (f"{len(games)} games, {len(counts)} turns, {sum(len(w.clicks) for _, w in games)} clicks: "
              f"median {median}, mean {mean:.2f}, max {most}")
    if os.environ.get("SAVANNA_CLICKS"):
        typed = sum(w.typed for _, w in games)
        said = sorted(set().union(*(w.said for _, w in games)))
        print(f"\nBanjooli clicks per turn: {figure}; typed {typed}; said {said}; counts {[g for g, _ in games]}")
    assert all(len(game) >= 8 for game, _ in games), figure
    assert median <= 2, figure
