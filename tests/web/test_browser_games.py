"""A whole game of every registered game in Debian's Chromium, twice: by one person with the
keyboard alone (bots elsewhere), and by two people clicking in two browser contexts.

Along the way: the ARIA live region says the bot's move after it is made, the tab's title
and favicon say "your turn" exactly on the seat's turn, and chance's dice and sticks tumble
unless ``prefers-reduced-motion`` asks for stillness.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from savanna.core import registered_games
from tests.web.chromium import launched_chromium
from tests.web.conftest import ServerProcess, sqlite_server
from tests.web.test_browser import Seat, play_some
from tests.web.test_table_page import new_table, post

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

GAMES = sorted(registered_games())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory, "games", workers=0)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched_chromium() as launched:
        yield launched


def open_seat(browser: Any, server: ServerProcess, table: str, token: str, **context: Any) -> Seat:
    seat = Seat(browser, {"width": 1280, "height": 900}, **context)
    seat.page.goto(server.url + "/static/style.css")
    seat.page.evaluate("([id, t]) => localStorage.setItem(`savanna.seat.${id}`, t)", [table, token])
    seat.page.goto(f"{server.url}/t/{table}")
    seat.page.wait_for_function("document.body.dataset.status === 'playing'", timeout=20000)
    return seat


MINE = """() => { const S = window.savannaTable;
  return Boolean(S && S.view && S.view.legal.length && document.body.dataset.auto !== "1"); }"""

TAB = """() => [document.title, document.getElementById("favicon").getAttribute("href"),
  window.savannaTable.view.to_act === window.savannaTable.view.you]"""


LISTEN = """() => { window.__said = []; window.__auto = [];
  const watch = (id, into) => new MutationObserver(() => into.push(document.getElementById(id).textContent))
    .observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
  watch("said", window.__said); watch("auto", window.__auto); }"""


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_with_the_keyboard_alone_announced_and_the_tab_says_your_turn(browser, server, game):
    """Seat 1 presses only digit keys (the numbered moves) until the game is over. On its
    turn the tab reads "● Your turn" with the dotted favicon; after a bot's move the live
    region holds the log's newest line; at the end the tab is plain again."""
    table, token = new_table(server, game)
    seat = open_seat(browser, server, table, token)
    page = seat.page
    turns = 0
    page.evaluate(LISTEN)
    try:
        deadline = time.monotonic() + 240
        while seat.status() != "finished":
            assert time.monotonic() < deadline, f"the {game} game did not end"
            if not page.evaluate(MINE):
                page.wait_for_timeout(20)
                continue
            title, icon, mine = page.evaluate(TAB)
            if mine:
                turns += 1
                assert title.startswith("● Your turn · "), title
                assert icon == "/static/favicon-turn.svg", icon
            before = seat.version()
            page.locator("body").press("1")
            page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=before, timeout=15000)
        page.wait_for_selector("#end:not(.hidden)")
        # Every move of the bot was announced: the live region said its line when it came.
        said = " | ".join(page.evaluate("window.__said"))
        bot = [e["text"] for e in page.evaluate("window.savannaTable.log") if e["actor"] == 1 and e["text"]]
        announced = sum(text in said for text in bot)
        assert announced >= 0.9 * len(bot) > 0, (announced, len(bot), said[-300:])
        assert page.locator("#said").get_attribute("aria-live") == "polite"
        if game == "banjooli":
            # Moves chosen from the list leave the steps to come: a step with no fork played
            # itself, and the page said so.
            assert any("plays itself" in text for text in page.evaluate("window.__auto"))
        title, icon, _ = page.evaluate(TAB)
        assert not title.startswith("●") and icon == "/static/favicon.svg", (title, icon)
        assert turns > 3, turns
        assert not seat.errors, seat.errors
    finally:
        seat.context.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_clicked_by_two_people_in_two_browser_contexts(browser, server, game):
    """Two browser contexts, one seat each, click board targets and listed moves to the end;
    both pages show the same result, and neither page had an error."""
    n = max(2, registered_games()[game].spec.min_players)
    made = post(f"{server.url}/api/tables", {"game": game, "players": n, "options": {},
                                             "seats": ["open", "open"] + ["bot:heuristic"] * (n - 2),
                                             "title": f"{game} for two"})
    tokens = [post(f"{server.url}/api/tables/{made['id']}/join", {"seat": s, "name": name})["token"]
              for s, name in enumerate(("Awa", "Moussa"))]
    post(f"{server.url}/api/tables/{made['id']}/start", {}, made["host_token"])
    seats = [open_seat(browser, server, made["id"], token) for token in tokens]
    try:
        play_some(seats, random.Random(5), lambda: seats[0].status() == "finished", limit=300)
        for seat in seats:
            seat.page.wait_for_selector("#end:not(.hidden)")
            assert not seat.errors, seat.errors
        results = [s.page.locator("#end table").first.inner_text() for s in seats]
        assert results[0] == results[1]
        assert sum(s.board_clicks for s in seats) > 0
    finally:
        for seat in seats:
            seat.context.close()


COUNT_ROLLS = """() => { window.__rolls = 0;
  document.addEventListener("animationstart", (e) => {
    if (e.animationName === "roll" && e.target.closest && e.target.closest("#board")) window.__rolls++; }); }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("game", ["banjooli", "hyena", "river-race"])
def test_chance_is_shown_as_a_roll_unless_motion_is_reduced(browser, server, game, motion):
    """Each game against a bot: the dice (Banjooli, the River Race, drawn with their faces)
    or the sticks (the Hyena game) chance throws tumble on the board (a CSS animation), none
    under ``prefers-reduced-motion``; the log says the roll either way."""
    table, token = new_table(server, game, players=2)
    seat = open_seat(browser, server, table, token, reduced_motion=motion)
    page = seat.page
    try:
        page.evaluate(COUNT_ROLLS)
        deadline = time.monotonic() + 60
        rolls_seen = 0
        while time.monotonic() < deadline and (rolls_seen < 3 or motion == "no-preference"):
            if page.evaluate(MINE):
                before = seat.version()
                page.locator("body").press("1")
                page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=before, timeout=15000)
                rolls_seen = len([f for f in seat.frames if '"actor": -1' in f or '"actor":-1' in f])
                if motion == "no-preference" and page.evaluate("window.__rolls") > 2:
                    break
            else:
                page.wait_for_timeout(20)
        assert any(json.loads(f).get("type") == "view" for f in seat.frames)
        rolls = page.evaluate("window.__rolls")
        if motion == "reduce":
            assert rolls == 0 and rolls_seen >= 3, (rolls, rolls_seen)
        else:
            assert rolls > 2, rolls
        assert not seat.errors, seat.errors
    finally:
        seat.context.close()
